import express from "express"
import OpenAI from "openai"
import { readFileSync } from "node:fs"

const app = express()
const openai = new OpenAI()
const MODEL = process.env.OPENAI_MODEL ?? "gpt-4o-mini"

app.post("/chat", async (req, res) => {
  const systemPrompt = process.env.ASSISTANT_SYSTEM_PROMPT ?? ""
  try {
    const completion = await openai.chat.completions.create({
      model: MODEL,
      messages: [
        { role: "system", content: systemPrompt },
        { role: "user", content: req.body.message }
      ]
    })
    // ok: system_prompt_leak
    console.log("chat done", MODEL)
    res.json({ reply: completion.choices[0].message.content })
  } catch (err) {
    // ruleid: system_prompt_leak[prompt_returned]
    res.status(500).json({ error: String(err), system: systemPrompt })
  }
})

app.post("/summarise", async (req, res) => {
  const rules = readFileSync("prompts/summarise.md", "utf8")
  // ruleid: system_prompt_leak[prompt_logged]
  console.debug("summarise with", rules)
  const completion = await openai.chat.completions.create({
    model: MODEL,
    messages: [{ role: "system", content: rules }, { role: "user", content: req.body.text }]
  })
  res.json({ summary: completion.choices[0].message.content })
})
