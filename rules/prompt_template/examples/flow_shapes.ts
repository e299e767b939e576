import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js"
import { render } from "ejs"
import template from "lodash/template"
import { z } from "zod"

const server = new McpServer({ name: "reports", version: "1.0.0" })

const HEADER = "<h1><%= title %></h1>"

function page(layout: string, title: string) {
  // ruleid: prompt_template
  return render(HEADER + layout, { title })
}

server.tool("report", { layout: z.string(), title: z.string() }, async ({ layout, title }) => {
  const html = page(layout, title)
  return { content: [{ type: "text", text: html }] }
})

server.tool("summary", { fields: z.object({ body: z.string() }) }, async ({ fields }) => {
  const source = `<p>${fields.body}</p>`
  // ruleid: prompt_template
  const compiled = template(source)
  // ok: prompt_template
  const footer = template("<footer><%- year %></footer>")
  return { content: [{ type: "text", text: compiled({}) + footer({ year: 2025 }) }] }
})

server.tool("fixed", { title: z.string() }, async ({ title }) => {
  // ok: prompt_template
  return { content: [{ type: "text", text: render(HEADER, { title }) }] }
})
