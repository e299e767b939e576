import type { BuilderGraph, GraphNode } from "../Graph.js"
import { originOf, producerOf } from "./classify.js"
import { constant, type GraphProvenance, type Origin, OutputMemo, textOf, untrusted, unknown, variableOrigin } from "./Provenance.js"

/**
 * Langflow: a template field either holds a value typed into the component or is wired to another
 * component's output by an edge whose target handle names the field. A wired field carries what its
 * source produces: chat, text and webhook inputs, fetched pages, files, databases and model output
 * are untrusted; prompt templates, parsers and other formatters carry what is wired into them. A
 * component wired into an agent's `tools` is called with arguments the model chooses. A field with
 * `load_from_db` holds the name of a global variable: a secret when it is a password field or its
 * name says so (`OPENAI_API_KEY`), else a setting; a text component passes such a value on.
 */

/** Edges that hand over a model, tool, embedding or memory object rather than data. */
const HANDLE_FIELDS = new Set(["tools", "llm", "model", "embedding", "embedding_model", "embeddings", "memory", "agent_llm"])

export function langflowProvenance(graph: BuilderGraph): GraphProvenance {
  const byId = new Map(graph.nodes.map((n) => [n.id, n] as const))
  const into = new Map<string, Array<{ source: GraphNode; field: string }>>()
  const toolOf = new Map<string, GraphNode>()
  for (const e of graph.edges) {
    const s = byId.get(e.source)
    const t = byId.get(e.target)
    if (s === undefined || t === undefined) continue
    if (e.kind === "tools") toolOf.set(s.id, t)
    into.set(t.id, [...(into.get(t.id) ?? []), { source: s, field: e.kind }])
  }
  const memo = new OutputMemo()

  const dataInputs = (node: GraphNode, field?: string): Array<Origin> =>
    (into.get(node.id) ?? [])
      .filter((e) => (field === undefined ? !HANDLE_FIELDS.has(e.field) : e.field === field))
      .flatMap((e) => [...outputOf(e.source)])

  /** The global variable a field names instead of a value (`load_from_db`), if any. */
  const globalOf = (node: GraphNode, field: string): Origin | undefined => {
    const ref = node.credentialRefs.find((c) => c.field === field && c.kind === "reference")
    if (ref === undefined) return undefined
    const origin = variableOrigin("the global variable", ref.value)
    return node.secretParams.has(field) ? { ...origin, provenance: "secret" } : origin
  }

  /** Global variables a text-passing component (not a model, agent or tool) puts into its output. */
  const passedGlobals = (node: GraphNode): Array<Origin> =>
    node.kind === "other" || node.kind === "code" || node.kind === "trigger"
      ? node.credentialRefs.filter((c) => c.kind === "reference" && !node.secretParams.has(c.field)).flatMap((c) => [globalOf(node, c.field)!])
      : []

  const outputOf = (node: GraphNode): ReadonlyArray<Origin> =>
    memo.get(node.id, () => {
      const globals = passedGlobals(node)
      const producer = producerOf("langflow", node)
      if (producer.kind === "source") return [originOf(producer, node), ...globals]
      const passed = dataInputs(node)
      if (passed.length > 0 || globals.length > 0) return [...passed, ...globals]
      // user-written or edited code computes the output from whatever it fetches or reads
      if (node.kind === "code" || node.embeddedCode.some((c) => !c.builtin)) return [unknown(`the output of custom component "${node.name}"`, node.id)]
      return [constant(`values set in "${node.name}"`, node.id)]
    })

  const toolArgs = (node: GraphNode): Array<Origin> => {
    const agent = toolOf.get(node.id)
    return agent === undefined ? [] : [untrusted(`arguments the model of "${agent.name}" passes to the tool "${node.name}"`, node.id)]
  }

  return {
    param: (node, name, value) => {
      const field = name.split(".")[0] ?? name
      const wired = dataInputs(node, field)
      // a tool's fields left empty are the ones its agent's model fills in (tool mode)
      const text = textOf(value)
      const modelFilled = wired.length === 0 && (text === undefined || text.trim() === "") ? toolArgs(node) : []
      const global = globalOf(node, field)
      return { text, refs: [], whole: [...wired, ...modelFilled, ...(global !== undefined ? [global] : [])] }
    },
    input: (node) => [...toolArgs(node), ...dataInputs(node)]
  }
}
