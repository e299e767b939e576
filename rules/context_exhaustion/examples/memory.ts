import { openai } from "@ai-sdk/openai"
import { generateText, type ModelMessage } from "ai"
import { BufferMemory, BufferWindowMemory } from "langchain/memory"
import * as readline from "node:readline/promises"

// ruleid: context_exhaustion
export const memory = new BufferMemory({ returnMessages: true, memoryKey: "history" })
// ok: context_exhaustion
export const windowed = new BufferWindowMemory({ k: 8, returnMessages: true })

export async function agentLoop(task: string) {
  const messages: ModelMessage[] = [{ role: "user", content: task }]
  while (true) {
    const result = await generateText({ model: openai("gpt-4o"), messages, maxOutputTokens: 400 })
    // ruleid: context_exhaustion
    messages.push(...result.response.messages)
    if (result.finishReason === "stop") return result.text
  }
}

export async function trimmedLoop(task: string) {
  let messages: ModelMessage[] = [{ role: "user", content: task }]
  while (true) {
    const result = await generateText({ model: openai("gpt-4o"), messages, maxOutputTokens: 400 })
    // ok: context_exhaustion
    messages.push(...result.response.messages)
    messages = messages.slice(-12)
    if (result.finishReason === "stop") return result.text
  }
}

export async function chat() {
  const rl = readline.createInterface({ input: process.stdin, output: process.stdout })
  const history: ModelMessage[] = []
  while (true) {
    const question = await rl.question("you> ")
    // ruleid: context_exhaustion
    history.push({ role: "user", content: question })
    const { text } = await generateText({ model: openai("gpt-4o"), messages: history, maxOutputTokens: 400 })
    console.log(text)
  }
}

export function collect(rows: string[]) {
  const messages: ModelMessage[] = []
  for (const row of rows) {
    // ok: context_exhaustion
    messages.push({ role: "user", content: row })
  }
  return messages
}
