import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js"
import { SSEServerTransport } from "@modelcontextprotocol/sdk/server/sse.js"
import express from "express"

const server = new McpServer({ name: "crm", version: "1.0.0" })
const app = express()
const transports: Record<string, SSEServerTransport> = {}

app.get("/sse", async (_req, res) => {
  // ruleid: missing_authorization
  const transport = new SSEServerTransport("/messages", res)
  transports[transport.sessionId] = transport
  await server.connect(transport)
})

app.listen(3001)
