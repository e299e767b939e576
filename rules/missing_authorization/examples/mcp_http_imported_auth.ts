// The auth middleware comes from the project's own module and is registered by reference.
import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js"
import { StreamableHTTPServerTransport } from "@modelcontextprotocol/sdk/server/streamableHttp.js"
import express from "express"
import { authenticate } from "./middleware/auth.js"

const server = new McpServer({ name: "billing", version: "1.2.0" })
const app = express()
app.use(express.json())
app.use("/mcp", authenticate)

app.post("/mcp", async (req, res) => {
  // ok: missing_authorization
  const transport = new StreamableHTTPServerTransport({ sessionIdGenerator: undefined })
  await server.connect(transport)
  await transport.handleRequest(req, res, req.body)
})

app.listen(8000)
