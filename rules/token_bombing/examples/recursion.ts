import { openai } from "@ai-sdk/openai"
import { generateText } from "ai"

export async function decompose(task: string, level: number): Promise<string> {
  // ok: token_bombing
  const { text } = await generateText({ model: openai("gpt-4o"), prompt: task })
  if (level >= 3) return text
  return text + (await decompose(text, level + 1))
}

export class Expander {
  async expand(task: string): Promise<string> {
    // ruleid: token_bombing
    const { text } = await generateText({ model: openai("gpt-4o"), prompt: task })
    return text.includes("MORE") ? this.expand(text) : text
  }
}

export async function reviseUntilCancelled(draft: string, signal: AbortSignal) {
  while (true) {
    // ok: token_bombing
    const { text } = await generateText({ model: openai("gpt-4o"), prompt: draft })
    if (signal.aborted) return text
    draft = text
  }
}
