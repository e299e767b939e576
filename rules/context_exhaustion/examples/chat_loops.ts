// A history pushed to from a readline chat loop or an endless agent loop grows for the whole
// session; a pruned one is silent.
import OpenAI from "openai";
import * as readline from "node:readline/promises";
import { generateText, type CoreMessage } from "ai";
import { openai } from "@ai-sdk/openai";

const client = new OpenAI();

export async function terminalChat() {
  const rl = readline.createInterface({ input: process.stdin, output: process.stdout });
  const convo: CoreMessage[] = [];
  for (;;) {
    const line = await rl.question("you: ");
    convo.push({ role: "user", content: line });
    // ruleid: context_exhaustion
    const { text } = await generateText({ model: openai("gpt-4o-mini"), maxTokens: 400, messages: convo });
    convo.push({ role: "assistant", content: text });
  }
}

export async function toolAgent(goal: string) {
  const msgs: OpenAI.Chat.ChatCompletionMessageParam[] = [{ role: "user", content: goal }];
  while (true) {
    // ruleid: context_exhaustion
    const res = await client.chat.completions.create({ model: "gpt-4o", max_tokens: 800, messages: msgs });
    const m = res.choices[0].message;
    msgs.push(m);
    if (!m.tool_calls) return m.content;
  }
}

export async function prunedChat() {
  const rl = readline.createInterface({ input: process.stdin, output: process.stdout });
  let convo: CoreMessage[] = [];
  for (;;) {
    convo.push({ role: "user", content: await rl.question("you: ") });
    convo = convo.slice(-12);
    // ok: context_exhaustion
    const { text } = await generateText({ model: openai("gpt-4o-mini"), maxTokens: 400, messages: convo });
    convo.push({ role: "assistant", content: text });
  }
}
