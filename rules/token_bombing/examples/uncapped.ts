import { openai } from "@ai-sdk/openai"
import { generateText, streamText } from "ai"
import express from "express"

export async function refine(draft: string) {
  while (true) {
    // ruleid: token_bombing
    const { text } = await generateText({ model: openai("gpt-4o"), prompt: draft })
    if (text.includes("LGTM")) return text
    draft = text
  }
}

export async function refineCapped(draft: string) {
  while (true) {
    // ok: token_bombing
    const { text } = await generateText({ model: openai("gpt-4o"), prompt: draft, maxOutputTokens: 500 })
    if (text.includes("LGTM")) return text
    draft = text
  }
}

export async function explode(topic: string): Promise<string> {
  // ruleid: token_bombing
  const { text } = await generateText({ model: openai("gpt-4o"), prompt: `Outline ${topic}` })
  const parts = await Promise.all(text.split("\n").map((line) => explode(line)))
  return parts.join("\n")
}

export async function summarize(doc: string) {
  // ok: token_bombing
  const { text } = await generateText({ model: openai("gpt-4o"), prompt: doc })
  return text
}

const app = express()
app.post("/chat", (req, res) => {
  const result = streamText({
    model: openai("gpt-4o"),
    prompt: req.body.prompt,
    // ruleid: token_bombing[request_cap]
    maxOutputTokens: req.body.maxTokens,
  })
  result.pipeTextStreamToResponse(res)
})
app.post("/chat-clamped", (req, res) => {
  // ok: token_bombing
  const result = streamText({
    model: openai("gpt-4o"),
    prompt: req.body.prompt,
    maxOutputTokens: Math.min(Number(req.body.maxTokens ?? 256), 1024),
  })
  result.pipeTextStreamToResponse(res)
})
// a request field named `length` is what the client sent, not the length of a text
app.post("/story", (req, res) => {
  const result = streamText({
    model: openai("gpt-4o"),
    prompt: String(req.body.prompt),
    // ruleid: token_bombing[request_cap]
    maxOutputTokens: Number(req.body.length) || 600,
  })
  result.pipeTextStreamToResponse(res)
})
