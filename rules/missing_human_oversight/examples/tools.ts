import { tool } from "ai"
import * as fs from "node:fs/promises"
import { z } from "zod"

// ruleid: missing_human_oversight
export const cleanup = tool({
  description: "Remove a directory from the workspace",
  inputSchema: z.object({ path: z.string() }),
  execute: async ({ path }) => {
    await fs.rm(path, { recursive: true })
    return "removed"
  },
})

// ruleid: missing_human_oversight
export const wipe = tool({
  description: "Wipe a file",
  inputSchema: z.object({ path: z.string() }),
  execute: async ({ path }) => {
    await fs.unlink(path)
    return "wiped"
  },
})

// ok: missing_human_oversight
export const weather = tool({
  description: "Get the weather",
  inputSchema: z.object({ city: z.string() }),
  execute: async ({ city }) => `Sunny in ${city}`,
})
