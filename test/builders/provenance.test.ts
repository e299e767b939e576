import { describe, expect, it } from "vitest"
import { provenanceOf } from "../../src/builders/provenance/index.js"
import type { BuilderGraph } from "../../src/builders/index.js"
import { graphOf, node } from "./helpers.js"

/** What each reference in a parameter resolves to: `provenance: label` per reference, in order. */
const refs = (graph: BuilderGraph, id: string, param: string): Array<string> => {
  const n = node(graph, id)
  const p = provenanceOf(graph).param(n, param, param.split(".").reduce<unknown>((v, k) => (v as Record<string, unknown> | undefined)?.[k], n.params))
  return [...p.whole, ...p.refs.flatMap((r) => r.origins)].map((o) => `${o.provenance}: ${o.label}`)
}
const kinds = (graph: BuilderGraph, id: string, param: string) => [...new Set(refs(graph, id, param).map((r) => r.split(":")[0]))]

const main = (...targets: Array<string>) => ({ main: [targets.map((n) => ({ node: n, type: "main", index: 0 }))] })

describe("provenance: n8n", () => {
  const wf = JSON.stringify({
    nodes: [
      { id: "w", name: "Webhook", type: "n8n-nodes-base.webhook", parameters: {} },
      { id: "s", name: "Settings", type: "n8n-nodes-base.set", parameters: { assignments: { assignments: [{ name: "base", value: "https://api.example.com" }, { name: "echo", value: "={{ $json.body.q }}" }] } } },
      { id: "h", name: "Fetch", type: "n8n-nodes-base.httpRequest", parameters: { url: "https://api.example.com/x" } },
      { id: "c", name: "Use", type: "n8n-nodes-base.noOp", parameters: {
        a: "={{ $('Settings').item.json.base }}",
        b: "={{ $node[\"Settings\"].json.echo }}",
        c: "={{ $json.items }}",
        d: "={{ $env.API_TOKEN }} {{ $env.REGION }}",
        e: "={{ $fromAI('q') }}",
        f: "={{ $now.toISO() }}",
        g: "={{ $('Missing').item.json.x }}"
      } },
      { id: "k", name: "Code", type: "n8n-nodes-base.code", parameters: { jsCode: "return []" } },
      { id: "z", name: "After Code", type: "n8n-nodes-base.noOp", parameters: { v: "={{ $input.first().json.v }}" } }
    ],
    connections: { Webhook: main("Settings"), Settings: main("Fetch"), Fetch: main("Use"), Code: main("After Code") }
  })
  const g = graphOf(wf)

  it("resolves named references through Set nodes, field by field", () => {
    expect(kinds(g, "c", "a")).toEqual(["constant"])
    expect(refs(g, "c", "b")).toEqual(['untrusted: the webhook or form request ("Webhook")'])
  })

  it("resolves $json to the node wired in, an HTTP response here", () => {
    expect(refs(g, "c", "c")).toEqual(['untrusted: the HTTP response ("Fetch")'])
  })

  it("classifies environment variables by name, $fromAI as untrusted and $now as constant", () => {
    expect(refs(g, "c", "d")).toEqual(["secret: environment variable API_TOKEN", "config: environment variable REGION"])
    expect(kinds(g, "c", "e")).toEqual(["untrusted"])
    expect(kinds(g, "c", "f")).toEqual(["constant"])
    expect(kinds(g, "c", "g")).toEqual(["unknown"])
  })

  it("gives code without any input an unknown output", () => {
    expect(kinds(g, "z", "v")).toEqual(["unknown"])
  })
})

describe("provenance: n8n numeric conversions", () => {
  it("takes an expression that is one numeric conversion as a whole as a constant", () => {
    const graph = graphOf(JSON.stringify({
      nodes: [
        { id: "w", name: "Webhook", type: "n8n-nodes-base.webhook", parameters: {} },
        { id: "q", name: "Query", type: "n8n-nodes-base.postgres", parameters: {
          a: "={{ parseInt($json.body.id, 10) }}",
          b: "={{ Math.floor(Number($json.body.page)) }}",
          c: "={{ Number($json.body.id) + $json.body.sort }}",
          d: "={{ parseInt($json.body.id) }}{{ $json.body.sort }}",
          e: "={{ parseInt(')' + $json.body.id) }}"
        } }
      ],
      connections: { Webhook: main("Query") }
    }))
    expect(kinds(graph, "q", "a")).toEqual(["constant"])
    expect(kinds(graph, "q", "b")).toEqual(["constant"])
    expect(kinds(graph, "q", "c")).toEqual(["untrusted"])
    expect(kinds(graph, "q", "d")).toEqual(["constant", "untrusted"])
    expect(kinds(graph, "q", "e")).toEqual(["constant"])
  })
})

describe("provenance: Dify", () => {
  const dsl = `
app: { mode: advanced-chat, name: t }
kind: app
workflow:
  conversation_variables: [{ name: memo, value: '' }]
  environment_variables:
    - { name: KEY, value: '', value_type: secret }
    - { name: HOST, value: api.example.com, value_type: string }
  graph:
    edges: []
    nodes:
      - id: start
        data: { type: start, title: Start, variables: [{ variable: topic }, { variable: year, type: number }, { variable: size, type: select, options: [s, m] }, { variable: tone, type: select, options: [] }] }
      - id: code1
        data: { type: code, title: Shape, code: 'def main(x): return {"result": x}', variables: [{ variable: x, value_selector: [start, topic] }] }
      - id: assign
        data: { type: assigner, title: Remember, items: [{ variable_selector: [conversation, memo], value: [sys, query] }] }
      - id: use
        data:
          type: llm
          title: Use
          a: '{{#start.topic#}} {{#sys.user_id#}}'
          b: '{{#code1.result#}}'
          c: '{{#env.KEY#}} {{#env.HOST#}}'
          d: '{{#conversation.memo#}}'
          e: '{{#sys.query#}}'
          f: '{{#start.year#}} {{#start.size#}} {{#start.tone#}}'
`
  const g = graphOf(dsl, "yaml")

  it("resolves start-node inputs, code outputs and system variables", () => {
    expect(kinds(g, "use", "a")).toEqual(["untrusted", "constant"])
    expect(kinds(g, "use", "b")).toEqual(["untrusted"])
    expect(kinds(g, "use", "e")).toEqual(["untrusted"])
  })

  it("takes number inputs and select inputs with options as constants: Dify validates them", () => {
    expect(kinds(g, "use", "f")).toEqual(["constant", "untrusted"])
    expect(refs(g, "use", "f")[2]).toMatch(/^untrusted: the start-node input tone/)
  })

  it("knows secret environment variables and what assigners write into conversation variables", () => {
    expect(kinds(g, "use", "c")).toEqual(["secret", "config"])
    expect(refs(g, "use", "d")).toEqual(["untrusted: the user's message (sys.query)"])
  })
})

describe("provenance: Langflow", () => {
  const nodeOf = (id: string, type: string, template: Record<string, unknown>) => ({
    id,
    type: "genericNode",
    data: { id, type, node: { display_name: type, template: Object.fromEntries(Object.entries(template).map(([k, v]) => [k, { type: "str", value: v }])) } }
  })
  const edgeOf = (source: string, target: string, fieldName: string) => ({ source, target, data: { targetHandle: { fieldName, id: target } } })
  const flow = JSON.stringify({
    name: "f",
    last_tested_version: "1.4.0",
    data: {
      nodes: [
        nodeOf("ChatInput-1", "ChatInput", { input_value: "" }),
        nodeOf("Prompt-1", "Prompt", { template: "Context: {context}", context: "" }),
        nodeOf("Agent-1", "Agent", { system_prompt: "", input_value: "" }),
        nodeOf("SQLComponent-1", "SQLComponent", { query: "" })
      ],
      edges: [edgeOf("ChatInput-1", "Prompt-1", "context"), edgeOf("Prompt-1", "Agent-1", "system_prompt"), edgeOf("SQLComponent-1", "Agent-1", "tools")]
    }
  })
  const g = graphOf(flow)

  it("follows edges into template fields through prompt templates", () => {
    expect(refs(g, "Agent-1", "system_prompt")).toEqual(['untrusted: the chat input ("ChatInput")'])
    expect(refs(g, "Agent-1", "input_value")).toEqual([])
  })

  it("treats the empty fields of an agent's tool as filled by the model", () => {
    expect(kinds(g, "SQLComponent-1", "query")).toEqual(["untrusted"])
  })
})

describe("provenance: Flowise", () => {
  const nodeOf = (id: string, name: string, inputs: object, category = "Agent Flows") => ({ id, type: "agentFlow", data: { id, name, label: id, category, inputs } })
  const flow = JSON.stringify({
    nodes: [
      nodeOf("startAgentflow_0", "startAgentflow", { startState: [{ key: "plan", value: "" }, { key: "tone", value: "calm" }] }),
      nodeOf("llmAgentflow_0", "llmAgentflow", { llmUpdateState: [{ key: "plan", value: "<p>{{ output }}</p>" }] }),
      nodeOf("agentAgentflow_0", "agentAgentflow", {
        a: "{{ question }}",
        b: "{{ $flow.state.plan }}",
        c: "{{ $flow.state.tone }}",
        d: "{{ $vars.stripeKey }} {{ $vars.company }}",
        e: "{{ llmAgentflow_0 }}",
        f: "{{ current_date_time }}"
      }),
      { id: "chatPromptTemplate_0", data: { id: "chatPromptTemplate_0", name: "chatPromptTemplate", category: "Prompts", inputs: { systemMessagePrompt: "Use {context} and {mood}", promptValues: '{"context":"{{question}}","mood":"kind"}' } } },
      { id: "toolAgent_0", data: { id: "toolAgent_0", name: "toolAgent", category: "Agents", inputs: { model: "{{chatOpenAI_0.data.instance}}" } } }
    ],
    edges: []
  })
  const g = graphOf(flow)

  it("resolves the question, state written by a model, state defaults and variables", () => {
    expect(kinds(g, "agentAgentflow_0", "a")).toEqual(["untrusted"])
    expect(kinds(g, "agentAgentflow_0", "b")).toEqual(["untrusted"])
    expect(kinds(g, "agentAgentflow_0", "c")).toEqual(["constant"])
    expect(kinds(g, "agentAgentflow_0", "d")).toEqual(["secret", "config"])
    expect(kinds(g, "agentAgentflow_0", "e")).toEqual(["untrusted"])
    expect(kinds(g, "agentAgentflow_0", "f")).toEqual(["constant"])
  })

  it("fills chatflow prompt variables from promptValues and ignores node anchors", () => {
    expect(kinds(g, "chatPromptTemplate_0", "systemMessagePrompt")).toEqual(["untrusted", "constant"])
    expect(refs(g, "toolAgent_0", "model")).toEqual([])
  })
})
