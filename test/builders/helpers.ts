import { Deadline, SourceDoc } from "../../src/languages/Source.js"
import { type BuilderGraph, detectBuilder, normalise } from "../../src/builders/index.js"
import { parseStructured, type StructuredDocument } from "../../src/languages/structured.js"

export function load(text: string, format: "json" | "yaml" = "json"): StructuredDocument {
  const r = parseStructured(new SourceDoc(`export.${format}`, text), format, Deadline.never())
  if (!r.ok) throw new Error(r.reason)
  const doc = r.documents[0]
  if (doc === undefined) throw new Error("no document")
  return doc
}

export function graphOf(text: string, format: "json" | "yaml" = "json"): BuilderGraph {
  const doc = load(text, format)
  const builder = detectBuilder(doc.value)
  if (builder === undefined) throw new Error("not recognised as a builder export")
  return normalise(doc, builder)
}

export function node(graph: BuilderGraph, id: string) {
  const n = graph.nodes.find((x) => x.id === id)
  if (n === undefined) throw new Error(`no node ${id}; have ${graph.nodes.map((x) => x.id).join(", ")}`)
  return n
}

export const lineOf = (text: string, offset: number): number => new SourceDoc("f", text).position(offset).line

export const positionOf = (text: string, offset: number) => new SourceDoc("f", text).position(offset)

export const edgeKeys = (graph: BuilderGraph): Array<string> =>
  graph.edges.map((e) => `${e.source} -> ${e.target} (${e.kind})`).sort()
