import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js"
import { execFileSync } from "node:child_process"
import { z } from "zod"

const server = new McpServer({ name: "ops", version: "1.0.0" })

// ruleid: excessive_permissions
server.tool("run_command", { command: z.string() }, async ({ command }) => ({
  content: [{ type: "text", text: execFileSync("sh", ["-c", command]).toString() }],
}))

// ok: excessive_permissions
server.tool("git_status", {}, async () => ({
  content: [{ type: "text", text: execFileSync("git", ["status", "--short"]).toString() }],
}))
