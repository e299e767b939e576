import type { FileKind } from "./Analyser.js"
import type { CompiledCatalogue } from "./compileCatalogue.js"
import type { RawMatch } from "./matchers/RawMatch.js"
import type { Deadline, SourceDoc } from "./Source.js"

export interface StructuredAnalysis {
  readonly kind: FileKind
  readonly matches: Array<RawMatch>
  readonly problem?: string
}

/**
 * JSON and YAML: recognise builder exports by structure, then run the builder's graph and JSONPath
 * rules and the language rules over embedded code. (Builder support is added with src/builders.)
 */
export const analyseStructured = (
  _compiled: CompiledCatalogue,
  format: "json" | "yaml",
  _doc: SourceDoc,
  _deadline: Deadline
): StructuredAnalysis => ({ kind: format, matches: [] })
