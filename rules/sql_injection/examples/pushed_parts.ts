import { tool } from "ai"
import pg from "pg"
import { z } from "zod"

const pool = new pg.Pool()

export const searchTickets = tool({
  description: "Search tickets",
  inputSchema: z.object({ status: z.string(), owner: z.string() }),
  execute: async ({ status, owner }) => {
    const conds: string[] = []
    conds.push(`status = '${status}'`)
    if (owner) conds.push(`owner = '${owner}'`)
    // ruleid: sql_injection
    const a = await pool.query(`SELECT id FROM tickets WHERE ${conds.join(" AND ")}`)
    const where: string[] = []
    const values: string[] = []
    values.push(status)
    where.push(`status = $${values.length}`)
    // ok: sql_injection
    const b = await pool.query(`SELECT id FROM tickets WHERE ${where.join(" AND ")}`, values)
    return [a.rows, b.rows]
  }
})
