import type { BuilderGraph, GraphNode } from "../Graph.js"
import { isRecord, str } from "../util.js"
import { originOf, producerOf } from "./classify.js"
import { allMatches, constant, type GraphProvenance, type Origin, OutputMemo, templateParts, textOf, untrusted, unknown, type ValueRef, variableOrigin } from "./Provenance.js"

/**
 * Flowise variables in node inputs: `{{ question }}` (the user's message), `{{ chat_history }}`,
 * `{{ file_attachment }}`, `{{ $form.x }}` (form input) are untrusted; `{{ $vars.x }}` is a
 * configured variable (a secret when its name says so); `{{ $flow.state.x }}` is what the nodes that
 * update state key `x` write (their output), or the start node's default; `{{ nodeId }}` and
 * `{{ nodeId.output… }}` are that agentflow node's output; `{{ output }}` is the node's own output.
 * `{{ nodeId.data.instance }}` is a chatflow anchor that hands over a model or tool object, not data.
 * Chatflow prompt templates fill `{var}` from `promptValues`, and `{question}`/`{input}` from the
 * user's message. Tools an agent calls receive arguments the model chooses.
 */

const SINGLE = /(?<!\{)\{([A-Za-z_][\w]*)\}(?!\})/g
const CONSTANTS = new Set(["current_date_time", "runtime_messages_length", "$flow.sessionId", "$flow.chatId", "$flow.chatflowId"])
const USER = /^(?:question|chat_history|file_attachment|\$flow\.input|\$input|input)$/
const PROMPT_TEMPLATES = new Set(["chatPromptTemplate", "promptTemplate", "fewShotPromptTemplate"])

export function flowiseProvenance(graph: BuilderGraph): GraphProvenance {
  const byId = new Map(graph.nodes.map((n) => [n.id, n] as const))
  const toolOf = new Map<string, GraphNode>()
  for (const e of graph.edges) {
    const s = byId.get(e.source)
    const t = byId.get(e.target)
    if (s !== undefined && t !== undefined && t.kind === "agent" && (s.kind === "tool" || s.kind === "code" || s.kind === "http")) toolOf.set(s.id, t)
  }
  const memo = new OutputMemo()

  const outputOf = (node: GraphNode): ReadonlyArray<Origin> =>
    memo.get(node.id, () => {
      const producer = producerOf("flowise", node)
      if (producer.kind === "source") return [originOf(producer, node)]
      const passed = inputOf(node)
      return passed.length > 0 ? passed : [unknown(`the output of "${node.name}"`, node.id)]
    })

  const state = (key: string): ReadonlyArray<Origin> =>
    memo.get(`state\u0000${key}`, () => {
      const written: Array<Origin> = []
      let defaulted = false
      const keyPattern = new RegExp(`"key"\\s*:\\s*"${key.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}"`, "i")
      for (const n of graph.nodes) {
        for (const [field, value] of Object.entries(n.params)) {
          if (!/state/i.test(field) || !keyPattern.test(JSON.stringify(value) ?? "")) continue
          if (n.kind === "trigger") defaulted = true
          else written.push(...writerValue(n, value, key))
        }
      }
      if (written.length > 0) return written
      return defaulted ? [constant(`the start-state default of ${key}`)] : [unknown(`flow state ${key}, which no node in the export writes`)]
    })

  /** What a node writes into a state key: the value's references, its own output for `{{ output }}`. */
  const writerValue = (node: GraphNode, value: unknown, key: string): Array<Origin> => {
    const entries = Array.isArray(value) ? value : [value]
    const out: Array<Origin> = []
    for (const e of entries) {
      if (!isRecord(e) || (str(e.key) ?? str(e.Key))?.toLowerCase() !== key.toLowerCase()) continue
      const text = textOf(e.value ?? e.Value)
      const refs = text === undefined ? [] : references(node, text)
      out.push(...(refs.length === 0 ? [constant(`a literal written by "${node.name}"`, node.id)] : refs.flatMap((r) => [...r.origins])))
    }
    // sequential-agent state updates are code or tables; the writer's output is what lands there
    return out.length > 0 ? out : [...outputOf(node)]
  }

  const variable = (node: GraphNode, name: string): Array<Origin> => {
    if (/\.data\.instance$/.test(name)) return []
    if (CONSTANTS.has(name)) return [constant(name)]
    if (USER.test(name)) return [untrusted(name === "chat_history" ? "the chat history" : "the user's message", node.id)]
    if (name.startsWith("$form.")) return [untrusted(`the form field ${name.slice(6)}`, node.id)]
    if (name.startsWith("$vars.")) return [variableOrigin("Flowise variable", name.slice(6))]
    if (name.startsWith("$flow.state.")) return [...state(name.slice(12).split(".")[0] ?? "")]
    if (name === "output" || name.startsWith("output.")) return [...outputOf(node)]
    if (name === "$iteration" || name.startsWith("$iteration.")) {
      const iteration = graph.nodes.find((n) => n.type === "iterationAgentflow")
      return iteration === undefined ? [unknown("the iteration item")] : [...paramOrigins(iteration, iteration.params.iterationInput)]
    }
    const target = byId.get(name.split(".")[0] ?? "")
    if (target !== undefined) return [...outputOf(target)]
    return [unknown(`variable ${name}`, node.id)]
  }

  const references = (node: GraphNode, text: string): Array<ValueRef> => {
    const out: Array<ValueRef> = []
    for (const part of templateParts(text)) {
      const name = part.body.trim()
      if (name === "" || name.includes("{")) continue
      const origins = variable(node, name)
      if (origins.length > 0) out.push({ start: part.start, end: part.end, origins })
    }
    if (PROMPT_TEMPLATES.has(node.type)) out.push(...promptVariables(node, text))
    return out
  }

  /** `{var}` in a chatflow prompt template, filled from promptValues or, for the input, the user. */
  const promptVariables = (node: GraphNode, text: string): Array<ValueRef> => {
    const values = promptValues(node.params.promptValues)
    const out: Array<ValueRef> = []
    for (const m of allMatches(SINGLE, text)) {
      const name = m[1] ?? ""
      const mapped = values[name]
      let origins: Array<Origin>
      if (mapped !== undefined) {
        const refs = references({ ...node, type: "promptValue" }, mapped)
        origins = refs.length > 0 ? refs.flatMap((r) => [...r.origins]) : [constant(`the prompt value ${name}`, node.id)]
      } else origins = USER.test(name) ? [untrusted("the user's message", node.id)] : [unknown(`the prompt variable {${name}}`, node.id)]
      out.push({ start: m.index, end: m.index + m[0].length, origins })
    }
    return out
  }

  const paramOrigins = (node: GraphNode, value: unknown): Array<Origin> => {
    const text = textOf(value)
    return text === undefined ? [] : references(node, text).flatMap((r) => [...r.origins])
  }

  /** What a node's code or call receives: its input variables, or the model's arguments for a tool. */
  const inputOf = (node: GraphNode): Array<Origin> => {
    const out: Array<Origin> = []
    const agent = toolOf.get(node.id)
    if (agent !== undefined) out.push(untrusted(`arguments the model of "${agent.name}" passes to "${node.name}"`, node.id))
    if (node.type === "customTool" && node.id === node.name) out.push(untrusted(`arguments the model passes to the tool "${node.name}"`))
    // a chatflow chain runs on the user's message
    if (/Chain$/.test(node.type) && agent === undefined) out.push(untrusted("the user's message", node.id))
    for (const field of ["functionInputVariables", "customFunctionInputVariables", "iterationInput", "toolInputArgs"]) {
      if (field in node.params) out.push(...paramOrigins(node, node.params[field]))
    }
    return out
  }

  return {
    param: (node, _name, value) => {
      const text = textOf(value)
      return { text, refs: text === undefined ? [] : references(node, text), whole: [] }
    },
    input: (node) => inputOf(node)
  }
}

function promptValues(v: unknown): Record<string, string> {
  let value = v
  if (typeof v === "string") {
    try {
      value = JSON.parse(v)
    } catch {
      return {}
    }
  }
  const out: Record<string, string> = {}
  if (isRecord(value)) for (const [k, x] of Object.entries(value)) if (typeof x === "string") out[k] = x
  return out
}
