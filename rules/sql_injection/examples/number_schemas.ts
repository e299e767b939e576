import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js"
import { tool } from "ai"
import mysql from "mysql2/promise"
import { z } from "zod"

const db = await mysql.createConnection({ database: "support" })

export const getTicket = tool({
  description: "Fetch a support ticket",
  inputSchema: z.object({ ticketId: z.number().int().positive(), subject: z.string().min(3), open: z.boolean().optional() }),
  execute: async ({ ticketId: id, subject: title, open }) => {
    // ok: sql_injection
    const [a] = await db.query(`SELECT * FROM tickets WHERE id = ${id} AND open = ${open}`)
    // ruleid: sql_injection
    const [b] = await db.query(`SELECT * FROM tickets WHERE subject = '${title}'`)
    return [a, b]
  }
})

const server = new McpServer({ name: "support", version: "1.0.0" })

server.registerTool(
  "page_tickets",
  { description: "Page through tickets", inputSchema: { page: z.coerce.number().min(1).max(500), status: z.string() } },
  async (args) => {
    // ok: sql_injection
    const [rows] = await db.query("SELECT * FROM tickets LIMIT 20 OFFSET " + (args.page - 1) * 20)
    // ruleid: sql_injection
    const [more] = await db.query("SELECT * FROM tickets WHERE status = '" + args.status + "'")
    return { content: [{ type: "text", text: JSON.stringify([rows, more]) }] }
  }
)
