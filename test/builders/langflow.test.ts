import { describe, expect, it } from "vitest"
import { detectBuilder } from "../../src/builders/index.js"
import { edgeKeys, graphOf, lineOf, load, node, positionOf } from "./helpers.js"

const stockCode = "from langflow.custom import Component\n\nclass ChatInput(Component):\n    pass\n"
const userCode = "import subprocess\n\nclass Runner(Component):\n    def run(self):\n        return subprocess.run(self.cmd, shell=True)\n"

const component = (id: string, type: string, template: Record<string, unknown>, extra: Record<string, unknown> = {}) => ({
  id,
  type: "genericNode",
  position: { x: 0, y: 0 },
  data: { id, type, node: { display_name: type, edited: false, template: { _type: "Component", ...template }, ...extra } }
})

const flow = {
  name: "Agent flow",
  description: "",
  is_component: false,
  last_tested_version: "1.4.2",
  endpoint_name: null,
  data: {
    nodes: [
      component("ChatInput-1", "ChatInput", { code: { type: "code", value: stockCode }, input_value: { type: "str", value: "" } }),
      component("Agent-1", "Agent", {
        api_key: { type: "str", password: true, load_from_db: true, value: "OPENAI_API_KEY" },
        max_iterations: { type: "int", value: 15 },
        code: { type: "code", value: stockCode }
      }),
      component("CustomComponent-1", "CustomComponent", { code: { type: "code", value: userCode } }),
      component("Calculator-1", "CalculatorComponent", { token: { type: "str", password: true, load_from_db: false, value: "sk-live-123" } }),
      component("Loop-1", "LoopComponent", {}),
      component("Edited-1", "ParserComponent", { code: { type: "code", value: userCode } }, { edited: true }),
      { id: "note-1", type: "noteNode", data: { id: "note-1", node: { description: "read me" } } }
    ],
    edges: [
      { source: "ChatInput-1", target: "Agent-1", data: { targetHandle: { fieldName: "input_value", id: "Agent-1" } } },
      { source: "Calculator-1", target: "Agent-1", data: { targetHandle: { fieldName: "tools", id: "Agent-1" } } },
      { source: "CustomComponent-1", target: "Agent-1", data: { targetHandle: { fieldName: "tools", id: "Agent-1" } } },
      { source: "Agent-1", target: "Loop-1", data: { targetHandle: { fieldName: "data" } } },
      { source: "Loop-1", target: "Edited-1", data: { targetHandle: { fieldName: "input_data" } } },
      { source: "Edited-1", target: "Loop-1", data: { targetHandle: { fieldName: "item" } } }
    ]
  }
}
const text = JSON.stringify(flow, null, 2)

describe("Langflow flow", () => {
  it("is recognised by structure", () => {
    expect(detectBuilder(load(text).value)).toEqual({ name: "langflow", variant: "flow", roots: [[]] })
  })

  it("normalises kinds (a component wired into an agent's tools is a tool) and edges by target field", () => {
    const g = graphOf(text)
    expect(g.nodes.map((n) => [n.id, n.type, n.kind])).toEqual([
      ["ChatInput-1", "ChatInput", "trigger"],
      ["Agent-1", "Agent", "agent"],
      ["CustomComponent-1", "CustomComponent", "code"],
      ["Calculator-1", "CalculatorComponent", "tool"],
      ["Loop-1", "LoopComponent", "loop"],
      ["Edited-1", "ParserComponent", "other"],
      ["note-1", "note", "other"]
    ])
    expect(edgeKeys(g)).toContain("Calculator-1 -> Agent-1 (tools)")
    expect(edgeKeys(g)).toContain("Edited-1 -> Loop-1 (item)")
  })

  it("flattens template values into params located at `template.<field>.value`", () => {
    const g = graphOf(text)
    const agent = node(g, "Agent-1")
    expect(agent.params.max_iterations).toBe(15)
    const span = g.doc.locate(agent.paramPath("max_iterations"))!
    expect(text.slice(span.start, span.end)).toBe("15")
    expect(lineOf(text, agent.anchor.start)).toBe(lineOf(text, text.indexOf('"id": "Agent-1"')))
  })

  it("treats global-variable names as references and other password values as literals", () => {
    const g = graphOf(text)
    expect(node(g, "Agent-1").credentialRefs).toMatchObject([{ field: "api_key", kind: "reference", value: "OPENAI_API_KEY" }])
    expect(node(g, "Calculator-1").credentialRefs).toMatchObject([{ field: "token", kind: "literal", value: "sk-live-123" }])
    expect(node(g, "Calculator-1").secretParams.has("token")).toBe(true)
  })

  it("marks stock component source as builtin and user code (custom or edited) as not", () => {
    const g = graphOf(text)
    expect(node(g, "ChatInput-1").embeddedCode.map((c) => c.builtin)).toEqual([true])
    expect(node(g, "CustomComponent-1").embeddedCode.map((c) => c.builtin)).toEqual([false])
    const edited = node(g, "Edited-1").embeddedCode[0]!
    expect(edited).toMatchObject({ builtin: false, language: "python", field: "code" })
    const i = userCode.indexOf("shell=True")
    expect(text.slice(edited.toFileOffset(i), edited.toFileOffset(i) + 10)).toBe("shell=True")
    const lastShell = text.lastIndexOf("shell=True")
    expect(positionOf(text, edited.toFileOffset(i))).toEqual(positionOf(text, lastShell))
  })
})
