import { ChatAnthropic } from "@langchain/anthropic"
import { openai } from "@ai-sdk/openai"
import * as ai from "ai"
import OpenAI from "openai"

const client = new OpenAI()
const OUTPUT_CAP = Number(process.env.OUTPUT_CAP ?? 800)

export function writer() {
  // ruleid: token_bombing[cap_disabled]
  return new ChatAnthropic({ model: "claude-3-5-sonnet-latest", maxTokens: -1 })
}

export async function draft(topic: string) {
  const options = { model: "gpt-4o", messages: [{ role: "user" as const, content: topic }], max_completion_tokens: null }
  // ruleid: token_bombing[cap_disabled]
  return client.chat.completions.create(options)
}

export async function story(prompt: string) {
  // ruleid: token_bombing[cap_disabled]
  const { text } = await ai.generateText({ model: openai("gpt-4o"), prompt, maxOutputTokens: null })
  return text
}

export function cappedWriter() {
  // ok: token_bombing
  return new ChatAnthropic({ model: "claude-3-5-sonnet-latest", maxTokens: 1024 })
}

export async function cappedStory(prompt: string) {
  // ok: token_bombing
  const { text } = await ai.generateText({ model: openai("gpt-4o"), prompt, maxOutputTokens: OUTPUT_CAP })
  return text
}
