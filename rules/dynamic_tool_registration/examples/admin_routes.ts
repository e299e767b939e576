import express from "express"
import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js"

const server = new McpServer({ name: "plugins", version: "1.0.0" })
const app = express()
app.use(express.json())

const reviewed = new Set(["weather", "time"])

app.post("/tools", (req, res) => {
  const { name, description } = req.body
  // ruleid: dynamic_tool_registration
  server.registerTool(name, { description }, async () => ({ content: [{ type: "text", text: "ok" }] }))
  res.json({ ok: true })
})

app.post("/tools/enable", (req, res) => {
  const name = String(req.body.name)
  if (!reviewed.has(name)) return res.status(400).json({ error: "unknown tool" })
  // ok: dynamic_tool_registration
  server.registerTool(name, { description: "A reviewed tool." }, async () => ({ content: [{ type: "text", text: "ok" }] }))
  res.json({ ok: true })
})

// ok: dynamic_tool_registration
server.registerTool("weather", { description: "Current weather." }, async () => ({ content: [{ type: "text", text: "sunny" }] }))
