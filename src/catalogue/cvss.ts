/**
 * CVSS 3.1 base score (FIRST specification, section 7 and Appendix A). Rules store a vector and the
 * loader computes the number from it, so the score can never drift from the vector.
 */

export type CvssSeverityBand = "CRITICAL" | "HIGH" | "MEDIUM" | "LOW" | "NONE"

export type CvssParseResult =
  | { readonly ok: true; readonly score: number }
  | { readonly ok: false; readonly error: string }

const PREFIX = "CVSS:3.1/"

const ATTACK_VECTOR: Readonly<Record<string, number>> = { N: 0.85, A: 0.62, L: 0.55, P: 0.2 }
const ATTACK_COMPLEXITY: Readonly<Record<string, number>> = { L: 0.77, H: 0.44 }
const PRIVILEGES_UNCHANGED: Readonly<Record<string, number>> = { N: 0.85, L: 0.62, H: 0.27 }
const PRIVILEGES_CHANGED: Readonly<Record<string, number>> = { N: 0.85, L: 0.68, H: 0.5 }
const USER_INTERACTION: Readonly<Record<string, number>> = { N: 0.85, R: 0.62 }
const SCOPE: Readonly<Record<string, number>> = { U: 0, C: 1 }
const IMPACT: Readonly<Record<string, number>> = { H: 0.56, L: 0.22, N: 0 }

/** Allowed values per base metric; the PR weight depends on scope, so it is looked up later. */
const BASE_METRICS: Readonly<Record<string, Readonly<Record<string, number>>>> = {
  AV: ATTACK_VECTOR,
  AC: ATTACK_COMPLEXITY,
  PR: PRIVILEGES_UNCHANGED,
  UI: USER_INTERACTION,
  S: SCOPE,
  C: IMPACT,
  I: IMPACT,
  A: IMPACT
}
const BASE_METRIC_ORDER = ["AV", "AC", "PR", "UI", "S", "C", "I", "A"] as const
type BaseMetric = (typeof BASE_METRIC_ORDER)[number]

/**
 * The v3.1 Roundup: works on integers so that e.g. 4.000000000000001 does not become 4.1 through
 * floating-point noise (the defect v3.0's plain ceil had).
 */
export const roundUp = (value: number): number => {
  const scaled = Math.round(value * 100000)
  return scaled % 10000 === 0 ? scaled / 100000 : (Math.floor(scaled / 10000) + 1) / 10
}

/**
 * Parses the eight base metrics. Order is not enforced (the spec only recommends one), but every
 * metric must appear exactly once and nothing else may appear: a temporal or environmental metric
 * here would silently not count, which is worse than an error.
 */
const parseMetrics = (vector: string): { ok: true; metrics: Record<BaseMetric, string> } | { ok: false; error: string } => {
  if (!vector.startsWith(PREFIX)) {
    return { ok: false, error: `CVSS vector must start with "${PREFIX}": ${JSON.stringify(vector)}` }
  }
  const parts = vector.slice(PREFIX.length).split("/")
  const seen = new Map<string, string>()
  for (const part of parts) {
    const [name, value, ...rest] = part.split(":")
    if (name === undefined || value === undefined || rest.length > 0 || name === "" || value === "") {
      return { ok: false, error: `malformed CVSS metric ${JSON.stringify(part)} in ${vector}` }
    }
    // hasOwn, not `in`: "constructor" or "__proto__" must not pass as metric names or values
    const allowed = Object.hasOwn(BASE_METRICS, name) ? BASE_METRICS[name] : undefined
    if (allowed === undefined) {
      return { ok: false, error: `unknown or non-base CVSS metric "${name}" in ${vector}` }
    }
    if (!Object.hasOwn(allowed, value)) {
      return {
        ok: false,
        error: `invalid value "${value}" for CVSS metric ${name} (allowed: ${Object.keys(allowed).join(", ")}) in ${vector}`
      }
    }
    if (seen.has(name)) return { ok: false, error: `CVSS metric ${name} given twice in ${vector}` }
    seen.set(name, value)
  }
  const missing = BASE_METRIC_ORDER.filter((m) => !seen.has(m))
  if (missing.length > 0) {
    return { ok: false, error: `CVSS vector lacks base metric(s) ${missing.join(", ")}: ${vector}` }
  }
  const metrics = Object.fromEntries(seen) as Record<BaseMetric, string>
  return { ok: true, metrics }
}

const weight = (table: Readonly<Record<string, number>>, value: string): number => {
  const w = Object.hasOwn(table, value) ? table[value] : undefined
  if (w === undefined) throw new Error(`unreachable: unvalidated CVSS value ${value}`)
  return w
}

const baseScore = (m: Record<BaseMetric, string>): number => {
  const scopeChanged = m.S === "C"
  const iss = 1 - (1 - weight(IMPACT, m.C)) * (1 - weight(IMPACT, m.I)) * (1 - weight(IMPACT, m.A))
  const impact = scopeChanged ? 7.52 * (iss - 0.029) - 3.25 * Math.pow(iss - 0.02, 15) : 6.42 * iss
  const privileges = weight(scopeChanged ? PRIVILEGES_CHANGED : PRIVILEGES_UNCHANGED, m.PR)
  const exploitability =
    8.22 * weight(ATTACK_VECTOR, m.AV) * weight(ATTACK_COMPLEXITY, m.AC) * privileges * weight(USER_INTERACTION, m.UI)
  if (impact <= 0) return 0
  return scopeChanged
    ? roundUp(Math.min(1.08 * (impact + exploitability), 10))
    : roundUp(Math.min(impact + exploitability, 10))
}

/** Parses a `CVSS:3.1/…` base vector and scores it, reporting malformed input as a value. */
export const parseCvss31 = (vector: string): CvssParseResult => {
  const parsed = parseMetrics(vector.trim())
  return parsed.ok ? { ok: true, score: baseScore(parsed.metrics) } : parsed
}

/** Throwing form for callers (the rule loader) that already turn exceptions into load errors. */
export const cvss31BaseScore = (vector: string): number => {
  const result = parseCvss31(vector)
  if (!result.ok) throw new Error(result.error)
  return result.score
}

/** FIRST's qualitative bands, identical in v3.x and v4.0. */
export const severityBand = (score: number): CvssSeverityBand => {
  if (score >= 9.0) return "CRITICAL"
  if (score >= 7.0) return "HIGH"
  if (score >= 4.0) return "MEDIUM"
  if (score > 0) return "LOW"
  return "NONE"
}
