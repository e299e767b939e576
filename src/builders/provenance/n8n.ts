import type { BuilderGraph, GraphNode } from "../Graph.js"
import { isRecord, str } from "../util.js"
import { originOf, producerOf } from "./classify.js"
import {
  allMatches,
  constant,
  type GraphProvenance,
  type Origin,
  OutputMemo,
  templateParts,
  textOf,
  untrusted,
  unknown,
  type ValueRef,
  variableOrigin
} from "./Provenance.js"

/**
 * n8n expressions: a parameter is an expression when it starts with `=`; its `{{ … }}` parts are
 * JavaScript over the item data. References resolve as n8n resolves them:
 *
 * - `$json.x`, `$input.item.json.x`, `$input.first()`, `$item(0)`, `$binary`: the node's main input,
 *   that is, the nodes wired into it (a sub-node such as a tool reads its agent's input);
 * - `$('Node').item.json.x`, `$node["Node"].json.x`, `$items("Node")`: that node's output;
 * - `$fromAI(…)` and `{placeholder}` in an HTTP tool's URL: chosen by the agent's model;
 * - `$env.X`, `$vars.X`: configuration, or a secret when the name says so; `$secrets`: a secret;
 * - `$now`, `$runIndex`, `$execution`, `$workflow` and plain literals: constants.
 * - an expression that is one numeric conversion as a whole (`{{ parseInt($json.id, 10) }}`,
 *   `Number(…)`, `Math.floor(…)`): a constant, since a number carries no query text, host or command.
 *
 * A node's output is classified by its type (see classify.ts); Set nodes give each field the
 * provenance of the value assigned to it, pass-through nodes (IF, Merge, Code, …) that of their input.
 */

const NAMED = /\$\(\s*(['"`])((?:(?!\1)[^\\]|\\.)*)\1\s*\)|\$node\s*\[\s*(['"`])((?:(?!\3)[^\\]|\\.)*)\3\s*\]|\$node\.([A-Za-z_$][\w$]*)|\$items\(\s*(['"`])((?:(?!\6)[^\\]|\\.)*)\6/g
const FIELD_AFTER = /^(?:\.(?:item|first\(\s*\)|last\(\s*\)|all\(\s*\)(?:\[\d+\])?|itemMatching\([^)]*\)|params|data|parameter))*(?:\.json|\[\d+\]\.json|\.data)?(?:\.([A-Za-z_$][\w$]*)|\[\s*['"]([^'"]+)['"]\s*\])/
const INPUT = /\$json\b|\$input\b|\$item\s*\(|\$binary\b|\$data\b/g
const INPUT_FIELD = /^(?:\$json|\$data)(?:\.([A-Za-z_$][\w$]*)|\[\s*['"]([^'"]+)['"]\s*\])|^\$input\.(?:item|first\(\s*\)|last\(\s*\)|all\(\s*\)\[\d+\])\.json(?:\.([A-Za-z_$][\w$]*)|\[\s*['"]([^'"]+)['"]\s*\])/
const FROM_AI = /\$fromAI\s*\(/g
const ENV = /\$(env|vars)(?:\.([A-Za-z_$][\w$]*)|\[\s*['"]([^'"]+)['"]\s*\])/g
const SECRETS = /\$secrets\b|\$credentials\b/g

const DATA_EDGE = "main"

export function n8nProvenance(graph: BuilderGraph): GraphProvenance {
  const byId = new Map(graph.nodes.map((n) => [n.id, n] as const))
  const byName = new Map<string, GraphNode>()
  for (const n of graph.nodes) if (!byName.has(n.name)) byName.set(n.name, n)
  const mainInputs = new Map<string, Array<GraphNode>>()
  const consumers = new Map<string, Array<GraphNode>>()
  for (const e of graph.edges) {
    const s = byId.get(e.source)
    const t = byId.get(e.target)
    if (s === undefined || t === undefined) continue
    if (e.kind === DATA_EDGE) mainInputs.set(t.id, [...(mainInputs.get(t.id) ?? []), s])
    else if (e.kind.startsWith("ai_")) consumers.set(s.id, [...(consumers.get(s.id) ?? []), t])
  }
  const memo = new OutputMemo()

  /** What `$json` means inside a node: its main inputs, or for a sub-node its consumer's. */
  const inputsOf = (node: GraphNode, field: string | undefined, depth = 0): Array<Origin> => {
    const direct = mainInputs.get(node.id)
    if (direct !== undefined && direct.length > 0) return direct.flatMap((n) => [...outputOf(n, field)])
    const parents = consumers.get(node.id)
    if (parents !== undefined && depth < 4) {
      // a tool or model reads what its agent reads; a tool's own arguments come from the model
      const own = node.kind === "tool" || node.kind === "http" || node.kind === "code" ? [untrusted(`arguments the model passes to "${node.name}"`, node.id)] : []
      return [...own, ...parents.flatMap((p) => inputsOf(p, field, depth + 1))]
    }
    return []
  }

  const outputOf = (node: GraphNode, field: string | undefined): ReadonlyArray<Origin> =>
    memo.get(`${node.id}\u0000${field ?? ""}`, () => {
      if (node.type === "n8n-nodes-base.set") return setOutput(node, field)
      const producer = producerOf("n8n", node)
      if (producer.kind === "source") return [originOf(producer, node)]
      const passed = inputsOf(node, node.kind === "code" ? undefined : field)
      if (passed.length > 0) return passed
      return node.kind === "code" ? [unknown(`the output of code node "${node.name}"`, node.id)] : []
    })

  const setOutput = (node: GraphNode, field: string | undefined): Array<Origin> => {
    const fields = setAssignments(node.params)
    const keepsOthers = node.params.includeOtherFields === true || (isRecord(node.params.options) && node.params.options.includeOtherFields === true) ||
      ("values" in node.params && node.params.keepOnlySet !== true)
    if (field !== undefined) {
      const assigned = fields.get(field) ?? fields.get("*")
      if (assigned !== undefined) return valueOrigins(node, assigned, `field ${field} of Set node "${node.name}"`)
      return keepsOthers ? inputsOf(node, field) : [constant(`Set node "${node.name}"`, node.id)]
    }
    const all = [...fields.values()].flatMap((v) => valueOrigins(node, v, `Set node "${node.name}"`))
    return keepsOthers ? [...all, ...inputsOf(node, undefined)] : all
  }

  const valueOrigins = (node: GraphNode, value: unknown, what: string): Array<Origin> => {
    const text = textOf(value)
    if (text === undefined) return [constant(what, node.id)]
    const refs = references(node, text)
    return refs.length === 0 ? [constant(`a literal in ${what}`, node.id)] : refs.flatMap((r) => [...r.origins])
  }

  /** The references of an expression text, each resolved. */
  const references = (node: GraphNode, text: string): Array<ValueRef> => {
    if (!text.includes("{{")) return placeholders(node, text)
    const out: Array<ValueRef> = []
    for (const part of templateParts(text)) {
      const body = part.body
      const bodyStart = part.start + 2
      if (numericCast(body)) {
        // `{{ parseInt($json.body.id, 10) }}`: whatever the data held, the expression yields a number
        out.push({ start: bodyStart - 2, end: bodyStart + body.length + 2, origins: [constant("a number the expression converts its data to")] })
        continue
      }
      const origins: Array<Origin> = []
      for (const r of allMatches(FROM_AI, body)) {
        void r
        origins.push(untrusted(`a tool argument the model chooses ($fromAI in "${node.name}")`, node.id))
      }
      for (const r of allMatches(ENV, body)) origins.push(variableOrigin(r[1] === "env" ? "environment variable" : "n8n variable", r[2] ?? r[3] ?? ""))
      for (const r of allMatches(SECRETS, body)) {
        void r
        origins.push({ provenance: "secret", label: "a stored credential" })
      }
      for (const r of allMatches(NAMED, body)) {
        const name = r[2] ?? r[4] ?? r[5] ?? r[7] ?? ""
        const target = byName.get(unescape(name))
        const after = FIELD_AFTER.exec(body.slice(r.index + r[0].length))
        const field = after?.[1] ?? after?.[2]
        if (target === undefined) origins.push(unknown(`node "${name}", which is not in the export`))
        else origins.push(...outputOf(target, field))
      }
      for (const r of allMatches(INPUT, body)) {
        // `$json` inside `$('X').item.json` is not the input; named references were handled above
        // (what precedes ends with a `.`, spaces allowed: `$('X').item.json`, `$('X').first().json`, `x.json`)
        if (dotBefore(body, r.index)) continue
        const f = INPUT_FIELD.exec(body.slice(r.index))
        const field = f?.[1] ?? f?.[2] ?? f?.[3] ?? f?.[4]
        const inputs = inputsOf(node, field)
        // nothing wired in: the item is empty (a node run by hand or by a start trigger)
        origins.push(...(inputs.length > 0 ? inputs : [constant(`the empty input of "${node.name}"`, node.id)]))
      }
      out.push({ start: bodyStart - 2, end: bodyStart + body.length + 2, origins: origins.length > 0 ? origins : [constant("an expression without data references")] })
    }
    return [...out, ...placeholders(node, text)]
  }

  /** `{name}` placeholders in an agent HTTP tool: the model fills them in. */
  const placeholders = (node: GraphNode, text: string): Array<ValueRef> => {
    if (node.type !== "@n8n/n8n-nodes-langchain.toolHttpRequest") return []
    const out: Array<ValueRef> = []
    for (const m of text.matchAll(/(?<!\{)\{([A-Za-z_][\w-]*)\}(?!\})/g)) {
      out.push({ start: m.index, end: m.index + m[0].length, origins: [untrusted(`the placeholder {${m[1]}} the model fills in`, node.id)] })
    }
    return out
  }

  return {
    param: (node, _name, value) => {
      const text = textOf(value)
      if (text === undefined) return { text, refs: [], whole: [] }
      return { text, refs: references(node, text), whole: [] }
    },
    input: (node) => inputsOf(node, undefined)
  }
}

const unescape = (s: string): string => s.replace(/\\(.)/g, "$1")

const CAST = /^(?:parseInt|parseFloat|Number|Math\.(?:round|floor|ceil|trunc|abs))\s*\(/

/**
 * Whether an expression body is one numeric conversion as a whole (`parseInt(x, 10)`, `Number(x)`,
 * `Math.floor(x)`): its call's parenthesis closes at the end of the body, so nothing else is
 * concatenated to the number. Quotes are skipped while matching the parentheses.
 */
export function numericCast(body: string): boolean {
  const t = body.trim()
  const m = CAST.exec(t)
  if (m === null) return false
  let depth = 0
  let quote: string | undefined
  for (let i = m[0].length - 1; i < t.length; i++) {
    const c = t[i]!
    if (quote !== undefined) {
      if (c === "\\") i++
      else if (c === quote) quote = undefined
      continue
    }
    if (c === "'" || c === '"' || c === "`") quote = c
    else if (c === "(") depth++
    else if (c === ")" && --depth === 0) return i === t.length - 1
  }
  return false
}

const SPACE = /\s/

/** Whether the text before `at` ends with a `.` and nothing after it but white space. */
function dotBefore(text: string, at: number): boolean {
  let i = at - 1
  while (i >= 0 && SPACE.test(text[i]!)) i--
  return i >= 0 && text[i] === "."
}

/** Field name -> assigned value, for every Set node version. */
function setAssignments(params: Readonly<Record<string, unknown>>): Map<string, unknown> {
  const out = new Map<string, unknown>()
  const assignments = isRecord(params.assignments) ? params.assignments.assignments : undefined
  if (Array.isArray(assignments)) {
    for (const a of assignments) if (isRecord(a) && str(a.name) !== undefined) out.set(str(a.name)!, a.value)
  }
  const fields = isRecord(params.fields) ? params.fields.values : undefined
  if (Array.isArray(fields)) {
    for (const f of fields) {
      if (!isRecord(f) || str(f.name) === undefined) continue
      const v = Object.entries(f).find(([k]) => k.endsWith("Value"))
      out.set(str(f.name)!, v?.[1])
    }
  }
  if (isRecord(params.values)) {
    for (const list of Object.values(params.values)) {
      if (!Array.isArray(list)) continue
      for (const f of list) if (isRecord(f) && str(f.name) !== undefined) out.set(str(f.name)!, f.value)
    }
  }
  if (typeof params.jsonOutput === "string") out.set("*", params.jsonOutput)
  return out
}
