// Containment through a variable holding path.relative(root, p): `..` or an absolute result leaves the root.
import { readFile } from "node:fs/promises"
import path from "node:path"
import { tool } from "ai"
import { z } from "zod"

const SHARE = path.resolve("/srv/share")

function withinShare(file: string): string {
  const full = path.resolve(SHARE, file)
  const rel = path.relative(SHARE, full)
  if (rel.startsWith("..") || path.isAbsolute(rel)) throw new Error("outside the share")
  return full
}

export const readShared = tool({
  description: "Read a shared file",
  inputSchema: z.object({ file: z.string() }),
  execute: async ({ file }) => {
    const full = withinShare(file)
    // ok: path_traversal
    return readFile(full, "utf8")
  },
})

export const readSharedInline = tool({
  description: "Read a shared file",
  inputSchema: z.object({ file: z.string() }),
  execute: async ({ file }) => {
    const full = path.resolve(SHARE, file)
    const rel = path.relative(SHARE, full)
    if (rel.startsWith("..")) return "outside the share"
    // ok: path_traversal
    return readFile(full, "utf8")
  },
})

export const readSharedUnchecked = tool({
  description: "Read a shared file",
  inputSchema: z.object({ file: z.string() }),
  execute: async ({ file }) => {
    const full = path.resolve(SHARE, file)
    const rel = path.relative(SHARE, full)
    console.log("reading", rel)
    // ruleid: path_traversal
    return readFile(full, "utf8")
  },
})
