import { Hono } from "hono"
import { html, raw } from "hono/html"
import { generateText } from "ai"
import { openai } from "@ai-sdk/openai"

const app = new Hono()

const escapeText = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`)

app.get("/answer", async (c) => {
  const question = c.req.query("q") ?? ""
  const { text } = await generateText({ model: openai("gpt-4o-mini"), prompt: question })
  // ok: output_validation
  const page = html`<h2>${question}</h2><p>${text}</p>`
  // ruleid: output_validation
  const unescaped = html`<div>${raw(text)}</div>`
  // ok: output_validation
  const escaped = html`<div>${raw(escapeText(text))}</div>`
  return c.html(html`${page}${unescaped}${escaped}`)
})

export default app
