import type { BuilderGraph, GraphNode } from "../Graph.js"
import { isRecord, str } from "../util.js"
import { originOf, producerOf } from "./classify.js"
import { allMatches, constant, type GraphProvenance, type Origin, OutputMemo, textOf, untrusted, unknown, type ValueRef } from "./Provenance.js"

/**
 * Dify variables: `{{#node.var#}}` in text fields and `[node, var]` value selectors in structured
 * ones. `sys.query` and `sys.files` are the user's message and uploads; `sys.user_id` and the other
 * system ids are set by the platform; `env.NAME` is an environment variable (a secret when declared
 * `value_type: secret`); `conversation.NAME` is a conversation variable, whose value is what the
 * assigner nodes write into it (its default otherwise); a node id names that node's output:
 * start-node inputs, model and agent text, HTTP bodies, tool results and retrieved documents are
 * untrusted (except start inputs of type number, or select with options: Dify validates them), code
 * and template nodes carry what their input variables carry. Chat apps
 * (`model_config`) fill `{{name}}` in their prompt from the user-input form.
 */

const TEMPLATE_REF = /\{\{#([A-Za-z0-9_-]+(?:\.[A-Za-z0-9_-]+)+)#\}\}/g
const FORM_REF = /\{\{\s*([A-Za-z_][\w-]*)\s*\}\}/g
const SYS_UNTRUSTED: Readonly<Record<string, string>> = { query: "the user's message (sys.query)", files: "the user's uploaded files (sys.files)" }

export function difyProvenance(graph: BuilderGraph): GraphProvenance {
  const byId = new Map(graph.nodes.map((n) => [n.id, n] as const))
  const memo = new OutputMemo()
  const assigners = graph.nodes.filter((n) => n.type === "assigner" || n.type === "variable-assigner")

  const selectorOrigins = (selector: ReadonlyArray<string>): ReadonlyArray<Origin> => {
    const [head, name] = selector
    if (head === undefined) return []
    if (head === "sys") {
      const label = SYS_UNTRUSTED[name ?? ""]
      return label !== undefined ? [untrusted(label)] : [constant(`the platform's sys.${name ?? ""}`)]
    }
    if (head === "env") {
      const env = byId.get(`env.${name ?? ""}`)
      if (env?.kind === "credential") return [{ provenance: "secret", label: `secret environment variable ${name}`, nodeId: env.id }]
      return [{ provenance: "config", label: `environment variable ${name}`, ...(env !== undefined ? { nodeId: env.id } : {}) }]
    }
    if (head === "conversation") return conversation(name ?? "")
    const node = byId.get(head)
    if (node === undefined) return [unknown(`variable ${selector.join(".")}, whose node is not in the export`)]
    return outputOf(node, name)
  }

  const conversation = (name: string): ReadonlyArray<Origin> =>
    memo.get(`conversation\u0000${name}`, () => {
      const written: Array<Origin> = []
      for (const a of assigners) {
        for (const [target, value] of assignments(a.params)) {
          if (target[0] === "conversation" && target[1] === name) written.push(...valueOf(a, value))
        }
      }
      return written.length > 0 ? written : [constant(`the default of conversation variable ${name}`)]
    })

  const valueOf = (node: GraphNode, value: unknown): Array<Origin> => {
    if (Array.isArray(value) && value.every((s) => typeof s === "string")) return [...selectorOrigins(value as Array<string>)]
    const text = textOf(value)
    if (text === undefined) return []
    const refs = templateRefs(node, text)
    return refs.length === 0 ? [constant(`a literal in "${node.name}"`, node.id)] : refs.flatMap((r) => [...r.origins])
  }

  const outputOf = (node: GraphNode, variable: string | undefined): ReadonlyArray<Origin> =>
    memo.get(`${node.id}\u0000${variable ?? ""}`, () => {
      if (node.type === "start") {
        // Dify checks a number input is a number and a select input one of its options before the
        // run starts: neither can carry text of the user's choosing
        const declared = startVariable(node, variable)
        if (declared?.type === "number") return [constant(`the number input ${variable ?? ""} ("${node.name}")`, node.id)]
        if (declared?.type === "select" && Array.isArray(declared.options) && declared.options.length > 0) {
          return [constant(`the start-node choice ${variable ?? ""} among fixed options ("${node.name}")`, node.id)]
        }
        return [untrusted(`the start-node input ${variable ?? ""} ("${node.name}")`.replace("  ", " "), node.id)]
      }
      const producer = producerOf("dify", node)
      if (producer.kind === "source") return [originOf(producer, node)]
      const inputs = inputOf(node)
      return inputs.length > 0 ? inputs : [unknown(`the output of "${node.name}"`, node.id)]
    })

  /** Every value selector in a node's settings: what its code, template or aggregation reads. */
  const inputOf = (node: GraphNode): Array<Origin> => {
    const out: Array<Origin> = []
    for (const selector of selectors(node.params, 0)) out.push(...selectorOrigins(selector))
    return out
  }

  const templateRefs = (node: GraphNode, text: string): Array<ValueRef> => {
    const out: Array<ValueRef> = []
    for (const m of allMatches(TEMPLATE_REF, text)) {
      out.push({ start: m.index, end: m.index + m[0].length, origins: [...selectorOrigins((m[1] ?? "").split("."))] })
    }
    if (node.id === "app") {
      const form = formVariables(node.params)
      for (const m of allMatches(FORM_REF, text)) {
        const name = m[1] ?? ""
        const origin = form.has(name) || name === "query" ? untrusted(`the user-input form field ${name}`, node.id) : unknown(`variable ${name}`, node.id)
        out.push({ start: m.index, end: m.index + m[0].length, origins: [origin] })
      }
    }
    return out
  }

  return {
    param: (node, _name, value) => {
      if (Array.isArray(value) && value.length > 0 && value.every((s) => typeof s === "string")) {
        return { text: value.join("."), refs: [], whole: [...selectorOrigins(value as Array<string>)] }
      }
      const text = textOf(value)
      return { text, refs: text === undefined ? [] : templateRefs(node, text), whole: [] }
    },
    input: (node) => inputOf(node)
  }
}

/** The declaration of a start-node input (`variables[]` entry with that `variable`), if any. */
function startVariable(node: GraphNode, variable: string | undefined): Readonly<Record<string, unknown>> | undefined {
  const list = node.params.variables
  if (variable === undefined || !Array.isArray(list)) return undefined
  return list.find((v): v is Record<string, unknown> => isRecord(v) && str(v.variable) === variable)
}

/** `[target selector, value]` pairs of an assigner node (v1 and v2 layouts). */
function assignments(params: Readonly<Record<string, unknown>>): Array<[ReadonlyArray<string>, unknown]> {
  const out: Array<[ReadonlyArray<string>, unknown]> = []
  const target = params.assigned_variable_selector
  if (Array.isArray(target)) out.push([target.map(String), params.input_variable_selector])
  if (Array.isArray(params.items)) {
    for (const item of params.items) {
      if (isRecord(item) && Array.isArray(item.variable_selector)) out.push([item.variable_selector.map(String), item.value])
    }
  }
  return out
}

/** Value selectors anywhere in the settings: `value_selector`, `*_selector` and `variables` lists. */
function selectors(value: unknown, depth: number): Array<ReadonlyArray<string>> {
  if (depth > 6 || value === null || typeof value !== "object") return []
  const out: Array<ReadonlyArray<string>> = []
  for (const [k, v] of Object.entries(value)) {
    if (/selector$/.test(k) && Array.isArray(v) && v.length >= 2 && v.every((s) => typeof s === "string")) out.push(v as Array<string>)
    else if (k === "variables" && Array.isArray(v) && v.every((s) => Array.isArray(s))) {
      for (const s of v) if ((s as Array<unknown>).every((x) => typeof x === "string")) out.push(s as Array<string>)
    } else if (typeof v === "object") out.push(...selectors(v, depth + 1))
  }
  return out
}

function formVariables(params: Readonly<Record<string, unknown>>): Set<string> {
  const out = new Set<string>()
  if (!Array.isArray(params.user_input_form)) return out
  for (const entry of params.user_input_form) {
    if (!isRecord(entry)) continue
    for (const spec of Object.values(entry)) {
      const name = isRecord(spec) ? str(spec.variable) : undefined
      if (name !== undefined) out.add(name)
    }
  }
  return out
}
