import * as HttpApiSchema from "@effect/platform/HttpApiSchema"
import { Schema } from "effect"

/**
 * The errors the HTTP API answers with. Every body is exactly `{code, error}`: classes rather than
 * tagged errors, because a `_tag` would be serialised into the body. The status lives in the
 * annotation so the OpenAPI document and the responses come from the same declaration.
 */

const body = <const C extends string>(code: C) => ({
  code: Schema.Literal(code).pipe(Schema.propertySignature, Schema.withConstructorDefault(() => code)),
  error: Schema.String.annotations({ description: "human-readable explanation" })
})

export class InvalidRequest extends Schema.Class<InvalidRequest>("InvalidRequest")(
  body("invalid_request"),
  HttpApiSchema.annotations({
    status: 400,
    description: "malformed JSON, a missing or invalid field, an unknown policy or output, a file or file count over the limits, a bad id or query parameter"
  })
) {}

export class AuthRequired extends Schema.Class<AuthRequired>("AuthRequired")(
  body("auth_required"),
  HttpApiSchema.annotations({ status: 401, description: "missing, malformed, unknown or revoked API key" })
) {}

export class Forbidden extends Schema.Class<Forbidden>("Forbidden")(
  body("forbidden"),
  HttpApiSchema.annotations({ status: 403, description: "the key may not act on this resource" })
) {}

export class InsufficientRole extends Schema.Class<InsufficientRole>("InsufficientRole")(
  body("insufficient_role"),
  HttpApiSchema.annotations({ status: 403, description: "the key's role is too low for this operation" })
) {}

export class NotFound extends Schema.Class<NotFound>("NotFound")(
  body("not_found"),
  HttpApiSchema.annotations({ status: 404, description: "no such resource (or it belongs to another organisation)" })
) {}

export class MethodNotAllowed extends Schema.Class<MethodNotAllowed>("MethodNotAllowed")(
  body("method_not_allowed"),
  HttpApiSchema.annotations({ status: 405, description: "the path exists but not with this method; see the Allow header" })
) {}

export class AlreadyExists extends Schema.Class<AlreadyExists>("AlreadyExists")(
  body("already_exists"),
  HttpApiSchema.annotations({ status: 409, description: "a resource with this identifier already exists" })
) {}

export class AlreadyRevoked extends Schema.Class<AlreadyRevoked>("AlreadyRevoked")(
  body("already_revoked"),
  HttpApiSchema.annotations({ status: 409, description: "the resource was revoked before" })
) {}

export class InvalidReason extends Schema.Class<InvalidReason>("InvalidReason")(
  body("invalid_reason"),
  HttpApiSchema.annotations({ status: 400, description: "reason is not one of false_positive, accepted_risk, wont_fix, mitigated" })
) {}

export class InvalidPattern extends Schema.Class<InvalidPattern>("InvalidPattern")(
  body("invalid_pattern"),
  HttpApiSchema.annotations({ status: 400, description: "pattern_id is neither a rule id nor an alias of one" })
) {}

export class AlreadySuppressed extends Schema.Class<AlreadySuppressed>("AlreadySuppressed")(
  body("already_suppressed"),
  HttpApiSchema.annotations({ status: 409, description: "an active suppression already exists for this scope" })
) {}

export class PayloadTooLarge extends Schema.Class<PayloadTooLarge>("PayloadTooLarge")(
  body("payload_too_large"),
  HttpApiSchema.annotations({ status: 413, description: "the request body is over the configured limit (100 MB by default)" })
) {}

/** SPEC writes this code as "rate limited" (with a space, "written so"); it is kept verbatim. */
export class RateLimited extends Schema.Class<RateLimited>("RateLimited")(
  body("rate limited"),
  HttpApiSchema.annotations({ status: 429, description: "too many scans for this key; the Retry-After header gives the seconds to wait" })
) {}

export class InternalError extends Schema.Class<InternalError>("InternalError")(
  body("internal_error"),
  HttpApiSchema.annotations({ status: 500, description: "unexpected server error; it is logged with the request" })
) {}

export class WorkerUnavailable extends Schema.Class<WorkerUnavailable>("WorkerUnavailableError")(
  body("worker_unavailable"),
  HttpApiSchema.annotations({ status: 503, description: "no analysis worker can take the scan (restarting or busy); retry" })
) {}

export class NotReady extends Schema.Class<NotReady>("NotReady")(
  body("not_ready"),
  HttpApiSchema.annotations({ status: 503, description: "the database or the worker pool is not ready" })
) {}

export type ApiError =
  | InvalidRequest
  | AuthRequired
  | Forbidden
  | InsufficientRole
  | NotFound
  | MethodNotAllowed
  | AlreadyExists
  | AlreadyRevoked
  | InvalidReason
  | InvalidPattern
  | AlreadySuppressed
  | PayloadTooLarge
  | RateLimited
  | InternalError
  | WorkerUnavailable
  | NotReady

/** Every API error class. Each one's status is read from its own annotation: stated once. */
const API_ERRORS: ReadonlyArray<Schema.Schema.All & (abstract new(...args: never) => ApiError)> = [
  InvalidRequest,
  AuthRequired,
  Forbidden,
  InsufficientRole,
  NotFound,
  MethodNotAllowed,
  AlreadyExists,
  AlreadyRevoked,
  InvalidReason,
  InvalidPattern,
  AlreadySuppressed,
  PayloadTooLarge,
  RateLimited,
  InternalError,
  WorkerUnavailable,
  NotReady
]

const STATUS = API_ERRORS.map((cls) => [cls, HttpApiSchema.getStatusError(cls)] as const)

/** The status of an API error, or undefined for anything else (a defect, a framework error). */
export const apiErrorStatus = (u: unknown): number | undefined => {
  for (const [cls, status] of STATUS) if (u instanceof cls) return status
  return undefined
}
