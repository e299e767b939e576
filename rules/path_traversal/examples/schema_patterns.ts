import { readFile } from "node:fs/promises"
import path from "node:path"
import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js"
import { z } from "zod"

const NOTES = "/srv/notes"
const server = new McpServer({ name: "notes", version: "1.0.0" })

server.registerTool(
  "read_note",
  {
    description: "Read a note by its slug",
    inputSchema: {
      slug: z.string().regex(/^[a-z0-9-]{1,64}$/).describe("lower-case slug"),
      fileName: z.string().regex(/\.md$/).describe("a markdown file"),
      folder: z.string().regex(/^[\w-]+$/).max(40)
    }
  },
  async ({ slug, fileName, folder }) => {
    // ok: path_traversal
    const note = await readFile(path.join(NOTES, `${slug}.md`), "utf8")
    // ok: path_traversal
    const index = await readFile(path.join(NOTES, folder, "index.md"), "utf8")
    // ruleid: path_traversal
    const raw = await readFile(path.join(NOTES, fileName), "utf8")
    return { content: [{ type: "text", text: [note, index, raw].join("\n---\n") }] }
  }
)
