// LangGraph.js nodes registered along a builder chain get the graph's state (user input and model
// output), however long the chain; an interrupt before the node that runs the command approves it
// (reported as a risk one severity lower).
import { StateGraph, Annotation, MemorySaver, START, END } from "@langchain/langgraph"
import { ChatOpenAI } from "@langchain/openai"
import { exec } from "node:child_process"

const model = new ChatOpenAI({ model: "gpt-4o" })
const Task = Annotation.Root({ ask: Annotation<string>(), line: Annotation<string>() })

async function propose(state: typeof Task.State) {
  const reply = await model.invoke(`One shell command that does: ${state.ask}`)
  return { line: String(reply.content) }
}

async function perform(state: typeof Task.State) {
  // ruleid: code_execution
  exec(state.line)
  return {}
}

async function performApproved(state: typeof Task.State) {
  // ruleid: code_execution[approved]
  exec(state.line)
  return {}
}

export const direct = new StateGraph(Task)
  .addNode("propose", propose)
  .addNode("perform", perform)
  .addEdge(START, "propose")
  .addEdge("propose", "perform")
  .addEdge("perform", END)
  .compile({ checkpointer: new MemorySaver() })

export const reviewed = new StateGraph(Task)
  .addNode("propose", propose)
  .addEdge(START, "propose")
  .addNode("performApproved", performApproved)
  .addEdge("propose", "performApproved")
  .addEdge("performApproved", END)
  .compile({ checkpointer: new MemorySaver(), interruptBefore: ["performApproved"] })
