import { tool } from "@openai/agents"
import { z } from "zod"

declare const db: { deleteUser(id: string): Promise<void>; user(id: string): Promise<{ name: string }> }

// ruleid: missing_authorization
export const deleteUser = tool({
  name: "delete_user",
  description: "Delete a user account",
  parameters: z.object({ userId: z.string() }),
  execute: async ({ userId }) => {
    await db.deleteUser(userId)
    return "deleted"
  },
})

// ok: missing_authorization
export const lookupUser = tool({
  name: "lookup_user",
  description: "Read a public profile",
  parameters: z.object({ userId: z.string() }),
  execute: async ({ userId }) => (await db.user(userId)).name,
})
