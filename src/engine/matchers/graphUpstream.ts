import type { CodeGraphEdge } from "../../domain/FlowRule.js"
import { type NameIndex, nameSet } from "../flow/names.js"
import type { SemanticModel } from "../model/Model.js"
import { argOf } from "../model/ModelBuilder.js"
import { nodeName } from "./approval.js"
import { namesIn } from "./codeGraph.js"

/**
 * The graph nodes that run before a node of a graph built in code (a function matcher's
 * `unless_upstream`): a review node that calls `interrupt(...)` and routes to the node that pays
 * has asked a person before the payment, as an `interrupt(...)` in the paying node would have.
 *
 * Nodes are named by their registration (`add_node("review", review)`: its first argument when
 * that is a string, as approval.ts reads it, else the function's name); edges are read with the
 * same declarations, and the same node names, as a `code-graph` matcher's (`from` / `to`
 * arguments, or a path map under `routes`). Only constant names count: an edge whose ends are
 * computed names nothing, and so proves nothing.
 */
export const upstreamFunctions = (model: SemanticModel, fn: number, edges: ReadonlyArray<CodeGraphEdge>): ReadonlyArray<number> => {
  const nodeOf = new Map<string, Array<number>>()
  const namesOf = new Map<number, Array<string>>()
  for (const call of model.calls)
    for (const cb of call.callbacks ?? []) {
      if (model.functions[cb.fn]?.role !== "graph_node") continue
      const name = nodeName(call, cb.fn) ?? model.functions[cb.fn]!.name
      nodeOf.set(name, [...(nodeOf.get(name) ?? []), cb.fn])
      namesOf.set(cb.fn, [...(namesOf.get(cb.fn) ?? []), name])
    }
  const start = namesOf.get(fn)
  if (start === undefined) return []
  // target -> sources
  const into = new Map<string, Array<string>>()
  for (const call of model.calls) {
    // a chained call on an unknown receiver is named `.addEdge`: any receiver (as codeGraph.ts reads it)
    for (const edge of edgesCalled(edges, call.callee.startsWith(".") ? `?${call.callee}` : call.callee)) {
      const from = typeof edge.from === "number" || !edge.from.startsWith("@") ? namesIn(model, argOf(call.args, edge.from)?.value, []) : []
      const toArg = edge.to !== undefined ? edge.to : edge.routes
      const to = toArg === undefined || (typeof toArg === "string" && toArg.startsWith("@")) ? [] : namesIn(model, argOf(call.args, toArg)?.value, [])
      for (const t of to) into.set(t, [...(into.get(t) ?? []), ...from])
    }
  }
  const seen = new Set<string>(start)
  const queue = [...start]
  for (let q = 0; q < queue.length; q++)
    for (const s of into.get(queue[q]!) ?? [])
      if (!seen.has(s)) {
        seen.add(s)
        queue.push(s)
      }
  for (const s of start) seen.delete(s)
  return [...seen].flatMap((n) => nodeOf.get(n) ?? [])
}

/** each edge declaration with its callee patterns indexed, once per matcher */
const compiledEdges = new WeakMap<ReadonlyArray<CodeGraphEdge>, ReadonlyArray<{ readonly edge: CodeGraphEdge; readonly names: NameIndex<true> }>>()
const edgesCalled = (edges: ReadonlyArray<CodeGraphEdge>, callee: string): ReadonlyArray<CodeGraphEdge> => {
  let compiled = compiledEdges.get(edges)
  if (compiled === undefined) compiledEdges.set(edges, (compiled = edges.map((edge) => ({ edge, names: nameSet(edge.callee) }))))
  return compiled.flatMap((c) => (c.names.lookup(callee).length > 0 ? [c.edge] : []))
}
