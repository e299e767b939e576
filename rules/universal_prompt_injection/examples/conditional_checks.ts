// A ternary that keeps a request value only when it passed an allow-list check
// (`ALLOWED.includes(x) ? x : fallback`) gives one of the allowed values; the value unchecked does not.
import express from "express"
import OpenAI from "openai"

const app = express()
const openai = new OpenAI()
const TONES = ["neutral", "friendly", "formal"]
const PERSONAS = new Set(["tutor", "coach"])

app.post("/reply", express.json(), async (req, res) => {
  const tone = TONES.includes(req.body.tone) ? req.body.tone : "neutral"
  const persona = !PERSONAS.has(req.body.persona) ? "tutor" : req.body.persona
  const out = await openai.chat.completions.create({
    model: "gpt-4o-mini",
    messages: [
      // ok: universal_prompt_injection
      { role: "system", content: `You are a ${persona}. Reply in a ${tone} tone.` },
      { role: "user", content: req.body.text },
    ],
  })
  res.json({ answer: out.choices[0].message.content })
})

app.post("/reply/unchecked", express.json(), async (req, res) => {
  const tone = req.body.tone ? req.body.tone : "neutral"
  const persona = PERSONAS.has(req.body.text) ? req.body.persona : "tutor"
  const out = await openai.chat.completions.create({
    model: "gpt-4o-mini",
    messages: [
      // ruleid: universal_prompt_injection
      { role: "system", content: `You are a ${persona}. Reply in a ${tone} tone.` },
      { role: "user", content: req.body.text },
    ],
  })
  res.json({ answer: out.choices[0].message.content })
})

// the value checked and kept as a string (`String(x)` in both places): still the checked value
app.post("/reply/converted", express.json(), async (req, res) => {
  const style = PERSONAS.has(String(req.body.style)) ? String(req.body.style) : "tutor"
  const loose = PERSONAS.has(String(req.body.style)) ? String(req.body.text) : "tutor"
  const out = await openai.chat.completions.create({
    model: "gpt-4o-mini",
    messages: [
      // ok: universal_prompt_injection
      { role: "system", content: `You are a ${style}.` },
      // ruleid: universal_prompt_injection
      { role: "system", content: `You are a ${loose}.` },
      { role: "user", content: String(req.body.text) },
    ],
  })
  res.json({ answer: out.choices[0].message.content })
})
