// `*.execute` / `*.query` are SQL sinks only for text: an argument that is structured data is no
// statement, whoever's method is called. Here a tool hands its whole parsed input (or an object, a
// class instance, a function) to a callback the caller supplied (`options.execute(action)`): the
// parameter's declared type, the tool's zod schema, `new`, or an object literal shows it is not text.
// SQL text built from the same input and sent to a driver is still found, however it is built.
import { tool } from "@langchain/core/tools"
import { tool as aiTool } from "ai"
import { z } from "zod/v4"
import mysql from "mysql2/promise"
import pg from "pg"
import { Job } from "./jobs"

const pool = new pg.Pool()

export type ShellAction = { commands: string[]; timeout_ms?: number }

export interface ShellOptions {
  execute: (action: ShellAction) => Promise<string>
}

export function shell(options: ShellOptions) {
  const run = async (action: ShellAction): Promise<string> => {
    // ok: sql_injection
    return options.execute(action)
  }
  return tool(run, { name: "shell", description: "Run shell commands", schema: z.object({ commands: z.array(z.string()) }) })
}

const ClickSchema = z.object({ type: z.literal("click"), x: z.number(), y: z.number() })
const TypeSchema = z.object({ type: z.literal("type"), text: z.string() })
const ActionSchema = z.object({ action: z.union([ClickSchema, TypeSchema]) })

export function computer(options: { execute: (action: unknown) => Promise<string> }) {
  return tool(
    async (input) => {
      // ok: sql_injection
      const shot = await options.execute(input.action)
      return shot
    },
    { name: "computer", description: "Control the computer", schema: ActionSchema }
  )
}

export const enqueue = aiTool({
  description: "Queue a job",
  inputSchema: z.object({ name: z.string() }),
  execute: async ({ name }, { runner }: { runner: { execute: (x: unknown) => Promise<void> } }) => {
    const job = new Job(name)
    // ok: sql_injection
    await runner.execute(job)
    // ok: sql_injection
    await runner.execute({ job: name, retries: 3 })
    // ok: sql_injection
    await runner.execute(async () => console.log(name))
    return "queued"
  },
})

export const findUser = aiTool({
  description: "Find a user by name",
  inputSchema: z.object({ name: z.string(), id: z.string() }),
  execute: async ({ name, id }) => {
    const conn = await mysql.createConnection({ host: "db" })
    const sql = "SELECT * FROM users WHERE name = '" + name + "'"
    // ruleid: sql_injection
    const [rows] = await conn.execute(sql)
    // ruleid: sql_injection
    await conn.execute(`DELETE FROM sessions WHERE user_id = '${id}'`)
    // ok: sql_injection
    const [same] = await conn.execute("SELECT * FROM users WHERE name = ?", [name])
    return [rows, same]
  },
})

const byEmail = (email: string): string => `SELECT * FROM users WHERE email = '${email}'`

export const findByEmail = aiTool({
  description: "Find a user by e-mail",
  inputSchema: z.object({ email: z.string() }),
  execute: async ({ email }) => {
    // ruleid: sql_injection
    const res = await pool.query(byEmail(email))
    // ok: sql_injection
    const safe = await pool.query("SELECT * FROM users WHERE email = $1", [email])
    return [res.rows, safe.rows]
  },
})

export const runQuery = aiTool({
  description: "Run a read-only query",
  inputSchema: z.object({ query: z.object({ sql: z.string() }) }),
  execute: async (input) => {
    // the statement is a text field of the object: read as text, it is SQL the model wrote
    // ruleid: sql_injection
    return pool.query(input.query.sql)
  },
})
