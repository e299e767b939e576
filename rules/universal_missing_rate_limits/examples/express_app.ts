import { openai } from "@ai-sdk/openai"
import { generateText, streamText } from "ai"
import express from "express"

const app = express()
app.use(express.json())

app.post("/api/chat", async (req, res) => {
  // ruleid: universal_missing_rate_limits
  const { text } = await generateText({ model: openai("gpt-4o-mini"), prompt: req.body.prompt, maxOutputTokens: 400 })
  res.json({ text })
})

// ok: universal_missing_rate_limits
app.get("/api/health", (_req, res) => {
  res.json({ ok: true })
})

export async function POST(request: Request) {
  const { messages } = await request.json()
  // ruleid: universal_missing_rate_limits
  const result = streamText({ model: openai("gpt-4o-mini"), messages, maxOutputTokens: 400 })
  return result.toTextStreamResponse()
}

// ok: universal_missing_rate_limits
export async function GET() {
  return Response.json({ ok: true })
}

export default app
