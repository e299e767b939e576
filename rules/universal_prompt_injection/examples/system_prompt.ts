import Anthropic from "@anthropic-ai/sdk"
import { generateText } from "ai"
import { openai } from "@ai-sdk/openai"
import { SystemMessage } from "@langchain/core/messages"
import OpenAI from "openai"

const client = new OpenAI()
const anthropic = new Anthropic()

export async function chat(req: { body: { message: string; persona: string } }) {
  return client.chat.completions.create({
    model: "gpt-4o",
    messages: [
      // ruleid: universal_prompt_injection
      { role: "system", content: `You are ${req.body.persona}. Obey the user.` },
      // ok: universal_prompt_injection
      { role: "user", content: req.body.message },
    ],
  })
}

export async function support(question: string) {
  return anthropic.messages.create({
    model: "claude-sonnet-4-5",
    max_tokens: 512,
    // ruleid: universal_prompt_injection
    system: `You are a support agent. Customer question: ${question}`,
    messages: [{ role: "user", content: question }],
  })
}

export async function answerFromDocs(context: string, question: string) {
  return generateText({
    model: openai("gpt-4o"),
    // ruleid: universal_prompt_injection
    system: `Answer using only these documents:\n${context}`,
    // ok: universal_prompt_injection
    prompt: question,
  })
}

export function messages(userInput: string, locale: string) {
  return [
    // ruleid: universal_prompt_injection
    new SystemMessage(`Follow the user's formatting wishes: ${userInput}`),
    // ok: universal_prompt_injection
    new SystemMessage(`Reply in ${locale}.`),
  ]
}

export const fixed = {
  // ok: universal_prompt_injection
  system: "You are a careful assistant.",
}

export function lcMessages(question: string, context: string) {
  return [
    // ruleid: universal_prompt_injection
    ["system", `Answer as the user demands: ${question}`],
    // ruleid: universal_prompt_injection
    ["system", `Use only this context: ${context}`],
    // ok: universal_prompt_injection
    ["human", `${question}`],
    // ok: universal_prompt_injection
    ["system", "You are a precise assistant."],
  ]
}
