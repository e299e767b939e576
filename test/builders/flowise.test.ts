import { describe, expect, it } from "vitest"
import { detectBuilder } from "../../src/builders/index.js"
import { edgeKeys, graphOf, lineOf, load, node, positionOf } from "./helpers.js"

const customToolFunc = 'const cp = require("child_process");\nreturn cp.execSync($input).toString()'

const chatflow = JSON.stringify(
  {
    nodes: [
      {
        id: "chatOpenAI_0",
        position: { x: 1, y: 2 },
        type: "customNode",
        data: {
          id: "chatOpenAI_0",
          label: "ChatOpenAI",
          name: "chatOpenAI",
          type: "ChatOpenAI",
          category: "Chat Models",
          baseClasses: ["ChatOpenAI"],
          credential: "cred-123",
          inputParams: [{ label: "OpenAI Api Key", name: "openAIApiKey", type: "password" }],
          inputs: { openAIApiKey: "sk-proj-AbCdEf0123456789", modelName: "gpt-4o" }
        }
      },
      {
        id: "toolAgent_0",
        position: { x: 3, y: 4 },
        type: "customNode",
        data: {
          id: "toolAgent_0",
          label: "Tool Agent",
          name: "toolAgent",
          type: "AgentExecutor",
          category: "Agents",
          inputs: { model: "{{chatOpenAI_0.data.instance}}", tools: ["{{customTool_0.data.instance}}"], maxIterations: "" }
        }
      },
      {
        id: "customTool_0",
        type: "customNode",
        data: {
          id: "customTool_0",
          label: "Custom Tool",
          name: "customTool",
          category: "Tools",
          inputs: { selectedTool: "abc", customToolFunc }
        }
      },
      {
        id: "bufferMemory_0",
        type: "customNode",
        data: { id: "bufferMemory_0", label: "Buffer Memory", name: "bufferMemory", category: "Memory", inputs: {} }
      },
      { id: "stickyNote_0", type: "stickyNote", data: { id: "stickyNote_0", name: "stickyNote", category: "Utilities", inputs: { note: "hi" } } }
    ],
    edges: [
      { source: "chatOpenAI_0", sourceHandle: "chatOpenAI_0-output", target: "toolAgent_0", targetHandle: "toolAgent_0-input-model", type: "buttonedge", id: "e1" },
      { source: "customTool_0", target: "toolAgent_0", type: "buttonedge", id: "e2" },
      { source: "bufferMemory_0", target: "toolAgent_0", type: "buttonedge", id: "e3" },
      { source: "ghost_0", target: "toolAgent_0", type: "buttonedge", id: "e4" }
    ]
  },
  null,
  2
)

describe("Flowise chatflow", () => {
  it("is recognised by structure", () => {
    expect(detectBuilder(load(chatflow).value)).toEqual({ name: "flowise", variant: "chatflow", roots: [[]] })
  })

  it("normalises kinds, names, types and edges (dropping edges to missing nodes)", () => {
    const g = graphOf(chatflow)
    expect(g.nodes.map((n) => [n.id, n.kind, n.type, n.name])).toEqual([
      ["chatOpenAI_0", "llm", "chatOpenAI", "ChatOpenAI"],
      ["toolAgent_0", "agent", "toolAgent", "Tool Agent"],
      ["customTool_0", "code", "customTool", "Custom Tool"],
      ["bufferMemory_0", "memory", "bufferMemory", "Buffer Memory"],
      ["stickyNote_0", "other", "stickyNote", "stickyNote"]
    ])
    expect(edgeKeys(g)).toEqual([
      "bufferMemory_0 -> toolAgent_0 (buttonedge)",
      "chatOpenAI_0 -> toolAgent_0 (buttonedge)",
      "customTool_0 -> toolAgent_0 (buttonedge)"
    ])
  })

  it("exposes params with document paths and positions at the node's id line", () => {
    const g = graphOf(chatflow)
    const agent = node(g, "toolAgent_0")
    expect(agent.params.maxIterations).toBe("")
    const span = g.doc.locate(agent.paramPath("maxIterations"))!
    expect(chatflow.slice(span.start, span.end)).toBe('""')
    expect(lineOf(chatflow, agent.anchor.start)).toBe(lineOf(chatflow, chatflow.indexOf('"id": "toolAgent_0"')))
    expect(chatflow.slice(agent.span.start, agent.span.start + 1)).toBe("{")
  })

  it("separates credential-store references from literal secrets", () => {
    const llm = node(graphOf(chatflow), "chatOpenAI_0")
    expect(llm.secretParams.has("openAIApiKey")).toBe(true)
    expect(llm.credentialRefs.map((c) => [c.field, c.kind, c.value])).toEqual([
      ["credential", "reference", "cred-123"],
      ["openAIApiKey", "literal", "sk-proj-AbCdEf0123456789"]
    ])
  })

  it("extracts custom tool code and maps its offsets to the file", () => {
    const tool = node(graphOf(chatflow), "customTool_0")
    expect(tool.embeddedCode).toHaveLength(1)
    const code = tool.embeddedCode[0]!
    expect(code).toMatchObject({ language: "javascript", field: "customToolFunc", nodeId: "customTool_0", builtin: false })
    expect(code.code).toBe(customToolFunc)
    const at = code.toFileOffset(customToolFunc.indexOf("execSync"))
    expect(chatflow.slice(at, at + 8)).toBe("execSync")
    const expected = chatflow.indexOf("execSync")
    expect(positionOf(chatflow, at)).toEqual(positionOf(chatflow, expected))
  })
})

describe("Flowise agentflow v2", () => {
  const agentflow = JSON.stringify({
    nodes: [
      { id: "startAgentflow_0", type: "agentFlow", data: { id: "startAgentflow_0", name: "startAgentflow", label: "Start", category: "Agent Flows", inputs: {} } },
      {
        id: "agentAgentflow_0",
        type: "agentFlow",
        data: {
          id: "agentAgentflow_0",
          name: "agentAgentflow",
          label: "Email Agent",
          category: "Agent Flows",
          inputs: { agentModelConfig: { credential: "", FLOWISE_CREDENTIAL_ID: "cred-9", modelName: "gpt-4o" }, agentMemoryType: "allMessages" }
        }
      },
      {
        id: "loopAgentflow_0",
        type: "agentFlow",
        data: { id: "loopAgentflow_0", name: "loopAgentflow", label: "Loop", category: "Agent Flows", inputs: { loopBackToNode: "agentAgentflow_0-Email Agent", maxLoopCount: "5" } }
      },
      {
        id: "customFunctionAgentflow_0",
        type: "agentFlow",
        data: {
          id: "customFunctionAgentflow_0",
          name: "customFunctionAgentflow",
          label: "Fn",
          category: "Agent Flows",
          inputParams: [{ name: "customFunctionJavascriptFunction", type: "code" }],
          inputs: { customFunctionJavascriptFunction: "return eval($flow.input)" }
        }
      }
    ],
    edges: [
      { source: "startAgentflow_0", target: "agentAgentflow_0", type: "agentFlow", id: "a" },
      { source: "agentAgentflow_0", target: "loopAgentflow_0", type: "agentFlow", id: "b" },
      { source: "agentAgentflow_0", target: "customFunctionAgentflow_0", type: "agentFlow", id: "c" }
    ]
  })

  it("recognises the variant, wires Loop nodes back and reads model credential ids", () => {
    const g = graphOf(agentflow)
    expect(g.builder.variant).toBe("agentflow-v2")
    expect(g.nodes.map((n) => n.kind)).toEqual(["trigger", "agent", "loop", "code"])
    expect(edgeKeys(g)).toContain("loopAgentflow_0 -> agentAgentflow_0 (loop)")
    expect(node(g, "agentAgentflow_0").credentialRefs).toMatchObject([
      { field: "agentModelConfig.FLOWISE_CREDENTIAL_ID", kind: "reference", value: "cred-9" }
    ])
    const fn = node(g, "customFunctionAgentflow_0").embeddedCode[0]!
    expect(fn.code).toBe("return eval($flow.input)")
    expect(agentflow.slice(fn.toFileOffset(7), fn.toFileOffset(7) + 4)).toBe("eval")
  })

  it("recognises agentflow v1 (sequential agents)", () => {
    const v1 = JSON.stringify({
      nodes: [{ id: "seqAgent_0", data: { id: "seqAgent_0", name: "seqAgent", category: "Sequential Agents", inputs: { maxIterations: "" } } }],
      edges: []
    })
    const g = graphOf(v1)
    expect(g.builder.variant).toBe("agentflow-v1")
    expect(g.nodes[0]!.kind).toBe("agent")
  })
})

describe("Flowise custom tool export", () => {
  const tool = JSON.stringify(
    {
      name: "run_shell",
      description: "Runs a command",
      color: "linear-gradient(#fff, #000)",
      iconSrc: "",
      schema: '[{"property":"cmd","type":"string"}]',
      func: 'const { execSync } = require("child_process");\nreturn execSync($cmd).toString();'
    },
    null,
    2
  )

  it("is one code node with its function as JavaScript", () => {
    const g = graphOf(tool)
    expect(g.builder).toEqual({ name: "flowise", variant: "tool", roots: [[]] })
    expect(g.nodes).toHaveLength(1)
    const n = g.nodes[0]!
    expect(n).toMatchObject({ id: "run_shell", kind: "code", type: "customTool" })
    const code = n.embeddedCode[0]!
    const i = code.code.indexOf("execSync($cmd)")
    expect(positionOf(tool, code.toFileOffset(i))).toEqual(positionOf(tool, tool.indexOf("execSync($cmd)")))
    expect(lineOf(tool, n.anchor.start)).toBe(2)
  })
})
