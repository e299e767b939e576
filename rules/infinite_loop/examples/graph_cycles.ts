import { AIMessage } from "@langchain/core/messages"
import { Annotation, END, MessagesAnnotation, START, StateGraph } from "@langchain/langgraph"
import { ToolNode, toolsCondition } from "@langchain/langgraph/prebuilt"

const AgentState = Annotation.Root({
  ...MessagesAnnotation.spec,
  steps: Annotation<number>(),
})

const callModel = async (state: typeof AgentState.State) => ({ messages: [await model.invoke(state.messages)] })

function shouldContinue(state: typeof AgentState.State) {
  const last = state.messages[state.messages.length - 1] as AIMessage
  return last.tool_calls?.length ? "tools" : END
}

function withinBudget(state: typeof AgentState.State) {
  if (state.steps >= 6) return END
  const last = state.messages[state.messages.length - 1] as AIMessage
  return last.tool_calls?.length ? "tools" : END
}

export function prebuiltLoop(tools: any[]) {
  return new StateGraph(MessagesAnnotation)
    .addNode("agent", callModel)
    .addNode("tools", new ToolNode(tools))
    .addEdge(START, "agent")
    .addConditionalEdges("agent", toolsCondition)
    // ruleid: infinite_loop[graph_cycle]
    .addEdge("tools", "agent")
    .compile()
}

export const researchAgent = (tools: any[]) => {
  const graph = new StateGraph(AgentState)
  graph.addNode("model", callModel)
  graph.addNode("tools", new ToolNode(tools))
  graph.addEdge(START, "model")
  graph.addEdge("tools", "model")
  // ruleid: infinite_loop[graph_cycle]
  graph.addConditionalEdges("model", shouldContinue, ["tools", END])
  return graph.compile()
}

export const budgetedAgent = (tools: any[]) => {
  const graph = new StateGraph(AgentState)
  graph.addNode("model", callModel)
  graph.addNode("tools", new ToolNode(tools))
  graph.addEdge(START, "model")
  graph.addEdge("tools", "model")
  // ok: infinite_loop
  graph.addConditionalEdges("model", withinBudget, { tools: "tools", [END]: END })
  return graph.compile()
}
