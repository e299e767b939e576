import { Either } from "effect"
import type { EntryProblem } from "../usecases/SuppressionsService.js"
import { UUID_PATTERN } from "../domain/ApiTenancy.js"
import {
  FINDING_HASH_PATTERN,
  SUPPRESSION_LIMITS,
  SUPPRESSION_REASONS,
  type SuppressionReason
} from "../domain/Suppression.js"
import { type FindingFacts, normalisePath, type SuppressionScope } from "../engine/service.js"

/**
 * Checking of suppression bodies by hand, as for scans: each problem gets its own message, and the
 * SPEC's codes (invalid_reason, invalid_pattern) must come out of one pass, which a schema decode
 * cannot give. `null` counts as absent; unknown fields are ignored.
 */

export type { EntryProblem }

export interface ValidSuppressionInput {
  readonly scope: SuppressionScope
  readonly reason: SuppressionReason
  readonly justification: string | null
  readonly expiresAt: Date | null
}

/** canonical rule id for an id or alias, undefined when unknown */
export type PatternResolver = (idOrAlias: string) => string | undefined

const isRecord = (u: unknown): u is Record<string, unknown> => typeof u === "object" && u !== null && !Array.isArray(u)
const typeName = (u: unknown): string => (u === null ? "null" : Array.isArray(u) ? "an array" : `a ${typeof u}`)
const shown = (s: string): string => JSON.stringify(s.length > 80 ? `${s.slice(0, 80)}…` : s)

const invalid = (error: string): Either.Either<never, EntryProblem> => Either.left({ code: "invalid_request", error })

/** ISO 8601 date-time with an offset (or Z), or a date alone (midnight UTC). */
const ISO_8601 = /^\d{4}-\d{2}-\d{2}(?:[Tt ]\d{2}:\d{2}(?::\d{2}(?:\.\d{1,9})?)?(?:[Zz]|[+-]\d{2}:?\d{2}))?$/

const optionalString = (
  where: string,
  field: string,
  value: unknown
): Either.Either<string | null, EntryProblem> => {
  if (value === undefined || value === null) return Either.right(null)
  if (typeof value !== "string") return invalid(`${where}${field} must be a string or null, not ${typeName(value)}.`)
  return Either.right(value)
}

const checkPattern = (where: string, value: unknown, resolve: PatternResolver): Either.Either<string, EntryProblem> => {
  if (value === undefined || value === null || value === "") return invalid(`${where}pattern_id is required.`)
  if (typeof value !== "string") return invalid(`${where}pattern_id must be a string, not ${typeName(value)}.`)
  const canonical = resolve(value.trim())
  return canonical === undefined
    ? Either.left({ code: "invalid_pattern", error: `${where}pattern_id ${shown(value)} is not a rule id or alias of the catalogue.` })
    : Either.right(canonical)
}

const checkAgent = (where: string, value: unknown): Either.Either<string | null, EntryProblem> =>
  Either.flatMap(optionalString(where, "agent_id", value), (id) =>
    id === null || UUID_PATTERN.test(id)
      ? Either.right(id === null ? null : id.toLowerCase())
      : invalid(`${where}agent_id must be an agent id (UUID), not ${shown(id)}.`))

const checkFilePath = (where: string, value: unknown): Either.Either<string | null, EntryProblem> =>
  Either.flatMap(optionalString(where, "file_path", value), (path) => {
    if (path === null) return Either.right(null)
    if (path.length > SUPPRESSION_LIMITS.filePathMax) {
      return invalid(`${where}file_path is longer than ${SUPPRESSION_LIMITS.filePathMax} characters.`)
    }
    if (/\p{Cc}/u.test(path)) return invalid(`${where}file_path must not contain control characters.`)
    // the same spelling as findings carry, so `./src/a.py` and `src\a.py` scope `src/a.py`
    const normalised = normalisePath(path)
    return normalised === "" ? invalid(`${where}file_path must name a file.`) : Either.right(normalised)
  })

const checkLine = (where: string, value: unknown): Either.Either<number | null, EntryProblem> => {
  if (value === undefined || value === null) return Either.right(null)
  if (typeof value !== "number" || !Number.isSafeInteger(value) || value < 1) {
    return invalid(`${where}line_number must be a positive integer or null, not ${JSON.stringify(value)}.`)
  }
  return Either.right(value)
}

const checkHash = (where: string, value: unknown): Either.Either<string | null, EntryProblem> =>
  Either.flatMap(optionalString(where, "finding_hash", value), (hash) => {
    if (hash === null) return Either.right(null)
    const lower = hash.toLowerCase()
    return FINDING_HASH_PATTERN.test(lower)
      ? Either.right(lower)
      : invalid(`${where}finding_hash must be sha256: followed by 64 hex digits, not ${shown(hash)}.`)
  })

const checkReason = (where: string, value: unknown): Either.Either<SuppressionReason, EntryProblem> => {
  if (value === undefined || value === null) return invalid(`${where}reason is required: one of ${SUPPRESSION_REASONS.join(", ")}.`)
  if (typeof value === "string" && (SUPPRESSION_REASONS as ReadonlyArray<string>).includes(value)) {
    return Either.right(value as SuppressionReason)
  }
  const got = typeof value === "string" ? shown(value) : typeName(value)
  return Either.left({ code: "invalid_reason", error: `${where}reason ${got} is not one of ${SUPPRESSION_REASONS.join(", ")}.` })
}

const checkJustification = (where: string, value: unknown): Either.Either<string | null, EntryProblem> =>
  Either.flatMap(optionalString(where, "justification", value), (text) => {
    if (text === null || text.trim() === "") return Either.right(null)
    if (text.length > SUPPRESSION_LIMITS.justificationMax) {
      return invalid(`${where}justification is longer than ${SUPPRESSION_LIMITS.justificationMax} characters.`)
    }
    return Either.right(text)
  })

const checkExpiry = (where: string, value: unknown, now: Date): Either.Either<Date | null, EntryProblem> =>
  Either.flatMap(optionalString(where, "expires_at", value), (text) => {
    if (text === null) return Either.right(null)
    const millis = ISO_8601.test(text) ? Date.parse(text) : Number.NaN
    if (Number.isNaN(millis)) {
      return invalid(`${where}expires_at must be an ISO 8601 date-time with a time zone (2026-01-31T00:00:00Z), not ${shown(text)}.`)
    }
    // an expiry in the past would create a suppression that never hides anything
    if (millis <= now.getTime()) return invalid(`${where}expires_at must be in the future.`)
    return Either.right(new Date(millis))
  })

/** One create body (or one bulk entry: `where` then names it, e.g. `suppressions[3].`). */
export const validateSuppressionInput = (
  body: unknown,
  resolve: PatternResolver,
  now: Date,
  where = ""
): Either.Either<ValidSuppressionInput, EntryProblem> => {
  if (!isRecord(body)) return invalid(`${where === "" ? "The request body" : where.slice(0, -1)} must be a JSON object, not ${typeName(body)}.`)
  return Either.gen(function*() {
    const pattern_id = yield* checkPattern(where, body["pattern_id"], resolve)
    const reason = yield* checkReason(where, body["reason"])
    const agent_id = yield* checkAgent(where, body["agent_id"])
    const file_path = yield* checkFilePath(where, body["file_path"])
    const line_number = yield* checkLine(where, body["line_number"])
    const finding_hash = yield* checkHash(where, body["finding_hash"])
    const justification = yield* checkJustification(where, body["justification"])
    const expiresAt = yield* checkExpiry(where, body["expires_at"], now)
    if (line_number !== null && file_path === null) {
      return yield* invalid(`${where}line_number needs file_path: a line means nothing without its file.`)
    }
    return { scope: { pattern_id, agent_id, file_path, line_number, finding_hash }, reason, justification, expiresAt }
  })
}

/** The check body: what is known about a finding. */
export const validateCheckInput = (body: unknown, resolve: PatternResolver): Either.Either<FindingFacts, EntryProblem> => {
  if (!isRecord(body)) return invalid(`The request body must be a JSON object, not ${typeName(body)}.`)
  return Either.gen(function*() {
    const pattern_id = yield* checkPattern("", body["pattern_id"], resolve)
    const agent_id = yield* checkAgent("", body["agent_id"])
    const file_path = yield* checkFilePath("", body["file_path"])
    const line_number = yield* checkLine("", body["line_number"])
    const finding_hash = yield* checkHash("", body["finding_hash"])
    return { pattern_id, agent_id, file_path, line_number, finding_hash }
  })
}

/** The bulk body: the entries, or why the request as a whole is unusable. */
export const bulkEntries = (body: unknown): Either.Either<ReadonlyArray<unknown>, string> => {
  if (!isRecord(body)) return Either.left(`The request body must be a JSON object {suppressions: [...]}, not ${typeName(body)}.`)
  const entries = body["suppressions"]
  if (!Array.isArray(entries)) return Either.left("suppressions is required: an array of create bodies.")
  if (entries.length === 0) return Either.left("suppressions must not be empty.")
  if (entries.length > SUPPRESSION_LIMITS.bulkMax) {
    return Either.left(`suppressions holds ${entries.length} entries; at most ${SUPPRESSION_LIMITS.bulkMax} per request.`)
  }
  return Either.right(entries)
}

export interface SuppressionQuery {
  readonly agentId?: string
  readonly patternId?: string
  readonly reason?: SuppressionReason
  readonly filePathPrefix?: string
  readonly includeExpired: boolean
  readonly includeRevoked: boolean
}

export interface QueryParams {
  readonly agent_id?: string | undefined
  readonly pattern_id?: string | undefined
  readonly reason?: string | undefined
  readonly file_path?: string | undefined
  readonly include_expired?: string | undefined
  readonly include_revoked?: string | undefined
  readonly limit?: string | undefined
  readonly offset?: string | undefined
}

const booleanParam = (name: string, value: string | undefined): Either.Either<boolean, string> => {
  if (value === undefined) return Either.right(false)
  if (value === "true") return Either.right(true)
  if (value === "false") return Either.right(false)
  return Either.left(`${name} must be true or false, not ${shown(value)}.`)
}

const integerParam = (name: string, value: string | undefined, fallback: number, min: number, max: number) => {
  if (value === undefined) return Either.right(fallback)
  const n = /^\d+$/.test(value) ? Number(value) : Number.NaN
  if (!Number.isSafeInteger(n) || n < min || n > max) {
    return Either.left(`${name} must be an integer from ${min} to ${max}, not ${shown(value)}.`)
  }
  return Either.right(n)
}

/**
 * The list and export filters. Query problems are 400 invalid_request (an unknown pattern or reason
 * included): they are about the request's shape, not about a resource.
 */
export const parseQuery = (params: QueryParams, resolve: PatternResolver): Either.Either<SuppressionQuery, string> =>
  Either.gen(function*() {
    const includeExpired = yield* booleanParam("include_expired", params.include_expired)
    const includeRevoked = yield* booleanParam("include_revoked", params.include_revoked)
    const agent = params.agent_id
    if (agent !== undefined && !UUID_PATTERN.test(agent)) {
      return yield* Either.left(`agent_id must be an agent id (UUID), not ${shown(agent)}.`)
    }
    let patternId: string | undefined
    if (params.pattern_id !== undefined) {
      patternId = resolve(params.pattern_id.trim())
      if (patternId === undefined) return yield* Either.left(`pattern_id ${shown(params.pattern_id)} is not a rule id or alias of the catalogue.`)
    }
    const reason = params.reason
    if (reason !== undefined && !(SUPPRESSION_REASONS as ReadonlyArray<string>).includes(reason)) {
      return yield* Either.left(`reason ${shown(reason)} is not one of ${SUPPRESSION_REASONS.join(", ")}.`)
    }
    // a prefix keeps its trailing slash (`src/` must not match `src2/`); only the spelling is normalised
    const prefix = params.file_path?.replace(/\\/g, "/").replace(/^(?:\.?\/)+/, "")
    return {
      includeExpired,
      includeRevoked,
      ...(agent !== undefined ? { agentId: agent.toLowerCase() } : {}),
      ...(patternId !== undefined ? { patternId } : {}),
      ...(reason !== undefined ? { reason: reason as SuppressionReason } : {}),
      ...(prefix !== undefined && prefix !== "" ? { filePathPrefix: prefix } : {})
    }
  })

export const parsePage = (params: QueryParams): Either.Either<{ readonly limit: number; readonly offset: number }, string> =>
  Either.gen(function*() {
    const limit = yield* integerParam("limit", params.limit, SUPPRESSION_LIMITS.pageDefault, 1, SUPPRESSION_LIMITS.pageMax)
    const offset = yield* integerParam("offset", params.offset, 0, 0, Number.MAX_SAFE_INTEGER)
    return { limit, offset }
  })
