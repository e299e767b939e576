import { readFile } from "fs/promises"
import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js"
import { tool } from "ai"
import { z } from "zod"
import { PrismaClient } from "@prisma/client"

const server = new McpServer({ name: "docs", version: "1.0.0" })
const prisma = new PrismaClient()

server.tool("read_note", "Read a shared note", { name: z.string() }, async ({ name }) => {
  const text = await readFile(`/srv/notes/${name}`, "utf8")
  // ruleid: tool_output_injection
  return { content: [{ type: "text", text }] }
})

export const fetchPage = tool({
  description: "Fetch a web page",
  parameters: z.object({ url: z.string() }),
  execute: async ({ url }) => {
    const res = await fetch(url)
    const html = await res.text()
    // ruleid: tool_output_injection
    return html
  }
})

export const ticketThread = tool({
  description: "Show a support ticket",
  parameters: z.object({ id: z.number() }),
  execute: async ({ id }) => {
    const ticket = await prisma.ticket.findUnique({ where: { id } })
    // ruleid: tool_output_injection
    return { subject: ticket?.subject, body: ticket?.body }
  }
})

const asData = (text: string) => `<untrusted_content>\n${text}\n</untrusted_content>`

server.tool("read_note_labelled", "Read a note, marked as data", { name: z.string() }, async ({ name }) => {
  const text = await readFile(`/srv/notes/${name}`, "utf8")
  // ok: tool_output_injection
  return { content: [{ type: "text", text: asData(text) }] }
})

export const greet = tool({
  description: "Greets",
  parameters: z.object({ who: z.string() }),
  // ok: tool_output_injection
  execute: async ({ who }) => `Hello, ${who}`
})

export const pageSize = tool({
  description: "Size of a page",
  parameters: z.object({ url: z.string() }),
  execute: async ({ url }) => {
    const body = await (await fetch(url)).text()
    // ok: tool_output_injection
    return body.length
  }
})
