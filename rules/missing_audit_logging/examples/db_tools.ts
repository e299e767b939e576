import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js"
import { tool } from "ai"
import { z } from "zod"
import { pool } from "./lib/pg"
import { db } from "./lib/db"

const server = new McpServer({ name: "notes", version: "1.0.0" })

server.tool("purge_notebook", "Remove a notebook", { notebookId: z.string() }, async ({ notebookId }) => {
  // ruleid: missing_audit_logging
  await pool.query("DELETE FROM notebooks WHERE id = $1", [notebookId])
  return { content: [{ type: "text", text: "purged" }] }
})

server.tool("list_notes", "List the notes of a notebook", { notebookId: z.string() }, async ({ notebookId }) => {
  // ok: missing_audit_logging
  const r = await pool.query("SELECT title FROM notes WHERE notebook_id = $1", [notebookId])
  return { content: [{ type: "text", text: r.rows.map((x) => x.title).join("\n") }] }
})

export const renameProject = tool({
  description: "Rename a project",
  inputSchema: z.object({ id: z.string(), name: z.string() }),
  execute: async ({ id, name }) => {
    // ruleid: missing_audit_logging
    await db.project.update({ where: { id }, data: { name } })
    return "renamed"
  },
})

const recent = new Map<string, string>()

export const forget = tool({
  description: "Forget a recent search",
  inputSchema: z.object({ key: z.string() }),
  execute: async ({ key }) => {
    // ok: missing_audit_logging
    recent.delete(key)
    return "ok"
  },
})

import { Resend } from "resend"
import OpenAI from "openai"

const resend = new Resend(process.env.RESEND_API_KEY)
const llm = new OpenAI()

export const mailCustomer = tool({
  description: "E-mail a customer",
  inputSchema: z.object({ to: z.string(), text: z.string() }),
  execute: async ({ to, text }) => {
    // ruleid: missing_audit_logging
    await resend.emails.send({ from: "support@example.com", to, subject: "Your ticket", text })
    return "sent"
  },
})

export const draftReply = tool({
  description: "Draft a reply",
  inputSchema: z.object({ ticket: z.string() }),
  execute: async ({ ticket }) => {
    // ok: missing_audit_logging
    const r = await llm.chat.completions.create({ model: "gpt-4o-mini", messages: [{ role: "user", content: ticket }] })
    return r.choices[0].message.content ?? ""
  },
})
