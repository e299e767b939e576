import * as SqlClient from "@effect/sql/SqlClient"
import { Effect } from "effect"

export interface RateDecision {
  readonly allowed: boolean
  /** whole seconds until the current window closes (at least 1) */
  readonly retryAfterSeconds: number
  readonly remaining: number
}

/**
 * Fixed one-minute windows counted in the database with the database's clock, so every replica
 * counts against the same row and clock skew between replicas does not matter. Every attempt counts,
 * including refused ones: a client that keeps hammering stays refused until the window turns.
 */
export class RateLimitRepo extends Effect.Service<RateLimitRepo>()("Vigil/RateLimitRepo", {
  effect: Effect.gen(function*() {
    const sql = yield* SqlClient.SqlClient

    const hit = (keyId: string, limitPerMinute: number): Effect.Effect<RateDecision> =>
      Effect.gen(function*() {
        const rows = yield* sql<{ hits: number; retry_after: number }>`
          INSERT INTO rate_limit_windows (key_id, window_start, hits)
          VALUES (${keyId}, date_trunc('minute', now()), 1)
          ON CONFLICT (key_id, window_start) DO UPDATE SET hits = rate_limit_windows.hits + 1
          RETURNING hits,
            CAST(CEIL(EXTRACT(EPOCH FROM (window_start + interval '1 minute' - now()))) AS integer) AS retry_after`
        const row = rows[0]
        const hits = row?.hits ?? 1
        if (hits === 1) {
          // first hit of a new window: the key's older windows are no longer needed
          yield* sql`DELETE FROM rate_limit_windows WHERE key_id = ${keyId} AND window_start < date_trunc('minute', now())`
        }
        return {
          allowed: hits <= limitPerMinute,
          retryAfterSeconds: Math.max(1, row?.retry_after ?? 60),
          remaining: Math.max(0, limitPerMinute - hits)
        }
      }).pipe(Effect.orDie)

    return { hit } as const
  })
}) {}
