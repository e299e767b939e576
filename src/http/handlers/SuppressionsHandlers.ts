import { HttpApiBuilder, HttpServerResponse } from "@effect/platform"
import { Effect, Either, Option, Schema } from "effect"
import { type Organisation, OrgSlug, roleAtLeast, UUID_PATTERN } from "../../domain/ApiTenancy.js"
import { CatalogueService } from "../../catalogue/Catalogue.js"
import {
  AlreadyRevoked,
  AlreadySuppressed,
  Forbidden,
  InsufficientRole,
  InvalidPattern,
  InvalidReason,
  InvalidRequest,
  NotFound
} from "../../domain/Errors.js"
import {
  type BulkError,
  type Suppression,
  SUPPRESSION_ID_PATTERN,
  SUPPRESSION_LIMITS,
  SUPPRESSION_REASONS,
  type SuppressionStats
} from "../../domain/Suppression.js"
import { neutraliseFormula, renderCsv } from "../../report/Csv.js"
import { type CreateOutcome, type SuppressionCounts, type SuppressionRecord, SuppressionsRepo } from "../../store/SuppressionsRepo.js"
import { TenancyRepo } from "../../store/TenancyRepo.js"
import { VigilApi } from "../api/Api.js"
import { CurrentPrincipal, type Principal } from "../api/Authentication.js"
import { readJsonBody } from "../RequestBody.js"
import {
  bulkEntries,
  type EntryProblem,
  parsePage,
  parseQuery,
  type PatternResolver,
  type QueryParams,
  validateCheckInput,
  validateSuppressionInput,
  type ValidSuppressionInput
} from "../suppressionRequest.js"

/** A create or check body is a few KB at most; a bulk body holds up to 500 of them. */
const SMALL_BODY_LIMIT = 1_000_000
const BULK_BODY_LIMIT = 8_000_000

const CSV_COLUMNS = [
  "id",
  "pattern_id",
  "agent_id",
  "file_path",
  "line_number",
  "reason",
  "justification",
  "expires_at",
  "created_at",
  "created_by"
] as const

const iso = (date: Date | null): string | null => (date === null ? null : date.toISOString())
const shown = (s: string): string => JSON.stringify(s.slice(0, 80))
const isOrgRef = (ref: string): boolean => UUID_PATTERN.test(ref) || Schema.is(OrgSlug)(ref)

const problemError = (p: EntryProblem): InvalidRequest | InvalidReason | InvalidPattern =>
  p.code === "invalid_reason"
    ? new InvalidReason({ error: p.error })
    : p.code === "invalid_pattern"
    ? new InvalidPattern({ error: p.error })
    : new InvalidRequest({ error: p.error })

/** The check body has no reason field, so its problems are one of two codes. */
const checkProblemError = (p: EntryProblem): InvalidRequest | InvalidPattern =>
  p.code === "invalid_pattern" ? new InvalidPattern({ error: p.error }) : new InvalidRequest({ error: p.error })

const duplicateMessage = (existingId: string): string =>
  `An active suppression already exists for this scope (${existingId}); revoke it first to change it.`
const unknownAgentMessage = (agentId: string): string => `No agent ${agentId} in this organisation.`

export const SuppressionsHandlersLive = HttpApiBuilder.group(VigilApi, "suppressions", (handlers) =>
  Effect.gen(function*() {
    const repo = yield* SuppressionsRepo
    const tenancy = yield* TenancyRepo
    const catalogue = yield* CatalogueService

    const resolve: PatternResolver = (idOrAlias) => catalogue.resolve(idOrAlias)?.id

    const toApi = (r: SuppressionRecord): Suppression => {
      const rule = catalogue.resolve(r.pattern_id)
      return {
        id: r.id,
        pattern_id: r.pattern_id,
        pattern_title: rule?.title ?? null,
        pattern_severity: rule?.severity ?? null,
        agent_id: r.agent_id,
        agent_name: r.agent_name,
        file_path: r.file_path,
        line_number: r.line_number,
        finding_hash: r.finding_hash,
        reason: r.reason,
        justification: r.justification,
        expires_at: iso(r.expires_at),
        state: r.state,
        is_active: r.state === "active",
        created_at: r.created_at.toISOString(),
        created_by: r.created_by,
        updated_at: r.updated_at.toISOString(),
        revoked_at: iso(r.revoked_at),
        revoked_by: r.revoked_by
      }
    }

    /** The caller's own organisation; any other one is 404, so its existence does not leak. */
    const ownOrg = (ref: string, principal: Principal): Effect.Effect<Organisation, InvalidRequest | NotFound> =>
      Effect.gen(function*() {
        if (!isOrgRef(ref)) {
          return yield* Effect.fail(new InvalidRequest({ error: `org_id must be an organisation id (UUID) or slug, not ${shown(ref)}.` }))
        }
        const org = yield* tenancy.findOrg(ref)
        if (Option.isNone(org) || org.value.id !== principal.orgId) {
          return yield* Effect.fail(new NotFound({ error: `No organisation ${JSON.stringify(ref)} is visible to this key.` }))
        }
        return org.value
      })

    const requireManager = (principal: Principal): Effect.Effect<void, InsufficientRole> =>
      roleAtLeast(principal.role, "admin")
        ? Effect.void
        : Effect.fail(new InsufficientRole({ error: "Creating suppressions needs the owner or admin role." }))

    /**
     * An id that cannot exist is an unknown id: 404 as for a well-formed id of another organisation,
     * without telling callers what ids look like (and without a database round trip).
     */
    const suppressionId = (id: string): Effect.Effect<string, NotFound> =>
      SUPPRESSION_ID_PATTERN.test(id)
        ? Effect.succeed(id)
        : Effect.fail(new NotFound({ error: `No suppression ${shown(id)} in this organisation.` }))

    const existing = (orgId: string, id: string): Effect.Effect<SuppressionRecord, NotFound> =>
      Effect.flatMap(repo.find(orgId, id), Option.match({
        onNone: () => Effect.fail(new NotFound({ error: `No suppression ${id} in this organisation.` })),
        onSome: Effect.succeed
      }))

    const query = (params: QueryParams) =>
      Either.match(parseQuery(params, resolve), {
        onLeft: (error) => Effect.fail(new InvalidRequest({ error })),
        onRight: Effect.succeed
      })

    const stats = (c: SuppressionCounts): SuppressionStats => {
      const byReason: Record<string, number> = Object.fromEntries(SUPPRESSION_REASONS.map((r) => [r, 0]))
      for (const r of c.byReason) byReason[r.reason] = r.count
      const top = c.byPattern.slice(0, SUPPRESSION_LIMITS.statsTopPatterns)
      const byPattern: Record<string, number> = Object.fromEntries(top.map((p) => [p.pattern_id, p.count]))
      // rule ids are snake_case concepts, so `other` never collides with one
      byPattern["other"] = c.byPattern.slice(SUPPRESSION_LIMITS.statsTopPatterns).reduce((n, p) => n + p.count, 0)
      return {
        total_active: c.active,
        total_expired: c.expired,
        total_revoked: c.revoked,
        by_reason: byReason,
        by_pattern: byPattern,
        expiring_soon: c.expiringSoon,
        expiring_soon_threshold_days: SUPPRESSION_LIMITS.expiringSoonDays
      }
    }

    const outcomeError = (o: Exclude<CreateOutcome, { _tag: "Created" }>): NotFound | AlreadySuppressed =>
      o._tag === "UnknownAgent"
        ? new NotFound({ error: unknownAgentMessage(o.agentId) })
        : new AlreadySuppressed({ error: duplicateMessage(o.existingId) })

    return handlers
      .handleRaw("createSuppression", ({ path }) =>
        Effect.gen(function*() {
          const principal = yield* CurrentPrincipal
          const org = yield* ownOrg(path.org_id, principal)
          yield* requireManager(principal)
          const body = yield* readJsonBody(SMALL_BODY_LIMIT)
          const input = validateSuppressionInput(body, resolve, new Date())
          if (Either.isLeft(input)) return yield* Effect.fail(problemError(input.left))
          const [outcome] = yield* repo.createMany(org.id, principal.userId, [input.right])
          if (outcome === undefined) return yield* Effect.dieMessage("createMany returned no outcome")
          if (outcome._tag !== "Created") return yield* Effect.fail(outcomeError(outcome))
          const created = yield* existing(org.id, outcome.id).pipe(Effect.orDie)
          return toApi(created)
        }).pipe(Effect.withSpan("SuppressionsHttp.create")))
      .handle("listSuppressions", ({ path, urlParams }) =>
        Effect.gen(function*() {
          const principal = yield* CurrentPrincipal
          const org = yield* ownOrg(path.org_id, principal)
          const filter = yield* query(urlParams)
          const page = yield* Either.match(parsePage(urlParams), {
            onLeft: (error) => Effect.fail(new InvalidRequest({ error })),
            onRight: Effect.succeed
          })
          const { items, total } = yield* repo.list(org.id, filter, page)
          return { suppressions: items.map(toApi), total, has_more: page.offset + items.length < total }
        }).pipe(Effect.withSpan("SuppressionsHttp.list")))
      .handleRaw("checkSuppression", ({ path }) =>
        Effect.gen(function*() {
          const principal = yield* CurrentPrincipal
          const org = yield* ownOrg(path.org_id, principal)
          const facts = validateCheckInput(yield* readJsonBody(SMALL_BODY_LIMIT), resolve)
          if (Either.isLeft(facts)) return yield* Effect.fail(checkProblemError(facts.left))
          const match = yield* repo.check(org.id, facts.right)
          return Option.match(match, {
            onNone: () => ({ is_suppressed: false, suppression: null }),
            onSome: (s) => ({
              is_suppressed: true,
              suppression: {
                id: s.id,
                reason: s.reason,
                justification: s.justification,
                expires_at: iso(s.expires_at),
                created_by: { email: s.created_by.email }
              }
            })
          })
        }).pipe(Effect.withSpan("SuppressionsHttp.check")))
      .handleRaw("bulkCreateSuppressions", ({ path }) =>
        Effect.gen(function*() {
          const principal = yield* CurrentPrincipal
          const org = yield* ownOrg(path.org_id, principal)
          yield* requireManager(principal)
          const entries = bulkEntries(yield* readJsonBody(BULK_BODY_LIMIT))
          if (Either.isLeft(entries)) return yield* Effect.fail(new InvalidRequest({ error: entries.left }))
          const now = new Date()
          const errors: Array<BulkError> = []
          const valid: Array<{ readonly index: number; readonly input: ValidSuppressionInput }> = []
          entries.right.forEach((entry, index) => {
            const input = validateSuppressionInput(entry, resolve, now, `suppressions[${index}].`)
            if (Either.isLeft(input)) errors.push({ index, ...input.left })
            else valid.push({ index, input: input.right })
          })
          const outcomes = yield* repo.createMany(org.id, principal.userId, valid.map((v) => v.input))
          const created: Array<{ id: string; pattern_id: string; status: "created" }> = []
          outcomes.forEach((outcome, i) => {
            const index = valid[i]!.index
            if (outcome._tag === "Created") created.push({ id: outcome.id, pattern_id: outcome.pattern_id, status: "created" })
            else {
              const error = outcomeError(outcome)
              errors.push({ index, code: error.code, error: `suppressions[${index}]: ${error.error}` })
            }
          })
          errors.sort((a, b) => a.index - b.index)
          return { created, errors }
        }).pipe(Effect.withSpan("SuppressionsHttp.bulk")))
      .handle("exportSuppressions", ({ path, urlParams }) =>
        Effect.gen(function*() {
          const principal = yield* CurrentPrincipal
          const org = yield* ownOrg(path.org_id, principal)
          const filter = yield* query(urlParams)
          const records = yield* repo.listAll(org.id, filter)
          const csv = renderCsv(
            CSV_COLUMNS,
            records.map((r) => [
              r.id,
              r.pattern_id,
              r.agent_id,
              r.file_path === null ? null : neutraliseFormula(r.file_path),
              r.line_number,
              r.reason,
              r.justification === null ? null : neutraliseFormula(r.justification),
              iso(r.expires_at),
              r.created_at.toISOString(),
              r.created_by.email
            ])
          )
          return HttpServerResponse.text(csv, {
            contentType: "text/csv; charset=utf-8",
            headers: { "content-disposition": `attachment; filename="suppressions-${org.slug}.csv"` }
          })
        }).pipe(Effect.withSpan("SuppressionsHttp.export")))
      .handle("suppressionStats", ({ path }) =>
        Effect.gen(function*() {
          const principal = yield* CurrentPrincipal
          const org = yield* ownOrg(path.org_id, principal)
          return stats(yield* repo.counts(org.id))
        }).pipe(Effect.withSpan("SuppressionsHttp.stats")))
      .handle("getSuppression", ({ path }) =>
        Effect.gen(function*() {
          const principal = yield* CurrentPrincipal
          const org = yield* ownOrg(path.org_id, principal)
          const id = yield* suppressionId(path.suppression_id)
          return toApi(yield* existing(org.id, id))
        }).pipe(Effect.withSpan("SuppressionsHttp.get")))
      .handle("revokeSuppression", ({ path }) =>
        Effect.gen(function*() {
          const principal = yield* CurrentPrincipal
          const org = yield* ownOrg(path.org_id, principal)
          const id = yield* suppressionId(path.suppression_id)
          const suppression = yield* existing(org.id, id)
          if (!roleAtLeast(principal.role, "admin") && suppression.created_by.id !== principal.userId) {
            return yield* Effect.fail(new Forbidden({ error: "Members can revoke only suppressions they created." }))
          }
          const revoked = yield* repo.revoke(org.id, id, principal.userId).pipe(
            Effect.catchTags({
              SuppressionAlreadyRevoked: () => Effect.fail(new AlreadyRevoked({ error: `The suppression ${id} was already revoked.` })),
              SuppressionNotFound: () => Effect.fail(new NotFound({ error: `No suppression ${id} in this organisation.` }))
            })
          )
          return { id, revoked_at: revoked.revoked_at.toISOString(), revoked_by: { id: principal.userId, email: principal.email } }
        }).pipe(Effect.withSpan("SuppressionsHttp.revoke")))
  }))
