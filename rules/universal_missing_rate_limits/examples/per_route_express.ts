import { openai } from "@ai-sdk/openai"
import { generateText } from "ai"
import express from "express"
import rateLimit from "express-rate-limit"
import { requireUser } from "./session"

const app = express()
const router = express.Router()
const chatThrottle = rateLimit({ windowMs: 60_000, limit: 20 })

// a limiter in front of this route covers this route only
app.post("/chat", chatThrottle, async (req, res) => {
  // ok: universal_missing_rate_limits
  const { text } = await generateText({ model: openai("gpt-4o-mini"), prompt: req.body.prompt })
  res.json({ text })
})

// authentication is not a rate limit
app.post("/summarize", requireUser, async (req, res) => {
  // ruleid: universal_missing_rate_limits
  const { text } = await generateText({ model: openai("gpt-4o-mini"), prompt: `Summarize: ${req.body.text}` })
  res.json({ text })
})

router.post("/translate", requireUser, rateLimit({ windowMs: 60_000, limit: 5 }), async (req, res) => {
  // ok: universal_missing_rate_limits
  const { text } = await generateText({ model: openai("gpt-4o-mini"), prompt: `Translate: ${req.body.text}` })
  res.json({ text })
})

app.use("/v2", router)
app.listen(3000)
