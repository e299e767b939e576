import { Effect } from "effect"
import {
  RevokedSuppression,
  Suppression,
  SuppressionList,
  type SuppressionReason
} from "../../domain/Suppression.js"
import { RemoteError } from "../errors.js"
import { decodeAnswer } from "./decode.js"
import { type Connection, failureOf, send, sendJson } from "./VigilClient.js"

/** Thin client of /v1/orgs/{org_id}/suppressions (SPEC "Suppression endpoints"). */

const base = (org: string): string => `/v1/orgs/${encodeURIComponent(org)}/suppressions`

export interface CreateSuppression {
  readonly pattern_id: string
  readonly reason: SuppressionReason
  readonly agent_id?: string
  readonly file_path?: string
  readonly line_number?: number
  readonly finding_hash?: string
  readonly justification?: string
  readonly expires_at?: string
}

export interface SuppressionFilters {
  readonly agent_id?: string
  readonly pattern_id?: string
  readonly reason?: string
  readonly file_path?: string
  readonly include_expired?: boolean
  readonly include_revoked?: boolean
}

const query = (filters: SuppressionFilters, page?: { readonly limit: number; readonly offset: number }): Record<string, string | undefined> => ({
  agent_id: filters.agent_id,
  pattern_id: filters.pattern_id,
  reason: filters.reason,
  file_path: filters.file_path,
  include_expired: filters.include_expired === true ? "true" : undefined,
  include_revoked: filters.include_revoked === true ? "true" : undefined,
  ...(page !== undefined ? { limit: String(page.limit), offset: String(page.offset) } : {})
})

export const createSuppression = (conn: Connection, org: string, body: CreateSuppression) =>
  Effect.flatMap(
    sendJson(conn, { method: "POST", path: base(org), body: JSON.stringify(body) }, "creating the suppression"),
    (answer) => decodeAnswer(Suppression, answer, "creating the suppression")
  )

export const listSuppressions = (conn: Connection, org: string, filters: SuppressionFilters, page: { readonly limit: number; readonly offset: number }) =>
  Effect.flatMap(
    sendJson(conn, { method: "GET", path: base(org), query: query(filters, page) }, "listing suppressions"),
    (answer) => decodeAnswer(SuppressionList, answer, "listing suppressions")
  )

/** Every page of a listing (the server returns at most 200 per page). */
export const listAllSuppressions = (conn: Connection, org: string, filters: SuppressionFilters) =>
  Effect.gen(function*() {
    const all: Array<Suppression> = []
    for (let offset = 0; ; ) {
      const page = yield* listSuppressions(conn, org, filters, { limit: 200, offset })
      all.push(...page.suppressions)
      if (!page.has_more || page.suppressions.length === 0) return all
      offset += page.suppressions.length
    }
  })

export const revokeSuppression = (conn: Connection, org: string, id: string) =>
  Effect.flatMap(
    sendJson(conn, { method: "DELETE", path: `${base(org)}/${encodeURIComponent(id)}` }, "revoking the suppression"),
    (answer) => decodeAnswer(RevokedSuppression, answer, "revoking the suppression")
  )

/** The CSV text as the server wrote it. */
export const exportSuppressions = (conn: Connection, org: string, filters: SuppressionFilters): Effect.Effect<string, RemoteError> =>
  Effect.flatMap(send(conn, { method: "GET", path: `${base(org)}/export`, query: query(filters), accept: "text/csv" }), (answer) =>
    answer.status >= 200 && answer.status <= 299
      ? Effect.succeed(answer.text)
      : Effect.fail(failureOf(conn, answer, "exporting suppressions")))
