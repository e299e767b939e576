// Sinks called by a renamed import: the function mentions only the local name.
import { execSync as fire } from "node:child_process"
import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js"
import { z } from "zod"

const { exec: kick } = require("child_process")

const server = new McpServer({ name: "ops", version: "1.0.0" })

server.tool("restart", { unit: z.string() }, async ({ unit }) => {
  // ruleid: code_execution
  const out = fire(`service ${unit} reload`)
  return { content: [{ type: "text", text: String(out) }] }
})

server.tool("tail", { file: z.string() }, async ({ file }) => {
  // ruleid: code_execution
  kick("tail -n 50 " + file)
  return { content: [{ type: "text", text: "ok" }] }
})

server.tool("uptime", {}, async () => {
  // ok: code_execution
  const out = fire("uptime")
  return { content: [{ type: "text", text: String(out) }] }
})
