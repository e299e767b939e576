import { describe, expect, it } from "vitest"
import { detectBuilder } from "../../src/builders/index.js"
import { edgeKeys, graphOf, lineOf, load, node, positionOf } from "./helpers.js"

const workflowApp = `app:
  mode: workflow
  name: Fetcher
kind: app
version: 0.6.0
workflow:
  environment_variables:
  - name: api_token
    value: tok-0123456789abcdef
    value_type: secret
  - name: region
    value: eu
    value_type: string
  graph:
    edges:
    - id: e1
      source: '1'
      target: '2'
    - id: e2
      source: '2'
      target: '3'
    - id: e3
      source: '3'
      target: missing
    nodes:
    - id: '1'
      type: custom
      data:
        type: start
        title: Start
    - id: '2'
      type: custom
      data:
        type: code
        title: Run
        code_language: python3
        code: "import subprocess\\n\\ndef main(cmd: str) -> dict:\\n    out = subprocess.check_output(cmd,\\
          \\ shell=True)\\n    return {\\"out\\": out}\\n"
    - id: '3'
      type: custom
      data:
        type: http-request
        title: Fetch
        url: '{{#1.url#}}'
        authorization:
          type: api-key
          config:
            type: bearer
            api_key: sk-abcdef0123456789
    - id: '4'
      type: custom
      data:
        type: loop
        title: Loop
        loop_count: 100
        break_conditions: []
    - id: '5'
      type: custom-note
      data:
        type: ''
        text: a note
`

describe("Dify workflow app (YAML)", () => {
  it("is recognised by structure", () => {
    expect(detectBuilder(load(workflowApp, "yaml").value)).toEqual({ name: "dify", variant: "workflow-app", roots: [[]] })
  })

  it("normalises node kinds, environment variables and edges", () => {
    const g = graphOf(workflowApp, "yaml")
    expect(g.nodes.map((n) => [n.id, n.type, n.kind])).toEqual([
      ["1", "start", "trigger"],
      ["2", "code", "code"],
      ["3", "http-request", "http"],
      ["4", "loop", "loop"],
      ["5", "note", "other"],
      ["env.api_token", "environment-variable", "credential"],
      ["env.region", "environment-variable", "other"]
    ])
    expect(edgeKeys(g)).toEqual(["1 -> 2 (flow)", "2 -> 3 (flow)"])
  })

  it("reads secrets: exported secret env values and HTTP api keys", () => {
    const g = graphOf(workflowApp, "yaml")
    expect(node(g, "env.api_token").credentialRefs).toMatchObject([{ kind: "literal", value: "tok-0123456789abcdef" }])
    const http = node(g, "3")
    expect(http.credentialRefs).toMatchObject([{ field: "authorization.config.api_key", kind: "literal", value: "sk-abcdef0123456789" }])
    const span = g.doc.locate(http.credentialRefs[0]!.path)!
    expect(workflowApp.slice(span.start, span.end)).toBe("sk-abcdef0123456789")
    expect(lineOf(workflowApp, http.anchor.start)).toBe(lineOf(workflowApp, workflowApp.indexOf("- id: '3'")))
  })

  it("maps code in a PyYAML double-quoted scalar back to its file line and column", () => {
    const g = graphOf(workflowApp, "yaml")
    const code = node(g, "2").embeddedCode[0]!
    expect(code.language).toBe("python")
    expect(code.code).toContain("subprocess.check_output(cmd, shell=True)")
    const i = code.code.indexOf("shell=True")
    expect(positionOf(workflowApp, code.toFileOffset(i))).toEqual(positionOf(workflowApp, workflowApp.indexOf("shell=True")))
    const j = code.code.indexOf("subprocess.check_output")
    expect(workflowApp.slice(code.toFileOffset(j), code.toFileOffset(j) + 23)).toBe("subprocess.check_output")
  })

  it("reads the same app written as JSON", () => {
    const g = graphOf(JSON.stringify(load(workflowApp, "yaml").value))
    expect(g.builder.name).toBe("dify")
    expect(g.nodes).toHaveLength(7)
  })
})

describe("Dify agent-chat app", () => {
  const agentApp = `app:
  mode: agent-chat
  name: Helper
kind: app
model_config:
  agent_mode:
    enabled: true
    max_iteration: 30
    strategy: function_call
    tools:
    - provider_id: code
      provider_type: builtin
      tool_name: simple_code
      tool_label: Code Interpreter
    - provider_id: webscraper
      tool_name: webscraper
  pre_prompt: You are helpful.
`
  it("is one agent node with its tools wired into it", () => {
    const g = graphOf(agentApp, "yaml")
    expect(g.builder.variant).toBe("chat-app")
    expect(g.nodes.map((n) => [n.id, n.kind, n.name])).toEqual([
      ["app", "agent", "Helper"],
      ["tool.0.code.simple_code", "tool", "Code Interpreter"],
      ["tool.1.webscraper.webscraper", "tool", "webscraper"]
    ])
    expect(edgeKeys(g)).toEqual(["tool.0.code.simple_code -> app (tool)", "tool.1.webscraper.webscraper -> app (tool)"])
    const app = node(g, "app")
    const span = g.doc.locate(app.paramPath("agent_mode.max_iteration"))!
    expect(agentApp.slice(span.start, span.end)).toBe("30")
  })
})

describe("detection is by structure only", () => {
  it.each([
    ["package.json", { name: "x", version: "1.0.0", dependencies: {} }],
    ["graph with nodes and edges", { nodes: [{ id: "a", label: "A" }], edges: [{ source: "a", target: "a" }] }],
    ["k8s manifest", { apiVersion: "v1", kind: "Pod", metadata: { name: "x" } }],
    ["app without a Dify mode", { app: { mode: "dark" }, kind: "app" }],
    ["nodes with connections as array", { nodes: [{ name: "a", type: "x" }], connections: [] }],
    ["empty nodes and connections only", { nodes: [], connections: {} }],
    ["an array of numbers", [1, 2, 3]],
    ["a string", "nodes"],
    ["null", null]
  ])("%s is not an export", (_name, value) => {
    expect(detectBuilder(value)).toBeUndefined()
  })
})
