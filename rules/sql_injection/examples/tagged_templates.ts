// SQL tagged templates bind each ${value} as a parameter; the raw helpers and plain template
// strings put the text into the statement.
import express from "express"
import { drizzle } from "drizzle-orm/node-postgres"
import { sql } from "drizzle-orm"
import { sql as ksql, Kysely } from "kysely"
import { Prisma, PrismaClient } from "@prisma/client"
import SQL from "sql-template-strings"
import { Pool } from "pg"

const app = express()
const orm = drizzle(process.env.DATABASE_URL!)
const prisma = new PrismaClient()
const pool = new Pool()
declare const kdb: Kysely<any>

app.get("/members", async (req, res) => {
  const team = String(req.query.team)
  // ok: sql_injection
  const bound = await orm.execute(sql`SELECT id FROM members WHERE team = ${team}`)
  // (one finding, at sql.raw: execute runs what it built)
  // ruleid: sql_injection
  const spliced = await orm.execute(sql.raw(`SELECT id FROM members WHERE team = '${team}'`))
  res.json({ bound, spliced })
})

app.get("/invoices/:customer", async (req, res) => {
  const who = req.params.customer
  // ok: sql_injection
  const viaPrisma = await prisma.$queryRawUnsafe(Prisma.sql`SELECT * FROM invoices WHERE customer = ${who}`.sql, who)
  // ok: sql_injection
  const viaTemplateStrings = await pool.query(SQL`SELECT * FROM invoices WHERE customer = ${who}`)
  // ruleid: sql_injection
  const viaText = await pool.query(`SELECT * FROM invoices WHERE customer = '${who}'`)
  res.json({ viaPrisma, viaTemplateStrings, viaText })
})

app.post("/tickets", express.json(), async (req, res) => {
  const { status, title } = req.body
  // ok: sql_injection
  const counted = await kdb.executeQuery(ksql`SELECT count(*) FROM tickets WHERE status = ${status}`.compile(kdb))
  // ok: sql_injection
  await pool.query({ text: "INSERT INTO tickets (title, status) VALUES ($1, $2)", values: [title, status] })
  // ruleid: sql_injection
  await pool.query({ text: `INSERT INTO tickets (title) VALUES ('${title}')`, values: [] })
  res.json({ counted })
})
