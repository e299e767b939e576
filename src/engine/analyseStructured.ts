import { readBuilderExport } from "../builders/index.js"
import type { BuilderGraph, EmbeddedCode, GraphNode } from "../builders/Graph.js"
import { type Origin, provenanceOf } from "../builders/provenance/index.js"
import { parseStructured } from "../languages/structured.js"
import { type Deadline, SourceDoc } from "../languages/Source.js"
import { formatJsonPath } from "../languages/structuredPath.js"
import type { FileKind } from "./Analyser.js"
import { analyseCode } from "./analyseSource.js"
import type { GivenSource } from "./flow/given.js"
import type { CompiledCatalogue } from "./compileCatalogue.js"
import type { RawMatch } from "./matchers/RawMatch.js"

export interface StructuredAnalysis {
  readonly kind: FileKind
  readonly matches: Array<RawMatch>
  readonly problem?: string
}

/**
 * Embedded code (n8n Code nodes, Flowise custom tools, Langflow custom components, Dify code nodes)
 * is scanned with the language rules; its findings are moved back to the file's own offsets and
 * name the node. Stock component source the user did not edit is not the user's code. The node's
 * input is a source for data flow: the names through which the code reads it carry the provenance
 * the graph gives that input, so `eval($json.body.code)` behind a webhook is a proven flow and code
 * working on constants is not.
 */
const scanEmbedded = (compiled: CompiledCatalogue, code: EmbeddedCode, deadline: Deadline, graph: BuilderGraph): Array<RawMatch> => {
  if (code.builtin || code.code.trim() === "") return []
  const inner = new SourceDoc(`${code.nodeName}.${code.language === "python" ? "py" : "js"}`, code.code)
  const owner = graph.nodes.find((n) => n.id === code.nodeId)
  const given = owner === undefined ? [] : givenSources(graph, owner, code)
  const result = analyseCode(compiled, code.language, inner, deadline, given)
  const node = `node "${code.nodeName}" (${code.nodeId})`
  // text rules (credentials) already ran over the whole file, escapes and all
  return result.matches.map((m) => ({
    ...m,
    start: code.toFileOffset(m.start),
    end: code.toFileOffset(m.end),
    detail: m.detail === undefined ? `in ${node}, field ${code.field}` : `${m.detail}, in ${node}`,
    jsonPath: formatJsonPath(code.path)
  }))
}

/** The code's input names with the provenance the graph gives them (the worst of their origins). */
const givenSources = (graph: BuilderGraph, node: GraphNode, code: EmbeddedCode): Array<GivenSource> => {
  const provenance = provenanceOf(graph)
  return code.inputs.map((input) => {
    let origins: ReadonlyArray<Origin>
    if (input.field === undefined) origins = provenance.input(node)
    else {
      const value = node.params[input.field]
      const vp = provenance.param(node, input.field, value)
      const wired = [...vp.whole, ...vp.refs.flatMap((r) => r.origins)]
      origins =
        wired.length > 0 ? wired
        : node.secretParams.has(input.field) ? [{ provenance: "secret", label: `the secret field ${input.field} of "${node.name}"` }]
        // an empty field nothing is wired into is filled when the flow runs (the UI, an API call's tweaks)
        : value === undefined || value === null || value === "" ? [{ provenance: "unknown", label: `the field ${input.field} of "${node.name}", empty in the export` }]
        : [{ provenance: "constant", label: `the value typed into ${input.field}` }]
    }
    const worst = WORST_FIRST.map((p) => origins.find((o) => o.provenance === p)).find((o) => o !== undefined)
    // nothing wired in: where the data comes from is not in the export
    const source = worst ?? { provenance: "unknown" as const, label: `the input of "${node.name}"` }
    const label = source.provenance === "untrusted" ? `${source.label}, the input of node "${node.name}"` : source.label
    return { names: input.names, ...(input.entry !== undefined ? { entry: input.entry } : {}), provenance: source.provenance, label }
  })
}

const WORST_FIRST = ["untrusted", "secret", "unknown", "config", "constant"] as const

/**
 * JSON and YAML: recognised builder exports get their builder's graph and JSONPath rules plus the
 * language rules over embedded code; other JSON/YAML files get the json/yaml JSONPath rules.
 */
export const analyseStructured = (
  compiled: CompiledCatalogue,
  format: "json" | "yaml",
  doc: SourceDoc,
  deadline: Deadline
): StructuredAnalysis => {
  const parsed = parseStructured(doc, format, deadline)
  if (!parsed.ok) return { kind: format, matches: [], problem: parsed.reason }
  const matches: Array<RawMatch> = []
  let kind: FileKind = format
  for (const document of parsed.documents) {
    const graph = readBuilderExport(document)
    if (graph === undefined) {
      matches.push(...compiled.jsonPathFor(format).run(document, doc, deadline))
      continue
    }
    const builder = graph.builder.name
    kind = builder
    matches.push(...compiled.graphFor(builder).run(graph, doc, deadline))
    matches.push(...compiled.jsonPathFor(builder).run(document, doc, deadline, graph))
    for (const node of graph.nodes) for (const code of node.embeddedCode) matches.push(...scanEmbedded(compiled, code, deadline, graph))
  }
  const templated = parsed.documents.some((d) => d.templated)
  return { kind, matches, ...(templated ? { problem: "YAML template markers ({{ }}) made parts of the file unreadable: results may be incomplete" } : {}) }
}
