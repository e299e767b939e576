import { Schema } from "effect"
import { Severity } from "./Vocabulary.js"

/** Suppressions as the HTTP API shows them (SPEC "Suppression", "Suppression statistics", "Bulk result"). */

export const SuppressionReason = Schema.Literal("false_positive", "accepted_risk", "wont_fix", "mitigated")
export type SuppressionReason = typeof SuppressionReason.Type
export const SUPPRESSION_REASONS: ReadonlyArray<SuppressionReason> = SuppressionReason.literals

/** Computed from the timestamps at read time: revoked wins over expired. */
export const SuppressionState = Schema.Literal("active", "expired", "revoked")
export type SuppressionState = typeof SuppressionState.Type

/** `sup_` + 32 lower-case hex digits (128 random bits). */
export const SUPPRESSION_ID_PATTERN = /^sup_[0-9a-f]{32}$/
export const FINDING_HASH_PATTERN = /^sha256:[0-9a-f]{64}$/

/** Limits of this implementation (SPEC leaves the bulk maximum open). */
export const SUPPRESSION_LIMITS = {
  pageDefault: 50,
  pageMax: 200,
  bulkMax: 500,
  justificationMax: 4000,
  filePathMax: 4096,
  expiringSoonDays: 30,
  statsTopPatterns: 10
} as const

const UserSummary = Schema.Struct({
  id: Schema.String,
  email: Schema.String,
  name: Schema.NullOr(Schema.String)
})

export const Suppression = Schema.Struct({
  id: Schema.String.annotations({ description: "sup_ + 32 hex digits" }),
  pattern_id: Schema.String.annotations({ description: "canonical rule id (aliases are resolved on create)" }),
  pattern_title: Schema.NullOr(Schema.String),
  pattern_severity: Schema.NullOr(Severity),
  agent_id: Schema.NullOr(Schema.String).annotations({ description: "null: all agents" }),
  agent_name: Schema.NullOr(Schema.String),
  file_path: Schema.NullOr(Schema.String).annotations({ description: "null: all files; stored normalised" }),
  line_number: Schema.NullOr(Schema.Int),
  finding_hash: Schema.NullOr(Schema.String),
  reason: SuppressionReason,
  justification: Schema.NullOr(Schema.String),
  expires_at: Schema.NullOr(Schema.String).annotations({ description: "ISO 8601; null: permanent" }),
  state: SuppressionState,
  is_active: Schema.Boolean,
  created_at: Schema.String,
  created_by: UserSummary,
  updated_at: Schema.String,
  revoked_at: Schema.NullOr(Schema.String),
  revoked_by: Schema.NullOr(UserSummary)
})
export type Suppression = typeof Suppression.Type

/** Documents the body; the handler validates it by hand so each problem gets its own error code. */
export const CreateSuppressionRequest = Schema.Struct({
  pattern_id: Schema.String,
  reason: SuppressionReason,
  agent_id: Schema.optional(Schema.NullOr(Schema.String)),
  file_path: Schema.optional(Schema.NullOr(Schema.String)),
  line_number: Schema.optional(Schema.NullOr(Schema.Int)),
  finding_hash: Schema.optional(Schema.NullOr(Schema.String)),
  justification: Schema.optional(Schema.NullOr(Schema.String)),
  expires_at: Schema.optional(Schema.NullOr(Schema.String))
})

export const CheckSuppressionRequest = Schema.Struct({
  pattern_id: Schema.String,
  agent_id: Schema.optional(Schema.NullOr(Schema.String)),
  file_path: Schema.optional(Schema.NullOr(Schema.String)),
  line_number: Schema.optional(Schema.NullOr(Schema.Int)),
  finding_hash: Schema.optional(Schema.NullOr(Schema.String))
})

export const BulkSuppressionRequest = Schema.Struct({
  suppressions: Schema.Array(CreateSuppressionRequest)
})

export const SuppressionList = Schema.Struct({
  suppressions: Schema.Array(Suppression),
  total: Schema.Int,
  has_more: Schema.Boolean
})
export type SuppressionList = typeof SuppressionList.Type

export const RevokedSuppression = Schema.Struct({
  id: Schema.String,
  revoked_at: Schema.String,
  revoked_by: Schema.Struct({ id: Schema.String, email: Schema.String })
})
export type RevokedSuppression = typeof RevokedSuppression.Type

export const CheckResult = Schema.Struct({
  is_suppressed: Schema.Boolean,
  suppression: Schema.NullOr(
    Schema.Struct({
      id: Schema.String,
      reason: SuppressionReason,
      justification: Schema.NullOr(Schema.String),
      expires_at: Schema.NullOr(Schema.String),
      created_by: Schema.Struct({ email: Schema.String })
    })
  )
})
export type CheckResult = typeof CheckResult.Type

export const BulkError = Schema.Struct({
  index: Schema.Int.annotations({ description: "position of the entry in the request's suppressions array" }),
  code: Schema.String.annotations({ description: "the code the single-create endpoint would answer with" }),
  error: Schema.String
})
export type BulkError = typeof BulkError.Type

export const BulkResult = Schema.Struct({
  created: Schema.Array(Schema.Struct({ id: Schema.String, pattern_id: Schema.String, status: Schema.Literal("created") })),
  errors: Schema.Array(BulkError)
})
export type BulkResult = typeof BulkResult.Type

export const SuppressionStats = Schema.Struct({
  total_active: Schema.Int,
  total_expired: Schema.Int,
  total_revoked: Schema.Int,
  by_reason: Schema.Record({ key: Schema.String, value: Schema.Int }),
  by_pattern: Schema.Record({ key: Schema.String, value: Schema.Int }),
  expiring_soon: Schema.Int,
  expiring_soon_threshold_days: Schema.Int
})
export type SuppressionStats = typeof SuppressionStats.Type
