import type { BuilderGraph } from "../Graph.js"
import { difyProvenance } from "./dify.js"
import { flowiseProvenance } from "./flowise.js"
import { langflowProvenance } from "./langflow.js"
import { n8nProvenance } from "./n8n.js"
import type { GraphProvenance } from "./Provenance.js"

export type { GraphProvenance, Origin, ProvenanceKind, ValueProvenance, ValueRef } from "./Provenance.js"
export { producerOf } from "./classify.js"

const cache = new WeakMap<BuilderGraph, GraphProvenance>()

/** The provenance resolver of a graph, built once per graph (resolution is memoised inside). */
export function provenanceOf(graph: BuilderGraph): GraphProvenance {
  let p = cache.get(graph)
  if (p === undefined) {
    const b = graph.builder.name
    p = b === "n8n" ? n8nProvenance(graph) : b === "dify" ? difyProvenance(graph) : b === "langflow" ? langflowProvenance(graph) : flowiseProvenance(graph)
    cache.set(graph, p)
  }
  return p
}
