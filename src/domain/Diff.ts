import { Schema } from "effect"
import { Finding } from "./Finding.js"

/** GET /v1/scans/{id}/diff (SPEC "Diff result"), with the derived status named `status`. */

export const DiffStatus = Schema.Literal("REGRESSION", "IMPROVED", "CHANGED", "UNCHANGED").annotations({
  description:
    "REGRESSION: a new CRITICAL or HIGH finding; IMPROVED: no regression and a CRITICAL or HIGH finding fixed; " +
    "UNCHANGED: nothing new and nothing fixed; CHANGED: anything else (new or fixed findings, MEDIUM or LOW only)"
})
export type DiffStatus = typeof DiffStatus.Type

/** All four severities are always present, 0 when none. */
export const SeverityTally = Schema.Struct({
  CRITICAL: Schema.Int,
  HIGH: Schema.Int,
  MEDIUM: Schema.Int,
  LOW: Schema.Int
})
export type SeverityTally = typeof SeverityTally.Type

export const DiffSummary = Schema.Struct({
  total_new: Schema.Int.annotations({ description: "findings only in the head scan" }),
  total_fixed: Schema.Int.annotations({ description: "findings only in the base scan" }),
  total_unchanged: Schema.Int.annotations({ description: "findings in both (matched by finding_hash)" }),
  new_by_severity: SeverityTally,
  fixed_by_severity: SeverityTally,
  base_risk_score: Schema.Int.annotations({ description: "0 when there is no base scan" }),
  head_risk_score: Schema.Int,
  risk_delta: Schema.Int.annotations({ description: "head_risk_score - base_risk_score; positive means worse" })
})
export type DiffSummary = typeof DiffSummary.Type

export const Diff = Schema.Struct({
  base_scan_id: Schema.NullOr(Schema.String).annotations({ description: "null when the agent has no earlier scan" }),
  base_scan_time: Schema.NullOr(Schema.String).annotations({ description: "ISO 8601; null when there is no base scan" }),
  head_scan_id: Schema.String,
  head_scan_time: Schema.String.annotations({ description: "ISO 8601" }),
  agent_id: Schema.String.annotations({ description: "the head scan's agent" }),
  agent_name: Schema.String,
  status: DiffStatus,
  summary: DiffSummary,
  new_findings: Schema.Array(Finding).annotations({ description: "as in the head scan" }),
  fixed_findings: Schema.Array(Finding).annotations({ description: "as in the base scan" }),
  unchanged_findings: Schema.Array(Finding).annotations({ description: "as in the head scan (current locations)" })
})
export type Diff = typeof Diff.Type

export const DiffResult = Schema.Struct({
  success: Schema.Boolean,
  diff: Diff
})
export type DiffResult = typeof DiffResult.Type
