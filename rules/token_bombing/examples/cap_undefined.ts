import { openai } from "@ai-sdk/openai"
import { generateText } from "ai"
import OpenAI from "openai"

const router = new OpenAI({ baseURL: "https://openrouter.ai/api/v1" })

// `undefined` sets no cap: the key is dropped when the request is serialised, like one left out,
// so a single call is not reported; in an endless loop it is as uncapped as a call without the key

export async function relay(history: Array<{ role: "user" | "assistant"; content: string }>) {
  // ok: token_bombing
  return router.chat.completions.create({ model: "mistral-large", messages: history, max_tokens: undefined, stream: true })
}

export async function headline(article: string) {
  // ok: token_bombing
  const { text } = await generateText({ model: openai("gpt-4o-mini"), prompt: article, maxOutputTokens: void 0 })
  return text
}

export async function polish(essay: string) {
  for (;;) {
    // ruleid: token_bombing
    const { text } = await generateText({ model: openai("gpt-4o"), prompt: essay, maxOutputTokens: undefined })
    if (text === essay) return text
    essay = text
  }
}

export async function noCap(question: string) {
  // ruleid: token_bombing[cap_disabled]
  return router.chat.completions.create({ model: "gpt-4o", messages: [{ role: "user", content: question }], max_tokens: null })
}
