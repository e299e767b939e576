// Sinks wrapped by util.promisify and called by the wrapper's name: the function mentions only it.
import * as childProcess from "node:child_process"
import { exec as shellExec, execFile } from "node:child_process"
import util, { promisify } from "node:util"
import { tool } from "ai"
import { z } from "zod"

const runShell = promisify(childProcess.exec)
const runLine = util.promisify(shellExec)
const runFile = promisify(execFile)
const BRANCHES = ["main", "develop"]

export const gitLog = tool({
  description: "Show the log of a branch",
  inputSchema: z.object({ branch: z.string() }),
  execute: async ({ branch }) => {
    // ruleid: code_execution
    const { stdout } = await runShell(`git log --oneline ${branch}`)
    return stdout
  },
})

export const diskUsage = tool({
  description: "Disk usage of a folder",
  inputSchema: z.object({ folder: z.string() }),
  execute: async (input) => {
    // ruleid: code_execution
    const result = await runLine("du -sh " + input.folder)
    return result.stdout
  },
})

export const checkout = tool({
  description: "Check out a known branch",
  inputSchema: z.object({ branch: z.string() }),
  execute: async ({ branch }) => {
    if (!BRANCHES.includes(branch)) throw new Error("unknown branch")
    // ok: code_execution
    const { stdout } = await runShell(`git checkout ${branch}`)
    return stdout
  },
})

export const fileType = tool({
  description: "Type of a file",
  inputSchema: z.object({ path: z.string() }),
  execute: async ({ path }) => {
    // ok: code_execution
    const { stdout } = await runFile("file", ["--brief", path])
    return stdout
  },
})
