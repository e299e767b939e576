import { describe, expect, it } from "vitest"
import { findingsOf } from "./scan.js"

/**
 * The spec's table of builder findings (SPEC.md "What is detected in exports of agent builders"):
 * every row is checked at its severity on a small export, with its safe form silent where the row
 * names one.
 */

const flowiseNode = (id: string, name: string, category: string, inputs: object, extra: object = {}) => ({
  id,
  type: "customNode",
  position: { x: 0, y: 0 },
  data: { id, name, label: name, category, baseClasses: [name], inputs, ...extra }
})
const flowise = (nodes: Array<object>, edges: Array<object> = []) => JSON.stringify({ nodes, edges }, null, 2)
const edge = (source: string, target: string) => ({ source, target, sourceHandle: `${source}-output`, targetHandle: `${target}-input`, type: "buttonedge", id: `${source}-${target}` })

const n8nNode = (name: string, type: string, parameters: object, extra: object = {}) => ({ id: name.toLowerCase().replace(/\W+/g, "-"), name, type, typeVersion: 1, position: [0, 0], parameters, ...extra })
const main = (...targets: Array<string>) => ({ main: [targets.map((node) => ({ node, type: "main", index: 0 }))] })
const n8n = (nodes: Array<object>, connections: object) => JSON.stringify({ name: "wf", nodes, connections, settings: {} }, null, 2)

const severities = (text: string, rule: string) => findingsOf(text, rule).map((f) => f.severity)

describe("spec table: chatflow builder (Flowise)", () => {
  it("Agent loop: an agent executor without maxIterations is CRITICAL; with a limit it is silent", () => {
    const open = flowise([flowiseNode("toolAgent_0", "toolAgent", "Agents", { maxIterations: "" })])
    const bounded = flowise([flowiseNode("toolAgent_0", "toolAgent", "Agents", { maxIterations: "8" })])
    expect(severities(open, "infinite_loop")).toEqual(["CRITICAL"])
    expect(severities(bounded, "infinite_loop")).toEqual([])
  })

  it("Connection cycle: edges in a circle are HIGH", () => {
    const text = flowise(
      [flowiseNode("llmChain_0", "llmChain", "Chains", {}), flowiseNode("llmChain_1", "llmChain", "Chains", {})],
      [edge("llmChain_0", "llmChain_1"), edge("llmChain_1", "llmChain_0")]
    )
    expect(severities(text, "workflow_cycle")).toEqual(["HIGH"])
  })

  it("Credential leak: a plaintext API key in a node input is CRITICAL; a credential reference is silent", () => {
    const params = { inputParams: [{ name: "openAIApiKey", type: "password" }] }
    const leaked = flowise([flowiseNode("chatOpenAI_0", "chatOpenAI", "Chat Models", { openAIApiKey: "sk-proj-Zq8Yt6Rw4Pv2Nx0Lm7Kj5Hg3Fd1Sa9Qe" }, params)])
    const stored = flowise([flowiseNode("chatOpenAI_0", "chatOpenAI", "Chat Models", { modelName: "gpt-4o" }, { credential: "6f2c1a9e-credential" })])
    expect(severities(leaked, "hardcoded_credentials")).toContain("CRITICAL")
    expect(severities(stored, "hardcoded_credentials")).toEqual([])
  })

  it("Unsafe tool: a custom tool whose function runs shell commands is CRITICAL", () => {
    const text = flowise([
      flowiseNode("customTool_0", "customTool", "Tools", { customToolFunc: "const { execSync } = require('child_process');\nreturn execSync($cmd).toString();" })
    ])
    expect(severities(text, "code_execution")).toEqual(["CRITICAL"])
  })

  it("Memory overflow: a buffer memory without a limit is HIGH; a window memory with k is silent", () => {
    expect(severities(flowise([flowiseNode("bufferMemory_0", "bufferMemory", "Memory", {})]), "context_exhaustion")).toEqual(["HIGH"])
    expect(severities(flowise([flowiseNode("bufferWindowMemory_0", "bufferWindowMemory", "Memory", { k: "5" })]), "context_exhaustion")).toEqual([])
  })

  it("Document loader path: a folder path from the user's input is reported (HIGH); a fixed path is silent", () => {
    const fromUser = flowise([flowiseNode("folderFiles_0", "folderFiles", "Document Loaders", { folderPath: "/srv/docs/{{question}}" })])
    const fixed = flowise([flowiseNode("folderFiles_0", "folderFiles", "Document Loaders", { folderPath: "/srv/docs" })])
    expect(severities(fromUser, "path_traversal")).toEqual(["HIGH"])
    expect(severities(fixed, "path_traversal")).toEqual([])
  })
})

describe("spec table: workflow builder (n8n)", () => {
  it("Workflow loop: a polling loop without a counter is CRITICAL, a Loop Over Items with reset and no cap too; a counter makes it silent", () => {
    const poll = (ifParams: object) =>
      n8n(
        [
          n8nNode("Start", "n8n-nodes-base.manualTrigger", {}),
          n8nNode("Check", "n8n-nodes-base.httpRequest", { url: "https://api.example.com/status" }),
          n8nNode("Ready?", "n8n-nodes-base.if", ifParams),
          n8nNode("Wait", "n8n-nodes-base.wait", { amount: 5 })
        ],
        { Start: main("Check"), Check: main("Ready?"), "Ready?": { main: [[], [{ node: "Wait", type: "main", index: 0 }]] }, Wait: main("Check") }
      )
    expect(severities(poll({}), "infinite_loop")).toEqual(["CRITICAL"])
    const counted = { conditions: { conditions: [{ leftValue: "={{ $runIndex }}", rightValue: 10, operator: { type: "number", operation: "lt" } }] } }
    expect(severities(poll(counted), "infinite_loop")).toEqual([])

    const reset = (options: object) =>
      n8n(
        [
          n8nNode("Start", "n8n-nodes-base.manualTrigger", {}),
          n8nNode("Loop", "n8n-nodes-base.splitInBatches", { options }),
          n8nNode("Fetch", "n8n-nodes-base.httpRequest", { url: "https://api.example.com/page" })
        ],
        { Start: main("Loop"), Loop: { main: [[], [{ node: "Fetch", type: "main", index: 0 }]] }, Fetch: main("Loop") }
      )
    expect(severities(reset({ reset: true }), "infinite_loop")).toEqual(["CRITICAL"])
    expect(severities(reset({}), "infinite_loop")).toEqual([])
  })

  it("AI agent risk: an agent whose code tool evaluates its input is CRITICAL", () => {
    const text = n8n(
      [
        n8nNode("Chat", "@n8n/n8n-nodes-langchain.chatTrigger", {}),
        n8nNode("Agent", "@n8n/n8n-nodes-langchain.agent", { options: { maxIterations: 8 } }),
        n8nNode("Calc", "@n8n/n8n-nodes-langchain.toolCode", { name: "calc", jsCode: "return String(eval(query));" })
      ],
      { Chat: main("Agent"), Calc: { ai_tool: [[{ node: "Agent", type: "ai_tool", index: 0 }]] } }
    )
    // the eval runs the model's argument: a proven flow into eval (exec_eval, the spec's rule id for it)
    expect([...severities(text, "code_execution"), ...severities(text, "exec_eval")]).toEqual(["CRITICAL"])
  })

  it("AI agent risk: a code tool that only counts words is not reported", () => {
    const text = n8n(
      [
        n8nNode("Chat", "@n8n/n8n-nodes-langchain.chatTrigger", {}),
        n8nNode("Agent", "@n8n/n8n-nodes-langchain.agent", { options: { maxIterations: 8 } }),
        n8nNode("Count", "@n8n/n8n-nodes-langchain.toolCode", { name: "count", jsCode: "return String(query.split(/\\s+/).length);" })
      ],
      { Chat: main("Agent"), Count: { ai_tool: [[{ node: "Agent", type: "ai_tool", index: 0 }]] } }
    )
    expect([...severities(text, "code_execution"), ...severities(text, "exec_eval")]).toEqual([])
  })

  it("Credential leak: an Authorization header value in the workflow JSON is CRITICAL; a credential reference is silent", () => {
    const leaked = n8n(
      [
        n8nNode("Call", "n8n-nodes-base.httpRequest", {
          url: "https://api.example.com/v1/items",
          sendHeaders: true,
          headerParameters: { parameters: [{ name: "Authorization", value: "Bearer sk-proj-Zq8Yt6Rw4Pv2Nx0Lm7Kj5Hg3Fd1Sa9Qe" }] }
        })
      ],
      {}
    )
    const referenced = n8n(
      [n8nNode("Call", "n8n-nodes-base.httpRequest", { url: "https://api.example.com/v1/items", authentication: "genericCredentialType" }, { credentials: { httpHeaderAuth: { id: "1", name: "API" } } })],
      {}
    )
    expect(severities(leaked, "hardcoded_credentials")).toContain("CRITICAL")
    expect(severities(referenced, "hardcoded_credentials")).toEqual([])
  })

  it("HTTP request risk: a URL whose host comes from the webhook is HIGH; data only in the path is silent", () => {
    const flow = (url: string) =>
      n8n([n8nNode("Webhook", "n8n-nodes-base.webhook", { path: "in" }), n8nNode("Fetch", "n8n-nodes-base.httpRequest", { url })], { Webhook: main("Fetch") })
    expect(severities(flow("={{ $json.body.url }}"), "ssrf")).toEqual(["HIGH"])
    expect(severities(flow("=https://api.example.com/items/{{ $json.body.id }}"), "ssrf")).toEqual([])
  })

  it("Code node risk: a code node with shell execution, require() or eval() is CRITICAL", () => {
    const code = (jsCode: string) => n8n([n8nNode("Code", "n8n-nodes-base.code", { jsCode })], {})
    expect(severities(code("const cp = require('child_process');\nreturn [{ json: { out: cp.execSync('ls').toString() } }];"), "code_execution")).toContain("CRITICAL")
    expect(severities(code("const fs = require('fs');\nreturn [{ json: { files: fs.readdirSync('/tmp') } }];"), "code_execution")).toContain("CRITICAL")
    const evaluated = [...severities(code("return [{ json: { v: eval($json.expr) } }];"), "code_execution"), ...severities(code("return [{ json: { v: eval($json.expr) } }];"), "exec_eval")]
    expect(evaluated).toContain("CRITICAL")
  })
})
