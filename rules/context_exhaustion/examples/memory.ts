import { openai } from "@ai-sdk/openai"
import { generateText, streamText, type ModelMessage } from "ai"
import { BufferMemory, BufferWindowMemory } from "langchain/memory"
import express from "express"
import OpenAI from "openai"
import * as readline from "node:readline/promises"

// ruleid: context_exhaustion
export const memory = new BufferMemory({ returnMessages: true, memoryKey: "history" })
// ok: context_exhaustion
export const windowed = new BufferWindowMemory({ k: 8, returnMessages: true })

const app = express()
const client = new OpenAI()
const conversations = new Map<string, ModelMessage[]>()

app.post("/chat/:id", async (req, res) => {
  const history = conversations.get(req.params.id) ?? []
  history.push({ role: "user", content: String(req.body.text) })
  conversations.set(req.params.id, history)
  // ruleid: context_exhaustion
  const result = streamText({ model: openai("gpt-4o"), messages: history })
  result.pipeTextStreamToResponse(res)
})

export class Session {
  private messages: OpenAI.ChatCompletionMessageParam[] = []
  async send(text: string) {
    this.messages.push({ role: "user", content: text })
    // ruleid: context_exhaustion
    const r = await client.chat.completions.create({ model: "gpt-4o", messages: this.messages })
    this.messages.push(r.choices[0]!.message)
    return r.choices[0]!.message.content
  }
}

export class WindowedSession {
  private messages: OpenAI.ChatCompletionMessageParam[] = []
  async send(text: string) {
    this.messages.push({ role: "user", content: text })
    if (this.messages.length > 40) this.messages.splice(0, 2)
    // ok: context_exhaustion
    const r = await client.chat.completions.create({ model: "gpt-4o", messages: this.messages })
    return r.choices[0]!.message.content
  }
}

export async function agentLoop(task: string) {
  const messages: ModelMessage[] = [{ role: "user", content: task }]
  while (true) {
    // ruleid: context_exhaustion
    const result = await generateText({ model: openai("gpt-4o"), messages, maxOutputTokens: 400 })
    messages.push(...result.response.messages)
    if (result.finishReason === "stop") return result.text
  }
}

export async function trimmedLoop(task: string) {
  let messages: ModelMessage[] = [{ role: "user", content: task }]
  while (true) {
    // ok: context_exhaustion
    const result = await generateText({ model: openai("gpt-4o"), messages, maxOutputTokens: 400 })
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
    history.push({ role: "user", content: question })
    // ruleid: context_exhaustion
    const { text } = await generateText({ model: openai("gpt-4o"), messages: history, maxOutputTokens: 400 })
    console.log(text)
  }
}

export async function oneShot(text: string) {
  const messages: ModelMessage[] = [{ role: "system", content: "Be brief." }]
  messages.push({ role: "user", content: text })
  // ok: context_exhaustion
  return (await generateText({ model: openai("gpt-4o"), messages })).text
}

export function collect(rows: string[]) {
  const messages: ModelMessage[] = []
  for (const row of rows) {
    // ok: context_exhaustion
    messages.push({ role: "user", content: row })
  }
  return messages
}

import * as lcMemory from "langchain/memory"

export function memoryFor(userId: string) {
  // ruleid: context_exhaustion
  const perUser = new lcMemory.BufferMemory({ memoryKey: `history_${userId}` })
  // ok: context_exhaustion
  const bounded = new lcMemory.BufferWindowMemory({ k: 6, memoryKey: `history_${userId}` })
  return [perUser, bounded]
}
