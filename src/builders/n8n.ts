import type { StructuredDocument, StructuredPath } from "../languages/structured.js"
import type { Builder, CredentialRef, GraphEdge, GraphNode, NodeKind } from "./Graph.js"
import { array, buildNode, type CodeDraft, dotted, EdgeSet, isRecord, nonEmpty, record, str, valueAt } from "./util.js"

/**
 * n8n workflows. Connections are keyed by the source node's name:
 * `connections[source][type][outputIndex][] = { node: target, type, index }`. Sub-nodes (models,
 * tools, memories) connect to their agent or chain with `ai_*` types, from the sub-node to the
 * consumer, so every connection already points the way data flows. Some exports in the wild key
 * connections by node id instead of name; both resolve, and connections to missing nodes are dropped.
 */

const LANGCHAIN = "@n8n/n8n-nodes-langchain."
const BASE = "n8n-nodes-base."

const EXACT: Readonly<Record<string, NodeKind>> = {
  [`${LANGCHAIN}agent`]: "agent",
  [`${LANGCHAIN}agentTool`]: "agent",
  [`${LANGCHAIN}openAiAssistant`]: "agent",
  [`${LANGCHAIN}toolCode`]: "code",
  [`${LANGCHAIN}code`]: "code",
  [`${LANGCHAIN}toolHttpRequest`]: "http",
  [`${LANGCHAIN}mcpClientTool`]: "tool",
  [`${LANGCHAIN}openAi`]: "llm",
  [`${LANGCHAIN}chainLlm`]: "llm",
  [`${LANGCHAIN}chainSummarization`]: "llm",
  [`${LANGCHAIN}chainRetrievalQa`]: "llm",
  [`${LANGCHAIN}informationExtractor`]: "llm",
  [`${LANGCHAIN}textClassifier`]: "llm",
  [`${LANGCHAIN}sentimentAnalysis`]: "llm",
  [`${LANGCHAIN}documentDefaultDataLoader`]: "loader",
  [`${LANGCHAIN}documentBinaryInputLoader`]: "loader",
  [`${LANGCHAIN}documentGithubLoader`]: "loader",
  [`${LANGCHAIN}chatTrigger`]: "trigger",
  [`${LANGCHAIN}manualChatTrigger`]: "trigger",
  [`${LANGCHAIN}mcpTrigger`]: "trigger",
  [`${BASE}openAi`]: "llm",
  [`${BASE}httpRequest`]: "http",
  [`${BASE}httpRequestTool`]: "http",
  [`${BASE}graphql`]: "http",
  [`${BASE}code`]: "code",
  [`${BASE}function`]: "code",
  [`${BASE}functionItem`]: "code",
  [`${BASE}executeCommand`]: "code",
  [`${BASE}ssh`]: "code",
  [`${BASE}splitInBatches`]: "loop",
  [`${BASE}readBinaryFile`]: "loader",
  [`${BASE}readBinaryFiles`]: "loader",
  [`${BASE}readWriteFile`]: "loader",
  [`${BASE}readPDF`]: "loader",
  [`${BASE}webhook`]: "trigger",
  [`${BASE}start`]: "trigger",
  [`${BASE}cron`]: "trigger",
  [`${BASE}interval`]: "trigger"
}

export function n8nKind(type: string): NodeKind {
  const exact = EXACT[type]
  if (exact !== undefined) return exact
  const short = type.slice(type.lastIndexOf(".") + 1)
  if (/Trigger$/.test(short)) return "trigger"
  if (type.startsWith(LANGCHAIN)) {
    if (short.startsWith("lmChat") || short.startsWith("lm")) return "llm"
    if (short.startsWith("memory")) return "memory"
    if (short.startsWith("tool")) return "tool"
  }
  // app nodes exposed to agents as tools: n8n-nodes-base.gmailTool, ...
  if (/Tool$/.test(short)) return "tool"
  return "other"
}

/**
 * The names n8n puts in a Code node's scope for the items it receives (`$json`, `$input.all()`,
 * `$('Node').item`, legacy `items` / `item`), in JavaScript and in Python (`_json`, `_input`); a
 * Code tool receives the model's argument as `query`; a LangChain Code node reads `this.getInputData()`.
 */
const JS_INPUT = ["$json", "$json.*", "$input", "$input.*", "$items", "$item", "$node.*", "$", "items", "item"]
const PY_INPUT = ["_json", "_json.*", "_input", "_input.*", "_items", "_item", "_node.*", "_", "items", "item"]
const inputNames = (type: string, language: "javascript" | "python"): Array<string> => [
  ...(language === "python" ? PY_INPUT : JS_INPUT),
  ...(type === `${LANGCHAIN}toolCode` ? ["query"] : []),
  ...(type === `${LANGCHAIN}code` ? ["this.getInputData"] : [])
]

/** Code parameters by name, any node type: Code and Code Tool nodes, legacy Function nodes. */
function codeDrafts(type: string, params: Record<string, unknown>, base: StructuredPath): Array<CodeDraft> {
  const out: Array<CodeDraft> = []
  const add = (language: "javascript" | "python", field: string): void => {
    const code = nonEmpty(valueAt(params, dotted(field)))
    if (code !== undefined) out.push({ language, field, path: [...base, ...dotted(field)], code, inputs: [{ names: inputNames(type, language) }] })
  }
  // a node switched from one language to the other keeps the inactive field; only the active one runs
  if ((str(params.language) ?? "").startsWith("python")) add("python", "pythonCode")
  else add("javascript", "jsCode")
  add("javascript", "functionCode")
  if (type === `${LANGCHAIN}code`) {
    add("javascript", "code.execute.code")
    add("javascript", "code.supplyData.code")
  }
  return out
}

function credentials(n: Record<string, unknown>, path: StructuredPath): Array<CredentialRef> {
  const out: Array<CredentialRef> = []
  for (const [credType, c] of Object.entries(record(n.credentials))) {
    const base = [...path, "credentials", credType]
    const field = `credentials.${credType}`
    if (typeof c === "string") {
      // old exports name the credential directly
      if (c.trim() !== "") out.push({ field, path: base, kind: "reference", value: c })
      continue
    }
    if (!isRecord(c)) continue
    const ref = nonEmpty(c.name) ?? nonEmpty(c.id)
    if (ref !== undefined) out.push({ field, path: base, kind: "reference", value: ref })
    for (const [k, v] of Object.entries(c)) {
      if (k === "id" || k === "name") continue
      const literal = nonEmpty(v)
      if (literal !== undefined) out.push({ field: `${field}.${k}`, path: [...base, k], kind: "literal", value: literal })
    }
  }
  return out
}

export function normaliseN8n(doc: StructuredDocument, builder: Builder): { nodes: Array<GraphNode>; edges: Array<GraphEdge> } {
  const nodes: Array<GraphNode> = []
  const allEdges: Array<GraphEdge> = []
  const many = builder.roots.length > 1
  builder.roots.forEach((root, w) => {
    const workflow = record(valueAt(doc.value, root))
    const prefix = many ? `${w}:` : ""
    const byName = new Map<string, string>()
    const ids = new Set<string>()
    array(workflow.nodes).forEach((n, i) => {
      if (!isRecord(n)) return
      const path = [...root, "nodes", i]
      const name = nonEmpty(n.name)
      const ownId = nonEmpty(n.id)
      const id = prefix + (ownId ?? name ?? `#${i}`)
      if (ids.has(id)) return
      ids.add(id)
      if (name !== undefined && !byName.has(name)) byName.set(name, id)
      const type = nonEmpty(n.type) ?? "unknown"
      const params = record(n.parameters)
      const paramBase = [...path, "parameters"]
      nodes.push(
        buildNode(doc, {
          id,
          name: name ?? id,
          type,
          kind: n8nKind(type),
          params,
          paramPath: (p) => [...paramBase, ...dotted(p)],
          path,
          anchorPath: name !== undefined ? [...path, "name"] : [...path, "id"],
          credentialRefs: credentials(n, path),
          code: codeDrafts(type, params, paramBase)
        })
      )
    })
    const resolve = (ref: unknown): string | undefined => {
      const s = str(ref)
      if (s === undefined) return undefined
      return byName.get(s) ?? (ids.has(prefix + s) ? prefix + s : undefined)
    }
    const edges = new EdgeSet(ids)
    for (const [source, byType] of Object.entries(record(workflow.connections))) {
      const from = resolve(source)
      for (const [kind, outputs] of Object.entries(record(byType))) {
        array(outputs).forEach((output, o) => {
          array(output).forEach((c, j) => {
            if (isRecord(c)) edges.add(from, resolve(c.node), kind, [...root, "connections", source, kind, o, j])
          })
        })
      }
    }
    allEdges.push(...edges.edges)
  })
  return { nodes, edges: allEdges }
}
