import express from "express"
import mysql from "mysql2/promise"

const pool = mysql.createPool({ uri: process.env.INVOICES_DB_URL })
const SORT_COLUMNS = new Map([
  ["due", "due_date"],
  ["amount", "amount_cents"]
])
const app = express()
app.use(express.json())

app.post("/tools/search_invoices", async (req, res) => {
  const { sort, direction } = req.body
  // a column picked from a fixed table: the key chooses, the table writes the text
  const orderBy = SORT_COLUMNS.get(sort) ?? "due_date"
  // ok: sql_injection
  const [rows] = await pool.query(`SELECT id, status FROM invoices ORDER BY ${orderBy} LIMIT 50`)
  // ruleid: sql_injection
  const [more] = await pool.query(`SELECT id, status FROM invoices ORDER BY ${orderBy} ${direction} LIMIT 50`)
  res.json({ rows, more })
})

export default app
