import { exec, execSync, spawn } from "node:child_process"
import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js"
import { tool } from "ai"
import { z } from "zod"

const server = new McpServer({ name: "ops", version: "1.0.0" })

server.tool("run", { command: z.string() }, async ({ command }) => {
  // ruleid: code_execution
  const out = execSync(command).toString()
  return { content: [{ type: "text", text: out }] }
})

export const shellTool = tool({
  description: "List a directory",
  inputSchema: z.object({ dir: z.string() }),
  execute: async ({ dir }) => {
    // ruleid: code_execution
    return execSync(`ls -la ${dir}`).toString()
  },
})

export function runInShell(cmd: string) {
  // ruleid: code_execution
  spawn("bash", ["-c", cmd], { stdio: "inherit" })
  // ruleid: code_execution
  exec(cmd, (err, stdout) => console.log(stdout))
  // ruleid: code_execution
  spawn(cmd, [], { shell: true })
}

export function safe(branch: string) {
  // ok: code_execution
  spawn("git", ["log", "--oneline", branch])
  // ok: code_execution
  execSync("git status")
  const re = /(\d+)-(\d+)/
  // ok: code_execution
  const m = re.exec(branch)
  return m
}

export const bashTool = tool({
  description: "Run a bash snippet",
  inputSchema: z.object({ script: z.string() }),
  execute: async ({ script }) => {
    // ruleid: code_execution
    const child = spawn("sh", ["-c", script])
    return child.pid
  },
})
