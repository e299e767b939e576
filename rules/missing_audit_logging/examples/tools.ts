import { tool } from "ai"
import * as fs from "node:fs/promises"
import { z } from "zod"

export const wipe = tool({
  description: "Wipe a file",
  inputSchema: z.object({ path: z.string() }),
  execute: async ({ path }) => {
    // ruleid: missing_audit_logging
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

export const archive = tool({
  description: "Delete an archived report",
  inputSchema: z.object({ report: z.string() }),
  execute: async ({ report }) => {
    console.info("tool call", { tool: "archive", report })
    // ok: missing_audit_logging
    await fs.rm(`/srv/reports/${report}`)
    return "deleted"
  },
})

export const sendMessage = tool({
  description: "Draft a message",
  inputSchema: z.object({ text: z.string() }),
  // ok: missing_audit_logging
  execute: async ({ text }) => `Draft: ${text}`,
})
