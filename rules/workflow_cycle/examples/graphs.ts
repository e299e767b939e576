import { Annotation, END, START, StateGraph } from "@langchain/langgraph"

const State = Annotation.Root({
  draft: Annotation<string>(),
})

const write = async (state: typeof State.State) => state
const review = async (state: typeof State.State) => state

export const pingPong = new StateGraph(State)
  .addNode("write", write)
  .addNode("review", review)
  .addEdge(START, "write")
  .addEdge("write", "review")
  // ruleid: workflow_cycle
  .addEdge("review", "write")
  .compile()

export function buildPipeline() {
  const graph = new StateGraph(State)
    .addNode("write", write)
    .addNode("review", review)
    .addEdge(START, "write")
    .addEdge("write", "review")
    .addEdge("review", END)
  // ok: workflow_cycle
  return graph.compile()
}

export function buildLoop() {
  const graph = new StateGraph(State)
  graph.addNode("write", write)
  graph.addNode("review", review)
  graph.addNode("polish", write)
  graph.addEdge(START, "write")
  graph.addEdge("write", "review")
  graph.addEdge("polish", "write")
  // ruleid: workflow_cycle
  graph.addEdge("review", "polish")
  return graph.compile()
}
