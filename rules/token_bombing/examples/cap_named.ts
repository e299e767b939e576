// An output cap removed through a named constant is as removed as a literal null / -1.
import { ChatOpenAI } from "@langchain/openai"
import { openai } from "@ai-sdk/openai"
import { generateText } from "ai"

const NO_CAP = -1
const UNCAPPED = null
const ANSWER_TOKENS = 700

export function planner() {
  // ruleid: token_bombing[cap_disabled]
  return new ChatOpenAI({ model: "gpt-4o", maxTokens: NO_CAP })
}

export async function essay(prompt: string) {
  // ruleid: token_bombing[cap_disabled]
  const { text } = await generateText({ model: openai("gpt-4o"), prompt, maxOutputTokens: UNCAPPED })
  return text
}

export function cappedPlanner() {
  // ok: token_bombing
  return new ChatOpenAI({ model: "gpt-4o", maxTokens: ANSWER_TOKENS })
}

export async function shortEssay(prompt: string) {
  // ok: token_bombing
  const { text } = await generateText({ model: openai("gpt-4o"), prompt, maxOutputTokens: Number(ANSWER_TOKENS) })
  return text
}
