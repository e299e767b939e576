import { Agent, run } from "@openai/agents"

const billing = new Agent({ name: "Billing", instructions: "Answer billing questions." })
const refunds = new Agent({ name: "Refunds", instructions: "Process refunds." })
const triage = Agent.create({
  name: "Triage",
  instructions: "Route the customer.",
  handoffs: [billing, refunds],
})
// ruleid: recursive_tool_calling
billing.handoffs.push(triage)

const translator = new Agent({ name: "Translator", instructions: "Translate the text." })
// ruleid: recursive_tool_calling
translator.tools.push(translator.asTool({ toolName: "translate_again", toolDescription: "Translate" }))
// ok: recursive_tool_calling
triage.tools.push(translator.asTool({ toolName: "translate", toolDescription: "Translate" }))

export async function answer(question: string) {
  const result = await run(triage, question)
  return result.finalOutput
}

const editor = new Agent({ name: "Editor", instructions: "Edit." })
const proofreader = new Agent({ name: "Proofreader", instructions: "Proofread.", tools: [editor.asTool({ toolName: "edit", toolDescription: "Edit" })] })
// ruleid: recursive_tool_calling[own_tool]
editor.tools.push(proofreader.asTool({ toolName: "proofread", toolDescription: "Proofread" }))

// the wrapper held by a name first, inside a factory
function buildScout(model: string): Agent {
  const scout = new Agent({ name: "Scout", instructions: "Research the topic.", model })
  const deeper = scout.asTool({ toolName: "research_subtopic", toolDescription: "Research a subtopic" })
  // ruleid: recursive_tool_calling[own_tool]
  scout.tools.push(deeper)
  const summariser = new Agent({ name: "Summariser", instructions: "Summarise.", model })
  const summarise = summariser.asTool({ toolName: "summarise", toolDescription: "Summarise" })
  // ok: recursive_tool_calling
  scout.tools.push(summarise)
  return scout
}

export const scout = buildScout("gpt-4.1")
