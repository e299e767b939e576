// A router-level middleware verifies the caller's JWT before the MCP endpoint runs.
import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js"
import { StreamableHTTPServerTransport } from "@modelcontextprotocol/sdk/server/streamableHttp.js"
import express from "express"
import jwt from "jsonwebtoken"

const SIGNING_KEY = process.env.JWT_SIGNING_KEY!
const mcpServer = new McpServer({ name: "tickets", version: "2.0.0" })
const router = express.Router()

const verifyCaller: express.RequestHandler = (req, res, next) => {
  try {
    res.locals.user = jwt.verify(String(req.headers.authorization).replace(/^Bearer /, ""), SIGNING_KEY)
    next()
  } catch {
    res.status(401).end()
  }
}
router.use(verifyCaller)

router.post("/", async (req, res) => {
  // ok: missing_authorization
  const transport = new StreamableHTTPServerTransport({ sessionIdGenerator: undefined })
  await mcpServer.connect(transport)
  await transport.handleRequest(req, res, req.body)
})

const app = express()
app.use(express.json())
app.use("/mcp", router)
app.listen(4000)
