// A Hono route validated by a zod schema: an enum field is one of fixed values in the system
// prompt; a free-text field of the same request is the caller's text.
import { anthropic } from "@ai-sdk/anthropic"
import { zValidator } from "@hono/zod-validator"
import { streamText } from "ai"
import { Hono } from "hono"
import { z } from "zod"

const recapSchema = z.object({
  transcript: z.string().max(40_000),
  style: z.enum(["bullets", "narrative", "action-items"]),
  audience: z.string().max(200),
})

export const recaps = new Hono()

recaps.post("/recap", zValidator("json", recapSchema), async (c) => {
  const { transcript, style, audience } = c.req.valid("json")
  const fixed = streamText({
    model: anthropic("claude-3-5-haiku-latest"),
    // ok: universal_prompt_injection
    system: `You recap meeting transcripts. Output format: ${style}.`,
    prompt: transcript,
    maxOutputTokens: 800,
  })
  const free = streamText({
    model: anthropic("claude-3-5-haiku-latest"),
    // ruleid: universal_prompt_injection
    system: `You recap meeting transcripts for ${audience}.`,
    prompt: transcript,
    maxOutputTokens: 800,
  })
  return c.json({ fixed: await fixed.text, free: await free.text })
})
