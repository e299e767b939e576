// Assertion helpers: a function of the file that throws unless the path it is given stays inside the
// root. After `assertInside(full)` the caller's block runs only for a contained path; a helper that can
// return before its check, or that only warns, proves nothing.
import { readFile, writeFile } from "node:fs/promises"
import path from "node:path"
import { tool } from "ai"
import { z } from "zod"

const WORKSPACE = path.resolve(process.env.WORKSPACE ?? "/srv/workspace")

function assertInside(candidate: string): void {
  const rel = path.relative(WORKSPACE, candidate)
  if (rel.startsWith("..") || path.isAbsolute(rel)) {
    console.warn("blocked", candidate)
    throw new Error("outside the workspace")
  }
}

const requireWorkspacePath = async (p: string) => {
  const resolved = path.resolve(p)
  if (!resolved.startsWith(WORKSPACE + path.sep)) throw new Error("denied")
}

function assertUnlessTrusted(candidate: string, trusted: boolean): void {
  if (trusted) return
  if (!candidate.startsWith(WORKSPACE + path.sep)) throw new Error("denied")
}

function warnOutside(candidate: string): void {
  if (!candidate.startsWith(WORKSPACE + path.sep)) console.warn("outside", candidate)
}

export const readNote = tool({
  description: "Read a note",
  inputSchema: z.object({ note: z.string() }),
  execute: async ({ note }) => {
    const full = path.resolve(WORKSPACE, note)
    assertInside(full)
    // ok: path_traversal
    return readFile(full, "utf8")
  },
})

export const saveNote = tool({
  description: "Save a note",
  inputSchema: z.object({ file: z.string(), text: z.string() }),
  execute: async (input) => {
    const target = `${WORKSPACE}/${input.file}`
    await requireWorkspacePath(target)
    // ok: path_traversal
    await writeFile(target, input.text)
    return "saved"
  },
})

export const readTrusted = tool({
  description: "Read a note",
  inputSchema: z.object({ note: z.string(), trusted: z.boolean() }),
  execute: async ({ note, trusted }) => {
    const full = path.resolve(WORKSPACE, note)
    assertUnlessTrusted(full, trusted)
    // ruleid: path_traversal
    return readFile(full, "utf8")
  },
})

export const readWarned = tool({
  description: "Read a note",
  inputSchema: z.object({ note: z.string() }),
  execute: async ({ note }) => {
    const full = path.resolve(WORKSPACE, note)
    warnOutside(full)
    // ruleid: path_traversal
    return readFile(full, "utf8")
  },
})

export const readBeforeCheck = tool({
  description: "Read a note",
  inputSchema: z.object({ note: z.string() }),
  execute: async ({ note }) => {
    const full = path.resolve(WORKSPACE, note)
    // ruleid: path_traversal
    const text = await readFile(full, "utf8")
    assertInside(full)
    return text
  },
})
