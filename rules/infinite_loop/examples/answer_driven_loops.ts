// Tool loops that run while the model keeps asking for tools: only the answer the body last received
// decides whether they run again, as in `while (true)`. A counter or a deadline bounds them.
import Anthropic from "@anthropic-ai/sdk"
import OpenAI from "openai"

const claude = new Anthropic()
const gpt = new OpenAI()
const MAX_TURNS = 8

export async function toolLoop(question: string, tools: Anthropic.Tool[]) {
  const history: Anthropic.MessageParam[] = [{ role: "user", content: question }]
  let reply = await claude.messages.create({ model: "claude-sonnet-4-5", max_tokens: 1024, tools, messages: history })
  while (reply.stop_reason === "tool_use") {
    history.push({ role: "assistant", content: reply.content })
    // ruleid: infinite_loop
    reply = await claude.messages.create({ model: "claude-sonnet-4-5", max_tokens: 1024, tools, messages: history })
  }
  return reply
}

export async function callsLoop(question: string) {
  let msg = (await gpt.chat.completions.create({ model: "gpt-4o", max_tokens: 512, messages: [{ role: "user", content: question }] })).choices[0]!.message
  while (msg.tool_calls?.length) {
    // ruleid: infinite_loop
    msg = (await gpt.chat.completions.create({ model: "gpt-4o", max_tokens: 512, messages: [{ role: "user", content: question }] })).choices[0]!.message
  }
  return msg
}

export async function counted(question: string, tools: Anthropic.Tool[]) {
  let turns = 0
  let reply = await claude.messages.create({ model: "claude-sonnet-4-5", max_tokens: 1024, tools, messages: [{ role: "user", content: question }] })
  while (reply.stop_reason === "tool_use" && turns < MAX_TURNS) {
    turns++
    // ok: infinite_loop
    reply = await claude.messages.create({ model: "claude-sonnet-4-5", max_tokens: 1024, tools, messages: [{ role: "user", content: question }] })
  }
  return reply
}

export async function drain(queue: string[]) {
  const out: unknown[] = []
  while (queue.length) {
    const job = queue.pop()!
    // ok: infinite_loop
    out.push(await gpt.chat.completions.create({ model: "gpt-4o", max_tokens: 256, messages: [{ role: "user", content: job }] }))
  }
  return out
}
