import { tool } from "@openai/agents"
import { z } from "zod"

// ruleid: missing_human_oversight
export const deleteRecord = tool({
  name: "delete_record",
  description: "Delete a CRM record",
  parameters: z.object({ id: z.string() }),
  execute: async ({ id }) => `deleted ${id}`,
})

// ok: missing_human_oversight
export const lookupRecord = tool({
  name: "lookup_record",
  description: "Look up a CRM record",
  parameters: z.object({ id: z.string() }),
  execute: async ({ id }) => `record ${id}`,
})
