// The server's auth middleware is a function of this file registered by name for every route.
import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js"
import { StreamableHTTPServerTransport } from "@modelcontextprotocol/sdk/server/streamableHttp.js"
import express from "express"

const server = new McpServer({ name: "crm", version: "1.0.0" })
const app = express()
app.use(express.json())
app.use(bearerOnly)

app.post("/mcp", async (req, res) => {
  // ok: missing_authorization
  const transport = new StreamableHTTPServerTransport({ sessionIdGenerator: undefined })
  await server.connect(transport)
  await transport.handleRequest(req, res, req.body)
})

app.listen(8080)

function bearerOnly(req, res, next) {
  const header = req.headers.authorization ?? ""
  const presented = header.split(" ")[1]
  if (!presented || presented !== process.env.CRM_MCP_TOKEN) {
    res.status(401).json({ error: "unauthorized" })
    return
  }
  next()
}
