import * as HttpApiBuilder from "@effect/platform/HttpApiBuilder"
import * as SqlClient from "@effect/sql/SqlClient"
import { Effect } from "effect"
import { NotReady } from "../../domain/Errors.js"
import { Scanner } from "../../engine/service.js"
import { VigilApi } from "../api/Api.js"

export const HealthHandlersLive = HttpApiBuilder.group(VigilApi, "health", (handlers) =>
  Effect.gen(function*() {
    const sql = yield* SqlClient.SqlClient
    const scanner = yield* Scanner

    const databaseUp = sql`SELECT 1`.pipe(
      Effect.timeout("3 seconds"),
      Effect.as(true),
      Effect.catchAllCause(() => Effect.succeed(false))
    )

    return handlers
      .handle("healthz", () => Effect.succeed({ status: "ok" as const }))
      .handle("readyz", () =>
        Effect.gen(function*() {
          const [database, workers] = yield* Effect.all([databaseUp, scanner.ready], { concurrency: 2 })
          if (database && workers) return { status: "ready" as const, database: "ok" as const, workers: "ok" as const }
          const problems = [
            ...(database ? [] : ["the database does not answer"]),
            ...(workers ? [] : ["no analysis worker is ready"])
          ]
          return yield* Effect.fail(new NotReady({ error: `Not ready: ${problems.join("; ")}.` }))
        }))
  }))
