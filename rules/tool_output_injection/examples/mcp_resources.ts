import { McpServer, ResourceTemplate } from "@modelcontextprotocol/sdk/server/mcp.js"

const srv = new McpServer({ name: "issues", version: "2.1.0" })

srv.registerResource(
  "issue",
  new ResourceTemplate("issue://{owner}/{repo}/{num}", { list: undefined }),
  { title: "GitHub issue", mimeType: "text/markdown" },
  async (uri, { owner, repo, num }) => {
    const res = await fetch(`https://api.github.com/repos/${owner}/${repo}/issues/${num}`)
    const issue = await res.json()
    // ruleid: tool_output_injection
    return { contents: [{ uri: uri.href, text: issue.body }] }
  }
)

srv.resource("page", new ResourceTemplate("page://{id}", { list: undefined }), async (uri: URL, vars: Record<string, string | string[]>) => {
  const reply = await fetch("https://intranet.example.com/pages/" + vars.id)
  const html = await reply.text()
  // ruleid: tool_output_injection
  return { contents: [{ uri: uri.href, mimeType: "text/html", text: html }] }
})

const fence = (body: string): string => "<untrusted_content>\n" + body + "\n</untrusted_content>"

srv.resource("page-labelled", new ResourceTemplate("labelled://{id}", { list: undefined }), async (uri, vars) => {
  const html = await fetch("https://intranet.example.com/pages/" + vars.id).then((r) => r.text())
  // ok: tool_output_injection
  return { contents: [{ uri: uri.href, text: fence(html) }] }
})

srv.resource("version", "meta://version", async (uri) => {
  // ok: tool_output_injection
  return { contents: [{ uri: uri.href, text: "2.1.0" }] }
})
