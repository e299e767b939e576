// A limiter under a path prefix covers the routes of the router mounted there, not the app's other routes.
import { openai } from "@ai-sdk/openai"
import { generateText } from "ai"
import express from "express"
import rateLimit from "express-rate-limit"

const app = express()
const v1 = express.Router()

v1.post("/complete", async (req, res) => {
  // ok: universal_missing_rate_limits
  const { text } = await generateText({ model: openai("gpt-4o-mini"), prompt: req.body.prompt })
  res.json({ text })
})

app.post("/internal/complete", async (req, res) => {
  // ruleid: universal_missing_rate_limits
  const { text } = await generateText({ model: openai("gpt-4o-mini"), prompt: req.body.prompt })
  res.json({ text })
})

app.use("/v1", rateLimit({ windowMs: 60_000, limit: 30 }), v1)
app.listen(3000)
