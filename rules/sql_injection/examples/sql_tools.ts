import { tool, generateText } from "ai"
import { openai } from "@ai-sdk/openai"
import { Pool } from "pg"
import { PrismaClient } from "@prisma/client"
import { z } from "zod"

const pool = new Pool()
const prisma = new PrismaClient()

export const findOrders = tool({
  description: "Find orders for a customer",
  inputSchema: z.object({ customer: z.string() }),
  execute: async ({ customer }) => {
    // ruleid: sql_injection
    const res = await pool.query(`SELECT * FROM orders WHERE customer = '${customer}'`)
    // ok: sql_injection
    const safe = await pool.query("SELECT * FROM orders WHERE customer = $1", [customer])
    return [res.rows, safe.rows]
  },
})

export async function deleteUser(req: { body: { id: string } }) {
  // ruleid: sql_injection
  await prisma.$executeRawUnsafe("DELETE FROM users WHERE id = '" + req.body.id + "'")
  // ok: sql_injection
  await prisma.$executeRaw`DELETE FROM users WHERE id = ${req.body.id}`
}

export async function askDatabase(question: string) {
  const { text: sqlQuery } = await generateText({
    model: openai("gpt-4o"),
    prompt: `Write a PostgreSQL query that answers: ${question}`,
  })
  // ruleid: sql_injection
  const result = await pool.query(sqlQuery)
  return result.rows
}

export async function countRows(table: string) {
  // a table name of unknown origin picks which table a fixed statement reads
  // ruleid: sql_injection
  return pool.query(`SELECT count(*) FROM ${table}`)
}

export const countTable = tool({
  description: "Count the rows of a table",
  inputSchema: z.object({ table: z.string() }),
  execute: async ({ table }) => {
    // the model names the table: it can write a subquery or a UNION there
    // ruleid: sql_injection
    return pool.query(`SELECT count(*) FROM ${table}`)
  },
})

export async function byStatus(table: string, status: string) {
  // ruleid: sql_injection
  return pool.query(`SELECT * FROM ${table} WHERE status = '${status}'`)
}

export async function vectorSearch(index: { query: (q: object) => Promise<unknown> }, embedding: number[]) {
  // ok: sql_injection
  return index.query({ vector: embedding, topK: 5 })
}

const handlers = new Map<string, () => string>([["update profile", () => "done"]])

export const runHandler = tool({
  description: "Run one of the named handlers",
  inputSchema: z.object({ kind: z.string() }),
  execute: async ({ kind }) => {
    const label = `update ${kind}`
    // ok: sql_injection
    return handlers.get(label)?.()
  },
})
