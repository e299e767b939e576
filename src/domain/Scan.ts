import { Schema } from "effect"
import { Finding, QuickWin, SeverityCounts } from "./Finding.js"
import { OutputFormat, Policy } from "./Vocabulary.js"

/*
 * The checks of a scan request are part of its schema, so the API declaration, the OpenAPI document
 * and the validation of POST /v1/scan are one. A filter that fails says what is wrong as the end of
 * a sentence ("must not be empty."); http/scanRequest.ts puts the field's name in front. Filters
 * return their message instead of carrying message annotations: an earlier attempt with those made
 * the error formatter fail.
 */
const MAX_PATH_LENGTH = 4096
const MAX_AGENT_NAME_LENGTH = 200

/** A file's path in a request: not blank, at most 4,096 characters, no NUL. */
export const FilePath = Schema.String.pipe(
  Schema.filter((path) => path.trim() !== "" || "must not be empty.", { jsonSchema: { minLength: 1 } }),
  Schema.filter((path) => path.length <= MAX_PATH_LENGTH || `is longer than ${MAX_PATH_LENGTH} characters.`, {
    jsonSchema: { maxLength: MAX_PATH_LENGTH }
  }),
  Schema.filter((path) => !path.includes("\u0000") || "must not contain NUL characters.")
)

export const FileEntry = Schema.Struct({
  path: FilePath,
  content: Schema.String
}).annotations({ description: "an object with path and content" })
export type FileEntry = typeof FileEntry.Type

/** The files of a request or an upload chunk: at least one. */
export const FileEntries = Schema.Array(FileEntry).pipe(
  Schema.filter((files) => files.length > 0 || "must not be empty.", { jsonSchema: { minItems: 1 } })
).annotations({ description: "an array of {path, content} entries" })

/** The agent a scan belongs to, trimmed: 1 to 200 characters, no control characters. */
export const AgentName = Schema.Trim.pipe(
  Schema.filter((name) => name !== "" || "must not be empty.", { jsonSchema: { minLength: 1 } }),
  Schema.filter((name) => name.length <= MAX_AGENT_NAME_LENGTH || `must be at most ${MAX_AGENT_NAME_LENGTH} characters.`, {
    jsonSchema: { maxLength: MAX_AGENT_NAME_LENGTH }
  }),
  Schema.filter((name) => !/\p{Cc}/u.test(name) || "must not contain control characters.")
)

/**
 * POST /v1/scan body. `agent_name` is the DESIGN extension sent by the CLI. `null` counts as absent;
 * unknown fields are ignored (forward compatibility). The size limits (VIGIL_MAX_FILES,
 * VIGIL_MAX_FILE_MB) are configuration and are checked after decoding.
 */
export const ScanRequest = Schema.Struct({
  files: FileEntries,
  policy: Schema.optionalWith(Policy, { nullable: true }),
  output: Schema.optionalWith(OutputFormat, { nullable: true }),
  agent_name: Schema.optionalWith(AgentName, { nullable: true })
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
