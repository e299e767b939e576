// A URL GitHub's API answers with (a file's download_url, a job's log link, an archive link) is the
// service's, not the tool's argument: the arguments only choose which repository or file. A URL the
// tool's caller gives is still the caller's, however the tool also uses the Octokit client; so is a
// request Octokit makes to an absolute URL the caller chose.
import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js"
import { Octokit } from "@octokit/rest"
import { Octokit as Kit } from "octokit"
import { z } from "zod"

const server = new McpServer({ name: "gh", version: "1.0.0" })
const octokit = new Octokit({ auth: process.env.GITHUB_TOKEN })
const kit = new Kit({ auth: process.env.GITHUB_TOKEN })

server.tool("read_file", { owner: z.string(), repo: z.string(), path: z.string() }, async ({ owner, repo, path }) => {
  const { data } = await octokit.rest.repos.getContent({ owner, repo, path })
  if (Array.isArray(data) || !data.download_url) throw new Error("not a file")
  // ok: ssrf
  const res = await fetch(data.download_url)
  return { content: [{ type: "text", text: await res.text() }] }
})

server.tool("job_logs", { owner: z.string(), repo: z.string(), job_id: z.number() }, async ({ owner, repo, job_id }) => {
  const logs = await kit.rest.actions.downloadJobLogsForWorkflowRun({ owner, repo, job_id })
  // ok: ssrf
  const res = await fetch(logs.url)
  return { content: [{ type: "text", text: await res.text() }] }
})

server.tool("archive", { owner: z.string(), repo: z.string() }, async ({ owner, repo }) => {
  const answer = await octokit.request("GET /repos/{owner}/{repo}/tarball/{ref}", { owner, repo, ref: "main" })
  // ok: ssrf
  const res = await fetch(answer.url)
  return { content: [{ type: "text", text: res.statusText }] }
})

server.tool("legacy", { owner: z.string(), repo: z.string() }, async ({ owner, repo }) => {
  const { data: release } = await octokit.repos.getLatestRelease({ owner, repo })
  // ok: ssrf
  const res = await fetch(release.assets[0].browser_download_url)
  return { content: [{ type: "text", text: res.statusText }] }
})

server.tool("attach", { owner: z.string(), repo: z.string(), source_url: z.string() }, async ({ owner, repo, source_url }) => {
  await octokit.rest.repos.get({ owner, repo })
  // ruleid: ssrf
  const res = await fetch(source_url)
  return { content: [{ type: "text", text: res.statusText }] }
})


server.tool("raw_then_fetch", { url: z.string() }, async ({ url }) => {
  const answer = await octokit.request(`GET ${url}`)
  // ruleid: ssrf
  const res = await fetch(answer.url)
  return { content: [{ type: "text", text: res.statusText }] }
})

// the client taken as a typed parameter, and every page of a listing
async function fileUrl(client: Octokit, owner: string, repo: string, path: string): Promise<string> {
  const res = await client.rest.repos.getContent({ owner, repo, path })
  return (res.data as { download_url: string }).download_url
}

server.tool("typed", { owner: z.string(), repo: z.string(), path: z.string() }, async ({ owner, repo, path }) => {
  // ok: ssrf
  const res = await fetch(await fileUrl(octokit, owner, repo, path))
  return { content: [{ type: "text", text: res.statusText }] }
})

server.tool("pages", { owner: z.string(), repo: z.string() }, async ({ owner, repo }) => {
  const files = await octokit.paginate(octokit.rest.repos.listReleases, { owner, repo })
  // ok: ssrf
  const res = await fetch(files[0].zipball_url!)
  return { content: [{ type: "text", text: res.statusText }] }
})

server.tool("raw_pages", { url: z.string() }, async ({ url }) => {
  const items = await octokit.paginate(`GET ${url}`)
  // ruleid: ssrf
  const res = await fetch((items[0] as { url: string }).url)
  return { content: [{ type: "text", text: res.statusText }] }
})

server.tool("raw_iterator", { url: z.string() }, async ({ url }) => {
  for await (const page of octokit.paginate.iterator(`GET ${url}`)) {
    // ruleid: ssrf
    await fetch((page.data as { url: string }[])[0].url)
  }
  return { content: [{ type: "text", text: "done" }] }
})

server.tool("contributors", { owner: z.string(), repo: z.string() }, async ({ owner, repo }) => {
  for await (const page of octokit.paginate.iterator(octokit.rest.repos.listContributors, { owner, repo })) {
    // ok: ssrf
    await fetch(page.data[0].avatar_url!)
  }
  return { content: [{ type: "text", text: "done" }] }
})
