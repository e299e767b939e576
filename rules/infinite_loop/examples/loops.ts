import { openai } from "@ai-sdk/openai"
import { Agent, run } from "@openai/agents"
import { generateText, isLoopFinished, stepCountIs, ToolLoopAgent } from "ai"
import OpenAI from "openai"
import * as readline from "node:readline/promises"

const client = new OpenAI()

export async function untilDone(task: string) {
  const messages: Array<{ role: "user" | "assistant"; content: string }> = [{ role: "user", content: task }]
  while (true) {
    // ruleid: infinite_loop
    const reply = await client.chat.completions.create({ model: "gpt-4o", messages, max_tokens: 500 })
    const text = reply.choices[0]?.message.content ?? ""
    if (text.includes("DONE")) return text
    messages.push({ role: "assistant", content: text })
  }
}

export async function spin(prompt: string) {
  for (;;) {
    // ruleid: infinite_loop
    const { text } = await generateText({ model: openai("gpt-4o"), prompt })
    if (text.trim() === "STOP") break
  }
}

export async function bounded(prompt: string) {
  // ok: infinite_loop
  for (let step = 0; step < 10; step++) {
    const { text } = await generateText({ model: openai("gpt-4o"), prompt })
    if (text.trim() === "STOP") return text
  }
  throw new Error("step budget exhausted")
}

export async function counted(prompt: string) {
  let calls = 0
  // ok: infinite_loop
  while (true) {
    if (++calls > 8) throw new Error("too many calls")
    const { text } = await generateText({ model: openai("gpt-4o"), prompt })
    if (text.trim() === "STOP") return text
  }
}

export async function repl() {
  const rl = readline.createInterface({ input: process.stdin, output: process.stdout })
  // ok: infinite_loop
  while (true) {
    const question = await rl.question("you> ")
    if (question === "exit") break
    const { text } = await generateText({ model: openai("gpt-4o"), prompt: question })
    console.log(text)
  }
}

export const researcher = new ToolLoopAgent({
  model: openai("gpt-4o"),
  tools: {},
  // ruleid: infinite_loop
  stopWhen: isLoopFinished(),
})

export const crawler = new ToolLoopAgent({
  model: openai("gpt-4o"),
  tools: {},
  // ruleid: infinite_loop
  stopWhen: stepCountIs(100_000),
})

export const writer = new ToolLoopAgent({
  model: openai("gpt-4o"),
  tools: {},
  // ruleid: infinite_loop
  stopWhen: stepCountIs(50),
})

export const summarizer = new ToolLoopAgent({
  model: openai("gpt-4o"),
  tools: {},
  // ok: infinite_loop
  stopWhen: stepCountIs(10),
})

const triage = new Agent({ name: "triage", instructions: "Route the request." })

export async function runAgents(input: string) {
  // ruleid: infinite_loop
  await run(triage, input, { maxTurns: Infinity })
  // ruleid: infinite_loop
  await run(triage, input, { maxTurns: 40 })
  // ok: infinite_loop
  return run(triage, input, { maxTurns: 8 })
}

// ruleid: infinite_loop[high_cap]
export const graphConfig = {
  recursionLimit: 300,
}

// ok: infinite_loop
export const sensibleGraphConfig = {
  recursionLimit: 50,
}

// ruleid: infinite_loop[huge_cap]
export const soakConfig = { configurable: { thread_id: "soak" }, recursionLimit: 1_000_000 }

export async function researchRun(topic: string, graph: { invoke: (input: unknown, config: unknown) => Promise<unknown> }) {
  const limits = { maxTurns: 25 }
  // ruleid: infinite_loop[high_cap]
  await run(triage, topic, limits)
  // ruleid: infinite_loop[huge_cap]
  await graph.invoke({ topic }, { recursionLimit: 10_000 })
  // ruleid: infinite_loop[high_cap]
  await graph.invoke({ topic }, { configurable: { thread_id: topic }, recursionLimit: 250 })
  // ok: infinite_loop
  return graph.invoke({ topic }, { recursionLimit: 40 })
}
