import { requireBearerAuth } from "@modelcontextprotocol/sdk/server/auth/middleware/bearerAuth.js"
import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js"
import { StreamableHTTPServerTransport } from "@modelcontextprotocol/sdk/server/streamableHttp.js"
import express from "express"

declare const verifier: Parameters<typeof requireBearerAuth>[0]["verifier"]

const server = new McpServer({ name: "notes", version: "1.0.0" })
const app = express()
app.post("/mcp", requireBearerAuth({ verifier }), async (req, res) => {
  // ok: missing_authorization
  const transport = new StreamableHTTPServerTransport({ sessionIdGenerator: undefined })
  await server.connect(transport)
  await transport.handleRequest(req, res, req.body)
})
app.listen(3000)
