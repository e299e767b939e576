import { randomBytes } from "node:crypto"
import * as SqlClient from "@effect/sql/SqlClient"
import type * as SqlError from "@effect/sql/SqlError"
import * as SqlSchema from "@effect/sql/SqlSchema"
import { Data, Effect, Option, Schema } from "effect"
import {
  SUPPRESSION_LIMITS,
  SUPPRESSION_REASONS,
  SuppressionReason,
  SuppressionState
} from "../domain/Suppression.js"
import { type FindingFacts, type MatchableFinding, matcherFor, scopeMatches, specificity, type SuppressionScope } from "../engine/service.js"

/**
 * Suppressions of an organisation. Every read computes the state with the database clock
 * (`expires_at > now()`), so expiry needs no job and replicas agree on it. SQL failures are defects.
 */

export class SuppressionNotFound extends Data.TaggedError("SuppressionNotFound")<{ readonly id: string }> {}
export class SuppressionAlreadyRevoked extends Data.TaggedError("SuppressionAlreadyRevoked")<{ readonly id: string }> {}

/** A validated create body; pattern_id canonical, file_path normalised. */
export interface NewSuppression {
  readonly scope: SuppressionScope
  readonly reason: SuppressionReason
  readonly justification: string | null
  readonly expiresAt: Date | null
}

export type CreateOutcome =
  | { readonly _tag: "Created"; readonly id: string; readonly pattern_id: string }
  | { readonly _tag: "UnknownAgent"; readonly agentId: string }
  | { readonly _tag: "Duplicate"; readonly existingId: string }

export interface UserRef {
  readonly id: string
  readonly email: string
  readonly name: string | null
}

/** A stored suppression with its joins; the handler adds the catalogue's title and severity. */
export interface SuppressionRecord extends SuppressionScope {
  readonly id: string
  readonly agent_name: string | null
  readonly reason: SuppressionReason
  readonly justification: string | null
  readonly expires_at: Date | null
  readonly state: SuppressionState
  readonly created_at: Date
  readonly created_by: UserRef
  readonly updated_at: Date
  readonly revoked_at: Date | null
  readonly revoked_by: UserRef | null
}

export interface ListFilter {
  readonly agentId?: string
  readonly patternId?: string
  readonly reason?: SuppressionReason
  readonly filePathPrefix?: string
  readonly includeExpired: boolean
  readonly includeRevoked: boolean
}

export interface SuppressionCounts {
  readonly active: number
  readonly expired: number
  readonly revoked: number
  readonly expiringSoon: number
  readonly byReason: ReadonlyArray<{ readonly reason: SuppressionReason; readonly count: number }>
  /** most active suppressions first */
  readonly byPattern: ReadonlyArray<{ readonly pattern_id: string; readonly count: number }>
}

const Row = Schema.Struct({
  id: Schema.String,
  pattern_id: Schema.String,
  agent_id: Schema.NullOr(Schema.String),
  agent_name: Schema.NullOr(Schema.String),
  file_path: Schema.NullOr(Schema.String),
  line_number: Schema.NullOr(Schema.Number),
  finding_hash: Schema.NullOr(Schema.String),
  reason: SuppressionReason,
  justification: Schema.NullOr(Schema.String),
  expires_at: Schema.NullOr(Schema.DateFromSelf),
  state: SuppressionState,
  created_at: Schema.DateFromSelf,
  updated_at: Schema.DateFromSelf,
  revoked_at: Schema.NullOr(Schema.DateFromSelf),
  created_by_id: Schema.String,
  created_by_email: Schema.String,
  created_by_name: Schema.NullOr(Schema.String),
  revoked_by_id: Schema.NullOr(Schema.String),
  revoked_by_email: Schema.NullOr(Schema.String),
  revoked_by_name: Schema.NullOr(Schema.String)
})

const toRecord = (row: typeof Row.Type): SuppressionRecord => ({
  id: row.id,
  pattern_id: row.pattern_id,
  agent_id: row.agent_id,
  agent_name: row.agent_name,
  file_path: row.file_path,
  line_number: row.line_number,
  finding_hash: row.finding_hash,
  reason: row.reason,
  justification: row.justification,
  expires_at: row.expires_at,
  state: row.state,
  created_at: row.created_at,
  created_by: { id: row.created_by_id, email: row.created_by_email, name: row.created_by_name },
  updated_at: row.updated_at,
  revoked_at: row.revoked_at,
  revoked_by: row.revoked_by_id !== null && row.revoked_by_email !== null
    ? { id: row.revoked_by_id, email: row.revoked_by_email, name: row.revoked_by_name }
    : null
})

export const newSuppressionId = (): string => `sup_${randomBytes(16).toString("hex")}`

/** Namespace of the per-organisation advisory lock that serialises "is this scope free? insert". */
const SCOPE_LOCK = 0x5355

export class SuppressionsRepo extends Effect.Service<SuppressionsRepo>()("Vigil/SuppressionsRepo", {
  effect: Effect.gen(function*() {
    const sql = yield* SqlClient.SqlClient

    const active = sql`s.revoked_at IS NULL AND (s.expires_at IS NULL OR s.expires_at > now())`
    const stateExpr = sql`CASE WHEN s.revoked_at IS NOT NULL THEN 'revoked'
                               WHEN s.expires_at IS NOT NULL AND s.expires_at <= now() THEN 'expired'
                               ELSE 'active' END`

    const select = sql`
      SELECT s.id, s.pattern_id, s.agent_id, a.name AS agent_name, s.file_path, s.line_number, s.finding_hash,
             s.reason, s.justification, s.expires_at, ${stateExpr} AS state, s.created_at, s.updated_at, s.revoked_at,
             c.id AS created_by_id, c.email AS created_by_email, cn.name AS created_by_name,
             r.id AS revoked_by_id, r.email AS revoked_by_email, rn.name AS revoked_by_name
      FROM suppressions s
      JOIN users c ON c.id = s.created_by
      LEFT JOIN member_names cn ON cn.org_id = s.org_id AND cn.user_id = s.created_by
      LEFT JOIN users r ON r.id = s.revoked_by
      LEFT JOIN member_names rn ON rn.org_id = s.org_id AND rn.user_id = s.revoked_by
      LEFT JOIN agents a ON a.id = s.agent_id`

    const whereFilter = (orgId: string, f: ListFilter) => {
      const states = [
        active,
        ...(f.includeExpired ? [sql`(s.revoked_at IS NULL AND s.expires_at <= now())`] : []),
        ...(f.includeRevoked ? [sql`s.revoked_at IS NOT NULL`] : [])
      ]
      return sql.and([
        sql`s.org_id = ${orgId}`,
        sql.or(states),
        ...(f.agentId !== undefined ? [sql`s.agent_id = ${f.agentId}`] : []),
        ...(f.patternId !== undefined ? [sql`s.pattern_id = ${f.patternId}`] : []),
        ...(f.reason !== undefined ? [sql`s.reason = ${f.reason}`] : []),
        ...(f.filePathPrefix !== undefined ? [sql`starts_with(s.file_path, ${f.filePathPrefix})`] : [])
      ])
    }

    const findQuery = SqlSchema.findOne({
      Request: Schema.Struct({ orgId: Schema.String, id: Schema.String }),
      Result: Row,
      execute: ({ id, orgId }) => sql`${select} WHERE s.org_id = ${orgId} AND s.id = ${id}`
    })

    const find = (orgId: string, id: string): Effect.Effect<Option.Option<SuppressionRecord>> =>
      findQuery({ orgId, id }).pipe(Effect.map(Option.map(toRecord)), Effect.orDie)

    const rows = (query: Effect.Effect<ReadonlyArray<unknown>, SqlError.SqlError>): Effect.Effect<ReadonlyArray<SuppressionRecord>> =>
      Effect.flatMap(query, Schema.decodeUnknown(Schema.Array(Row))).pipe(Effect.map((rs) => rs.map(toRecord)), Effect.orDie)

    const list = (
      orgId: string,
      filter: ListFilter,
      page: { readonly limit: number; readonly offset: number }
    ): Effect.Effect<{ readonly items: ReadonlyArray<SuppressionRecord>; readonly total: number }> =>
      Effect.gen(function*() {
        const where = whereFilter(orgId, filter)
        const items = yield* rows(sql`${select} WHERE ${where}
          ORDER BY s.created_at DESC, s.id DESC LIMIT ${page.limit} OFFSET ${page.offset}`)
        const counted = yield* sql<{ total: number }>`SELECT count(*)::int AS total FROM suppressions s WHERE ${where}`
          .pipe(Effect.orDie)
        return { items, total: counted[0]?.total ?? 0 }
      })

    /** Everything the filter selects, oldest first (an audit export reads top to bottom). */
    const listAll = (orgId: string, filter: ListFilter): Effect.Effect<ReadonlyArray<SuppressionRecord>> =>
      rows(sql`${select} WHERE ${whereFilter(orgId, filter)} ORDER BY s.created_at, s.id`)

    /**
     * All entries in one transaction under the organisation's lock, each checked against the active
     * suppressions, earlier entries of the same batch included. Unknown agents and taken scopes are
     * outcomes, not failures: a bulk request still creates its valid entries.
     */
    const createMany = (
      orgId: string,
      userId: string,
      inputs: ReadonlyArray<NewSuppression>
    ): Effect.Effect<ReadonlyArray<CreateOutcome>> =>
      sql.withTransaction(
        Effect.gen(function*() {
          yield* sql`SELECT pg_advisory_xact_lock(${SCOPE_LOCK}, hashtext(${orgId}))`
          const agentIds = [...new Set(inputs.flatMap((i) => (i.scope.agent_id === null ? [] : [i.scope.agent_id])))]
          const known = agentIds.length === 0
            ? new Set<string>()
            : new Set(
              (yield* sql<{ id: string }>`SELECT id FROM agents WHERE org_id = ${orgId} AND ${sql.in("id", agentIds)}`)
                .map((r) => r.id)
            )
          const outcomes: Array<CreateOutcome> = []
          for (const input of inputs) {
            const s = input.scope
            if (s.agent_id !== null && !known.has(s.agent_id)) {
              outcomes.push({ _tag: "UnknownAgent", agentId: s.agent_id })
              continue
            }
            const taken = yield* sql<{ id: string }>`
              SELECT s.id FROM suppressions s
              WHERE s.org_id = ${orgId} AND ${active}
                AND s.pattern_id = ${s.pattern_id}
                AND s.agent_id IS NOT DISTINCT FROM ${s.agent_id}::uuid
                AND s.file_path IS NOT DISTINCT FROM ${s.file_path}::text
                AND s.line_number IS NOT DISTINCT FROM ${s.line_number}::integer
                AND s.finding_hash IS NOT DISTINCT FROM ${s.finding_hash}::text
              LIMIT 1`
            const existing = taken[0]
            if (existing !== undefined) {
              outcomes.push({ _tag: "Duplicate", existingId: existing.id })
              continue
            }
            const id = newSuppressionId()
            yield* sql`
              INSERT INTO suppressions ${
              sql.insert({
                id,
                org_id: orgId,
                pattern_id: s.pattern_id,
                agent_id: s.agent_id,
                file_path: s.file_path,
                line_number: s.line_number,
                finding_hash: s.finding_hash,
                reason: input.reason,
                justification: input.justification,
                expires_at: input.expiresAt,
                created_by: userId
              })
            }`
            outcomes.push({ _tag: "Created", id, pattern_id: s.pattern_id })
          }
          return outcomes
        })
      ).pipe(Effect.orDie)

    /** Soft delete: the row stays for the audit trail. An expired suppression can still be revoked. */
    const revoke = (
      orgId: string,
      id: string,
      userId: string
    ): Effect.Effect<{ readonly id: string; readonly revoked_at: Date }, SuppressionNotFound | SuppressionAlreadyRevoked> =>
      Effect.gen(function*() {
        const updated = yield* sql<{ revoked_at: Date }>`
          UPDATE suppressions SET revoked_at = now(), revoked_by = ${userId}, updated_at = now()
          WHERE org_id = ${orgId} AND id = ${id} AND revoked_at IS NULL
          RETURNING revoked_at`.pipe(Effect.orDie)
        const row = updated[0]
        if (row !== undefined) return { id, revoked_at: row.revoked_at }
        const existing = yield* find(orgId, id)
        return yield* Option.isSome(existing)
          ? Effect.fail(new SuppressionAlreadyRevoked({ id }))
          : Effect.fail(new SuppressionNotFound({ id }))
      })

    /** The active suppressions (optionally of one pattern), oldest first. */
    const activeRecords = (orgId: string, patternId?: string): Effect.Effect<ReadonlyArray<SuppressionRecord>> =>
      rows(sql`${select} WHERE s.org_id = ${orgId} AND ${active}
        AND ${patternId === undefined ? sql`TRUE` : sql`s.pattern_id = ${patternId}`}
        ORDER BY s.created_at, s.id`)

    /**
     * The organisation's active suppressions as a predicate over findings, read once: a scan (or a
     * diff) applies it to every finding without further queries.
     */
    const activeMatcher = (
      orgId: string
    ): Effect.Effect<(finding: MatchableFinding, agentId: string | null) => boolean> =>
      Effect.map(activeRecords(orgId), matcherFor)

    /** The suppression that hides these facts: the most specific active one, then the oldest. */
    const check = (orgId: string, facts: FindingFacts): Effect.Effect<Option.Option<SuppressionRecord>> =>
      Effect.map(activeRecords(orgId, facts.pattern_id), (records) => {
        let best: SuppressionRecord | undefined
        for (const r of records) {
          if (scopeMatches(r, facts) && (best === undefined || specificity(r) > specificity(best))) best = r
        }
        return Option.fromNullable(best)
      })

    /** The agent a scan of this (organisation, name) will be recorded under, if it exists already. */
    const agentIdFor = (orgId: string, agentName: string): Effect.Effect<string | null> =>
      sql<{ id: string }>`SELECT id FROM agents WHERE org_id = ${orgId} AND name = ${agentName}`.pipe(
        Effect.map((rs) => rs[0]?.id ?? null),
        Effect.orDie
      )

    const counts = (orgId: string): Effect.Effect<SuppressionCounts> =>
      Effect.gen(function*() {
        const totals = yield* sql<{ active: number; expired: number; revoked: number; expiring_soon: number }>`
          SELECT count(*) FILTER (WHERE ${active})::int AS active,
                 count(*) FILTER (WHERE s.revoked_at IS NULL AND s.expires_at <= now())::int AS expired,
                 count(*) FILTER (WHERE s.revoked_at IS NOT NULL)::int AS revoked,
                 count(*) FILTER (WHERE ${active} AND s.expires_at IS NOT NULL
                   AND s.expires_at <= now() + make_interval(days => ${SUPPRESSION_LIMITS.expiringSoonDays}::int))::int
                   AS expiring_soon
          FROM suppressions s WHERE s.org_id = ${orgId}`
        const byReason = yield* sql<{ reason: SuppressionReason; count: number }>`
          SELECT s.reason, count(*)::int AS count FROM suppressions s
          WHERE s.org_id = ${orgId} AND ${active} GROUP BY s.reason`
        const byPattern = yield* sql<{ pattern_id: string; count: number }>`
          SELECT s.pattern_id, count(*)::int AS count FROM suppressions s
          WHERE s.org_id = ${orgId} AND ${active} GROUP BY s.pattern_id ORDER BY count DESC, s.pattern_id`
        const t = totals[0]
        return {
          active: t?.active ?? 0,
          expired: t?.expired ?? 0,
          revoked: t?.revoked ?? 0,
          expiringSoon: t?.expiring_soon ?? 0,
          byReason: byReason.filter((r) => SUPPRESSION_REASONS.includes(r.reason)),
          byPattern
        }
      }).pipe(Effect.orDie)

    return { find, list, listAll, createMany, revoke, activeMatcher, check, agentIdFor, counts } as const
  })
}) {}
