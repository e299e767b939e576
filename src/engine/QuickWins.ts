import type { Finding, QuickWin } from "../domain/Finding.js"
import { severityRank } from "../domain/Vocabulary.js"

export const MAX_QUICK_WINS = 5

/**
 * One quick win per rule: ordered by severity, then confidence, then how many findings the action
 * fixes. The location shown is the rule's worst finding (first in file order on ties).
 */
export const quickWins = (
  findings: ReadonlyArray<Finding>,
  actionOf: (patternId: string) => string
): Array<QuickWin> => {
  const byPattern = new Map<string, { worst: Finding; count: number }>()
  for (const f of findings) {
    const entry = byPattern.get(f.pattern_id)
    if (entry === undefined) byPattern.set(f.pattern_id, { worst: f, count: 1 })
    else {
      entry.count++
      const w = entry.worst
      if (severityRank(f.severity) > severityRank(w.severity) || (f.severity === w.severity && f.confidence > w.confidence)) {
        entry.worst = f
      }
    }
  }
  return [...byPattern.values()]
    .sort(
      (a, b) =>
        severityRank(b.worst.severity) - severityRank(a.worst.severity) ||
        b.worst.confidence - a.worst.confidence ||
        b.count - a.count ||
        a.worst.pattern_id.localeCompare(b.worst.pattern_id)
    )
    .slice(0, MAX_QUICK_WINS)
    .map(({ worst }, i) => ({
      priority: i + 1,
      action: actionOf(worst.pattern_id),
      pattern_id: worst.pattern_id,
      severity: worst.severity,
      file: worst.file,
      line: worst.line
    }))
}
