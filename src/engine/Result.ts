import type { Finding, QuickWin, SeverityCounts } from "../domain/Finding.js"
import type { FileOutcome } from "../domain/Scan.js"
import type { Policy } from "../domain/Vocabulary.js"
import { keptByPolicy } from "./Policy.js"
import { quickWins } from "./QuickWins.js"
import { riskScore } from "./RiskScore.js"
import type { Analysis } from "./Scanner.js"

/** The scan-result fields the engine decides; the service adds ids, agent and timestamps. */
export interface ScanOutcome {
  readonly findings: ReadonlyArray<Finding>
  readonly summary: SeverityCounts
  readonly risk_score: number
  readonly quick_wins?: ReadonlyArray<QuickWin>
  readonly files_scanned: number
  readonly files_skipped?: number
  readonly partial_results?: true
  readonly warning?: string
  readonly file_outcomes: ReadonlyArray<FileOutcome>
  readonly duration_ms: number
}

export const countBySeverity = (findings: ReadonlyArray<Pick<Finding, "severity">>): SeverityCounts => {
  const counts = { total: findings.length, critical: 0, high: 0, medium: 0, low: 0 }
  for (const f of findings) {
    if (f.severity === "CRITICAL") counts.critical++
    else if (f.severity === "HIGH") counts.high++
    else if (f.severity === "MEDIUM") counts.medium++
    else counts.low++
  }
  return counts
}

export const partialWarning = (notAnalysed: number, total: number): string =>
  `The scan reached its time budget: ${notAnalysed} of ${total} files were not analysed. ` +
  "Scan fewer files per request (for example one directory at a time) or raise VIGIL_SCAN_BUDGET."

/**
 * Policy and suppressions first, then counting, scoring and quick wins, so the summary always
 * describes exactly the findings returned.
 */
export const finalizeScan = (
  analysis: Analysis,
  options: {
    readonly policy: Policy
    readonly isSuppressed?: (f: Finding) => boolean
    readonly quickWinAction: (patternId: string) => string
  }
): ScanOutcome => {
  const keep = keptByPolicy(options.policy)
  const suppressed = options.isSuppressed
  const findings = analysis.findings.filter((f) => keep(f) && !(suppressed?.(f) ?? false))
  const wins = findings.length > 0 ? quickWins(findings, options.quickWinAction) : undefined
  const total = analysis.filesScanned + analysis.filesNotAnalysed
  return {
    findings,
    summary: countBySeverity(findings),
    risk_score: riskScore(findings),
    ...(wins !== undefined ? { quick_wins: wins } : {}),
    files_scanned: analysis.filesScanned,
    ...(analysis.filesSkipped > 0 ? { files_skipped: analysis.filesSkipped } : {}),
    ...(analysis.filesNotAnalysed > 0
      ? { partial_results: true as const, warning: partialWarning(analysis.filesNotAnalysed, total) }
      : {}),
    file_outcomes: analysis.outcomes,
    duration_ms: analysis.durationMs
  }
}
