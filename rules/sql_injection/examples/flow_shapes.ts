import { tool } from "ai"
import { z } from "zod"
import pg from "pg"

const pool = new pg.Pool()
const SORTABLE = ["created_at", "total"]

export const ordersTool = tool({
  description: "List a customer's orders",
  parameters: z.object({ customer: z.string(), sort: z.string() }),
  execute: async ({ customer, sort }) => {
    const where = `WHERE customer = '${customer}'`
    // ruleid: sql_injection
    const res = await pool.query("SELECT * FROM orders " + where)
    if (!SORTABLE.includes(sort)) throw new Error("bad sort")
    // ok: sql_injection
    const sorted = await pool.query(`SELECT * FROM orders ORDER BY ${sort}`)
    // ok: sql_injection
    const safe = await pool.query("SELECT * FROM orders WHERE customer = $1", [customer])
    return [res.rows, sorted.rows, safe.rows]
  }
})
