import { timingSafeEqual } from "node:crypto"
import express, { type NextFunction, type Request, type Response } from "express"
import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js"
import { z } from "zod"
import config from "./config"

const app = express()
const server = new McpServer({ name: "ops", version: "1.0.0" })
const expectedKey = process.env.PARTNER_API_KEY ?? ""
const BOT_TOKEN = "xoxb-2231-ops-gate-9f1"

app.post("/hooks/deploy", (req, res) => {
  // ruleid: insecure_credential_handling[timing]
  if (req.headers["x-api-key"] !== process.env.API_KEY) return res.status(401).end()
  res.json({ ok: true })
})

export function requirePartner(req: Request, res: Response, next: NextFunction) {
  const presented = req.headers.authorization
  // ruleid: insecure_credential_handling[timing]
  if (presented != `Bearer ${expectedKey}`) {
    res.status(403).end()
    return
  }
  next()
}

app.get("/reports", (req, res) => {
  const { token } = req.query
  // ruleid: insecure_credential_handling[timing]
  if (token === config.accessToken) res.json([])
  else res.status(403).end()
})

server.tool("purge_cache", { adminToken: z.string() }, async ({ adminToken }) => {
  // ruleid: insecure_credential_handling[timing]
  if (adminToken !== BOT_TOKEN) return { content: [{ type: "text", text: "denied" }] }
  return { content: [{ type: "text", text: "purged" }] }
})

const sameSecret = (a: string, b: string) => {
  const x = Buffer.from(a)
  const y = Buffer.from(b)
  return x.length === y.length && timingSafeEqual(x, y)
}

app.post("/hooks/safe", (req, res) => {
  // ok: insecure_credential_handling
  if (!sameSecret(String(req.headers["x-api-key"] ?? ""), process.env.API_KEY ?? "")) return res.status(401).end()
  res.json({ ok: true })
})

app.get("/whoami", (req, res) => {
  const role = req.headers["x-role"]
  // ok: insecure_credential_handling
  if (role === "admin" && process.env.NODE_ENV === "production") return res.json({ role })
  // ok: insecure_credential_handling
  if (!process.env.API_KEY || process.env.API_KEY === "") return res.status(500).end()
  res.json({})
})

class WebhookGuard {
  constructor(private readonly signingSecret = process.env.WEBHOOK_SIGNING_SECRET ?? "") {}

  check(req: Request): boolean {
    // ruleid: insecure_credential_handling[timing]
    return req.headers["x-webhook-secret"] === this.signingSecret
  }
}

export const guard = new WebhookGuard()
