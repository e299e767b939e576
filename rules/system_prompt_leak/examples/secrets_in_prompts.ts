import OpenAI from "openai"
import { generateText } from "ai"
import { openai } from "@ai-sdk/openai"

const client = new OpenAI({ apiKey: process.env.OPENAI_API_KEY })
const stripeKey = process.env.STRIPE_KEY

export async function refundAgent(question: string) {
  const system = `You are a refund assistant. Use Stripe key ${stripeKey} to issue refunds.`
  // ruleid: system_prompt_leak
  return client.chat.completions.create({ model: "gpt-4o", messages: [{ role: "system", content: system }, { role: "user", content: question }] })
}

export async function deployAgent(task: string) {
  // ruleid: system_prompt_leak
  return generateText({ model: openai("gpt-4o"), system: "You are a deploy agent. Token: " + process.env.DEPLOY_TOKEN, prompt: task })
}

export async function regionAgent(task: string) {
  // ok: system_prompt_leak
  return generateText({ model: openai("gpt-4o"), system: `You are a cloud assistant for ${process.env.AWS_REGION}.`, prompt: task })
}

export function logPrompt() {
  const prompt = `You are the ops assistant. Password: ${process.env.ADMIN_PASSWORD}`
  // ruleid: system_prompt_leak
  console.info("prompt", prompt)
}
