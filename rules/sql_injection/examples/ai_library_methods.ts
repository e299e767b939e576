// query / execute on what AI libraries make take a question or a tool's input, not SQL; the same
// text sent to a database client is model- or user-written SQL.
import { tool } from "ai"
import express from "express"
import { Document, VectorStoreIndex } from "llamaindex"
import postgres from "postgres"
import { z } from "zod"

const app = express()
app.use(express.json())
const sql = postgres(process.env.DATABASE_URL!)

app.post("/ask", async (req, res) => {
  const question: string = req.body.question
  const index = await VectorStoreIndex.fromDocuments([new Document({ text: "handbook" })])
  const engine = index.asQueryEngine()
  // ok: sql_injection
  const answer = await engine.query({ query: question })
  // ok: sql_injection
  const again = await (await VectorStoreIndex.init({})).asQueryEngine().query({ query: `Summarise: ${question}` })
  // ruleid: sql_injection
  const rows = await sql.unsafe(question)
  res.json({ answer: answer.toString(), again: again.toString(), rows })
})

const lookup = tool({
  description: "Look up an order",
  parameters: z.object({ id: z.string() }),
  execute: async ({ id }) => ({ id })
})

app.post("/tool", async (req, res) => {
  // ok: sql_injection
  const out = await lookup.execute!(req.body, { toolCallId: "1", messages: [] })
  res.json(out)
})
