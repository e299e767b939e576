import Anthropic from "@anthropic-ai/sdk"
import express from "express"

const anthropic = new Anthropic()
const router = express.Router()

async function summarize(text: string) {
  return anthropic.messages.create({ model: "claude-3-5-haiku-latest", max_tokens: 300, messages: [{ role: "user", content: text }] })
}

router.post("/summarize", async (req, res) => {
  // ruleid: universal_missing_rate_limits
  const msg = await summarize(req.body.text)
  res.json(msg.content)
})

export default router
