// MCP resource handlers: the URI template's variables come from the client.
import { readFile } from "node:fs/promises"
import * as fs from "node:fs"
import path from "node:path"
import { McpServer, ResourceTemplate } from "@modelcontextprotocol/sdk/server/mcp.js"

const mcp = new McpServer({ name: "workspace", version: "0.3.0" })
const WORKSPACE = path.resolve(process.env.WORKSPACE ?? "/srv/workspace")

mcp.resource("workspace-file", new ResourceTemplate("workspace://{relPath}", { list: undefined }), async (uri, { relPath }) => {
  // ruleid: path_traversal
  const text = await readFile(path.join(WORKSPACE, String(relPath)), "utf8")
  return { contents: [{ uri: uri.href, text }] }
})

mcp.registerResource(
  "log",
  new ResourceTemplate("logs://{day}", { list: undefined }),
  { title: "Daily log", mimeType: "text/plain" },
  async (uri, vars) => {
    const file = `/var/log/agent/${vars.day}.log`
    // ruleid: path_traversal
    const body = fs.readFileSync(file, "utf8")
    return { contents: [{ uri: uri.href, text: body }] }
  }
)

mcp.registerResource("checked", new ResourceTemplate("checked://{relPath}", { list: undefined }), { title: "Checked" }, async (uri, { relPath }) => {
  const full = path.resolve(WORKSPACE, String(relPath))
  if (!full.startsWith(WORKSPACE + path.sep)) throw new Error("outside the workspace")
  // ok: path_traversal
  const text = await readFile(full, "utf8")
  return { contents: [{ uri: uri.href, text }] }
})

mcp.resource("readme", "docs://readme", async (uri) => {
  // ok: path_traversal
  const text = await readFile(path.join(WORKSPACE, "README.md"), "utf8")
  return { contents: [{ uri: uri.href, text }] }
})
