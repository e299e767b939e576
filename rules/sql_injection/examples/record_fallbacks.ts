// A value that falls back to an object literal (`args ?? {}`, `opts || { limit: 10 }`) is a record,
// whatever the request sent: a bridge that hands a tool its arguments this way passes no SQL text. A
// statement read from such a record is text again, and text with a text fallback stays text.
import { Pool } from "pg"
import { connectors } from "./connectors"

const pool = new Pool()

export async function POST(req: Request) {
  const body = await req.json()
  const params = (body.params ?? {}) as Record<string, unknown>
  const tool = connectors[String(params.name)]
  // ok: sql_injection
  const result = await tool.execute((params.arguments ?? {}) as Record<string, unknown>, { toolCallId: crypto.randomUUID(), messages: [] })
  // ok: sql_injection
  await connectors.reporting.query(body.filters || { since: "7d" })
  const options = body.options ?? {}
  // ruleid: sql_injection
  await pool.query(options.statement)
  // ruleid: sql_injection
  await pool.query(body.sql ?? "SELECT 1")
  return Response.json(result)
}
