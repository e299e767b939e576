// An allow-list check of a property (`TONES.includes(body.tone)`) holds for later reads of it.
import express from "express"
import { generateText } from "ai"
import { openai } from "@ai-sdk/openai"

const app = express()
app.use(express.json())
const TONES = ["formal", "casual"]

app.post("/reply", async (req, res) => {
  if (!TONES.includes(req.body.tone)) return res.status(400).json({ error: "unknown tone" })
  const { text } = await generateText({
    model: openai("gpt-4o"),
    // ok: universal_prompt_injection
    system: `Reply in a ${req.body.tone} tone.`,
    prompt: req.body.message,
  })
  res.json({ text })
})

app.post("/reply-any", async (req, res) => {
  const { text } = await generateText({
    model: openai("gpt-4o"),
    // ruleid: universal_prompt_injection
    system: `Reply in a ${req.body.tone} tone.`,
    prompt: req.body.message,
  })
  res.json({ text })
})
