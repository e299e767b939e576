import fs from "node:fs/promises"
import path from "node:path"
import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js"
import { z } from "zod"

const server = new McpServer({ name: "files", version: "1.0.0" })
const ROOT = path.resolve("/srv/workspace")

server.tool("read", { file: z.string() }, async ({ file }) => {
  // ruleid: path_traversal
  const text = await fs.readFile(file, "utf8")
  return { content: [{ type: "text", text }] }
})

server.tool("read_safe", { file: z.string() }, async ({ file }) => {
  const resolved = path.resolve(ROOT, file)
  if (path.relative(ROOT, resolved).startsWith("..")) throw new Error("outside workspace")
  // ok: path_traversal
  const text = await fs.readFile(resolved, "utf8")
  return { content: [{ type: "text", text }] }
})

export async function readmeTool() {
  // ok: path_traversal
  return fs.readFile("README.md", "utf8")
}

export async function upload(req: { body: { name: string; data: string } }) {
  // ruleid: path_traversal
  await fs.writeFile(`/srv/uploads/${req.body.name}`, req.body.data)
}
