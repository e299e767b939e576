// Hono handlers read the request from their context (`c.req.json()`, `c.req.valid("json")` after a
// zod validator): an output cap computed from it is the caller's choice unless a ceiling clamps it.
import { anthropic } from "@ai-sdk/anthropic";
import { zValidator } from "@hono/zod-validator";
import { streamText } from "ai";
import { Hono } from "hono";
import { z } from "zod";

const PER_WORD = 1.4;
const CEILING = 1_200;
const storySchema = z.object({ premise: z.string().max(2_000), words: z.number().int().positive() });

const tokensFor = (words: number): number => Math.ceil(words * PER_WORD);
const clampedTokensFor = (words: number): number => Math.min(Math.ceil(words * PER_WORD), CEILING);

export const stories = new Hono();

stories.post("/story", zValidator("json", storySchema), async (c) => {
  const { premise, words } = c.req.valid("json");
  const result = streamText({
    model: anthropic("claude-3-5-haiku-latest"),
    prompt: premise,
    // ruleid: token_bombing
    maxOutputTokens: tokensFor(words),
  });
  return result.toTextStreamResponse();
});

stories.post("/story/short", zValidator("json", storySchema), async (c) => {
  const { premise, words } = c.req.valid("json");
  const result = streamText({
    model: anthropic("claude-3-5-haiku-latest"),
    prompt: premise,
    // ok: token_bombing
    maxOutputTokens: clampedTokensFor(words),
  });
  return result.toTextStreamResponse();
});

stories.post("/story/raw", async (c) => {
  const body = await c.req.json();
  // ruleid: token_bombing
  const result = streamText({ model: anthropic("claude-3-5-haiku-latest"), prompt: String(body.premise), maxOutputTokens: Math.round(body.limit) });
  return result.toTextStreamResponse();
});

type DigestOptions = { text: string; maxTokens?: number; temperature?: number };

function samplingFor(opts: DigestOptions) {
  return { temperature: opts.temperature ?? 0.3, maxTokens: opts.maxTokens };
}

function cappedSamplingFor(opts: DigestOptions) {
  return { temperature: 0.3, maxTokens: Math.min(opts.maxTokens ?? 400, CEILING) };
}

stories.post("/digest", async (c) => {
  const opts = await c.req.json<DigestOptions>();
  const sampling = samplingFor(opts);
  // ruleid: token_bombing
  const loose = streamText({ model: anthropic("claude-3-5-haiku-latest"), prompt: opts.text, ...sampling });
  // ok: token_bombing
  const capped = streamText({ model: anthropic("claude-3-5-haiku-latest"), prompt: opts.text, ...cappedSamplingFor(opts) });
  return c.json({ loose: await loose.text, capped: await capped.text });
});
