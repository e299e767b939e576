import { describe, expect, it } from "vitest"
import { type BuilderGraph, readBuilderExport } from "../src/builders/index.js"
import type { LoadedRule } from "../src/catalogue/Catalogue.js"
import type { GraphMatcher } from "../src/domain/Rule.js"
import { compileGraph, GraphCompileError } from "../src/engine/matchers/graph.js"
import { Deadline, DeadlineExceeded, SourceDoc } from "../src/languages/Source.js"
import { parseStructured } from "../src/languages/structured.js"

type Fields = Omit<GraphMatcher, "kind" | "target">

function entry(id: string, fields: Fields, target: GraphMatcher["target"] = "n8n") {
  const matcher = { kind: "graph", target, ...fields } as GraphMatcher
  const rule = { id, title: id, matchers: [matcher], cvssScore: 0, dir: "", version: "" } as unknown as LoadedRule
  return { rule, matcherIndex: 0, matcher }
}

function load(text: string, format: "json" | "yaml" = "json"): { graph: BuilderGraph; source: SourceDoc } {
  const source = new SourceDoc(`f.${format}`, text)
  const r = parseStructured(source, format, Deadline.never())
  if (!r.ok) throw new Error(r.reason)
  const graph = readBuilderExport(r.documents[0]!)
  if (graph === undefined) throw new Error("not an export")
  return { graph, source }
}

const run = (fields: Fields, text: string, format: "json" | "yaml" = "json") => {
  const { graph, source } = load(text, format)
  return compileGraph([entry("rule", fields)]).run(graph, source, Deadline.never())
}

const conn = (...targets: Array<string>) => ({ main: [targets.map((node) => ({ node, type: "main", index: 0 }))] })

const toolCode = 'const cp = require("child_process");\nreturn cp.execSync(query).toString();'

const n8n = JSON.stringify(
  {
    nodes: [
      { id: "w", name: "Webhook", type: "n8n-nodes-base.webhook", parameters: { path: "x" } },
      { id: "s", name: "Set URL", type: "n8n-nodes-base.set", parameters: {} },
      {
        id: "h",
        name: "Fetch",
        type: "n8n-nodes-base.httpRequest",
        parameters: { url: "={{ $json.body.url }}", headerParameters: { parameters: [{ name: "Authorization", value: "Bearer abc123def456" }] } }
      },
      { id: "b", name: "Loop Over Items", type: "n8n-nodes-base.splitInBatches", parameters: { options: {} } },
      { id: "p", name: "Poll", type: "n8n-nodes-base.wait", parameters: {} },
      { id: "i", name: "Done?", type: "n8n-nodes-base.if", parameters: {} },
      { id: "a", name: "AI Agent", type: "@n8n/n8n-nodes-langchain.agent", parameters: { options: {} } },
      { id: "t", name: "Shell Tool", type: "@n8n/n8n-nodes-langchain.toolCode", parameters: { jsCode: toolCode } },
      { id: "m", name: "Model", type: "@n8n/n8n-nodes-langchain.lmChatOpenAi", parameters: {} },
      { id: "x", name: "Self", type: "n8n-nodes-base.noOp", parameters: {} }
    ],
    connections: {
      Webhook: conn("Set URL"),
      "Set URL": conn("Fetch"),
      Fetch: conn("Loop Over Items"),
      "Loop Over Items": conn("Fetch"),
      Poll: conn("Done?"),
      "Done?": conn("Poll"),
      "Shell Tool": { ai_tool: [[{ node: "AI Agent", type: "ai_tool", index: 0 }]] },
      Model: { ai_languageModel: [[{ node: "AI Agent", type: "ai_languageModel", index: 0 }]] },
      Self: conn("Self")
    }
  },
  null,
  2
)
const lineOf = (text: string, needle: string) => text.split("\n").findIndex((l) => l.includes(needle)) + 1

describe("graph matcher: cycle", () => {
  it("reports each cycle once at the connection that closes it, naming every node, minus designed loops", () => {
    const matches = run({ check: "cycle", exclude_types: ["n8n-nodes-base.splitInBatches"] }, n8n)
    expect(matches.map((m) => [m.text, m.detail])).toEqual([
      ['"Poll"', 'cycle: "Poll" (p) -> "Done?" (i) -> "Poll" (p), closed by the connection from "Done?" (i) to "Poll" (p)'],
      ['"Self"', 'cycle: "Self" (x) -> "Self" (x), closed by the connection from "Self" (x) to "Self" (x)']
    ])
    const { source } = load(n8n)
    // the connection "Done?" -> "Poll" is where a counter or an exit goes
    const closing = n8n.split("\n").findIndex((l, i, all) => l.includes('"node": "Poll"') && all.slice(0, i).some((x) => x.includes('"Done?": {'))) + 1
    expect(source.position(matches[0]!.start).line).toBe(closing)
    expect(matches[0]!.related?.map((r) => [source.position(r.start).line, r.message])).toEqual([
      [lineOf(n8n, '"name": "Poll"'), '"Poll" (p): in the cycle'],
      [lineOf(n8n, '"name": "Done?"'), '"Done?" (i): in the cycle']
    ])
    // the JSON path of the closing connection, as Spectral reports locations
    expect(matches.map((m) => m.jsonPath)).toEqual(['$.connections["Done?"].main[0][0].node', "$.connections.Self.main[0][0].node"])
  })

  it("says when every lap calls a model or makes an HTTP request", () => {
    const [m] = run({ check: "cycle" }, n8n).filter((x) => x.detail?.includes("Fetch"))
    expect(m!.detail).toContain('; every lap makes an HTTP request ("Fetch")')
    const agentLoop = JSON.stringify({
      nodes: [
        { id: "a", name: "Writer", type: "@n8n/n8n-nodes-langchain.agent", parameters: {} },
        { id: "r", name: "Review", type: "n8n-nodes-base.if", parameters: {} }
      ],
      connections: { Writer: conn("Review"), Review: conn("Writer") }
    })
    expect(run({ check: "cycle" }, agentLoop)[0]!.detail).toContain('; every lap calls a model ("Writer")')
  })

  it("treats a counter checked in the cycle as a bound, and a restarting loop node as none", () => {
    const loop = (ifParams: object, batchOptions: object) =>
      JSON.stringify({
        nodes: [
          { id: "b", name: "Batches", type: "n8n-nodes-base.splitInBatches", parameters: { options: batchOptions } },
          { id: "h", name: "Call", type: "n8n-nodes-base.httpRequest", parameters: { url: "https://api.example.com/x" } },
          { id: "i", name: "Again?", type: "n8n-nodes-base.if", parameters: ifParams }
        ],
        connections: { Batches: conn("Call"), Call: conn("Again?"), "Again?": conn("Batches") }
      })
    const fields: Fields = {
      check: "cycle",
      exclude_types: ["n8n-nodes-base.splitInBatches"],
      restart_param: { name: "options.reset", regex: "^true$" },
      counter_param: { name: "*", regex: "^=\\{\\{\\s*\\$runIndex\\s*\\}\\}$" }
    }
    const counted = { conditions: { conditions: [{ leftValue: "={{ $runIndex }}", rightValue: 3, operator: { type: "number", operation: "lt" } }] } }
    expect(run(fields, loop({}, {}))).toHaveLength(0)
    expect(run(fields, loop({}, { reset: true }))).toHaveLength(1)
    expect(run(fields, loop(counted, { reset: true }))).toHaveLength(0)
  })

  it("reports the designed loop when it is not excluded, and filters cycles by the kinds they contain", () => {
    expect(run({ check: "cycle" }, n8n)).toHaveLength(3)
    expect(run({ check: "cycle", node_kinds: ["http"] }, n8n).map((m) => m.text)).toEqual(['"Fetch"'])
  })

  it("sees Flowise agentflow loops as designed loops when their type is excluded", () => {
    const flow = JSON.stringify({
      nodes: [
        { id: "agentAgentflow_0", type: "agentFlow", data: { id: "agentAgentflow_0", name: "agentAgentflow", label: "A", inputs: {} } },
        { id: "loopAgentflow_0", type: "agentFlow", data: { id: "loopAgentflow_0", name: "loopAgentflow", label: "L", inputs: { loopBackToNode: "agentAgentflow_0-A" } } }
      ],
      edges: [{ source: "agentAgentflow_0", target: "loopAgentflow_0", type: "agentFlow" }]
    })
    const { graph, source } = load(flow)
    const cycle = (exclude?: Array<string>) =>
      compileGraph([entry("workflow_cycle", exclude ? { check: "cycle", exclude_types: exclude } : { check: "cycle" }, "flowise")]).run(graph, source, Deadline.never())
    expect(cycle()).toHaveLength(1)
    expect(cycle(["loopAgentflow"])).toHaveLength(0)
  })
})

describe("graph matcher: node and unbounded_loop", () => {
  const flowise = JSON.stringify(
    {
      nodes: [
        { id: "toolAgent_0", data: { id: "toolAgent_0", label: "Agent", name: "toolAgent", category: "Agents", inputs: { maxIterations: "" } } },
        { id: "toolAgent_1", data: { id: "toolAgent_1", label: "Bounded", name: "toolAgent", category: "Agents", inputs: { maxIterations: "10" } } },
        {
          id: "chatOpenAI_0",
          data: {
            id: "chatOpenAI_0",
            label: "LLM",
            name: "chatOpenAI",
            category: "Chat Models",
            inputParams: [{ name: "openAIApiKey", type: "password" }],
            inputs: { openAIApiKey: "sk-proj-0123456789abcdefXYZ" }
          }
        }
      ],
      edges: []
    },
    null,
    2
  )

  it("finds agents with no iteration limit, pointing at the node", () => {
    const { graph, source } = load(flowise)
    const matches = compileGraph([entry("infinite_loop", { check: "node", node_types: ["toolAgent"], param_absent: ["maxIterations"] }, "flowise")]).run(
      graph,
      source,
      Deadline.never()
    )
    expect(matches).toHaveLength(1)
    expect(matches[0]).toMatchObject({ ruleId: "infinite_loop", text: '"toolAgent_0"', detail: 'node "Agent" (toolAgent_0) has no maxIterations' })
    expect(source.position(matches[0]!.start).line).toBe(lineOf(flowise, '"id": "toolAgent_0"'))
    expect(matches[0]!.jsonPath).toBe("$.nodes[0]")
  })

  it("unbounded_loop selects loops and agents by default", () => {
    const dify = `app:\n  mode: workflow\nkind: app\nworkflow:\n  graph:\n    edges: []\n    nodes:\n    - id: l1\n      data:\n        type: loop\n        title: Retry\n        loop_count: 50\n        break_conditions: []\n    - id: l2\n      data:\n        type: loop\n        title: Bounded\n        break_conditions:\n        - {variable_selector: [x], comparison_operator: '='}\n`
    const matches = run({ check: "unbounded_loop", param_absent: ["break_conditions"] }, dify, "yaml")
    expect(matches.map((m) => m.text)).toEqual(["l1"])
  })

  it("reports a literal secret in a declared password parameter with the value as secret", () => {
    const { graph, source } = load(flowise)
    const [m] = compileGraph([entry("hardcoded_credentials", { check: "node", node_kinds: ["llm"], param_matches: { name: "*ApiKey", regex: "^sk-" } }, "flowise")]).run(
      graph,
      source,
      Deadline.never()
    )
    expect(m).toMatchObject({ text: '"sk-proj-0123456789abcdefXYZ"', secret: "sk-proj-0123456789abcdefXYZ" })
    expect(m!.detail).toBe('node "LLM" (chatOpenAI_0): parameter openAIApiKey')
    expect(m!.jsonPath).toBe("$.nodes[2].data.inputs.openAIApiKey")
  })

  it("matches nested parameters by glob and takes a named secret group", () => {
    const [m] = run({ check: "node", node_kinds: ["http"], param_matches: { name: "headerParameters.parameters.*.value", regex: "^Bearer (?<secret>\\S{8,})" } }, n8n)
    expect(m).toMatchObject({ text: '"Bearer abc123def456"', secret: "abc123def456", jsonPath: "$.nodes[2].parameters.headerParameters.parameters[0].value" })
    // a bare wildcard selects values only, not the objects and arrays holding them
    expect(run({ check: "node", param_matches: { name: "*", regex: "Bearer" } }, n8n).map((x) => x.text)).toEqual(['"Bearer abc123def456"'])
  })

  it("matches embedded code and points at the match inside it", () => {
    const [m] = run({ check: "node", node_kinds: ["code"], code_matches: "execSync\\(" }, n8n)
    expect(m!.text).toBe("execSync(")
    expect(m!.jsonPath).toBe("$.nodes[7].parameters.jsCode")
    const { source } = load(n8n)
    const expected = n8n.indexOf("execSync(")
    expect(source.position(m!.start)).toEqual(source.position(expected))
  })

  it("never matches stock Langflow component code", () => {
    const node = (id: string, edited: boolean) => ({
      id,
      type: "genericNode",
      data: { id, type: "ParserComponent", node: { edited, template: { code: { type: "code", value: "import os\nos.system(cmd)" } } } }
    })
    const flow = JSON.stringify({ data: { nodes: [node("stock", false), node("mine", true)], edges: [] }, is_component: false })
    const { graph, source } = load(flow)
    const matches = compileGraph([entry("code_execution", { check: "node", code_matches: "os\\.system" }, "langflow")]).run(graph, source, Deadline.never())
    expect(matches).toHaveLength(1)
    expect(matches[0]!.detail).toContain("(mine)")
  })
})

describe("graph matcher: reaches", () => {
  it("finds a code tool wired into an agent, at the code that matches", () => {
    const matches = run({ check: "reaches", from_kinds: ["code"], to_kinds: ["agent"], code_matches: "child_process" }, n8n)
    expect(matches).toHaveLength(1)
    expect(matches[0]!.text).toBe("child_process")
    expect(matches[0]!.detail).toBe('node "Shell Tool" (t): code in jsCode ("Shell Tool" (t) -> "AI Agent" (a))')
  })

  it("follows paths through allowed kinds only", () => {
    const ssrf = (through?: Array<string>) =>
      run(
        through === undefined
          ? { check: "reaches", from_kinds: ["trigger"], to_kinds: ["http"], param_matches: { name: "url", regex: "\\{\\{" } }
          : { check: "reaches", from_kinds: ["trigger"], to_kinds: ["http"], through_kinds: through, param_matches: { name: "url", regex: "\\{\\{" } },
        n8n
      )
    expect(ssrf()).toHaveLength(0)
    expect(ssrf(["loop"])).toHaveLength(0)
    const [m] = ssrf(["*"])
    expect(m!.text).toBe('"={{ $json.body.url }}"')
    expect(m!.detail).toBe('node "Fetch" (h): parameter url ("Webhook" (w) -> "Set URL" (s) -> "Fetch" (h))')
    expect(ssrf(["other"])).toHaveLength(1)
  })

  it("reports the reached node when no condition is given", () => {
    expect(run({ check: "reaches", from_kinds: ["llm"], to_kinds: ["agent"] }, n8n).map((m) => m.text)).toEqual(['"AI Agent"'])
  })
})

describe("graph matcher: compile errors and deadline", () => {
  it("rejects bad definitions, naming the rule", () => {
    expect(() => compileGraph([entry("bad", { check: "node", node_kinds: ["agnet"] })])).toThrow(/bad.*unknown node kind "agnet"/)
    expect(() => compileGraph([entry("bad", { check: "node", code_matches: "(" })])).toThrow(GraphCompileError)
    expect(() => compileGraph([entry("bad", { check: "cycle", param_absent: ["x"] })])).toThrow(/param_absent is not used by the cycle check/)
    expect(() => compileGraph([entry("bad", { check: "reaches", to_kinds: ["agent"] })])).toThrow(/needs from_kinds and to_kinds/)
    expect(() => compileGraph([entry("bad", { check: "node", node_kinds: ["*"] })])).toThrow(GraphCompileError)
  })

  it("throws DeadlineExceeded on a large graph past its deadline", () => {
    const nodes = Array.from({ length: 2_000 }, (_, i) => ({ id: `n${i}`, name: `N${i}`, type: "n8n-nodes-base.noOp", parameters: {} }))
    const connections = Object.fromEntries(nodes.map((n, i) => [n.name, conn(`N${(i + 1) % nodes.length}`)]))
    const { graph, source } = load(JSON.stringify({ nodes, connections }))
    expect(() => compileGraph([entry("r", { check: "cycle" })]).run(graph, source, new Deadline(0))).toThrow(DeadlineExceeded)
    const [m] = compileGraph([entry("r", { check: "cycle" })]).run(graph, source, Deadline.never())
    expect(m!.detail).toMatch(/^cycle: "N0" \(n0\) -> "N1" \(n1\) -> .* -> "N10" \(n10\) -> \.\.\. -> "N0" \(n0\) \(2000 nodes in the loop\), closed by the connection from "N1999" \(n1999\) to "N0" \(n0\)$/)
  })
})

describe("graph matcher: flow", () => {
  const flowRule = (check: "host" | "value" | "sql", provenance?: Array<"untrusted" | "unknown" | "secret" | "config">): Fields => ({
    check: "flow",
    sinks: [{ node_types: ["n8n-nodes-base.httpRequest"], params: ["url"], check }],
    ...(provenance ? { provenance } : {}),
    severity: "HIGH"
  })
  const wf = (url: string, upstream: object = { id: "w", name: "Webhook", type: "n8n-nodes-base.webhook", parameters: {} }) =>
    JSON.stringify(
      {
        nodes: [upstream, { id: "h", name: "Fetch", type: "n8n-nodes-base.httpRequest", parameters: { url } }],
        connections: { [(upstream as { name: string }).name]: conn("Fetch") }
      },
      null,
      2
    )

  it("reports untrusted data in the host as a vulnerability at the rule's severity, pointing at the parameter", () => {
    const text = wf("={{ $json.body.url }}")
    const [m, ...rest] = run(flowRule("host"), text)
    expect(rest).toEqual([])
    expect(m!.riskTier).toBe("vulnerability")
    expect(m!.severity).toBeUndefined()
    expect(m!.detail).toBe('node "Fetch" (h): url takes its scheme or host from the webhook or form request ("Webhook")')
    expect(load(text).source.position(m!.start).line).toBe(lineOf(text, '"url":'))
  })

  it("ignores data only in the path or query for a host check, but not for a value check", () => {
    const text = wf("=https://api.example.com/items/{{ $json.body.id }}")
    expect(run(flowRule("host"), text)).toEqual([])
    expect(run(flowRule("value"), text)).toHaveLength(1)
  })

  it("stays silent on constants and configuration, and reports unknown data one severity lower as a risk pattern", () => {
    expect(run(flowRule("host"), wf("={{ $env.API_BASE }}/v1"))).toEqual([])
    const set = { id: "s", name: "Base", type: "n8n-nodes-base.set", parameters: { assignments: { assignments: [{ name: "url", value: "https://api.example.com" }] } } }
    expect(run(flowRule("host"), wf("={{ $json.url }}", set))).toEqual([])
    const code = { id: "c", name: "Build", type: "n8n-nodes-base.code", parameters: { jsCode: "return [{ json: { url: 'x' } }]" } }
    const [m] = run(flowRule("host"), wf("={{ $json.url }}", code))
    expect([m!.riskTier, m!.severity]).toEqual(["risk_pattern", "MEDIUM"])
  })

  it("reports only the provenances asked for: a secret for a leak rule", () => {
    expect(run(flowRule("value", ["secret"]), wf("=https://api.example.com/?k={{ $env.API_KEY }}"))).toHaveLength(1)
    expect(run(flowRule("value", ["secret"]), wf("={{ $json.body.url }}"))).toEqual([])
  })

  it("selects array items with a filter and reads a node's input with @input", () => {
    const text = JSON.stringify({
      nodes: [
        { id: "w", name: "Webhook", type: "n8n-nodes-base.webhook", parameters: {} },
        { id: "o", name: "Ask", type: "@n8n/n8n-nodes-langchain.openAi", parameters: { messages: { values: [{ role: "system", content: "={{ $json.body.rules }}" }, { content: "={{ $json.body.q }}" }] } } }
      ],
      connections: { Webhook: conn("Ask") }
    })
    const system: Fields = { check: "flow", sinks: [{ node_types: ["@n8n/n8n-nodes-langchain.openAi"], params: ["messages.values[role=system].content"] }] }
    expect(run(system, text).map((m) => m.detail)).toEqual(['node "Ask" (o): messages.values.0.content receives the webhook or form request ("Webhook")'])
    const input: Fields = { check: "flow", sinks: [{ node_types: ["@n8n/n8n-nodes-langchain.openAi"], params: ["@input"] }] }
    expect(run(input, text)).toHaveLength(1)
  })

  it("rejects a flow check without sinks and an unreadable parameter path", () => {
    expect(() => compileGraph([entry("r", { check: "flow" })])).toThrow(/flow needs sinks/)
    expect(() => compileGraph([entry("r", { check: "flow", sinks: [{ node_types: ["x"], params: ["a[role"] }] })])).toThrow(GraphCompileError)
    expect(() => compileGraph([entry("r", { check: "flow", sinks: [{ params: ["a"] }] })])).toThrow(/node_types or node_kinds/)
  })
})
