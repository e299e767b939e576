import { HttpApiBuilder } from "@effect/platform"
import { Effect, Either, Option } from "effect"
import { AppConfig } from "../../config/AppConfig.js"
import { InvalidRequest, RateLimited } from "../../domain/Errors.js"
import { RateLimitRepo } from "../../store/RateLimitRepo.js"
import { VigilApi } from "../api/Api.js"
import { CurrentPrincipal } from "../api/Authentication.js"
import { errorResponse } from "../errorResponse.js"
import { readJsonBody } from "../RequestBody.js"
import { RequestNotes } from "../RequestNotes.js"
import { ScanService } from "../ScanService.js"
import { validateScanRequest } from "../scanRequest.js"

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
        if (config.rateLimitPerMinute > 0) {
          const decision = yield* rateLimits.hit(principal.keyId, config.rateLimitPerMinute)
          if (!decision.allowed) {
            return errorResponse(
              new RateLimited({
                error: `Rate limit of ${config.rateLimitPerMinute} scans per minute for this key reached; retry in ${decision.retryAfterSeconds} s.`
              }),
              { "retry-after": String(decision.retryAfterSeconds) }
            )
          }
        }
        const body = yield* readJsonBody(config.maxBodyBytes)
        const request = validateScanRequest(body, limits)
        if (Either.isLeft(request)) return yield* Effect.fail(new InvalidRequest({ error: request.left }))
        const result = yield* scans.run(principal, request.right)
        const notes = yield* Effect.serviceOption(RequestNotes)
        if (Option.isSome(notes)) notes.value.scanId = result.scan_id
        return result
      }).pipe(Effect.withSpan("ScansHttp.scan")))
  }))
