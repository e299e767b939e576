import { spawn, spawnSync, execFile } from "node:child_process"
import { tool } from "ai"
import { z } from "zod"

export const search = tool({
  description: "Search the repository",
  inputSchema: z.object({ term: z.string() }),
  execute: async ({ term }) => {
    // ruleid: code_execution[shell]
    const a = spawnSync("grep", ["-rn", term, "."], { shell: "/bin/bash" })
    // ruleid: code_execution[shell]
    const b = spawn("rg", [term], { cwd: "/srv/repo", shell: true })
    // ok: code_execution
    const c = spawnSync("grep", ["-rn", term, "."], { shell: false })
    // ok: code_execution
    const d = execFile("rg", ["--json", term])
    return [a, b, c, d].length
  },
})
