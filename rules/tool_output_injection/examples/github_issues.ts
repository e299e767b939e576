// Issues, pull requests and comments are written by outsiders: what Octokit reads of them stays untrusted
// although its other answers (a file's download link, a repository's counts) are of unknown origin.
import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js"
import { Octokit } from "@octokit/rest"
import { z } from "zod"

const server = new McpServer({ name: "gh", version: "1.0.0" })
const octokit = new Octokit({ auth: process.env.GITHUB_TOKEN })

server.tool("issue", { owner: z.string(), repo: z.string(), n: z.number() }, async ({ owner, repo, n }) => {
  const { data } = await octokit.rest.issues.get({ owner, repo, issue_number: n })
  // ruleid: tool_output_injection
  return { content: [{ type: "text", text: data.body ?? "" }] }
})

server.tool("comments", { owner: z.string(), repo: z.string(), n: z.number() }, async ({ owner, repo, n }) => {
  const { data } = await octokit.rest.issues.listComments({ owner, repo, issue_number: n })
  // ruleid: tool_output_injection
  return { content: [{ type: "text", text: data.map((c) => c.body).join("\n") }] }
})

server.tool("pr", { owner: z.string(), repo: z.string(), n: z.number() }, async ({ owner, repo, n }) => {
  const { data } = await octokit.pulls.get({ owner, repo, pull_number: n })
  // ruleid: tool_output_injection
  return { content: [{ type: "text", text: data.body ?? "" }] }
})

server.tool("stars", { owner: z.string(), repo: z.string() }, async ({ owner, repo }) => {
  const { data } = await octokit.rest.repos.get({ owner, repo })
  // ok: tool_output_injection
  return { content: [{ type: "text", text: `${data.stargazers_count} ${data.default_branch}` }] }
})

server.tool("open_issues", { owner: z.string(), repo: z.string() }, async ({ owner, repo }) => {
  const { data } = await octokit.rest.issues.listForRepo({ owner, repo, state: "open" })
  // ruleid: tool_output_injection
  return { content: [{ type: "text", text: data.map((i) => `${i.title}: ${i.body ?? ""}`).join("\n") }] }
})

server.tool("open_pulls", { owner: z.string(), repo: z.string() }, async ({ owner, repo }) => {
  const pulls = await octokit.paginate(octokit.rest.pulls.list, { owner, repo })
  // ruleid: tool_output_injection
  return { content: [{ type: "text", text: pulls.map((p) => p.body ?? "").join("\n") }] }
})
