import { Effect, Either, Option } from "effect"
import { CatalogueService } from "../catalogue/Catalogue.js"
import type { Organisation } from "../domain/ApiTenancy.js"
import { AlreadyRevoked, AlreadySuppressed, InvalidPattern, InvalidReason, InvalidRequest, NotFound } from "../domain/Errors.js"
import {
  type BulkError,
  type BulkResult,
  type CheckResult,
  type Suppression,
  SUPPRESSION_ID_PATTERN,
  SUPPRESSION_LIMITS,
  SUPPRESSION_REASONS,
  type SuppressionStats
} from "../domain/Suppression.js"
import type { FindingFacts } from "../engine/service.js"
import { neutraliseFormula, renderCsv } from "../report/Csv.js"
import {
  type CreateOutcome,
  type ListFilter,
  type NewSuppression,
  type SuppressionCounts,
  type SuppressionRecord,
  SuppressionsRepo
} from "../store/SuppressionsRepo.js"
import type { Actor } from "./Actor.js"

/** A problem with one create entry, with the code the single-create endpoint answers with. */
export interface EntryProblem {
  readonly code: "invalid_request" | "invalid_reason" | "invalid_pattern"
  readonly error: string
}

export const problemError = (p: EntryProblem): InvalidRequest | InvalidReason | InvalidPattern =>
  p.code === "invalid_reason"
    ? new InvalidReason({ error: p.error })
    : p.code === "invalid_pattern"
    ? new InvalidPattern({ error: p.error })
    : new InvalidRequest({ error: p.error })

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

const duplicateMessage = (existingId: string): string =>
  `An active suppression already exists for this scope (${existingId}); revoke it first to change it.`

const outcomeError = (o: Exclude<CreateOutcome, { _tag: "Created" }>): NotFound | AlreadySuppressed =>
  o._tag === "UnknownAgent"
    ? new NotFound({ error: `No agent ${o.agentId} in this organisation.` })
    : new AlreadySuppressed({ error: duplicateMessage(o.existingId) })

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

/** The CSV export; free text that a spreadsheet would run as a formula is neutralised. */
const csvOf = (records: ReadonlyArray<SuppressionRecord>): string =>
  renderCsv(
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

/**
 * The suppression use cases of one organisation: create (one or in bulk), check, list, export,
 * stats, read and revoke. The edges validate bodies and parameters and apply the policies
 * (usecases/policies.ts); this service maps records to the API's shapes and orchestrates the store.
 */
export class SuppressionsService extends Effect.Service<SuppressionsService>()("Vigil/SuppressionsService", {
  effect: Effect.gen(function*() {
    const repo = yield* SuppressionsRepo
    const catalogue = yield* CatalogueService

    /** canonical rule id for a rule id or alias, undefined when unknown */
    const resolvePattern = (idOrAlias: string): string | undefined => catalogue.resolve(idOrAlias)?.id

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

    const record = (org: Organisation, id: string): Effect.Effect<SuppressionRecord, NotFound> =>
      SUPPRESSION_ID_PATTERN.test(id)
        ? Effect.flatMap(repo.find(org.id, id), Option.match({
          onNone: () => Effect.fail(new NotFound({ error: `No suppression ${id} in this organisation.` })),
          onSome: Effect.succeed
        }))
        // an id that cannot exist is an unknown id: 404 as for a well-formed id of another
        // organisation, without telling callers what ids look like (and without a database round trip)
        : Effect.fail(new NotFound({ error: `No suppression ${JSON.stringify(id.slice(0, 80))} in this organisation.` }))

    const create = (actor: Actor, org: Organisation, input: NewSuppression): Effect.Effect<Suppression, NotFound | AlreadySuppressed> =>
      Effect.gen(function*() {
        const [outcome] = yield* repo.createMany(org.id, actor.userId, [input])
        if (outcome === undefined) return yield* Effect.dieMessage("createMany returned no outcome")
        if (outcome._tag !== "Created") return yield* Effect.fail(outcomeError(outcome))
        return toApi(yield* record(org, outcome.id).pipe(Effect.orDie))
      })

    /**
     * Every valid entry is created (or refused: unknown agent, duplicate); every problem is reported
     * at its index, with the code the single create would answer with, in the order of the request.
     */
    const createBulk = (
      actor: Actor,
      org: Organisation,
      entries: ReadonlyArray<Either.Either<NewSuppression, EntryProblem>>
    ): Effect.Effect<BulkResult> =>
      Effect.gen(function*() {
        const errors: Array<BulkError> = []
        const valid: Array<{ readonly index: number; readonly input: NewSuppression }> = []
        entries.forEach((entry, index) =>
          Either.match(entry, {
            onLeft: (problem) => errors.push({ index, ...problem }),
            onRight: (input) => valid.push({ index, input })
          })
        )
        const outcomes = yield* repo.createMany(org.id, actor.userId, valid.map((v) => v.input))
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
      })

    const check = (org: Organisation, facts: FindingFacts): Effect.Effect<CheckResult> =>
      Effect.map(repo.check(org.id, facts), Option.match({
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
      }))

    const list = (org: Organisation, filter: ListFilter, page: { readonly limit: number; readonly offset: number }) =>
      Effect.map(repo.list(org.id, filter, page), ({ items, total }) => ({
        suppressions: items.map(toApi),
        total,
        has_more: page.offset + items.length < total
      }))

    const exportCsv = (org: Organisation, filter: ListFilter): Effect.Effect<string> => Effect.map(repo.listAll(org.id, filter), csvOf)

    const statsOf = (org: Organisation): Effect.Effect<SuppressionStats> => Effect.map(repo.counts(org.id), stats)

    const get = (org: Organisation, id: string): Effect.Effect<Suppression, NotFound> => Effect.map(record(org, id), toApi)

    /** Revokes a suppression the caller may revoke (the edge has applied the policy to `get`'s answer). */
    const revoke = (actor: Actor, org: Organisation, id: string) =>
      Effect.map(
        repo.revoke(org.id, id, actor.userId).pipe(
          Effect.catchTags({
            SuppressionAlreadyRevoked: () => Effect.fail(new AlreadyRevoked({ error: `The suppression ${id} was already revoked.` })),
            SuppressionNotFound: () => Effect.fail(new NotFound({ error: `No suppression ${id} in this organisation.` }))
          })
        ),
        (revoked) => ({ id, revoked_at: revoked.revoked_at.toISOString(), revoked_by: { id: actor.userId, email: actor.email } })
      )

    return { resolvePattern, create, createBulk, check, list, exportCsv, stats: statsOf, get, revoke } as const
  })
}) {}
