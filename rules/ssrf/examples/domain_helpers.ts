// Host allow-lists written with array callbacks and helpers: a domain equal to an allowed one or
// ending in "." + it passes; an allow-list that is skipped when empty, or only logged, lets any host through.
import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js"
import { z } from "zod"

const server = new McpServer({ name: "fetcher", version: "1.0.0" })
const ALLOWED_DOMAINS = ["example.com", "docs.example.org"]
const OPTIONAL_DOMAINS = (process.env.ALLOWED_DOMAINS ?? "").split(",").filter((d) => d.length > 0)

function checkedUrl(raw: string): URL {
  const url = new URL(raw)
  const domain = url.hostname
  const allowed = ALLOWED_DOMAINS.some((d) => domain === d || domain.endsWith(`.${d}`))
  if (!allowed) throw new Error(`domain ${domain} is not allowed`)
  return url
}

const isAllowedHost = (target: URL) => ALLOWED_DOMAINS.some((d) => target.hostname === d || target.hostname.endsWith("." + d))

function optionalCheck(raw: string): URL {
  const url = new URL(raw)
  // no list configured: every host passes
  if (OPTIONAL_DOMAINS.length > 0 && !OPTIONAL_DOMAINS.some((d) => url.hostname === d)) throw new Error("not allowed")
  return url
}

server.tool("fetch_page", { url: z.string() }, async ({ url }) => {
  const target = checkedUrl(url)
  // ok: ssrf
  const res = await fetch(target)
  return { content: [{ type: "text", text: await res.text() }] }
})

server.tool("fetch_doc", { link: z.string() }, async (args) => {
  const target = new URL(args.link)
  if (!isAllowedHost(target)) return { content: [{ type: "text", text: "blocked" }] }
  // ok: ssrf
  const res = await fetch(target.toString())
  return { content: [{ type: "text", text: await res.text() }] }
})

server.tool("fetch_optional", { url: z.string() }, async ({ url }) => {
  const target = optionalCheck(url)
  // ruleid: ssrf
  const res = await fetch(target)
  return { content: [{ type: "text", text: await res.text() }] }
})

server.tool("fetch_suffix", { url: z.string() }, async ({ url }) => {
  const parsed = new URL(url)
  // no dot before the allowed name: evil-example.com passes
  if (!parsed.hostname.endsWith("example.com")) throw new Error("blocked")
  // ruleid: ssrf
  const res = await fetch(parsed)
  return { content: [{ type: "text", text: await res.text() }] }
})
