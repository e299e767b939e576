// A route that parses its body with a zod schema itself (`Body.safeParse(...)`, `Body.parse(...)`):
// an enum field holds one of its values; a free string field is still the caller's text.
import { openai } from "@ai-sdk/openai"
import { generateText } from "ai"
import { NextResponse } from "next/server"
import { z } from "zod"

const Body = z.object({
  question: z.string().max(4000),
  locale: z.enum(["en-US", "de-DE", "fr-FR"]).default("en-US"),
  signature: z.string().max(200),
})

export async function POST(req: Request) {
  const parsed = Body.safeParse(await req.json())
  if (!parsed.success) return NextResponse.json({ error: "bad request" }, { status: 400 })
  const { question, locale, signature } = parsed.data
  const fixed = await generateText({
    model: openai("gpt-4o-mini"),
    // ok: universal_prompt_injection
    system: `You are the storefront assistant. Reply in the locale ${locale}.`,
    prompt: question,
    maxOutputTokens: 500,
  })
  const free = await generateText({
    model: openai("gpt-4o-mini"),
    // ruleid: universal_prompt_injection
    system: `You are the storefront assistant. Sign every answer as ${signature}.`,
    prompt: question,
    maxOutputTokens: 500,
  })
  return NextResponse.json({ fixed: fixed.text, free: free.text })
}
