// A Next.js app-router chat route that streams the model's answer to anyone.
import { openai } from "@ai-sdk/openai"
import { streamText } from "ai"

export async function POST(req: Request) {
  const { messages } = await req.json()
  // ruleid: missing_authorization[unauthenticated_model_endpoint]
  const result = streamText({ model: openai("gpt-4o"), messages })
  return result.toDataStreamResponse()
}
