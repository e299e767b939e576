import { Schema } from "effect"
import { Finding, QuickWin, SeverityCounts } from "./Finding.js"
import { OutputFormat, Policy } from "./Vocabulary.js"

export const FileEntry = Schema.Struct({
  path: Schema.String,
  content: Schema.String
})
export type FileEntry = typeof FileEntry.Type

/** POST /v1/scan body. `agent_name` is the DESIGN extension sent by the CLI. */
export const ScanRequest = Schema.Struct({
  files: Schema.Array(FileEntry),
  policy: Schema.optional(Policy),
  output: Schema.optional(OutputFormat),
  agent_name: Schema.optional(Schema.String)
})
export type ScanRequest = typeof ScanRequest.Type

/** What happened to one input file: every file gets exactly one outcome. */
export const FileOutcomeStatus = Schema.Literal("analysed", "partial", "skipped", "failed", "not_analysed")
export type FileOutcomeStatus = typeof FileOutcomeStatus.Type

export const FileOutcome = Schema.Struct({
  path: Schema.String,
  status: FileOutcomeStatus,
  kind: Schema.String,
  reason: Schema.optional(Schema.String)
})
export type FileOutcome = typeof FileOutcome.Type

/** The scan result of SPEC "Scan result"; optional keys are absent, never null. */
export const ScanResult = Schema.Struct({
  success: Schema.Boolean,
  scan_id: Schema.String,
  agent_id: Schema.optional(Schema.String),
  agent_name: Schema.optional(Schema.String),
  created_at: Schema.optional(Schema.String),
  policy: Schema.optional(Policy),
  risk_score: Schema.Int,
  summary: SeverityCounts,
  files_scanned: Schema.Int,
  files_skipped: Schema.optional(Schema.Int),
  findings: Schema.Array(Finding),
  quick_wins: Schema.optional(Schema.Array(QuickWin)),
  partial_results: Schema.optional(Schema.Literal(true)),
  warning: Schema.optional(Schema.String),
  file_outcomes: Schema.optional(Schema.Array(FileOutcome)),
  duration_ms: Schema.optional(Schema.Int),
  sarif: Schema.optional(Schema.Unknown)
})
export type ScanResult = typeof ScanResult.Type
