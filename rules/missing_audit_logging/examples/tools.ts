import { tool } from "ai"
import * as fs from "node:fs/promises"
import { z } from "zod"

// ruleid: missing_audit_logging
export const wipe = tool({
  description: "Wipe a file",
  inputSchema: z.object({ path: z.string() }),
  execute: async ({ path }) => {
    await fs.rm(path)
    return "wiped"
  },
})

// ok: missing_audit_logging
export const weather = tool({
  description: "Get the weather",
  inputSchema: z.object({ city: z.string() }),
  execute: async ({ city }) => `Sunny in ${city}`,
})
