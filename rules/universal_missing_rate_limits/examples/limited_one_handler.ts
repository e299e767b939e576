import { openai } from "@ai-sdk/openai"
import { Ratelimit } from "@upstash/ratelimit"
import { Redis } from "@upstash/redis"
import { generateText, streamText } from "ai"

const quota = new Ratelimit({ redis: Redis.fromEnv(), limiter: Ratelimit.slidingWindow(10, "60 s") })

export async function POST(request: Request) {
  const { success } = await quota.limit(request.headers.get("x-forwarded-for") ?? "anonymous")
  if (!success) return new Response("Too many requests", { status: 429 })
  const { messages } = await request.json()
  // ok: universal_missing_rate_limits
  const result = streamText({ model: openai("gpt-4o-mini"), messages })
  return result.toTextStreamResponse()
}

// the limit above is checked in POST only
export async function PUT(request: Request) {
  const { prompt } = await request.json()
  // ruleid: universal_missing_rate_limits
  const { text } = await generateText({ model: openai("gpt-4o-mini"), prompt })
  return Response.json({ text })
}
