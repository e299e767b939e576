import * as HttpApiBuilder from "@effect/platform/HttpApiBuilder"
import { Effect, Either, Option } from "effect"
import { AppConfig } from "../../config/AppConfig.js"
import { InvalidRequest } from "../../domain/Errors.js"
import { RateLimitRepo } from "../../store/RateLimitRepo.js"
import { VigilApi } from "../api/Api.js"
import { CurrentPrincipal } from "../api/Authentication.js"
import { errorResponse } from "../errorResponse.js"
import { readJsonBody } from "../RequestBody.js"
import { streamedJson } from "../jsonStream.js"
import { RequestNotes } from "../RequestNotes.js"
import { scanRateLimitResponse } from "../scanRateLimit.js"
import { ScanService } from "../../usecases/ScanService.js"
import { agentNameFor, validateScanRequest } from "../scanRequest.js"

/**
 * POST /v1/scan reads its body itself (handleRaw): the limit must hold for chunked bodies too, and
 * each validation problem gets its own message. Order: key (middleware), rate limit, body, scan.
 */
export const ScansHandlersLive = HttpApiBuilder.group(VigilApi, "scans", (handlers) =>
  Effect.gen(function*() {
    const config = yield* AppConfig
    const rateLimits = yield* RateLimitRepo
    const scans = yield* ScanService
    const limits = { maxFiles: config.maxFiles, maxFileBytes: config.maxFileBytes }

    return handlers.handleRaw("scan", () =>
      Effect.gen(function*() {
        const principal = yield* CurrentPrincipal
        const limited = yield* scanRateLimitResponse(rateLimits, principal.keyId, config.rateLimitPerMinute)
        if (limited !== undefined) return limited
        const body = yield* readJsonBody(config.maxBodyBytes)
        const request = validateScanRequest(body, limits)
        if (Either.isLeft(request)) return yield* Effect.fail(new InvalidRequest({ error: request.left }))
        const result = yield* scans.run(principal, { ...request.right, agentName: agentNameFor(request.right) })
        const notes = yield* Effect.serviceOption(RequestNotes)
        if (Option.isSome(notes)) notes.value.scanId = result.scan_id
        // thousands of findings and their SARIF log are written piece by piece, never as one string
        return streamedJson(result)
      }).pipe(Effect.withSpan("ScansHttp.scan")))
  }))
