// Containment checked in helpers the way file servers write it: an async validator that resolves
// symlinks and tests the real path against the allowed roots (`roots.some(...)`, a predicate helper,
// a check variable), then returns the checked path; the tool opens only what it returned.
import fs from "node:fs/promises"
import path from "node:path"
import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js"
import { z } from "zod"

const allowedRoots: string[] = process.argv.slice(2).map((dir) => path.resolve(dir))
const server = new McpServer({ name: "files", version: "1.0.0" })

async function validatePath(requested: string): Promise<string> {
  const absolute = path.resolve(requested)
  const realPath = await fs.realpath(absolute)
  const inside = allowedRoots.some((root) => realPath === root || realPath.startsWith(root + path.sep))
  if (!inside) throw new Error(`Access denied: ${requested}`)
  return realPath
}

function isPathWithin(candidate: string, roots: string[]): boolean {
  if (roots.length === 0) return false
  const normalized = path.resolve(path.normalize(candidate))
  return roots.some((root) => {
    const rel = path.relative(root, normalized)
    return !rel.startsWith("..") && !path.isAbsolute(rel)
  })
}

const resolveInside = async (name: string) => {
  const real = await fs.realpath(path.resolve(allowedRoots[0]!, name))
  if (!isPathWithin(real, allowedRoots)) {
    throw new Error("outside the allowed directories")
  }
  return real
}

// logs instead of refusing: the path is used either way
async function warnOnly(requested: string): Promise<string> {
  const real = await fs.realpath(requested)
  if (!allowedRoots.some((root) => real.startsWith(root + path.sep))) console.warn("outside the roots", real)
  return real
}

// true for any long name: the check does not hold for every truthy result
function looksSafe(p: string): boolean {
  if (p.length > 200) return true
  return p.startsWith(allowedRoots[0]!)
}

server.registerTool("read_text_file", { inputSchema: { path: z.string() } }, async (args) => {
  const validPath = await validatePath(args.path)
  // ok: path_traversal
  const text = await fs.readFile(validPath, "utf8")
  return { content: [{ type: "text", text }] }
})

server.registerTool("list_directory", { inputSchema: { path: z.string() } }, async ({ path: dir }) => {
  const target = await resolveInside(dir)
  // ok: path_traversal
  const entries = await fs.readdir(target, { withFileTypes: true })
  return { content: [{ type: "text", text: entries.map((e) => e.name).join("\n") }] }
})

server.tool("write_file", { file: z.string(), body: z.string() }, async ({ file, body }) => {
  const full = path.resolve(allowedRoots[0]!, file)
  const allowed = isPathWithin(full, allowedRoots)
  if (!allowed) return { content: [{ type: "text", text: "denied" }] }
  // ok: path_traversal
  await fs.writeFile(full, body)
  return { content: [{ type: "text", text: `wrote ${file}` }] }
})

server.tool("stat_file", { file: z.string() }, async (input) => {
  const where = `${input.file}`
  if (allowedRoots.some((root) => path.resolve(where).startsWith(root + path.sep))) {
    // ok: path_traversal
    const info = await fs.stat(where)
    return { content: [{ type: "text", text: String(info.size) }] }
  }
  return { content: [{ type: "text", text: "denied" }] }
})

server.tool("read_logged", { file: z.string() }, async ({ file }) => {
  const real = await warnOnly(file)
  // ruleid: path_traversal
  return { content: [{ type: "text", text: await fs.readFile(real, "utf8") }] }
})

server.tool("read_long", { file: z.string() }, async ({ file }) => {
  if (!looksSafe(file)) throw new Error("denied")
  // ruleid: path_traversal
  return { content: [{ type: "text", text: await fs.readFile(file, "utf8") }] }
})

server.tool("read_prefix", { file: z.string() }, async ({ file }) => {
  // the roots are tested against the request, not the request against the roots: "/" passes
  if (!allowedRoots.some((root) => root.startsWith(file))) throw new Error("denied")
  // ruleid: path_traversal
  return { content: [{ type: "text", text: await fs.readFile(file, "utf8") }] }
})

server.tool("read_outside", { file: z.string() }, async ({ file }) => {
  const rel = path.relative(allowedRoots[0]!, file)
  // reads exactly when the path leaves the root
  if (rel.startsWith("..")) {
    // ruleid: path_traversal
    return { content: [{ type: "text", text: await fs.readFile(file, "utf8") }] }
  }
  return { content: [{ type: "text", text: "inside" }] }
})

let docsRoot: string | undefined

// the root itself, or a path under it: the equality written first
async function insideDocs(relative: string): Promise<string> {
  docsRoot ??= await fs.realpath(allowedRoots[0]!)
  const resolved = await fs.realpath(path.resolve(docsRoot, relative))
  if (resolved !== docsRoot && !resolved.startsWith(docsRoot + path.sep)) throw new Error("outside the docs")
  return resolved
}

// an equality alone, the prefix check made on another value: no containment of the resolved path
async function nearDocs(relative: string): Promise<string> {
  docsRoot ??= await fs.realpath(allowedRoots[0]!)
  const resolved = await fs.realpath(path.resolve(docsRoot, relative))
  if (resolved !== docsRoot && !relative.startsWith(docsRoot)) throw new Error("outside the docs")
  return resolved
}

server.tool("read_doc", { docPath: z.string() }, async ({ docPath }) => {
  const full = await insideDocs(docPath)
  // ok: path_traversal
  return { content: [{ type: "text", text: await fs.readFile(full, "utf8") }] }
})

server.tool("read_near", { docPath: z.string() }, async ({ docPath }) => {
  const full = await nearDocs(docPath)
  // ruleid: path_traversal
  return { content: [{ type: "text", text: await fs.readFile(full, "utf8") }] }
})
