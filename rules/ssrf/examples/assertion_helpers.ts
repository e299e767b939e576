// A helper that throws unless the URL's host is allowed: after `await ensureAllowedHost(url)` the
// request goes only to an allowed host. A helper that checks something else (the scheme) does not.
import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js"
import { z } from "zod"

const server = new McpServer({ name: "web", version: "1.0.0" })
const ALLOWED_HOSTS = new Set(["api.example.com", "status.example.com"])

async function ensureAllowedHost(raw: string) {
  const { hostname } = new URL(raw)
  if (!ALLOWED_HOSTS.has(new URL(raw).hostname)) throw new Error(`host ${hostname} is not allowed`)
}

function ensureHttps(raw: string) {
  if (!raw.startsWith("https://")) throw new Error("https only")
}

server.tool("get_status", { url: z.string() }, async ({ url }) => {
  await ensureAllowedHost(url)
  // ok: ssrf
  const res = await fetch(url)
  return { content: [{ type: "text", text: await res.text() }] }
})

server.registerTool("get_page", { inputSchema: { link: z.string() } }, async (args) => {
  ensureHttps(args.link)
  // ruleid: ssrf
  const res = await fetch(args.link)
  return { content: [{ type: "text", text: await res.text() }] }
})
