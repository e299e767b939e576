import type { Diff, DiffStatus, SeverityTally } from "../domain/Diff.js"
import type { Finding } from "../domain/Finding.js"
import { riskScore } from "./RiskScore.js"

/**
 * Comparison of two scans, pure: no I/O, no clock. Findings are matched by `finding_hash` as
 * multisets: with two copies of a hash in the base and three in the head, two are unchanged and one
 * is new. The hash carries no line number (FindingIdentity), so shifted or reformatted code matches.
 */

export interface Matched<F> {
  readonly added: ReadonlyArray<F>
  readonly fixed: ReadonlyArray<F>
  readonly unchanged: ReadonlyArray<F>
}

const countHashes = (findings: ReadonlyArray<{ readonly finding_hash: string }>): Map<string, number> => {
  const counts = new Map<string, number>()
  for (const f of findings) counts.set(f.finding_hash, (counts.get(f.finding_hash) ?? 0) + 1)
  return counts
}

/**
 * Multiset difference and intersection, each side kept in its own order. Unchanged findings are the
 * head's copies (their current locations); among duplicates the first ones match, the rest are
 * new (head) or fixed (base).
 */
export const matchByHash = <F extends { readonly finding_hash: string }>(
  base: ReadonlyArray<F>,
  head: ReadonlyArray<F>
): Matched<F> => {
  const inBase = countHashes(base)
  const inHead = countHashes(head)
  const unchanged: Array<F> = []
  const added: Array<F> = []
  const headSeen = new Map<string, number>()
  for (const f of head) {
    const seen = (headSeen.get(f.finding_hash) ?? 0) + 1
    headSeen.set(f.finding_hash, seen)
    if (seen <= (inBase.get(f.finding_hash) ?? 0)) unchanged.push(f)
    else added.push(f)
  }
  const fixed: Array<F> = []
  const baseSeen = new Map<string, number>()
  for (const f of base) {
    const seen = (baseSeen.get(f.finding_hash) ?? 0) + 1
    baseSeen.set(f.finding_hash, seen)
    if (seen > (inHead.get(f.finding_hash) ?? 0)) fixed.push(f)
  }
  return { added, fixed, unchanged }
}

export const tallyBySeverity = (findings: ReadonlyArray<Pick<Finding, "severity">>): SeverityTally => {
  const tally = { CRITICAL: 0, HIGH: 0, MEDIUM: 0, LOW: 0 }
  for (const f of findings) tally[f.severity]++
  return tally
}

/**
 * SPEC's table, in its order. It leaves one case open: nothing new and only MEDIUM or LOW fixed; that
 * is a change, not an improvement in the table's sense (which asks for CRITICAL or HIGH fixed), so
 * it is CHANGED.
 */
export const diffStatus = (newBySeverity: SeverityTally, fixedBySeverity: SeverityTally, totalNew: number, totalFixed: number): DiffStatus => {
  if (newBySeverity.CRITICAL > 0 || newBySeverity.HIGH > 0) return "REGRESSION"
  if (fixedBySeverity.CRITICAL > 0 || fixedBySeverity.HIGH > 0) return "IMPROVED"
  if (totalNew === 0 && totalFixed === 0) return "UNCHANGED"
  return "CHANGED"
}

/** One scan as the diff sees it. */
export interface DiffSide {
  readonly scanId: string
  /** ISO 8601 */
  readonly scanTime: string
  readonly agentId: string
  readonly agentName: string
  /** the stored score; recomputed only when suppressions removed findings */
  readonly riskScore: number
  readonly findings: ReadonlyArray<Finding>
}

/** Suppressions are per agent (or all agents), so the predicate is asked with the side's agent. */
export type IsSuppressed = (finding: Finding, agentId: string) => boolean

const visible = (side: DiffSide, isSuppressed: IsSuppressed | undefined): { findings: ReadonlyArray<Finding>; riskScore: number } => {
  if (isSuppressed === undefined) return side
  const kept = side.findings.filter((f) => !isSuppressed(f, side.agentId))
  // the stored score counted the suppressed findings; a diff must describe what it shows
  return kept.length === side.findings.length ? side : { findings: kept, riskScore: riskScore(kept) }
}

/**
 * The diff of `head` against `base`. Without a base (the agent's first scan) every head finding is
 * new, nothing is unchanged, and the base score counts as 0.
 */
export const computeDiff = (input: {
  readonly base: DiffSide | null
  readonly head: DiffSide
  readonly isSuppressed?: IsSuppressed
}): Diff => {
  const head = visible(input.head, input.isSuppressed)
  const base = input.base === null ? null : visible(input.base, input.isSuppressed)
  const matched = matchByHash(base?.findings ?? [], head.findings)
  const newBySeverity = tallyBySeverity(matched.added)
  const fixedBySeverity = tallyBySeverity(matched.fixed)
  const baseRisk = base?.riskScore ?? 0
  return {
    base_scan_id: input.base?.scanId ?? null,
    base_scan_time: input.base?.scanTime ?? null,
    head_scan_id: input.head.scanId,
    head_scan_time: input.head.scanTime,
    agent_id: input.head.agentId,
    agent_name: input.head.agentName,
    status: diffStatus(newBySeverity, fixedBySeverity, matched.added.length, matched.fixed.length),
    summary: {
      total_new: matched.added.length,
      total_fixed: matched.fixed.length,
      total_unchanged: matched.unchanged.length,
      new_by_severity: newBySeverity,
      fixed_by_severity: fixedBySeverity,
      base_risk_score: baseRisk,
      head_risk_score: head.riskScore,
      risk_delta: head.riskScore - baseRisk
    },
    new_findings: matched.added,
    fixed_findings: matched.fixed,
    unchanged_findings: matched.unchanged
  }
}
