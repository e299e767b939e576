import { MessagesAnnotation, START, StateGraph } from "@langchain/langgraph"
import { ToolNode, toolsCondition } from "@langchain/langgraph/prebuilt"

const agent = async (state: typeof MessagesAnnotation.State) => ({ messages: [await llm.invoke(state.messages)] })

const app = new StateGraph(MessagesAnnotation)
  .addNode("agent", agent)
  .addNode("tools", new ToolNode(tools))
  .addEdge(START, "agent")
  .addConditionalEdges("agent", toolsCondition)
  // ok: infinite_loop
  .addEdge("tools", "agent")
  .compile()

export async function ask(question: string) {
  const result = await app.invoke({ messages: [{ role: "user", content: question }] }, { recursionLimit: 10 })
  return result.messages.at(-1)?.content
}
