import * as HttpApiBuilder from "@effect/platform/HttpApiBuilder"
import * as HttpServerResponse from "@effect/platform/HttpServerResponse"
import { Effect, Either } from "effect"
import { InvalidPattern, InvalidRequest } from "../../domain/Errors.js"
import { OrgAccess } from "../../usecases/OrgAccess.js"
import { requireManager, requireSuppressionRevoker } from "../../usecases/policies.js"
import { problemError, SuppressionsService } from "../../usecases/SuppressionsService.js"
import { VigilApi } from "../api/Api.js"
import { CurrentPrincipal } from "../api/Authentication.js"
import { readJsonBody } from "../RequestBody.js"
import {
  bulkEntries,
  type EntryProblem,
  parsePage,
  parseQuery,
  type QueryParams,
  validateCheckInput,
  validateSuppressionInput
} from "../suppressionRequest.js"

/** A create or check body is a few KB at most; a bulk body holds up to 500 of them. */
const SMALL_BODY_LIMIT = 1_000_000
const BULK_BODY_LIMIT = 8_000_000

/** The check body has no reason field, so its problems are one of two codes. */
const checkProblemError = (p: EntryProblem): InvalidRequest | InvalidPattern =>
  p.code === "invalid_pattern" ? new InvalidPattern({ error: p.error }) : new InvalidRequest({ error: p.error })

const orFail = <A>(parsed: Either.Either<A, string>): Effect.Effect<A, InvalidRequest> =>
  Either.match(parsed, { onLeft: (error) => Effect.fail(new InvalidRequest({ error })), onRight: Effect.succeed })

/**
 * Thin handlers: each one resolves the caller's organisation, applies the policy, reads and checks
 * its input, and calls the suppressions service (usecases/SuppressionsService.ts). Check order:
 * key (middleware), organisation, role, body.
 */
export const SuppressionsHandlersLive = HttpApiBuilder.group(VigilApi, "suppressions", (handlers) =>
  Effect.gen(function*() {
    const access = yield* OrgAccess
    const suppressions = yield* SuppressionsService
    const resolve = suppressions.resolvePattern
    const query = (params: QueryParams) => orFail(parseQuery(params, resolve))

    return handlers
      .handleRaw("createSuppression", ({ path }) =>
        Effect.gen(function*() {
          const principal = yield* CurrentPrincipal
          const org = yield* access.ownOrg(path.org_id, principal)
          yield* requireManager(principal, "Creating suppressions")
          const input = validateSuppressionInput(yield* readJsonBody(SMALL_BODY_LIMIT), resolve, new Date())
          if (Either.isLeft(input)) return yield* Effect.fail(problemError(input.left))
          return yield* suppressions.create(principal, org, input.right)
        }).pipe(Effect.withSpan("SuppressionsHttp.create")))
      .handle("listSuppressions", ({ path, urlParams }) =>
        Effect.gen(function*() {
          const principal = yield* CurrentPrincipal
          const org = yield* access.ownOrg(path.org_id, principal)
          const filter = yield* query(urlParams)
          const page = yield* orFail(parsePage(urlParams))
          return yield* suppressions.list(org, filter, page)
        }).pipe(Effect.withSpan("SuppressionsHttp.list")))
      .handleRaw("checkSuppression", ({ path }) =>
        Effect.gen(function*() {
          const principal = yield* CurrentPrincipal
          const org = yield* access.ownOrg(path.org_id, principal)
          const facts = validateCheckInput(yield* readJsonBody(SMALL_BODY_LIMIT), resolve)
          if (Either.isLeft(facts)) return yield* Effect.fail(checkProblemError(facts.left))
          return yield* suppressions.check(org, facts.right)
        }).pipe(Effect.withSpan("SuppressionsHttp.check")))
      .handleRaw("bulkCreateSuppressions", ({ path }) =>
        Effect.gen(function*() {
          const principal = yield* CurrentPrincipal
          const org = yield* access.ownOrg(path.org_id, principal)
          yield* requireManager(principal, "Creating suppressions")
          const entries = yield* orFail(bulkEntries(yield* readJsonBody(BULK_BODY_LIMIT)))
          const now = new Date()
          const checked = entries.map((entry, index) => validateSuppressionInput(entry, resolve, now, `suppressions[${index}].`))
          return yield* suppressions.createBulk(principal, org, checked)
        }).pipe(Effect.withSpan("SuppressionsHttp.bulk")))
      .handle("exportSuppressions", ({ path, urlParams }) =>
        Effect.gen(function*() {
          const principal = yield* CurrentPrincipal
          const org = yield* access.ownOrg(path.org_id, principal)
          const csv = yield* suppressions.exportCsv(org, yield* query(urlParams))
          return HttpServerResponse.text(csv, {
            contentType: "text/csv; charset=utf-8",
            headers: { "content-disposition": `attachment; filename="suppressions-${org.slug}.csv"` }
          })
        }).pipe(Effect.withSpan("SuppressionsHttp.export")))
      .handle("suppressionStats", ({ path }) =>
        Effect.gen(function*() {
          const principal = yield* CurrentPrincipal
          const org = yield* access.ownOrg(path.org_id, principal)
          return yield* suppressions.stats(org)
        }).pipe(Effect.withSpan("SuppressionsHttp.stats")))
      .handle("getSuppression", ({ path }) =>
        Effect.gen(function*() {
          const principal = yield* CurrentPrincipal
          const org = yield* access.ownOrg(path.org_id, principal)
          return yield* suppressions.get(org, path.suppression_id)
        }).pipe(Effect.withSpan("SuppressionsHttp.get")))
      .handle("revokeSuppression", ({ path }) =>
        Effect.gen(function*() {
          const principal = yield* CurrentPrincipal
          const org = yield* access.ownOrg(path.org_id, principal)
          const suppression = yield* suppressions.get(org, path.suppression_id)
          yield* requireSuppressionRevoker(principal, suppression)
          return yield* suppressions.revoke(principal, org, suppression.id)
        }).pipe(Effect.withSpan("SuppressionsHttp.revoke")))
  }))
