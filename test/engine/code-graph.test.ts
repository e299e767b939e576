import { describe, expect, it } from "vitest"
import type { LoadedRule } from "../../src/catalogue/Catalogue.js"
import type { CodeGraphMatcher } from "../../src/domain/FlowRule.js"
import { compileCodeGraphs } from "../../src/engine/matchers/codeGraph.js"
import { pythonModel } from "../../src/engine/model/python.js"
import { scriptModel } from "../../src/engine/model/script.js"
import { Deadline } from "../../src/languages/Source.js"
import { parseCode } from "../../src/languages/treeSitter.js"
import { parseScript } from "../../src/languages/typescript.js"

const python: Omit<CodeGraphMatcher, "cycle"> = {
  kind: "code-graph",
  target: "python",
  edges: [
    { callee: ["*.add_edge"], from: 0, to: 1 },
    { callee: ["*.add_conditional_edges"], from: 0, router: 1, routes: 2 }
  ],
  end: ["langgraph.graph.END", "__end__"],
  routers: [{ callee: ["langgraph.prebuilt.tools_condition"], targets: ["tools", "__end__"] }],
  bounds: [{ callee: ["*.invoke", "*.with_config"], keyword: "recursion_limit" }]
}

const findings = (matcher: CodeGraphMatcher, code: string) => {
  const rule = { id: "loop", title: "loop", matchers: [matcher] } as unknown as LoadedRule
  const model =
    matcher.target === "python"
      ? pythonModel(parseCode("python", code, Deadline.never()), code)
      : scriptModel(parseScript("g.ts", code, "typescript", Deadline.never()), "typescript")
  return compileCodeGraphs([{ rule, matcherIndex: 0, matcher }]).run(model).map((m) => ({ line: code.slice(0, m.start).split("\n").length, detail: m.detail }))
}

const header = "from langgraph.graph import END, START, StateGraph\nfrom langgraph.prebuilt import tools_condition\n"

describe("code-graph matcher", () => {
  it("reports a plain cycle with no exit at the edge that closes it, naming its nodes", () => {
    const code = `${header}def build():\n    g = StateGraph(S)\n    g.add_edge(START, "a")\n    g.add_edge("a", "b")\n    g.add_edge("b", "c")\n    g.add_edge("c", "a")\n    g.add_edge("c", END)\n    return g.compile()\n`
    expect(findings({ ...python, cycle: "unconditional" }, code)).toEqual([{ line: 8, detail: "a -> b -> c -> a" }])
  })

  it("finds no plain cycle in a pipeline, nor where a node of the cycle has a conditional exit", () => {
    const pipeline = `${header}g = StateGraph(S)\ng.add_edge(START, "a")\ng.add_edge("a", "b")\ng.add_edge("b", END)\n`
    expect(findings({ ...python, cycle: "unconditional" }, pipeline)).toEqual([])
    const exit = `${header}g = StateGraph(S)\ng.add_edge("a", "b")\ng.add_edge("b", "a")\ng.add_conditional_edges("b", route, {"done": END, "again": "a"})\n`
    expect(findings({ ...python, cycle: "unconditional" }, exit)).toEqual([])
  })

  it("reports a router cycle through a library router's known targets", () => {
    const code = `${header}g = StateGraph(S)\ng.add_conditional_edges("agent", tools_condition)\ng.add_edge("tools", "agent")\n`
    expect(findings({ ...python, cycle: "routed" }, code)).toEqual([{ line: 5, detail: "agent -> tools -> agent" }])
  })

  it("reads a router's targets from its path map and from its own returns", () => {
    const mapped = `${header}g = StateGraph(S)\ng.add_edge("act", "think")\ng.add_conditional_edges("think", pick, {"go": "act", "stop": END})\n`
    expect(findings({ ...python, cycle: "routed" }, mapped)).toEqual([{ line: 5, detail: "act -> think -> act" }])
    // the router only ever returns END or "publish": no way back to "draft"
    const oneWay = `${header}def pick(s):\n    return END if s["ok"] else "publish"\ng = StateGraph(S)\ng.add_edge("draft", "check")\ng.add_conditional_edges("check", pick)\n`
    expect(findings({ ...python, cycle: "routed" }, oneWay)).toEqual([])
  })

  it("accepts a router that counts its passes, a recursion_limit passed through a variable, and with_config", () => {
    const loop = `g = StateGraph(S)\ng.add_edge("tools", "agent")\ng.add_conditional_edges("agent", ROUTER)\n`
    const counted = `${header}def route(s):\n    if s["n"] >= 5:\n        return END\n    return "tools"\n${loop.replace("ROUTER", "route")}`
    expect(findings({ ...python, cycle: "routed" }, counted)).toEqual([])
    const viaVariable = `${header}${loop.replace("ROUTER", "tools_condition")}def ask(q):\n    cfg = {"recursion_limit": 8}\n    return g.compile().invoke(q, cfg)\n`
    expect(findings({ ...python, cycle: "routed" }, viaVariable)).toEqual([])
    const withConfig = `${header}${loop.replace("ROUTER", "tools_condition")}app = g.compile().with_config(recursion_limit=10)\n`
    expect(findings({ ...python, cycle: "routed" }, withConfig)).toEqual([])
  })

  it("reads LangGraph.js chains, reporting the closing edge at its own line", () => {
    const matcher: CodeGraphMatcher = {
      kind: "code-graph",
      target: "javascript",
      cycle: "routed",
      edges: [
        { callee: ["*.addEdge"], from: 0, to: 1 },
        { callee: ["*.addConditionalEdges"], from: 0, router: 1, routes: 2 }
      ],
      end: ["@langchain/langgraph.END"],
      bounds: [{ callee: ["*.invoke"], keyword: "recursionLimit" }]
    }
    const code = `import { END, START, StateGraph } from "@langchain/langgraph"\nconst route = (s: any) => (s.messages.at(-1).tool_calls?.length ? "tools" : END)\nexport const app = new StateGraph(S)\n  .addEdge(START, "agent")\n  .addConditionalEdges("agent", route)\n  .addEdge("tools", "agent")\n  .compile()\n`
    expect(findings(matcher, code)).toEqual([{ line: 6, detail: "agent -> tools -> agent" }])
    expect(findings(matcher, `${code}export const ask = (q: string) => app.invoke(q, { recursionLimit: 6 })\n`)).toEqual([])
  })

  it("links owners, callers and receivers across a file: a tool that runs the agent owning it", () => {
    const matcher: CodeGraphMatcher = {
      kind: "code-graph",
      target: "python",
      cycle: "calls",
      edges: [
        { callee: ["langchain.agents.AgentExecutor"], from: "@owner", to: "tools" },
        { callee: ["*.invoke"], from: "@caller", to: "@receiver" }
      ]
    }
    const head = "from langchain.agents import AgentExecutor\n"
    const tool = "def ask(q):\n    return executor.invoke({'input': q})\n"
    const code = `${head}${tool}executor = AgentExecutor(agent=a, tools=[ask])\n`
    expect(findings(matcher, code)).toEqual([{ line: 3, detail: "executor -> ask -> executor" }])
    // another agent's executor, or a depth check before the nested run: no recursion
    expect(findings(matcher, `${head}${tool}other = AgentExecutor(agent=a, tools=[ask])\n`)).toEqual([])
    const checked = "def ask(q, depth=0):\n    if depth > 2:\n        return q\n    return executor.invoke({'input': q})\n"
    expect(findings(matcher, `${head}${checked}executor = AgentExecutor(agent=a, tools=[ask])\n`)).toEqual([])
  })

  it("reads CrewAI task context given at creation, assigned and appended later", () => {
    const matcher: CodeGraphMatcher = {
      kind: "code-graph",
      target: "python",
      cycle: "unconditional",
      edges: [{ callee: ["crewai.Task"], from: "@owner", to: "context", field: "context" }]
    }
    const head = "from crewai import Task\ndef crew():\n    a = Task(description='a')\n    b = Task(description='b', context=[a])\n"
    expect(findings(matcher, `${head}    a.context = [b]\n`)).toEqual([{ line: 5, detail: "b -> a -> b" }])
    expect(findings(matcher, `${head}    a.context.append(b)\n`)).toEqual([{ line: 5, detail: "b -> a -> b" }])
    expect(findings(matcher, head)).toEqual([])
  })
})
