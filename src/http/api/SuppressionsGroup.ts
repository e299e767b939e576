import * as HttpApiEndpoint from "@effect/platform/HttpApiEndpoint"
import * as HttpApiGroup from "@effect/platform/HttpApiGroup"
import * as HttpApiSchema from "@effect/platform/HttpApiSchema"
import * as OpenApi from "@effect/platform/OpenApi"
import { Schema } from "effect"
import {
  AlreadyRevoked,
  AlreadySuppressed,
  AuthRequired,
  Forbidden,
  InsufficientRole,
  InvalidPattern,
  InvalidReason,
  InvalidRequest,
  NotFound,
  PayloadTooLarge
} from "../../domain/Errors.js"
import {
  BulkResult,
  BulkSuppressionRequest,
  CheckResult,
  CheckSuppressionRequest,
  CreateSuppressionRequest,
  RevokedSuppression,
  Suppression,
  SUPPRESSION_LIMITS,
  SuppressionList,
  SuppressionStats
} from "../../domain/Suppression.js"
import { Authentication } from "./Authentication.js"

const OrgPath = Schema.Struct({
  org_id: Schema.String.annotations({ description: "organisation id (UUID) or slug" })
})

const SuppressionPath = Schema.Struct({
  org_id: Schema.String.annotations({ description: "organisation id (UUID) or slug" }),
  suppression_id: Schema.String.annotations({ description: "suppression id (sup_ + 32 hex digits)" })
})

/** Strings here and checked by the handler, so each bad value gets its own message (400 invalid_request). */
const FilterParams = {
  agent_id: Schema.optional(Schema.String.annotations({ description: "only suppressions scoped to this agent (UUID)" })),
  pattern_id: Schema.optional(Schema.String.annotations({ description: "rule id or alias" })),
  reason: Schema.optional(Schema.String.annotations({ description: "false_positive, accepted_risk, wont_fix or mitigated" })),
  file_path: Schema.optional(Schema.String.annotations({ description: "file path prefix" })),
  include_expired: Schema.optional(Schema.String.annotations({ description: "true or false (default false)" })),
  include_revoked: Schema.optional(Schema.String.annotations({ description: "true or false (default false)" }))
}

const ListParams = Schema.Struct({
  ...FilterParams,
  limit: Schema.optional(
    Schema.String.annotations({ description: `1 to ${SUPPRESSION_LIMITS.pageMax} (default ${SUPPRESSION_LIMITS.pageDefault})` })
  ),
  offset: Schema.optional(Schema.String.annotations({ description: "0 or more (default 0)" }))
})

const ExportParams = Schema.Struct(FilterParams)

const Csv = HttpApiSchema.Text({ contentType: "text/csv" })

/** Suppressions per organisation (SPEC "Suppression endpoints"). */
export class SuppressionsGroup extends HttpApiGroup.make("suppressions")
  .add(
    HttpApiEndpoint.post("createSuppression", "/v1/orgs/:org_id/suppressions")
      .setPath(OrgPath)
      .setPayload(CreateSuppressionRequest)
      .addSuccess(Suppression, { status: 201 })
      .addError(InvalidRequest)
      .addError(InvalidReason)
      .addError(InvalidPattern)
      .addError(InsufficientRole)
      .addError(NotFound)
      .addError(AlreadySuppressed)
      .addError(PayloadTooLarge)
      .annotate(OpenApi.Summary, "Suppress findings of a scope (owner or admin)")
  )
  .add(
    HttpApiEndpoint.get("listSuppressions", "/v1/orgs/:org_id/suppressions")
      .setPath(OrgPath)
      .setUrlParams(ListParams)
      .addSuccess(SuppressionList)
      .addError(InvalidRequest)
      .addError(NotFound)
      .annotate(OpenApi.Summary, "List suppressions, newest first (active only unless include_expired / include_revoked)")
  )
  .add(
    HttpApiEndpoint.post("checkSuppression", "/v1/orgs/:org_id/suppressions/check")
      .setPath(OrgPath)
      .setPayload(CheckSuppressionRequest)
      .addSuccess(CheckResult)
      .addError(InvalidRequest)
      .addError(InvalidPattern)
      .addError(NotFound)
      .addError(PayloadTooLarge)
      .annotate(OpenApi.Summary, "Would a finding with these fields be suppressed?")
  )
  .add(
    HttpApiEndpoint.post("bulkCreateSuppressions", "/v1/orgs/:org_id/suppressions/bulk")
      .setPath(OrgPath)
      .setPayload(BulkSuppressionRequest)
      .addSuccess(BulkResult)
      .addError(InvalidRequest)
      .addError(InsufficientRole)
      .addError(NotFound)
      .addError(PayloadTooLarge)
      .annotate(OpenApi.Summary, `Create up to ${SUPPRESSION_LIMITS.bulkMax} suppressions; valid entries are created, the others listed in errors`)
  )
  .add(
    HttpApiEndpoint.get("exportSuppressions", "/v1/orgs/:org_id/suppressions/export")
      .setPath(OrgPath)
      .setUrlParams(ExportParams)
      .addSuccess(Csv)
      .addError(InvalidRequest)
      .addError(NotFound)
      .annotate(OpenApi.Summary, "CSV export (RFC 4180) with the list's filters")
  )
  .add(
    HttpApiEndpoint.get("suppressionStats", "/v1/orgs/:org_id/suppressions/stats")
      .setPath(OrgPath)
      .addSuccess(SuppressionStats)
      .addError(InvalidRequest)
      .addError(NotFound)
      .annotate(OpenApi.Summary, "Counts by state, reason and pattern; expiring within 30 days")
  )
  .add(
    HttpApiEndpoint.get("getSuppression", "/v1/orgs/:org_id/suppressions/:suppression_id")
      .setPath(SuppressionPath)
      .addSuccess(Suppression)
      .addError(InvalidRequest)
      .addError(NotFound)
      .annotate(OpenApi.Summary, "One suppression with its state and audit trail")
  )
  .add(
    HttpApiEndpoint.del("revokeSuppression", "/v1/orgs/:org_id/suppressions/:suppression_id")
      .setPath(SuppressionPath)
      .addSuccess(RevokedSuppression)
      .addError(InvalidRequest)
      .addError(NotFound)
      .addError(Forbidden)
      .addError(AlreadyRevoked)
      .annotate(OpenApi.Summary, "Revoke (soft delete): owner, admin or the creator")
  )
  .addError(AuthRequired)
  .middleware(Authentication)
  .annotate(OpenApi.Description, "Suppressions of findings per organisation")
{}
