import Anthropic from "@anthropic-ai/sdk"
import express from "express"
import rateLimit from "express-rate-limit"

const anthropic = new Anthropic()
const router = express.Router()
router.use(rateLimit({ windowMs: 60_000, limit: 20 }))

router.post("/summarize", async (req, res) => {
  // ok: universal_missing_rate_limits
  const msg = await anthropic.messages.create({ model: "claude-3-5-haiku-latest", max_tokens: 300, messages: [{ role: "user", content: req.body.text }] })
  res.json(msg.content)
})

export default router
