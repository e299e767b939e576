// A regex held by a `const` (in the function or at module level, a literal or `new RegExp("…")`) is
// judged like one written inline: `SAFE.test(x)`, `SAFE.exec(x)`, `x.match(SAFE)` validate x only when
// the pattern is anchored at both ends and allows no path syntax; `/foo/` or `/.*/` validates nothing.
import fs from "node:fs/promises"
import path from "node:path"
import { tool } from "ai"
import { z } from "zod"

const NOTE_NAME = /^[a-z0-9_-]+$/
const NOTE_ID = new RegExp("^[0-9a-f]{8,40}$", "i")
const HAS_FOO = /foo/
const ANYTHING = /.*/

export const readNote = tool({
  description: "Read a note",
  inputSchema: z.object({ name: z.string() }),
  execute: async ({ name }) => {
    if (!NOTE_NAME.test(name)) throw new Error("bad name")
    // ok: path_traversal
    return fs.readFile(path.join("/srv/notes", name), "utf8")
  },
})

export const readLocal = tool({
  description: "Read a note",
  inputSchema: z.object({ name: z.string() }),
  execute: async ({ name }) => {
    const SAFE = /^[\w-]+$/
    if (!SAFE.test(name)) throw new Error("bad name")
    // ok: path_traversal
    return fs.readFile(path.join("/srv/notes", name), "utf8")
  },
})

export const readById = tool({
  description: "Read a note by id",
  inputSchema: z.object({ id: z.string() }),
  execute: async ({ id }) => {
    if (NOTE_ID.exec(id) === null) throw new Error("bad id")
    // ok: path_traversal
    return fs.readFile(path.join("/srv/notes", `${id}.md`), "utf8")
  },
})

export const readMatched = tool({
  description: "Read a note",
  inputSchema: z.object({ name: z.string() }),
  execute: async ({ name }) => {
    if (!name.match(NOTE_NAME)) throw new Error("bad name")
    // ok: path_traversal
    return fs.readFile(path.join("/srv/notes", name), "utf8")
  },
})

export const readFoo = tool({
  description: "Read a foo note",
  inputSchema: z.object({ name: z.string() }),
  execute: async ({ name }) => {
    // /foo/ matches anywhere in the name: `../../etc/foo` passes
    if (!HAS_FOO.test(name)) throw new Error("not a foo note")
    // ruleid: path_traversal
    return fs.readFile(path.join("/srv/notes", name), "utf8")
  },
})

export const readAny = tool({
  description: "Read a note",
  inputSchema: z.object({ name: z.string() }),
  execute: async ({ name }) => {
    if (!name.match(ANYTHING)) throw new Error("bad name")
    // ruleid: path_traversal
    return fs.readFile(path.join("/srv/notes", name), "utf8")
  },
})

export const readExecLoose = tool({
  description: "Read a note",
  inputSchema: z.object({ name: z.string() }),
  execute: async ({ name }) => {
    const WORDY = /^\w/
    if (!WORDY.exec(name)) throw new Error("bad name")
    // ruleid: path_traversal
    return fs.readFile(path.join("/srv/notes", name), "utf8")
  },
})
