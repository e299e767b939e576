import type { Finding } from "../domain/Finding.js"
import type { Severity } from "../domain/Vocabulary.js"

/**
 * risk_score = round(100 × (1 − Π (1 − w))) over findings, w = severityWeight × confidence × tierFactor.
 * Each finding removes a share of the remaining "safety", so the score is 0 without findings, never
 * drops when a finding is added, does not depend on order, and approaches 100 without passing it.
 * One CRITICAL at confidence 0.8 gives 0.55 × 0.8 = 44.
 */
export const SEVERITY_WEIGHT: Readonly<Record<Severity, number>> = {
  CRITICAL: 0.55,
  HIGH: 0.3,
  MEDIUM: 0.12,
  LOW: 0.04
}
export const HARDENING_FACTOR = 0.5

export const findingWeight = (f: Pick<Finding, "severity" | "confidence" | "risk_tier">): number =>
  SEVERITY_WEIGHT[f.severity] * Math.min(1, Math.max(0, f.confidence)) * (f.risk_tier === "hardening" ? HARDENING_FACTOR : 1)

export const riskScore = (findings: ReadonlyArray<Pick<Finding, "severity" | "confidence" | "risk_tier">>): number => {
  let safety = 1
  for (const f of findings) safety *= 1 - findingWeight(f)
  return Math.min(100, Math.max(0, Math.round(100 * (1 - safety))))
}
