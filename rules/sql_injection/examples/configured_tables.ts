// Table and column names a class keeps from its constructor: the application that builds the store
// configures them, so they are configuration; values still travel as bound parameters. A store the
// same file builds from request data is judged by what it is given.
import express from "express"
import type { Pool } from "pg"

interface HistoryFields {
  pool: Pool
  tableName?: string
  sessionId: string
}

export class SqlChatHistory {
  private readonly pool: Pool
  private readonly tableName: string
  private readonly sessionId: string

  constructor(fields: HistoryFields) {
    this.pool = fields.pool
    this.tableName = fields.tableName ?? "message_history"
    this.sessionId = fields.sessionId
  }

  async ensureTable(): Promise<void> {
    const ddl = `CREATE TABLE IF NOT EXISTS ${this.tableName} (id SERIAL PRIMARY KEY, session_id TEXT, content TEXT)`
    // ruleid: sql_injection
    await this.pool.query(ddl)
  }

  async messages(): Promise<unknown[]> {
    // ok: sql_injection
    const rows = await this.pool.query(`SELECT content FROM ${this.tableName} WHERE session_id = $1`, [this.sessionId])
    return rows.rows
  }
}

class ReportStore {
  constructor(private readonly pool: Pool, private readonly table: string) {}

  async count(): Promise<number> {
    const sql = "SELECT count(*) FROM " + this.table
    // ruleid: sql_injection
    const res = await this.pool.query(sql)
    return Number(res.rows[0].count)
  }
}

declare const pool: Pool
const app = express()
app.get("/reports/:table", async (req, res) => {
  const store = new ReportStore(pool, req.params.table)
  res.json({ count: await store.count() })
})
