import * as HttpApiEndpoint from "@effect/platform/HttpApiEndpoint"
import * as HttpApiGroup from "@effect/platform/HttpApiGroup"
import * as OpenApi from "@effect/platform/OpenApi"
import { Schema } from "effect"
import { DiffResult } from "../../domain/Diff.js"
import { AuthRequired, InvalidRequest, NotFound } from "../../domain/Errors.js"
import { Authentication } from "./Authentication.js"

const ScanPath = Schema.Struct({
  id: Schema.String.annotations({ description: "the head scan's id (UUID)" })
})

const DiffParams = Schema.Struct({
  base: Schema.optional(
    Schema.String.annotations({ description: "the base scan's id (UUID); default: the previous scan of the head's agent" })
  )
})

/** Comparison of two scans of the caller's organisation. */
export class DiffGroup extends HttpApiGroup.make("diff")
  .add(
    HttpApiEndpoint.get("diff", "/v1/scans/:id/diff")
      .setPath(ScanPath)
      .setUrlParams(DiffParams)
      .addSuccess(DiffResult)
      .addError(InvalidRequest)
      .addError(NotFound)
      .annotate(OpenApi.Summary, "Compare a scan with its base: new, fixed and unchanged findings")
      .annotate(
        OpenApi.Description,
        "Findings are matched by `finding_hash` as multisets, so moved or reformatted code stays unchanged. " +
          "The default base is the previous scan of the same agent; without one (the agent's first scan) " +
          "`base_scan_id` is null and every finding is new. `base` may name any scan of the organisation, " +
          "another agent's included. `diff.status` is REGRESSION, IMPROVED, CHANGED or UNCHANGED. " +
          "Active suppressions of the organisation are applied to both sides. An unknown scan, or one of " +
          "another organisation, is 404 not_found; an id that is not a UUID is 400 invalid_request."
      )
  )
  .addError(AuthRequired)
  .middleware(Authentication)
  .annotate(OpenApi.Description, "Scan comparison")
{}
