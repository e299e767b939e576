import { MemorySaver, MessagesAnnotation, START, StateGraph } from "@langchain/langgraph"
import { ToolNode, toolsCondition } from "@langchain/langgraph/prebuilt"

export function approvalAgent(callModel: any, tools: any[]) {
  const builder = new StateGraph(MessagesAnnotation)
  builder.addNode("assistant", callModel)
  builder.addNode("tools", new ToolNode(tools))
  builder.addEdge(START, "assistant")
  builder.addConditionalEdges("assistant", toolsCondition)
  // ok: infinite_loop
  builder.addEdge("tools", "assistant")
  // a person approves each tool round before it runs
  return builder.compile({ checkpointer: new MemorySaver(), interruptBefore: ["tools"] })
}
