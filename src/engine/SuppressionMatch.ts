import type { Finding } from "../domain/Finding.js"
import type { SuppressionState } from "../domain/Suppression.js"
import { normalisePath } from "./classify.js"

/**
 * Whether a suppression hides a finding. Pure: which suppressions are active is decided by the store
 * (by time, at read time); this only compares scopes.
 */

/** The scope of a suppression: pattern_id is canonical, null fields mean "any". */
export interface SuppressionScope {
  readonly pattern_id: string
  readonly agent_id: string | null
  readonly file_path: string | null
  readonly line_number: number | null
  readonly finding_hash: string | null
}

/** What is known about a finding (the check endpoint may leave fields unknown: null). */
export interface FindingFacts {
  readonly pattern_id: string
  readonly agent_id: string | null
  readonly file_path: string | null
  readonly line_number: number | null
  readonly finding_hash: string | null
}

/** The finding fields matching looks at, so stored findings (diffs) qualify as well as fresh ones. */
export type MatchableFinding = Pick<Finding, "pattern_id" | "file" | "line" | "finding_hash">

const same = <A>(scoped: A | null, actual: A | null): boolean => scoped === null || scoped === actual

/**
 * Every scope field the suppression sets must equal the finding's. A field the finding does not know
 * (null) never equals a set scope field: a suppression for one file does not hide "some file".
 */
export const scopeMatches = (scope: SuppressionScope, facts: FindingFacts): boolean =>
  scope.pattern_id === facts.pattern_id &&
  same(scope.agent_id, facts.agent_id) &&
  same(scope.file_path, facts.file_path === null ? null : normalisePath(facts.file_path)) &&
  same(scope.line_number, facts.line_number) &&
  same(scope.finding_hash, facts.finding_hash)

export const factsOf = (finding: MatchableFinding, agentId: string | null): FindingFacts => ({
  pattern_id: finding.pattern_id,
  agent_id: agentId,
  file_path: finding.file,
  line_number: finding.line,
  finding_hash: finding.finding_hash
})

/** A predicate over findings for a fixed set of active scopes, indexed by pattern for large sets. */
export const matcherFor = (
  active: ReadonlyArray<SuppressionScope>
): (finding: MatchableFinding, agentId: string | null) => boolean => {
  const byPattern = new Map<string, Array<SuppressionScope>>()
  for (const scope of active) {
    const list = byPattern.get(scope.pattern_id)
    if (list === undefined) byPattern.set(scope.pattern_id, [scope])
    else list.push(scope)
  }
  return (finding, agentId) => {
    const candidates = byPattern.get(finding.pattern_id)
    if (candidates === undefined) return false
    const facts = factsOf(finding, agentId)
    return candidates.some((scope) => scopeMatches(scope, facts))
  }
}

/** How many scope fields beyond the pattern a suppression sets: the check endpoint reports the most specific. */
export const specificity = (scope: SuppressionScope): number =>
  (scope.agent_id === null ? 0 : 1) +
  (scope.file_path === null ? 0 : 1) +
  (scope.line_number === null ? 0 : 1) +
  (scope.finding_hash === null ? 0 : 1)

/** The state at a given instant; the store computes the same in SQL with the database clock. */
export const stateAt = (
  s: { readonly revoked_at: Date | null; readonly expires_at: Date | null },
  now: Date
): SuppressionState =>
  s.revoked_at !== null ? "revoked" : s.expires_at !== null && s.expires_at.getTime() <= now.getTime() ? "expired" : "active"

/** Two scopes are the same scope (409 already_suppressed) when every field is equal, nulls included. */
export const sameScope = (a: SuppressionScope, b: SuppressionScope): boolean =>
  a.pattern_id === b.pattern_id &&
  a.agent_id === b.agent_id &&
  a.file_path === b.file_path &&
  a.line_number === b.line_number &&
  a.finding_hash === b.finding_hash
