import * as HttpApiBuilder from "@effect/platform/HttpApiBuilder"
import * as HttpServerResponse from "@effect/platform/HttpServerResponse"
import { Effect, Either, Option } from "effect"
import { AppConfig } from "../../config/AppConfig.js"
import { InvalidRequest, RateLimited } from "../../domain/Errors.js"
import { OpenSessionRequest } from "../../domain/ScanSession.js"
import { type OverScanRateLimit, UploadSessions } from "../../usecases/UploadSessions.js"
import { VigilApi } from "../api/Api.js"
import { CurrentPrincipal } from "../api/Authentication.js"
import { decodeBody } from "../decodeBody.js"
import { errorResponse } from "../errorResponse.js"
import { parseJsonBody, readBody, readJsonBody } from "../RequestBody.js"
import { RequestNotes } from "../RequestNotes.js"
import { validateScanRequest } from "../scanRequest.js"

/** Bodies of open and complete are a few hundred bytes; 1 MB is generous and keeps a bad client cheap. */
const SMALL_BODY_LIMIT = 1_000_000

const isRecord = (u: unknown): u is Record<string, unknown> => typeof u === "object" && u !== null && !Array.isArray(u)

/** 429 with Retry-After, as POST /v1/scan answers it. */
const rateLimited = (e: OverScanRateLimit) =>
  Effect.succeed(errorResponse(
    new RateLimited({ error: `Rate limit of ${e.perMinute} scans per minute for this key reached; retry in ${e.retryAfterSeconds} s.` }),
    { "retry-after": String(e.retryAfterSeconds) }
  ))

/**
 * Upload sessions over HTTP: read and check the request, call the UploadSessions use case. Chunks are
 * read with the same body limit and checked with the same rules as POST /v1/scan.
 */
export const ScanSessionsHandlersLive = HttpApiBuilder.group(VigilApi, "scanSessions", (handlers) =>
  Effect.gen(function*() {
    const config = yield* AppConfig
    const sessions = yield* UploadSessions
    const limits = { maxFiles: config.maxFiles, maxFileBytes: config.maxFileBytes }
    const owner = Effect.map(CurrentPrincipal, (p) => ({ orgId: p.orgId, keyId: p.keyId, userId: p.userId }))

    return handlers
      .handleRaw("openSession", () =>
        Effect.gen(function*() {
          // agent_name is trimmed and checked by its schema, the one of POST /v1/scan
          const body = yield* decodeBody(OpenSessionRequest, yield* readJsonBody(SMALL_BODY_LIMIT))
          const status = yield* sessions.open(yield* owner, {
            agentName: body.agent_name,
            policy: body.policy ?? "balanced",
            output: body.output ?? "summary"
          })
          return HttpServerResponse.unsafeJson(status, { status: 201 })
        }).pipe(Effect.catchTag("OverScanRateLimit", rateLimited), Effect.withSpan("ScanSessionsHttp.open")))
      .handleRaw("addChunk", ({ path }) =>
        Effect.gen(function*() {
          const who = yield* owner
          // the session is looked up before the body is read: a stale id costs no upload
          yield* sessions.status(who, path.session_id)
          const raw = yield* readBody(config.maxBodyBytes)
          // (a large chunk's bytes are collected after the parse, as a scan request's are)
          const body = yield* parseJsonBody(raw)
          if (!isRecord(body)) return yield* Effect.fail(new InvalidRequest({ error: "The request body must be a JSON object with files." }))
          const files = validateScanRequest({ files: body["files"] }, limits)
          if (Either.isLeft(files)) return yield* Effect.fail(new InvalidRequest({ error: files.left }))
          return yield* sessions.addChunk(who, path.session_id, path.chunk_id, {
            files: files.right.files,
            findings: body["findings"],
            bytes: raw.length
          })
        }).pipe(Effect.catchTag("OverScanRateLimit", rateLimited), Effect.withSpan("ScanSessionsHttp.addChunk")))
      .handle("getSession", ({ path }) => Effect.flatMap(owner, (who) => sessions.status(who, path.session_id)))
      .handle("completeSession", ({ path }) =>
        Effect.gen(function*() {
          const result = yield* sessions.complete(yield* owner, path.session_id)
          const notes = yield* Effect.serviceOption(RequestNotes)
          if (Option.isSome(notes)) notes.value.scanId = result.scan_id
          return result
        }).pipe(Effect.withSpan("ScanSessionsHttp.complete")))
      .handle("discardSession", ({ path }) =>
        Effect.gen(function*() {
          yield* sessions.discard(yield* owner, path.session_id)
          return { session_id: path.session_id, discarded: true as const }
        }))
  }))
