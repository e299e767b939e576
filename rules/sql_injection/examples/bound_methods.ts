import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js"
import mysql from "mysql2/promise"
import pg from "pg"
import { z } from "zod"

const pool = new pg.Pool()
const run = pool.query.bind(pool)
const server = new McpServer({ name: "crm", version: "1.0.0" })

server.registerTool(
  "find_contact",
  { description: "Find a contact", inputSchema: { email: z.string(), city: z.string() } },
  async ({ email, city: town }) => {
    const conn = await mysql.createConnection({ database: "crm" })
    const exec = conn.execute.bind(conn)
    // ruleid: sql_injection
    const a = await run(`SELECT id FROM contacts WHERE email = '${email}'`)
    // ruleid: sql_injection
    const [b] = await exec("SELECT id FROM contacts WHERE city = '" + town + "'")
    // ok: sql_injection
    const c = await run("SELECT id FROM contacts WHERE email = $1", [email])
    // ok: sql_injection
    const [d] = await exec("SELECT id FROM contacts WHERE city = ?", [town])
    return { content: [{ type: "text", text: JSON.stringify([a.rows, b, c.rows, d]) }] }
  }
)
