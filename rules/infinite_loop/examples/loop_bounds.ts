import { openai } from "@ai-sdk/openai"
import { generateText } from "ai"
import * as readline from "node:readline/promises"

export async function polish(draft: string) {
  let passes = 0
  while (true) {
    // ok: infinite_loop
    const { text } = await generateText({ model: openai("gpt-4o"), prompt: draft, maxOutputTokens: 400 })
    draft = text
    if (++passes >= 4) break
  }
  return draft
}

export async function withinBudget(goal: string, budgetMs: number) {
  const until = Date.now() + budgetMs
  for (;;) {
    // ok: infinite_loop
    const { text } = await generateText({ model: openai("gpt-4o"), prompt: goal, maxOutputTokens: 400 })
    if (Date.now() > until) throw new Error("out of time")
    goal = text
  }
}

export async function cancellable(goal: string, signal: AbortSignal) {
  while (true) {
    if (signal.aborted) return goal
    // ok: infinite_loop
    const { text } = await generateText({ model: openai("gpt-4o"), prompt: goal, maxOutputTokens: 400 })
    goal = text
  }
}

export async function untilApproved(goal: string) {
  while (true) {
    // ruleid: infinite_loop
    const { text } = await generateText({ model: openai("gpt-4o"), prompt: goal, maxOutputTokens: 400 })
    if (text.startsWith("APPROVED")) return text
    goal = text
  }
}

export async function untilMarked(goal: string) {
  while (true) {
    // ruleid: infinite_loop
    const { text } = await generateText({ model: openai("gpt-4o"), prompt: goal, maxOutputTokens: 400 })
    if (text.indexOf("FINAL:") !== -1 && text.indexOf("FINAL:") >= 0) return text
    goal = text
  }
}

export async function repl() {
  const rl = readline.createInterface({ input: process.stdin, output: process.stdout })
  while (true) {
    const question = await rl.question("> ")
    // ok: infinite_loop
    const { text } = await generateText({ model: openai("gpt-4o"), prompt: question, maxOutputTokens: 400 })
    console.log(text)
  }
}
