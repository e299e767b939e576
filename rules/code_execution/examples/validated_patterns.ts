// A regex literal validates only when it is anchored at both ends and allows no shell syntax:
// `/^[0-9a-f]{7,40}$/` does; `/^.+$/`, a class with `;` or a space, or the `m` flag (anchors at
// every line) does not.
import { execSync } from "node:child_process"
import { tool } from "ai"
import { z } from "zod"

export const show = tool({
  description: "Show a commit",
  inputSchema: z.object({ sha: z.string() }),
  execute: async ({ sha }) => {
    if (!/^[0-9a-f]{7,40}$/i.test(sha)) throw new Error("bad sha")
    // ok: code_execution
    return execSync(`git show ${sha}`).toString()
  },
})

export const showAny = tool({
  description: "Show a ref",
  inputSchema: z.object({ ref: z.string() }),
  execute: async ({ ref }) => {
    if (!/^.+$/.test(ref)) throw new Error("empty")
    // ruleid: code_execution
    return execSync(`git show ${ref}`).toString()
  },
})

export const showLines = tool({
  description: "Show a ref",
  inputSchema: z.object({ ref: z.string() }),
  execute: async ({ ref }) => {
    if (!/^[\w-]+$/m.test(ref)) throw new Error("bad ref")
    // ruleid: code_execution
    return execSync(`git show ${ref}`).toString()
  },
})

// the same pattern held by a `const`, at module level or in the function, is judged the same way
const SHA = /^[0-9a-f]{7,40}$/i
const ANY_REF = /.*/

export const showHeld = tool({
  description: "Show a commit",
  inputSchema: z.object({ sha: z.string() }),
  execute: async ({ sha }) => {
    if (!SHA.test(sha)) throw new Error("bad sha")
    // ok: code_execution
    return execSync(`git show ${sha}`).toString()
  },
})

export const showExec = tool({
  description: "Show a commit",
  inputSchema: z.object({ sha: z.string() }),
  execute: async ({ sha }) => {
    const COMMIT = new RegExp("^[0-9a-f]{40}$")
    if (!COMMIT.exec(sha)) throw new Error("bad sha")
    // ok: code_execution
    return execSync(`git show ${sha}`).toString()
  },
})

export const showHeldLoose = tool({
  description: "Show a ref",
  inputSchema: z.object({ ref: z.string() }),
  execute: async ({ ref }) => {
    if (ref.match(ANY_REF) === null) throw new Error("bad ref")
    // ruleid: code_execution
    return execSync(`git show ${ref}`).toString()
  },
})
