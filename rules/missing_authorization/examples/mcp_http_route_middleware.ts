// An API-key check written as an arrow function and put in front of the MCP route.
import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js"
import { SSEServerTransport } from "@modelcontextprotocol/sdk/server/sse.js"
import express, { type NextFunction, type Request, type Response } from "express"

const mcp = new McpServer({ name: "inventory", version: "0.3.0" })
const app = express()
const transports: Record<string, SSEServerTransport> = {}

const apiKeyGate = (req: Request, res: Response, next: NextFunction) => {
  const supplied = req.headers["x-api-key"]
  if (supplied === process.env.INVENTORY_KEY) return next()
  return res.sendStatus(403)
}

app.get("/sse", apiKeyGate, async (_req, res) => {
  // ok: missing_authorization
  const transport = new SSEServerTransport("/messages", res)
  transports[transport.sessionId] = transport
  await mcp.connect(transport)
})

app.post("/messages", apiKeyGate, async (req, res) => {
  const transport = transports[String(req.query.sessionId)]
  await transport?.handlePostMessage(req, res)
})

app.listen(3001)
