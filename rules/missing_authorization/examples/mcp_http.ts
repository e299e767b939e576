import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js"
import { StreamableHTTPServerTransport } from "@modelcontextprotocol/sdk/server/streamableHttp.js"
import express from "express"

const server = new McpServer({ name: "notes", version: "1.0.0" })
const app = express()
app.post("/mcp", async (req, res) => {
  // ruleid: missing_authorization
  const transport = new StreamableHTTPServerTransport({ sessionIdGenerator: undefined })
  await server.connect(transport)
  await transport.handleRequest(req, res, req.body)
})
app.listen(3000)
