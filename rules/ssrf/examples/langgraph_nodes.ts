// A LangGraph.js node's state holds the user's input and the model's output: it is untrusted.
import { Annotation, END, START, StateGraph } from "@langchain/langgraph"

const State = Annotation.Root({ link: Annotation<string>(), body: Annotation<string>() })
const ALLOWED = new Set(["docs.example.com"])

async function crawl(state: typeof State.State) {
  // ruleid: ssrf
  const res = await fetch(state.link)
  return { body: await res.text() }
}

async function crawlDocs(state: typeof State.State) {
  const url = new URL(state.link)
  if (!ALLOWED.has(url.hostname)) return { body: "" }
  // ok: ssrf
  const res = await fetch(url)
  return { body: await res.text() }
}

export const app = new StateGraph(State)
  .addNode("crawl", crawl)
  .addNode("crawlDocs", crawlDocs)
  .addEdge(START, "crawl")
  .addEdge("crawl", "crawlDocs")
  .addEdge("crawlDocs", END)
  .compile()
