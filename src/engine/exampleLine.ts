import { type Annotation, type Expectation, showExpectation } from "./exampleAnnotations.js"

/** A finding of the rule under test, where it starts and which message variant it carries. */
export interface ReportedAt {
  readonly column: number
  readonly variant?: string
}

const fits = (e: Expectation, f: ReportedAt): boolean =>
  (e.column === undefined || e.column === f.column) && (e.variant === undefined || e.variant === f.variant)

/**
 * Pairs each expectation with a distinct finding it fits (a maximum bipartite matching, so the order
 * of annotations never matters). Returns, per expectation, the index of its finding or -1.
 */
const pair = (expected: ReadonlyArray<Expectation>, found: ReadonlyArray<ReportedAt>): Array<number> => {
  const owner: Array<number> = found.map(() => -1)
  const tryAssign = (e: number, seen: Array<boolean>): boolean => {
    for (let f = 0; f < found.length; f++) {
      if (seen[f] || !fits(expected[e]!, found[f]!)) continue
      seen[f] = true
      if (owner[f] === -1 || tryAssign(owner[f]!, seen)) {
        owner[f] = e
        return true
      }
    }
    return false
  }
  expected.forEach((_e, i) => tryAssign(i, found.map(() => false)))
  const of = expected.map(() => -1)
  owner.forEach((e, f) => {
    if (e !== -1) of[e] = f
  })
  return of
}

const showFound = (ruleId: string, f: ReportedAt): string => showExpectation({ id: ruleId, column: f.column, ...(f.variant !== undefined ? { variant: f.variant } : {}) })

/**
 * What is wrong on one line of an example for one rule, ESLint RuleTester style: the findings that
 * start on the line must be exactly those the `ruleid:` and `todook:` annotations name, one each,
 * fitting any pinned column and variant; `ok:` forbids any; `todoruleid:` expects none and fails,
 * saying so, when the gap it records has been closed.
 */
export const lineProblems = (
  ruleId: string,
  names: ReadonlySet<string>,
  line: number,
  annotations: ReadonlyArray<Annotation>,
  found: ReadonlyArray<ReportedAt>
): Array<string> => {
  const about = (kind: Annotation["kind"]): Array<Expectation> =>
    annotations.filter((a) => a.kind === kind).flatMap((a) => a.expectations.filter((e) => names.has(e.id)))
  const ruleid = about("ruleid")
  const todook = about("todook")
  const ok = about("ok").length > 0
  const todoruleid = about("todoruleid").length > 0
  if (ok && (ruleid.length > 0 || todook.length > 0 || todoruleid)) {
    return [`line ${line} is annotated both ok: ${ruleId} and as reported: keep one`]
  }

  const expected = [...ruleid, ...todook]
  const paired = pair(expected, found)
  const used = new Set(paired.filter((f) => f !== -1))
  const extra = found.filter((_f, i) => !used.has(i))
  const got = found.length === 0 ? "nothing" : found.map((f) => showFound(ruleId, f)).join(", ")
  const problems: Array<string> = []

  const missedRuleid = ruleid.filter((_e, i) => paired[i] === -1)
  if (missedRuleid.length > 0) {
    problems.push(`expected ${ruleid.map(showExpectation).join(", ")} on line ${line}, got ${got}`)
    return problems
  }
  todook.forEach((e, i) => {
    if (paired[ruleid.length + i] === -1) {
      problems.push(`line ${line} is annotated todook: ${showExpectation(e)} (a known false positive) but is no longer reported: the false positive is fixed, make it ok: ${e.id}`)
    }
  })
  if (extra.length === 0) return problems
  const shown = extra.map((f) => showFound(ruleId, f)).join(", ")
  if (todoruleid) {
    problems.push(`todoruleid: ${ruleId} on line ${line} is now reported (${shown}): the gap is fixed, make the annotation ruleid: ${ruleId}`)
  } else if (ok) {
    problems.push(`line ${line} is annotated ok: ${ruleId} but was reported (${shown})`)
  } else if (expected.length > 0) {
    problems.push(`line ${line} has ${found.length} ${ruleId} findings (${got}) but ${expected.length} annotated: write one ruleid: per finding, or fix the rule`)
  } else {
    problems.push(`unexpected ${ruleId} finding on line ${line} (${shown}): annotate it with ruleid: or fix the rule`)
  }
  return problems
}
