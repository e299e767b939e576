import type { StructuredPath } from "../languages/structured.js"
import type { Builder } from "./Graph.js"
import { array, isRecord, str } from "./util.js"

/**
 * Recognises builder exports by structure, never by file name: a renamed or differently named file
 * is still an export, and a file called `flowise.json` that is not one is not. Each check needs the
 * keys that only that builder writes (rule-catalogue §4).
 */
export function detectBuilder(value: unknown): Builder | undefined {
  return detectDify(value) ?? detectLangflow(value) ?? detectN8n(value) ?? detectFlowise(value)
}

const DIFY_MODES = new Set(["workflow", "advanced-chat", "agent-chat", "chat", "completion"])

function detectDify(v: unknown): Builder | undefined {
  if (!isRecord(v) || !isRecord(v.app) || !DIFY_MODES.has(str(v.app.mode) ?? "")) return undefined
  // Dify's importer defaults a missing `kind` to app; the app body is what identifies the DSL
  if (isRecord(v.workflow)) return { name: "dify", variant: "workflow-app", roots: [[]] }
  if (isRecord(v.model_config)) return { name: "dify", variant: "chat-app", roots: [[]] }
  if (v.kind === "app") return { name: "dify", variant: "chat-app", roots: [[]] }
  return undefined
}

const isLangflowFlow = (v: unknown): boolean => {
  if (!isRecord(v) || !isRecord(v.data)) return false
  const nodes = v.data.nodes
  if (!Array.isArray(nodes) || !Array.isArray(v.data.edges)) return false
  if (nodes.length === 0) return "is_component" in v || "last_tested_version" in v || "endpoint_name" in v
  return nodes.some(
    (n) =>
      isRecord(n) &&
      (n.type === "genericNode" || n.type === "noteNode" || (isRecord(n.data) && isRecord(n.data.node) && isRecord(n.data.node.template)))
  )
}

function detectLangflow(v: unknown): Builder | undefined {
  if (isLangflowFlow(v)) return { name: "langflow", variant: "flow", roots: [[]] }
  if (Array.isArray(v) && v.length > 0 && v.every(isLangflowFlow)) {
    return { name: "langflow", variant: "flow", roots: v.map((_, i) => [i]) }
  }
  return undefined
}

const N8N_HINTS = ["settings", "pinData", "versionId", "staticData", "meta", "active"]

const isN8nWorkflow = (v: unknown): boolean => {
  if (!isRecord(v) || !Array.isArray(v.nodes) || !isRecord(v.connections)) return false
  const nodes = v.nodes
  if (nodes.length === 0) return N8N_HINTS.some((k) => k in v)
  return nodes.every((n) => isRecord(n) && typeof n.type === "string") && nodes.some((n) => isRecord(n) && typeof n.name === "string")
}

function detectN8n(v: unknown): Builder | undefined {
  const found = (roots: ReadonlyArray<StructuredPath>): Builder => ({ name: "n8n", variant: "workflow", roots })
  if (isN8nWorkflow(v)) return found([[]])
  if (Array.isArray(v) && v.length > 0 && v.every(isN8nWorkflow)) return found(v.map((_, i) => [i]))
  if (isRecord(v)) {
    // API responses and some tools wrap workflows: { workflow: {...} }, { data: {...} | [...] }
    for (const key of ["workflow", "data", "workflows"]) {
      const inner = v[key]
      if (isN8nWorkflow(inner)) return found([[key]])
      if (Array.isArray(inner) && inner.length > 0 && inner.every(isN8nWorkflow)) return found(inner.map((_, i) => [key, i]))
    }
  }
  return undefined
}

const isFlowiseNode = (n: unknown): boolean =>
  isRecord(n) &&
  isRecord(n.data) &&
  typeof n.data.name === "string" &&
  (isRecord(n.data.inputs) || Array.isArray(n.data.inputParams) || Array.isArray(n.data.baseClasses) || typeof n.data.category === "string")

function detectFlowise(v: unknown): Builder | undefined {
  if (!isRecord(v)) return undefined
  if (typeof v.func === "string" && typeof v.name === "string" && "schema" in v && ("iconSrc" in v || "color" in v)) {
    return { name: "flowise", variant: "tool", roots: [[]] }
  }
  if (!Array.isArray(v.nodes) || !Array.isArray(v.edges) || !v.nodes.some(isFlowiseNode)) return undefined
  return { name: "flowise", variant: flowiseVariant(v.nodes), roots: [[]] }
}

function flowiseVariant(nodes: ReadonlyArray<unknown>): string {
  let v1 = false
  for (const n of array(nodes)) {
    if (!isRecord(n)) continue
    const data = isRecord(n.data) ? n.data : {}
    const name = str(data.name) ?? ""
    if (n.type === "agentFlow" || n.type === "iteration" || name.endsWith("Agentflow")) return "agentflow-v2"
    const category = str(data.category)
    if (category === "Multi Agents" || category === "Sequential Agents") v1 = true
  }
  return v1 ? "agentflow-v1" : "chatflow"
}
