// An agent loop hands the model's tool calls to tools by name: the parsed arguments are a record,
// not SQL text, whatever the tool's method is called. A statement read from them is text again.
import Anthropic from "@anthropic-ai/sdk"
import OpenAI from "openai"
import { Pool } from "pg"
import { registry } from "./registry"

const openai = new OpenAI()
const anthropic = new Anthropic()
const pool = new Pool()

export async function agentLoop(task: string) {
  const history: Array<OpenAI.Chat.ChatCompletionMessageParam> = [{ role: "user", content: task }]
  for (let turn = 0; turn < 8; turn++) {
    const reply = await openai.chat.completions.create({ model: "gpt-4o", messages: history })
    const calls = reply.choices[0]!.message.tool_calls ?? []
    if (calls.length === 0) return reply.choices[0]!.message.content
    for (const call of calls) {
      const input = JSON.parse(call.function.arguments)
      // ok: sql_injection
      const output = await registry[call.function.name]!.execute(input)
      // ok: sql_injection
      await registry.audit.query(JSON.parse(call.function.arguments))
      // ruleid: sql_injection
      const rows = await pool.query(input.sql)
      const { statement } = JSON.parse(call.function.arguments)
      // ruleid: sql_injection
      await pool.query(statement)
      history.push({ role: "tool", tool_call_id: call.id, content: JSON.stringify({ output, rows: rows.rows }) })
    }
  }
}

export async function claudeTools(question: string, runner: { execute: (args: unknown) => Promise<unknown> }) {
  const msg = await anthropic.messages.create({ model: "claude-sonnet-4-5", max_tokens: 1024, messages: [{ role: "user", content: question }] })
  for (const block of msg.content) {
    if (block.type !== "tool_use") continue
    const parsedArgs = JSON.parse(JSON.stringify(block.input))
    // ok: sql_injection
    await runner.execute(parsedArgs)
  }
}
