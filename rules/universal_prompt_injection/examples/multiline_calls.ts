// Multi-line calls: the finding is on the line of the system message's content that carries the data.
import express from "express"
import OpenAI from "openai"

const openai = new OpenAI()
const app = express()
app.use(express.json())

app.post("/draft", async (req, res) => {
  const out = await openai.chat.completions.create({
    model: "gpt-4o-mini",
    messages: [
      // ruleid: universal_prompt_injection
      { role: "system", content: `Write in the house style: ${req.body.houseStyle}` },
      { role: "user", content: req.body.topic },
    ],
  })
  res.json(out.choices[0].message)
})

app.post("/draft-fixed", async (req, res) => {
  const out = await openai.chat.completions.create({
    model: "gpt-4o-mini",
    messages: [
      // ok: universal_prompt_injection
      { role: "system", content: "Write in a plain, friendly style." },
      { role: "user", content: req.body.topic },
    ],
  })
  res.json(out.choices[0].message)
})
