import type { StructuredDocument, StructuredPath } from "../languages/structured.js"
import type { Builder, CredentialRef, GraphEdge, GraphNode, NodeKind } from "./Graph.js"
import { array, buildNode, type CodeDraft, dotted, EdgeSet, isRecord, nonEmpty, record, valueAt } from "./util.js"

/**
 * Langflow flows: `data.nodes[]` (`genericNode`, `noteNode`) and `data.edges[]`. A node's settings
 * are `data.node.template.<field>.value`; `password` marks secrets and `load_from_db` says the value
 * names a global variable. Every component carries its Python source in `template.code.value`; it
 * is user code only when the user edited it (`data.node.edited`) or wrote the component
 * (`CustomComponent`). Grouped components (`data.node.flow`) are flattened into the graph.
 */

const EXACT: Readonly<Record<string, NodeKind>> = {
  Agent: "agent",
  LanguageModelComponent: "llm",
  Memory: "memory",
  MessageHistory: "memory",
  APIRequest: "http",
  APIRequestComponent: "http",
  URL: "http",
  URLComponent: "http",
  CustomComponent: "code",
  PythonREPLComponent: "code",
  PythonREPLTool: "code",
  PythonCodeStructuredTool: "code",
  PythonFunction: "code",
  PythonFunctionComponent: "code",
  LoopComponent: "loop",
  File: "loader",
  FileComponent: "loader",
  Directory: "loader",
  DirectoryComponent: "loader",
  ChatInput: "trigger",
  TextInput: "trigger",
  Webhook: "trigger",
  WebhookComponent: "trigger"
}

export function langflowKind(type: string): NodeKind {
  const exact = EXACT[type]
  if (exact !== undefined) return exact
  if (/Agent(Component)?$/.test(type)) return "agent"
  if (/Embedding/i.test(type)) return "other"
  if (/Model(Component)?$/.test(type)) return "llm"
  if (/(Chat)?Memory(Component)?$/.test(type)) return "memory"
  return "other"
}

interface Pending {
  readonly nodesPath: StructuredPath
  readonly edgesPath: StructuredPath
}

export function normaliseLangflow(
  doc: StructuredDocument,
  builder: Builder
): { nodes: Array<GraphNode>; edges: Array<GraphEdge> } {
  const nodes: Array<GraphNode> = []
  const ids = new Set<string>()
  const rawEdges: Array<{ source: string | undefined; target: string | undefined; kind: string; path: StructuredPath }> = []
  const many = builder.roots.length > 1
  builder.roots.forEach((root, f) => {
    const prefix = many ? `${f}:` : ""
    const pending: Array<Pending> = [{ nodesPath: [...root, "data", "nodes"], edgesPath: [...root, "data", "edges"] }]
    let depth = 0
    while (pending.length > 0 && depth++ < 64) {
      const { nodesPath, edgesPath } = pending.shift()!
      array(valueAt(doc.value, nodesPath)).forEach((n, i) => {
        if (!isRecord(n)) return
        const path = [...nodesPath, i]
        const node = langflowNode(doc, n, path, prefix, i)
        if (ids.has(node.id)) return
        ids.add(node.id)
        nodes.push(node)
        const inner = record(record(record(n.data).node).flow)
        if (isRecord(inner.data)) {
          pending.push({ nodesPath: [...path, "data", "node", "flow", "data", "nodes"], edgesPath: [...path, "data", "node", "flow", "data", "edges"] })
        }
      })
      array(valueAt(doc.value, edgesPath)).forEach((e, i) => {
        if (!isRecord(e)) return
        const target = record(record(e.data).targetHandle)
        const s = nonEmpty(e.source)
        const t = nonEmpty(e.target)
        rawEdges.push({
          source: s === undefined ? undefined : prefix + s,
          target: t === undefined ? undefined : prefix + t,
          kind: nonEmpty(target.fieldName) ?? "edge",
          path: [...edgesPath, i]
        })
      })
    }
  })
  const edges = new EdgeSet(ids)
  for (const e of rawEdges) edges.add(e.source, e.target, e.kind, e.path)

  // a component wired into an agent's `tools` input acts as a tool
  const toolSources = new Set(edges.edges.filter((e) => e.kind === "tools").map((e) => e.source))
  const graphNodes = nodes.map((n) => (n.kind === "other" && toolSources.has(n.id) ? { ...n, kind: "tool" as const } : n))
  return { nodes: graphNodes, edges: edges.edges }
}

function langflowNode(
  doc: StructuredDocument,
  n: Record<string, unknown>,
  path: StructuredPath,
  prefix: string,
  index: number
): GraphNode {
  const data = record(n.data)
  const component = record(data.node)
  const template = record(component.template)
  const templatePath = [...path, "data", "node", "template"]
  const isNote = n.type === "noteNode"
  const type = isNote ? "note" : (nonEmpty(data.type) ?? nonEmpty(n.type) ?? "unknown")
  const id = prefix + (nonEmpty(n.id) ?? nonEmpty(data.id) ?? `#${index}`)
  const name = nonEmpty(component.display_name) ?? type
  const edited = component.edited === true || type === "CustomComponent"

  const params: Record<string, unknown> = {}
  const secretParams = new Set<string>()
  const credentialRefs: Array<CredentialRef> = []
  const code: Array<CodeDraft> = []
  for (const [field, spec] of Object.entries(template)) {
    if (!isRecord(spec) || !("value" in spec)) continue
    params[field] = spec.value
    const valuePath = [...templatePath, field, "value"]
    if (spec.password === true) {
      secretParams.add(field)
      const v = nonEmpty(spec.value)
      if (v !== undefined) {
        credentialRefs.push({ field, path: valuePath, kind: spec.load_from_db === true ? "reference" : "literal", value: v })
      }
    }
    // any other field may name a global variable instead of holding a value: a reference too
    else if (spec.load_from_db === true) {
      const v = nonEmpty(spec.value)
      if (v !== undefined) credentialRefs.push({ field, path: valuePath, kind: "reference", value: v })
    }
    if (spec.type === "code") {
      const text = nonEmpty(spec.value)
      if (text !== undefined) {
        code.push({ language: "python", field, path: valuePath, code: text, builtin: field === "code" && !edited })
      }
    }
  }
  // a component reads each of its inputs as `self.<field>`: wired from another component or typed in
  const inputs = Object.keys(template)
    .filter((f) => f !== "code" && isRecord(template[f]) && (template[f] as Record<string, unknown>).type !== "code")
    .map((f) => ({ names: [`self.${f}`], field: f }))
  for (let i = 0; i < code.length; i++) code[i] = { ...code[i]!, inputs }

  return buildNode(doc, {
    id,
    name,
    type,
    kind: isNote ? "other" : langflowKind(type),
    params,
    paramPath: (p) => {
      const [first, ...rest] = dotted(p)
      return [...templatePath, first ?? p, "value", ...rest]
    },
    path,
    anchorPath: nonEmpty(n.id) !== undefined ? [...path, "id"] : [...path, "data", "id"],
    secretParams,
    credentialRefs,
    code
  })
}
