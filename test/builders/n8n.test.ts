import { describe, expect, it } from "vitest"
import { detectBuilder } from "../../src/builders/index.js"
import { edgeKeys, graphOf, lineOf, load, node, positionOf } from "./helpers.js"

const jsCode = 'const { execSync } = require("child_process");\nreturn [{ json: { out: execSync($json.cmd).toString() } }];'

const workflow = {
  name: "Agent with tools",
  nodes: [
    { id: "t1", name: "When chat message received", type: "@n8n/n8n-nodes-langchain.chatTrigger", typeVersion: 1, position: [0, 0], parameters: {} },
    { id: "a1", name: "AI Agent", type: "@n8n/n8n-nodes-langchain.agent", typeVersion: 1.7, position: [200, 0], parameters: { options: {} } },
    {
      id: "m1",
      name: "OpenAI Chat Model",
      type: "@n8n/n8n-nodes-langchain.lmChatOpenAi",
      parameters: { model: "gpt-4o" },
      credentials: { openAiApi: { id: "cred1", name: "OpenAI account" } }
    },
    { id: "c1", name: "Code Tool", type: "@n8n/n8n-nodes-langchain.toolCode", parameters: { jsCode } },
    {
      id: "h1",
      name: "HTTP Request",
      type: "n8n-nodes-base.httpRequest",
      parameters: { url: "={{ $json.url }}", headerParameters: { parameters: [{ name: "Authorization", value: "Bearer abc123" }] } },
      credentials: { httpBasicAuth: { user: "admin", password: "hunter2" } }
    },
    { id: "l1", name: "Loop Over Items", type: "n8n-nodes-base.splitInBatches", parameters: { options: {} } },
    { id: "p1", name: "Python", type: "n8n-nodes-base.code", parameters: { language: "python", pythonCode: "import os\nos.system('ls')", jsCode: "stale()" } },
    { id: "s1", name: "Sticky Note", type: "n8n-nodes-base.stickyNote", parameters: { content: "notes" } }
  ],
  connections: {
    "When chat message received": { main: [[{ node: "AI Agent", type: "main", index: 0 }]] },
    "OpenAI Chat Model": { ai_languageModel: [[{ node: "AI Agent", type: "ai_languageModel", index: 0 }]] },
    "Code Tool": { ai_tool: [[{ node: "AI Agent", type: "ai_tool", index: 0 }]] },
    "AI Agent": { main: [[{ node: "Loop Over Items", type: "main", index: 0 }]] },
    "Loop Over Items": { main: [[], [{ node: "HTTP Request", type: "main", index: 0 }]] },
    // some exports key connections by node id
    h1: { main: [[{ node: "Loop Over Items", type: "main", index: 0 }], [{ node: "Nowhere", type: "main", index: 0 }]] }
  },
  settings: { executionOrder: "v1" },
  pinData: {}
}
const text = JSON.stringify(workflow, null, 2)

describe("n8n workflow", () => {
  it("is recognised by structure, bare or wrapped", () => {
    expect(detectBuilder(load(text).value)).toEqual({ name: "n8n", variant: "workflow", roots: [[]] })
    expect(detectBuilder({ workflow })?.roots).toEqual([["workflow"]])
    expect(detectBuilder([workflow, workflow])?.roots).toEqual([[0], [1]])
    expect(detectBuilder({ data: [workflow] })?.roots).toEqual([["data", 0]])
  })

  it("normalises kinds and connections of every type, resolving names and ids", () => {
    const g = graphOf(text)
    expect(g.nodes.map((n) => [n.id, n.kind])).toEqual([
      ["t1", "trigger"],
      ["a1", "agent"],
      ["m1", "llm"],
      ["c1", "code"],
      ["h1", "http"],
      ["l1", "loop"],
      ["p1", "code"],
      ["s1", "other"]
    ])
    expect(edgeKeys(g)).toEqual([
      "a1 -> l1 (main)",
      "c1 -> a1 (ai_tool)",
      "h1 -> l1 (main)",
      "l1 -> h1 (main)",
      "m1 -> a1 (ai_languageModel)",
      "t1 -> a1 (main)"
    ])
  })

  it("reads credential references and inline credentials", () => {
    const g = graphOf(text)
    expect(node(g, "m1").credentialRefs).toMatchObject([{ field: "credentials.openAiApi", kind: "reference", value: "OpenAI account" }])
    expect(node(g, "h1").credentialRefs.map((c) => [c.field, c.kind, c.value])).toEqual([
      ["credentials.httpBasicAuth.user", "literal", "admin"],
      ["credentials.httpBasicAuth.password", "literal", "hunter2"]
    ])
  })

  it("locates nested parameters and anchors nodes at their name", () => {
    const g = graphOf(text)
    const http = node(g, "h1")
    const span = g.doc.locate(http.paramPath("headerParameters.parameters.0.value"))!
    expect(text.slice(span.start, span.end)).toBe('"Bearer abc123"')
    expect(text.slice(http.anchor.start, http.anchor.end)).toBe('"HTTP Request"')
    expect(lineOf(text, http.anchor.start)).toBe(lineOf(text, text.indexOf('"name": "HTTP Request"')))
  })

  it("extracts the active code of Code nodes and maps it to file positions", () => {
    const g = graphOf(text)
    const tool = node(g, "c1").embeddedCode
    expect(tool).toHaveLength(1)
    const js = tool[0]!
    expect(js).toMatchObject({ language: "javascript", field: "jsCode", nodeName: "Code Tool" })
    const i = jsCode.indexOf("execSync($json")
    expect(positionOf(text, js.toFileOffset(i))).toEqual(positionOf(text, text.indexOf("execSync($json")))
    const py = node(g, "p1").embeddedCode
    expect(py.map((c) => [c.language, c.field])).toEqual([["python", "pythonCode"]])
    expect(text.slice(py[0]!.toFileOffset(10), py[0]!.toFileOffset(10) + 9)).toBe("os.system")
  })

  it("gives nodes without ids their name as id and prefixes ids of several workflows", () => {
    const noIds = { nodes: [{ name: "A", type: "n8n-nodes-base.noOp", parameters: {} }, { name: "B", type: "n8n-nodes-base.noOp" }], connections: { A: { main: [[{ node: "B", type: "main", index: 0 }]] } } }
    expect(edgeKeys(graphOf(JSON.stringify(noIds)))).toEqual(["A -> B (main)"])
    const many = graphOf(JSON.stringify([noIds, noIds]))
    expect(many.nodes.map((n) => n.id)).toEqual(["0:A", "0:B", "1:A", "1:B"])
    expect(edgeKeys(many)).toEqual(["0:A -> 0:B (main)", "1:A -> 1:B (main)"])
  })
})
