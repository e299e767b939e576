// A failed containment check that reports (a metric, an awaited audit call) and then leaves still
// guards what follows; one that only reports does not.
import fs from "node:fs/promises"
import path from "node:path"
import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js"
import { z } from "zod"

const server = new McpServer({ name: "docs", version: "1.0.0" })
const DOCS_ROOT = path.resolve("/srv/docs")
const metrics = { blocked: 0, increment(key: string) { console.info(key) } }

async function audit(event: string, detail: string) {
  console.warn(event, detail)
}

server.tool("open_doc", { doc: z.string() }, async ({ doc }) => {
  const full = path.resolve(DOCS_ROOT, doc)
  if (!full.startsWith(DOCS_ROOT + path.sep)) {
    metrics.increment("docs.blocked")
    await audit("path_escape", doc)
    throw new Error("outside the docs folder")
  }
  // ok: path_traversal
  const text = await fs.readFile(full, "utf8")
  return { content: [{ type: "text", text }] }
})

server.tool("open_doc_loose", { doc: z.string() }, async ({ doc }) => {
  const full = path.resolve(DOCS_ROOT, doc)
  if (!full.startsWith(DOCS_ROOT + path.sep)) {
    metrics.increment("docs.suspicious")
  }
  // ruleid: path_traversal
  const text = await fs.readFile(full, "utf8")
  return { content: [{ type: "text", text }] }
})
