import type { Deadline, SourceDoc } from "./Source.js"
import { parseJson } from "./structuredJson.js"
import type { StructuredResult } from "./structuredTypes.js"
import { parseYaml } from "./structuredYaml.js"

export type {
  OffsetMapper,
  PathSegment,
  Span,
  StructuredDocument,
  StructuredPath,
  StructuredResult
} from "./structuredTypes.js"
export { MAX_NESTING } from "./structuredTypes.js"

/**
 * Parses a file as JSON (comments and trailing commas tolerated) or YAML (all documents). Bad input
 * gives `{ ok: false, reason }` with a line and column where there is one; the only exception is
 * `DeadlineExceeded`, thrown when the deadline passes, so the caller can mark the file partial.
 */
export function parseStructured(doc: SourceDoc, format: "json" | "yaml", deadline: Deadline): StructuredResult {
  return format === "json" ? parseJson(doc, deadline) : parseYaml(doc, deadline)
}
