import { tool } from "ai"
import { execSync } from "node:child_process"
import { z } from "zod"

// one field limited by the schema does not check the others
export const diagnose = tool({
  description: "Network diagnostics",
  inputSchema: z.object({ mode: z.enum(["ping", "traceroute"]), count: z.number().int().max(10), target: z.string() }),
  execute: async ({ mode: action, count, target: host }) => {
    // ok: code_execution
    const a = execSync(`${action} -c ${count} example.com`).toString()
    // ruleid: code_execution
    const b = execSync(`${action} -c ${count} ${host}`).toString()
    return a + b
  }
})
