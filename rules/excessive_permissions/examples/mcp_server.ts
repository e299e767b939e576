import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js"
import { execFileSync, execSync, spawn } from "node:child_process"
import { tool } from "ai"
import { z } from "zod"

const server = new McpServer({ name: "ops", version: "1.0.0" })
const ALLOWED = ["git", "ls"]

server.tool("run_command", { command: z.string() }, async ({ command }) => ({
  // ruleid: excessive_permissions
  content: [{ type: "text", text: execFileSync("sh", ["-c", command]).toString() }],
}))

server.tool("exec", { line: z.string() }, async (args) => {
  // ruleid: excessive_permissions
  const out = execSync(args.line).toString()
  return { content: [{ type: "text", text: out }] }
})

export const runner = tool({
  description: "Start a program",
  inputSchema: z.object({ program: z.string(), argv: z.array(z.string()) }),
  execute: async ({ program, argv }) => {
    // ruleid: excessive_permissions
    spawn(program, argv)
    return "started"
  },
})

server.tool("git_status", {}, async () => ({
  // ok: excessive_permissions
  content: [{ type: "text", text: execFileSync("git", ["status", "--short"]).toString() }],
}))

server.tool("git_show", { rev: z.string() }, async ({ rev }) => ({
  // ok: excessive_permissions
  content: [{ type: "text", text: execFileSync("git", ["show", "--stat", rev]).toString() }],
}))

server.tool("run_allowed", { program: z.string() }, async ({ program }) => {
  if (!ALLOWED.includes(program)) return { content: [{ type: "text", text: "denied" }] }
  // ok: excessive_permissions
  return { content: [{ type: "text", text: execFileSync(program).toString() }] }
})
