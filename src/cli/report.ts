import { writeFileSync } from "node:fs"
import { Effect } from "effect"
import type { LoadedRule } from "../catalogue/Catalogue.js"
import type { ScanResult } from "../domain/Scan.js"
import { renderSarif } from "../report/Sarif.js"
import { renderTable } from "../report/Table.js"
import { VIGIL_VERSION } from "../version.js"
import { ScanError } from "./errors.js"

export type ReportFormat = "table" | "json" | "sarif"

/**
 * The scan report in the chosen format. SARIF is rendered here from the (merged) findings, so a
 * remote scan's SARIF carries the locally found credentials too. `scan_ids` is added to JSON when a
 * remote scan was split over several requests (each is its own scan on the server).
 */
export const renderReport = (
  format: ReportFormat,
  result: ScanResult,
  options: { readonly rules: ReadonlyArray<LoadedRule>; readonly automationId: string; readonly colour: boolean; readonly scanIds?: ReadonlyArray<string> }
): string => {
  if (format === "sarif") {
    const sarif = renderSarif({ findings: result.findings, rules: options.rules, toolVersion: VIGIL_VERSION, automationId: options.automationId })
    return JSON.stringify(sarif, null, 2) + "\n"
  }
  if (format === "json") {
    const ids = options.scanIds ?? []
    return JSON.stringify(ids.length > 1 ? { ...result, scan_ids: ids } : result, null, 2) + "\n"
  }
  return renderTable(result, { colour: options.colour })
}

/** To the file of `-o` (with a one-line note on stderr), else stdout. */
export const writeReport = (text: string, file: string | undefined, summary: string): Effect.Effect<void, ScanError> =>
  Effect.try({
    try: () => {
      if (file === undefined) {
        process.stdout.write(text)
        return
      }
      writeFileSync(file, text)
      process.stderr.write(`vigil: wrote ${file} (${summary})\n`)
    },
    catch: (error) => new ScanError({ message: `cannot write ${file ?? "the report"}: ${error instanceof Error ? error.message : String(error)}` })
  })
