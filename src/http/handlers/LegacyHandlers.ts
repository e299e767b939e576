import * as HttpApiBuilder from "@effect/platform/HttpApiBuilder"
import * as HttpServerRequest from "@effect/platform/HttpServerRequest"
import { Effect, Either, Option } from "effect"
import { AppConfig } from "../../config/AppConfig.js"
import { InvalidRequest } from "../../domain/Errors.js"
import { RateLimitRepo } from "../../store/RateLimitRepo.js"
import { VigilApi } from "../api/Api.js"
import { CurrentPrincipal } from "../api/Authentication.js"
import { errorResponse } from "../errorResponse.js"
import { legacyScanBody } from "../legacy/legacyContract.js"
import { boundaryOf, parseMultipart } from "../legacy/multipart.js"
import { readBody } from "../RequestBody.js"
import { streamedJson } from "../jsonStream.js"
import { RequestNotes } from "../RequestNotes.js"
import { scanRateLimitResponse } from "../scanRateLimit.js"
import { ScanService } from "../../usecases/ScanService.js"
import { agentNameFor, validateScanRequest } from "../scanRequest.js"

/**
 * POST /api/v1/scan: multipart in, the same scan as POST /v1/scan out (ScanService), with the same
 * order of checks: key (middleware), rate limit, body under the limit, validation, scan.
 */
export const LegacyHandlersLive = HttpApiBuilder.group(VigilApi, "legacy", (handlers) =>
  Effect.gen(function*() {
    const config = yield* AppConfig
    const rateLimits = yield* RateLimitRepo
    const scans = yield* ScanService
    const limits = { maxFiles: config.maxFiles, maxFileBytes: config.maxFileBytes }

    return handlers.handleRaw("legacyScan", () =>
      Effect.gen(function*() {
        const principal = yield* CurrentPrincipal
        const limited = yield* scanRateLimitResponse(rateLimits, principal.keyId, config.rateLimitPerMinute)
        if (limited !== undefined) return limited
        const request = yield* HttpServerRequest.HttpServerRequest
        const boundary = boundaryOf(request.headers["content-type"])
        if (boundary === undefined) {
          return yield* Effect.fail(new InvalidRequest({ error: "POST /api/v1/scan takes multipart/form-data with a boundary; for JSON use POST /v1/scan." }))
        }
        const body = yield* readBody(config.maxBodyBytes)
        // one metadata part plus at most maxFiles files; more is refused before decoding any of it
        const parts = parseMultipart(body, boundary, { maxParts: config.maxFiles + 1 })
        if (Either.isLeft(parts)) return yield* Effect.fail(new InvalidRequest({ error: parts.left }))
        const asJson = legacyScanBody(parts.right)
        if (Either.isLeft(asJson)) return yield* Effect.fail(new InvalidRequest({ error: asJson.left }))
        const valid = validateScanRequest(asJson.right, limits)
        if (Either.isLeft(valid)) return yield* Effect.fail(new InvalidRequest({ error: valid.left }))
        const result = yield* scans.run(principal, { ...valid.right, agentName: agentNameFor(valid.right) })
        const notes = yield* Effect.serviceOption(RequestNotes)
        if (Option.isSome(notes)) notes.value.scanId = result.scan_id
        // thousands of findings and their SARIF log are written piece by piece, never as one string
        return streamedJson(result)
      }).pipe(Effect.withSpan("LegacyHttp.scan")))
  }))
