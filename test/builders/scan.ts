import { Either } from "effect"
import { loadCatalogueSync } from "../../src/engine/index.js"
import type { LocatedFinding } from "../../src/domain/Finding.js"
import { buildFindings } from "../../src/engine/buildFindings.js"
import { compileCatalogue } from "../../src/engine/compileCatalogue.js"
import { analyseFile } from "../../src/engine/createAnalyser.js"
import { Deadline } from "../../src/languages/Source.js"

const loaded = loadCatalogueSync()
if (Either.isLeft(loaded)) throw new Error("the shipped catalogue does not load")
const catalogue = loaded.right
const compiled = compileCatalogue(catalogue)

/** Findings of the shipped catalogue for one export, as the engine builds them. */
export function scanExport(text: string, format: "json" | "yaml" = "json"): Array<LocatedFinding> {
  const path = `agent/export.${format}`
  const result = analyseFile(compiled, { path, content: text, kind: format }, Deadline.in(30_000))
  if (result.status !== "analysed") throw new Error(`not analysed: ${result.status} ${result.reason ?? ""}`)
  return buildFindings(catalogue, path, text, result.matches)
}

export const findingsOf = (text: string, rule: string, format: "json" | "yaml" = "json"): Array<LocatedFinding> =>
  scanExport(text, format).filter((f) => f.pattern_id === rule)
