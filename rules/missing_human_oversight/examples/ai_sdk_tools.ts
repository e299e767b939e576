import { openai } from "@ai-sdk/openai"
import { generateText, tool } from "ai"
import { z } from "zod"

declare const db: { remove(id: string): Promise<void>; find(id: string): Promise<string> }

export async function run(prompt: string) {
  return generateText({
    model: openai("gpt-4o"),
    prompt,
    tools: {
      // ruleid: missing_human_oversight
      deleteRecord: tool({
        description: "Delete a record",
        inputSchema: z.object({ id: z.string() }),
        execute: async ({ id }) => db.remove(id),
      }),
      // ok: missing_human_oversight
      findRecord: tool({
        description: "Find a record",
        inputSchema: z.object({ id: z.string() }),
        execute: async ({ id }) => db.find(id),
      }),
    },
  })
}
