import { openai } from "@ai-sdk/openai"
import { Ratelimit } from "@upstash/ratelimit"
import { Redis } from "@upstash/redis"
import { streamText } from "ai"

const ratelimit = new Ratelimit({ redis: Redis.fromEnv(), limiter: Ratelimit.slidingWindow(10, "60 s") })

export async function POST(request: Request) {
  const ip = request.headers.get("x-forwarded-for") ?? "anonymous"
  const { success } = await ratelimit.limit(ip)
  if (!success) return new Response("Too many requests", { status: 429 })
  const { messages } = await request.json()
  // ok: universal_missing_rate_limits
  const result = streamText({ model: openai("gpt-4o-mini"), messages, maxOutputTokens: 400 })
  return result.toTextStreamResponse()
}
