import type { StructuredDocument, StructuredPath } from "../languages/structured.js"
import type { Builder, CredentialRef, GraphEdge, GraphNode, NodeKind } from "./Graph.js"
import { array, buildNode, type CodeDraft, dotted, EdgeSet, isRecord, looksLikeReference, nonEmpty, record, str, valueAt } from "./util.js"

/**
 * Dify app DSL. Workflow and advanced-chat apps hold `workflow.graph.{nodes, edges}`, a node's type
 * and settings in `data`; chat, agent-chat and completion apps hold one `model_config`, shown here
 * as a single app node with its configured tools wired into it. Environment variables become
 * nodes of their own (kind `credential` for secrets), so rules can see a secret that was exported
 * with its value. Repetition lives in loop and iteration containers, never in edges.
 */

const KINDS: Readonly<Record<string, NodeKind>> = {
  agent: "agent",
  llm: "llm",
  "question-classifier": "llm",
  "parameter-extractor": "llm",
  tool: "tool",
  code: "code",
  "http-request": "http",
  loop: "loop",
  iteration: "loop",
  "knowledge-retrieval": "loader",
  "document-extractor": "loader",
  start: "trigger"
}

export function difyKind(type: string): NodeKind {
  return KINDS[type] ?? (type.startsWith("trigger") ? "trigger" : "other")
}

export function normaliseDify(doc: StructuredDocument, builder: Builder): { nodes: Array<GraphNode>; edges: Array<GraphEdge> } {
  const root = builder.roots[0] ?? []
  const app = record(valueAt(doc.value, root))
  const nodes: Array<GraphNode> = []
  const ids = new Set<string>()
  const edges: Array<{ source: string | undefined; target: string | undefined; kind: string; path?: StructuredPath }> = []
  const push = (node: GraphNode): void => {
    if (ids.has(node.id)) return
    ids.add(node.id)
    nodes.push(node)
  }

  if (isRecord(app.workflow)) {
    const workflow = app.workflow
    // hand-written DSLs sometimes put nodes and edges directly under `workflow`; Dify reads `graph`
    const graphPath: StructuredPath = isRecord(workflow.graph) ? [...root, "workflow", "graph"] : [...root, "workflow"]
    array(valueAt(doc.value, [...graphPath, "nodes"])).forEach((n, i) => {
      if (isRecord(n)) push(workflowNode(doc, n, [...graphPath, "nodes", i], i))
    })
    array(valueAt(doc.value, [...graphPath, "edges"])).forEach((e, i) => {
      if (isRecord(e)) edges.push({ source: nonEmpty(e.source), target: nonEmpty(e.target), kind: "flow", path: [...graphPath, "edges", i] })
    })
    array(workflow.environment_variables).forEach((v, i) => {
      if (isRecord(v)) push(environmentNode(doc, v, [...root, "workflow", "environment_variables", i], i))
    })
  }

  if (isRecord(app.model_config)) {
    const appNode = modelConfigNode(doc, app, root)
    push(appNode)
    const toolsPath = [...root, "model_config", "agent_mode", "tools"]
    array(valueAt(doc.value, toolsPath)).forEach((t, i) => {
      if (!isRecord(t)) return
      const tool = agentToolNode(doc, t, [...toolsPath, i], i)
      push(tool)
      edges.push({ source: tool.id, target: appNode.id, kind: "tool" })
    })
  }

  const set = new EdgeSet(ids)
  for (const e of edges) set.add(e.source, e.target, e.kind, e.path)
  return { nodes, edges: set.edges }
}

function workflowNode(doc: StructuredDocument, n: Record<string, unknown>, path: StructuredPath, index: number): GraphNode {
  const data = record(n.data)
  const outerType = nonEmpty(n.type)
  const type =
    nonEmpty(data.type) ?? (outerType === "custom-note" ? "note" : outerType !== undefined && !outerType.startsWith("custom") ? outerType : "unknown")
  const id = nonEmpty(n.id) ?? `#${index}`
  const dataPath = [...path, "data"]

  const code: Array<CodeDraft> = []
  const source = type === "code" ? nonEmpty(data.code) : undefined
  if (source !== undefined) {
    const language = str(data.code_language) === "javascript" ? "javascript" : "python"
    // Dify calls `main` with the node's input variables as its parameters
    code.push({ language, field: "code", path: [...dataPath, "code"], code: source, inputs: [{ names: [], entry: "main" }] })
  }

  const credentialRefs: Array<CredentialRef> = []
  const secretParams = new Set<string>()
  if (type === "http-request") {
    const field = "authorization.config.api_key"
    const key = nonEmpty(valueAt(data, dotted(field)))
    secretParams.add(field)
    if (key !== undefined) {
      credentialRefs.push({ field, path: [...dataPath, ...dotted(field)], kind: key.includes("{{#") ? "reference" : "literal", value: key })
    }
  }

  return buildNode(doc, {
    id,
    name: nonEmpty(data.title) ?? nonEmpty(n.title) ?? type,
    type,
    kind: difyKind(type),
    params: data,
    paramPath: (p) => [...dataPath, ...dotted(p)],
    path,
    anchorPath: [...path, "id"],
    secretParams,
    credentialRefs,
    code
  })
}

function environmentNode(doc: StructuredDocument, v: Record<string, unknown>, path: StructuredPath, index: number): GraphNode {
  const name = nonEmpty(v.name) ?? `#${index}`
  const secret = v.value_type === "secret"
  const value = nonEmpty(v.value)
  const credentialRefs: Array<CredentialRef> =
    secret && value !== undefined
      ? [{ field: "value", path: [...path, "value"], kind: looksLikeReference(value) ? "reference" : "literal", value }]
      : []
  return buildNode(doc, {
    id: `env.${name}`,
    name,
    type: "environment-variable",
    kind: secret ? "credential" : "other",
    params: v,
    paramPath: (p) => [...path, ...dotted(p)],
    path,
    anchorPath: [...path, "name"],
    secretParams: secret ? new Set(["value"]) : new Set(),
    credentialRefs
  })
}

function modelConfigNode(doc: StructuredDocument, app: Record<string, unknown>, root: StructuredPath): GraphNode {
  const meta = record(app.app)
  const mode = nonEmpty(meta.mode) ?? "chat"
  const configPath = [...root, "model_config"]
  return buildNode(doc, {
    id: "app",
    name: nonEmpty(meta.name) ?? mode,
    type: mode,
    kind: mode === "agent-chat" || record(record(app.model_config).agent_mode).enabled === true ? "agent" : "llm",
    params: record(app.model_config),
    paramPath: (p) => [...configPath, ...dotted(p)],
    path: configPath,
    anchorPath: [...root, "app", "name"]
  })
}

function agentToolNode(doc: StructuredDocument, t: Record<string, unknown>, path: StructuredPath, index: number): GraphNode {
  const toolName = nonEmpty(t.tool_name) ?? `#${index}`
  const provider = nonEmpty(t.provider_id) ?? nonEmpty(t.provider_name) ?? "tool"
  return buildNode(doc, {
    id: `tool.${index}.${provider}.${toolName}`,
    name: nonEmpty(t.tool_label) ?? toolName,
    type: `${provider}/${toolName}`,
    kind: "tool",
    params: t,
    paramPath: (p) => [...path, ...dotted(p)],
    path,
    anchorPath: [...path, "tool_name"]
  })
}
