import express from "express"
import escapeHtml from "escape-html"
import { Hono } from "hono"
import OpenAI from "openai"

const client = new OpenAI()
const app = express()
app.use(express.json())

app.post("/answer", async (req, res) => {
  const reply = await client.responses.create({ model: "gpt-4o-mini", input: req.body.question })
  // ruleid: output_validation
  res.send(`<!doctype html><main class="answer">${reply.output_text}</main>`)
})

app.post("/answer/safe", async (req, res) => {
  const reply = await client.responses.create({ model: "gpt-4o-mini", input: req.body.question })
  // ok: output_validation
  res.send(`<main class="answer">${escapeHtml(reply.output_text)}</main>`)
})

app.post("/answer/json", async (req, res) => {
  const reply = await client.responses.create({ model: "gpt-4o-mini", input: req.body.question })
  // ok: output_validation
  res.send(JSON.stringify({ answer: reply.output_text }))
})

const web = new Hono()
web.post("/widget", async (c) => {
  const { question } = await c.req.json()
  const reply = await client.responses.create({ model: "gpt-4o-mini", input: question })
  // ruleid: output_validation
  return c.html(reply.output_text)
})

export { app, web }
