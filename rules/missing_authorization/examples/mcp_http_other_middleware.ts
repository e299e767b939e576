// Middleware registered by name that authenticates nobody: it logs, and it checks a header that is no credential.
import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js"
import { StreamableHTTPServerTransport } from "@modelcontextprotocol/sdk/server/streamableHttp.js"
import express from "express"

const server = new McpServer({ name: "notes", version: "1.0.0" })
const app = express()

function auditTrail(req, res, next) {
  console.log(`${req.method} ${req.path} from ${req.ip}`)
  next()
}

const jsonOnly = (req, res, next) => {
  if (req.headers["content-type"] !== "application/json") return res.status(415).end()
  next()
}

app.use(auditTrail)
app.use(jsonOnly)
app.use(express.json())

app.post("/mcp", async (req, res) => {
  // ruleid: missing_authorization
  const transport = new StreamableHTTPServerTransport({ sessionIdGenerator: undefined })
  await server.connect(transport)
  await transport.handleRequest(req, res, req.body)
})

app.listen(3000)
