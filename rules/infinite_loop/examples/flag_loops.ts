// A loop that runs until a flag flips, where the flag flips only when the model's last answer asks
// for no more tools, is as endless as `while (true)` with that check before a `break`. A flag that a
// counter or a deadline flips, or one set by a check of something the loop drains, bounds it.
import Anthropic from "@anthropic-ai/sdk"
import OpenAI from "openai"

const claude = new Anthropic()
const gpt = new OpenAI()
const STEP_LIMIT = 10

export async function untilNoTools(goal: string, tools: Anthropic.Tool[], run: (name: string, input: unknown) => Promise<string>) {
  const convo: Anthropic.MessageParam[] = [{ role: "user", content: goal }]
  let finished = false
  while (!finished) {
    // ruleid: infinite_loop
    const reply = await claude.messages.create({ model: "claude-sonnet-4-5", max_tokens: 1024, tools, messages: convo })
    convo.push({ role: "assistant", content: reply.content })
    const uses = reply.content.filter((b): b is Anthropic.ToolUseBlock => b.type === "tool_use")
    if (uses.length === 0) {
      finished = true
      continue
    }
    for (const use of uses) convo.push({ role: "user", content: [{ type: "tool_result", tool_use_id: use.id, content: await run(use.name, use.input) }] })
  }
  return convo
}

export async function keepCalling(task: string) {
  let more = true
  while (more) {
    // ruleid: infinite_loop
    const completion = await gpt.chat.completions.create({ model: "gpt-4o", max_tokens: 512, messages: [{ role: "user", content: task }] })
    const calls = completion.choices[0]?.message.tool_calls
    if (!calls?.length) more = false
  }
}

export async function stepBounded(task: string) {
  let done = false
  let step = 0
  while (!done) {
    step += 1
    // ok: infinite_loop
    const completion = await gpt.chat.completions.create({ model: "gpt-4o", max_tokens: 512, messages: [{ role: "user", content: task }] })
    const calls = completion.choices[0]?.message.tool_calls
    if (!calls?.length || step >= STEP_LIMIT) done = true
  }
}

export async function drainQueue(queue: string[]) {
  let empty = queue.length === 0
  while (!empty) {
    const job = queue.shift()!
    // ok: infinite_loop
    await gpt.chat.completions.create({ model: "gpt-4o", max_tokens: 256, messages: [{ role: "user", content: job }] })
    if (queue.length === 0) empty = true
  }
}
