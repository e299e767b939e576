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

// A length check on the reply is no depth limit.
export async function condense(input: string): Promise<string> {
  // ruleid: token_bombing
  const { text } = await generateText({ model: openai("gpt-4o"), prompt: `Shorten: ${input}` })
  if (text.length > 2000) return condense(text)
  return text
}

// A remaining-steps parameter bounds it.
export async function drill(question: string, remaining = 3): Promise<string> {
  // ok: token_bombing
  const { text } = await generateText({ model: openai("gpt-4o"), prompt: question })
  return remaining > 0 && text.endsWith("?") ? drill(text, remaining - 1) : text
}
