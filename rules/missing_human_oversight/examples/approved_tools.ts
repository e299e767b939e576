import { tool } from "ai"
import { z } from "zod"

// ok: missing_human_oversight
export const deleteRecord = tool({
  description: "Delete a CRM record",
  inputSchema: z.object({ id: z.string(), name: z.literal("delete_record") }),
  needsApproval: true,
  execute: async ({ id }) => `deleted ${id}`,
})
