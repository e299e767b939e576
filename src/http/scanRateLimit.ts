import type * as HttpServerResponse from "@effect/platform/HttpServerResponse"
import { Effect } from "effect"
import { RateLimited } from "../domain/Errors.js"
import type { RateLimitRepo } from "../store/RateLimitRepo.js"
import { errorResponse } from "./errorResponse.js"

/**
 * The per-key scan rate limit shared by POST /v1/scan and the legacy multipart scan: the 429 answer
 * (with Retry-After) when the key is over its limit, undefined when the scan may go on.
 */
export const scanRateLimitResponse = (
  rateLimits: RateLimitRepo,
  keyId: string,
  perMinute: number
): Effect.Effect<HttpServerResponse.HttpServerResponse | undefined> =>
  perMinute <= 0
    ? Effect.succeed(undefined)
    : Effect.map(rateLimits.hit(keyId, perMinute), (decision) =>
      decision.allowed
        ? undefined
        : errorResponse(
          new RateLimited({
            error: `Rate limit of ${perMinute} scans per minute for this key reached; retry in ${decision.retryAfterSeconds} s.`
          }),
          { "retry-after": String(decision.retryAfterSeconds) }
        ))
