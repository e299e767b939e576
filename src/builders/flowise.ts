import type { StructuredDocument, StructuredPath } from "../languages/structured.js"
import type { Builder, CredentialRef, GraphEdge, GraphNode, NodeKind } from "./Graph.js"
import {
  array,
  buildNode,
  type CodeDraft,
  dotted,
  EdgeSet,
  isRecord,
  looksLikeReference,
  nonEmpty,
  record,
  str,
  valueAt
} from "./util.js"

/**
 * Flowise chatflows, agentflows (v1 sequential/multi-agent, v2) and custom-tool exports. Node type
 * is `data.name`; settings are `data.inputs`, declared in `data.inputParams` (type `password` marks
 * a secret, `code` a function body); edges run from the providing node's output anchor to the
 * consuming node's input, which is already the data-flow direction.
 */

const BY_NAME: Readonly<Record<string, NodeKind>> = {
  // agentflow v2
  startAgentflow: "trigger",
  agentAgentflow: "agent",
  llmAgentflow: "llm",
  toolAgentflow: "tool",
  customFunctionAgentflow: "code",
  httpAgentflow: "http",
  loopAgentflow: "loop",
  iterationAgentflow: "loop",
  retrieverAgentflow: "loader",
  // agentflow v1 (sequential agents)
  seqStart: "trigger",
  seqAgent: "agent",
  seqLLMNode: "llm",
  seqToolNode: "tool",
  seqLoop: "loop",
  // chatflow nodes whose category says less than their purpose
  customTool: "code",
  customFunction: "code",
  ifElseFunction: "code",
  requestsGet: "http",
  requestsPost: "http",
  requestsGetTool: "http",
  requestsPostTool: "http",
  getApiChain: "http",
  postApiChain: "http",
  openApiChain: "http",
  openAPIToolkit: "http"
}

const BY_CATEGORY: Readonly<Record<string, NodeKind>> = {
  Agents: "agent",
  "Multi Agents": "agent",
  "Chat Models": "llm",
  LLMs: "llm",
  Memory: "memory",
  "Document Loaders": "loader",
  Tools: "tool",
  "Tools (MCP)": "tool",
  "MCP Servers": "tool"
}

export function flowiseKind(name: string, category: string | undefined): NodeKind {
  return BY_NAME[name] ?? (category !== undefined ? BY_CATEGORY[category] : undefined) ?? "other"
}

/** Code fields that hold Python (Flowise runs them with Pyodide); every other code field is JavaScript. */
const PYTHON_FIELDS = new Set(["customReadCSV", "pythonCode"])
/** Code fields of nodes whose exports may lack `inputParams`. */
const KNOWN_CODE_FIELDS = ["customToolFunc", "javascriptFunction", "customFunctionJavascriptFunction", "ifFunction", "elseFunction"]

export function normaliseFlowise(
  doc: StructuredDocument,
  builder: Builder
): { nodes: Array<GraphNode>; edges: Array<GraphEdge> } {
  const root = builder.roots[0] ?? []
  if (builder.variant === "tool") return { nodes: [toolExportNode(doc, root)], edges: [] }

  const value = record(valueAt(doc.value, root))
  const nodes: Array<GraphNode> = []
  const seen = new Set<string>()
  array(value.nodes).forEach((n, i) => {
    if (!isRecord(n)) return
    const node = flowiseNode(doc, n, [...root, "nodes", i], i)
    if (seen.has(node.id)) return
    seen.add(node.id)
    nodes.push(node)
  })

  const edges = new EdgeSet(seen)
  array(value.edges).forEach((e, i) => {
    if (isRecord(e)) edges.add(str(e.source), str(e.target), str(e.type) ?? "edge", [...root, "edges", i])
  })
  // agentflow v2 loops are a setting of the Loop node, not an edge; the graph shows them as one
  for (const node of nodes) {
    const back = node.kind === "loop" ? nonEmpty(node.params.loopBackToNode) : undefined
    if (back === undefined) continue
    const target = nodes.find((m) => back === m.id || back.startsWith(`${m.id}-`))
    edges.add(node.id, target?.id, "loop", node.paramPath("loopBackToNode"))
  }
  return { nodes, edges: edges.edges }
}

function flowiseNode(doc: StructuredDocument, n: Record<string, unknown>, path: StructuredPath, index: number): GraphNode {
  const data = record(n.data)
  const id = nonEmpty(n.id) ?? nonEmpty(data.id) ?? `#${index}`
  const type = nonEmpty(data.name) ?? nonEmpty(n.type) ?? "unknown"
  const inputs = record(data.inputs)
  const inputsPath = [...path, "data", "inputs"]
  const params = array(data.inputParams).filter(isRecord)
  const secretParams = new Set(params.filter((p) => p.type === "password").map((p) => str(p.name) ?? "").filter((s) => s !== ""))

  const credentialRefs: Array<CredentialRef> = []
  const credential = nonEmpty(data.credential)
  if (credential !== undefined) {
    credentialRefs.push({ field: "credential", path: [...path, "data", "credential"], kind: "reference", value: credential })
  }
  collectCredentialIds(inputs, inputsPath, "", credentialRefs, 0)
  for (const name of secretParams) {
    const v = nonEmpty(inputs[name])
    if (v === undefined) continue
    credentialRefs.push({ field: name, path: [...inputsPath, name], kind: looksLikeReference(v) ? "reference" : "literal", value: v })
  }

  const codeFields = new Set(params.filter((p) => p.type === "code").map((p) => str(p.name) ?? ""))
  for (const f of KNOWN_CODE_FIELDS) if (f in inputs) codeFields.add(f)
  const code: Array<CodeDraft> = []
  const codeInputs = [{ names: flowiseInputNames(inputs) }]
  for (const field of codeFields) {
    const text = nonEmpty(inputs[field])
    if (text === undefined) continue
    code.push({ language: PYTHON_FIELDS.has(field) ? "python" : "javascript", field, path: [...inputsPath, field], code: text, inputs: codeInputs })
  }

  return buildNode(doc, {
    id,
    name: nonEmpty(data.label) ?? nonEmpty(data.name) ?? id,
    type,
    kind: flowiseKind(type, str(data.category)),
    params: inputs,
    paramPath: (name) => [...inputsPath, ...dotted(name)],
    path,
    anchorPath: nonEmpty(n.id) !== undefined ? [...path, "id"] : [...path, "data", "id"],
    secretParams,
    credentialRefs,
    code
  })
}

/** Agentflow v2 model configs carry `FLOWISE_CREDENTIAL_ID`, a credential-store reference. */
function collectCredentialIds(
  value: Record<string, unknown>,
  path: StructuredPath,
  prefix: string,
  out: Array<CredentialRef>,
  depth: number
): void {
  if (depth > 3) return
  for (const [k, v] of Object.entries(value)) {
    if (k === "FLOWISE_CREDENTIAL_ID") {
      const id = nonEmpty(v)
      if (id !== undefined) out.push({ field: `${prefix}${k}`, path: [...path, k], kind: "reference", value: id })
    } else if (isRecord(v)) {
      collectCredentialIds(v, [...path, k], `${prefix}${k}.`, out, depth + 1)
    }
  }
}

function toolExportNode(doc: StructuredDocument, root: StructuredPath): GraphNode {
  const value = record(valueAt(doc.value, root))
  const name = nonEmpty(value.name) ?? "tool"
  const func = nonEmpty(value.func)
  return buildNode(doc, {
    id: name,
    name,
    type: "customTool",
    kind: "code",
    params: value,
    paramPath: (p) => [...root, ...dotted(p)],
    path: root,
    anchorPath: [...root, "name"],
    code: func === undefined ? [] : [{ language: "javascript", field: "func", path: [...root, "func"], code: func, inputs: [{ names: flowiseInputNames(value) }] }]
  })
}

/**
 * What Flowise puts in a custom function's scope for its input: `$input`, the chat input
 * `$flow.input`, and a `$name` variable per tool-schema property or function input variable.
 */
function flowiseInputNames(params: Record<string, unknown>): Array<string> {
  const names = new Set(["$input", "$input.*", "$flow.input"])
  for (const field of ["schema", "customToolSchema"]) {
    let schema: unknown = params[field]
    if (typeof schema === "string") {
      try {
        schema = JSON.parse(schema)
      } catch {
        schema = undefined
      }
    }
    if (Array.isArray(schema)) for (const p of schema) if (isRecord(p) && nonEmpty(p.property) !== undefined) names.add(`$${nonEmpty(p.property)}`)
  }
  for (const field of ["functionInputVariables", "customFunctionInputVariables"]) {
    let vars: unknown = params[field]
    if (typeof vars === "string") {
      try {
        vars = JSON.parse(vars)
      } catch {
        vars = undefined
      }
    }
    if (isRecord(vars)) for (const k of Object.keys(vars)) names.add(`$${k}`)
    if (Array.isArray(vars)) for (const v of vars) if (isRecord(v) && nonEmpty(v.variableName) !== undefined) names.add(`$${nonEmpty(v.variableName)}`)
  }
  return [...names].flatMap((n) => (n.endsWith(".*") ? [n] : [n, `${n}.*`]))
}
