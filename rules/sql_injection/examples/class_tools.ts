import * as tools from "@langchain/core/tools"
import { createTool } from "@mastra/core/tools"
import { Pool } from "pg"
import { z } from "zod"

const pool = new Pool({ connectionString: process.env.DATABASE_URL })

export class OrderLookup extends tools.StructuredTool {
  name = "order_lookup"
  description = "Find a customer's orders"
  schema = z.object({ customer: z.string() })

  async _call({ customer }: { customer: string }) {
    const sql = `SELECT id, total FROM orders WHERE customer_name = '${customer}'`
    // ruleid: sql_injection
    const rows = await pool.query(sql)
    return JSON.stringify(rows.rows)
  }
}

export class SafeOrderLookup extends tools.StructuredTool {
  name = "safe_order_lookup"
  description = "Find a customer's orders"
  schema = z.object({ customer: z.string() })

  async _call({ customer }: { customer: string }) {
    // ok: sql_injection
    const rows = await pool.query("SELECT id, total FROM orders WHERE customer_name = $1", [customer])
    return JSON.stringify(rows.rows)
  }
}

export const invoiceSearch = createTool({
  id: "invoice-search",
  description: "Search invoices by status",
  inputSchema: z.object({ status: z.string() }),
  execute: async ({ context }) => {
    // ruleid: sql_injection
    const result = await pool.query(`SELECT * FROM invoices WHERE status = '${context.status}'`)
    return result.rows
  },
})
