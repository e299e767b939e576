import { Agent, run } from "@openai/agents"

const faq = new Agent({ name: "FAQ", instructions: "Answer common questions." })
const triage = new Agent({ name: "Triage", instructions: "Route the customer.", handoffs: [faq] })
// ok: recursive_tool_calling
faq.handoffs.push(triage)

export async function answer(question: string) {
  const result = await run(triage, question, { maxTurns: 6 })
  return result.finalOutput
}
