import { readBuilderExport } from "../builders/index.js"
import type { BuilderGraph, EmbeddedCode } from "../builders/Graph.js"
import { provenanceOf } from "../builders/provenance/index.js"
import { SEVERITIES, type Severity } from "../domain/severities.js"
import { parseStructured } from "../languages/structured.js"
import { type Deadline, SourceDoc } from "../languages/Source.js"
import { formatJsonPath } from "../languages/structuredPath.js"
import type { FileKind } from "./Analyser.js"
import { analyseCode } from "./analyseSource.js"
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
 * name the node. Stock component source the user did not edit is not the user's code.
 */
/** Rules whose embedded-code findings are worse when the node's input is untrusted: it is their source. */
const INPUT_DRIVEN = new Set(["code_execution", "exec_eval", "sql_injection", "ssrf", "path_traversal", "unsafe_deserialization"])

const raise = (s: Severity): Severity => SEVERITIES[Math.max(SEVERITIES.indexOf(s) - 1, 0)]!

const scanEmbedded = (compiled: CompiledCatalogue, code: EmbeddedCode, deadline: Deadline, graph: BuilderGraph): Array<RawMatch> => {
  if (code.builtin || code.code.trim() === "") return []
  const inner = new SourceDoc(`${code.nodeName}.${code.language === "python" ? "py" : "js"}`, code.code)
  const result = analyseCode(compiled, code.language, inner, deadline)
  const node = `node "${code.nodeName}" (${code.nodeId})`
  if (result.matches.length === 0) return []
  // the node's input is what its code works on: untrusted input makes an injection finding a proven one
  const owner = graph.nodes.find((n) => n.id === code.nodeId)
  const source = owner === undefined ? undefined : provenanceOf(graph).input(owner).find((o) => o.provenance === "untrusted")
  // text rules (credentials) already ran over the whole file, escapes and all
  return result.matches.map((m) => {
    const moved: RawMatch = {
      ...m,
      start: code.toFileOffset(m.start),
      end: code.toFileOffset(m.end),
      detail: m.detail === undefined ? `in ${node}, field ${code.field}` : `${m.detail}, in ${node}`,
      jsonPath: formatJsonPath(code.path)
    }
    if (source === undefined || !INPUT_DRIVEN.has(m.ruleId)) return moved
    const rule = compiled.catalogue.resolve(m.ruleId)
    const current = m.severity ?? rule?.matchers[m.matcherIndex]?.severity ?? rule?.severity ?? "HIGH"
    return { ...moved, severity: raise(current), riskTier: "vulnerability", detail: `${moved.detail}; the node's input is ${source.label}` }
  })
}

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
