import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js"
import { $ } from "zx"
import { z } from "zod"

const server = new McpServer({ name: "shell", version: "0.1.0" })
const shell = process.env.SHELL ?? "/bin/bash"

server.tool("shell_exec", { command: z.string() }, async ({ command }) => {
  // ruleid: code_execution
  const result = await $`${shell} -c ${command}`
  return { content: [{ type: "text", text: result.stdout }] }
})

server.tool("git_log", { branch: z.string() }, async ({ branch }) => {
  // ok: code_execution
  const result = await $`git log --oneline ${branch}`
  return { content: [{ type: "text", text: result.stdout }] }
})
