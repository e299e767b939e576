import { execFile } from "node:child_process"
import { promisify } from "node:util"
import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js"
import { z } from "zod"

const runFile = promisify(execFile)
const server = new McpServer({ name: "git-history", version: "1.0.0" })

// the subcommand each tool passes, through a helper that builds the list and one that runs it
function gitArgs(subcommand: "log" | "show" | "push", ref: string): string[] {
  if (ref.startsWith("-")) throw new Error("invalid ref")
  return [subcommand, ref, "--"]
}

async function git(args: string[]): Promise<string> {
  const { stdout } = await runFile("git", args, { timeout: 15_000 })
  return stdout
}

server.tool("recent_commits", "List recent commits", { ref: z.string() }, async ({ ref }) => {
  // ruleid: missing_human_oversight
  const out = await git(gitArgs("log", ref))
  return { content: [{ type: "text", text: out }] }
})

server.tool("commit_summary", "Show one commit", { sha: z.string() }, async ({ sha }) => {
  // ruleid: missing_human_oversight
  const out = await git(gitArgs("show", sha))
  return { content: [{ type: "text", text: out }] }
})
