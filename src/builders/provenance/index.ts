import type { BuilderGraph, GraphNode } from "../Graph.js"
import { difyProvenance } from "./dify.js"
import { flowiseProvenance } from "./flowise.js"
import { langflowProvenance } from "./langflow.js"
import { n8nProvenance } from "./n8n.js"
import type { GraphProvenance, Origin, ValueProvenance } from "./Provenance.js"

export type { GraphProvenance, Origin, ProvenanceKind, ValueProvenance, ValueRef } from "./Provenance.js"
export { producerOf } from "./classify.js"

const cache = new WeakMap<BuilderGraph, GraphProvenance>()

/**
 * The provenance resolver of a graph, built once per graph (resolution is memoised inside), and its
 * answers kept per node and parameter: several rules ask about one sink parameter (a system message
 * is a prompt-leak and a prompt-injection sink), and code nodes ask about their input again.
 */
export function provenanceOf(graph: BuilderGraph): GraphProvenance {
  let p = cache.get(graph)
  if (p === undefined) {
    const b = graph.builder.name
    p = remembered(b === "n8n" ? n8nProvenance(graph) : b === "dify" ? difyProvenance(graph) : b === "langflow" ? langflowProvenance(graph) : flowiseProvenance(graph))
    cache.set(graph, p)
  }
  return p
}

const remembered = (inner: GraphProvenance): GraphProvenance => {
  const params = new Map<GraphNode, Map<string, { value: unknown; answer: ValueProvenance }>>()
  const inputs = new Map<GraphNode, ReadonlyArray<Origin>>()
  return {
    param: (node, name, value) => {
      let byName = params.get(node)
      if (byName === undefined) params.set(node, (byName = new Map()))
      const known = byName.get(name)
      if (known !== undefined && known.value === value) return known.answer
      const answer = inner.param(node, name, value)
      byName.set(name, { value, answer })
      return answer
    },
    input: (node) => {
      let answer = inputs.get(node)
      if (answer === undefined) inputs.set(node, (answer = inner.input(node)))
      return answer
    }
  }
}
