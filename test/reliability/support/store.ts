import { SqlClient } from "@effect/sql"
import { Effect, Layer, ManagedRuntime, Redacted } from "effect"
import { DatabaseLive } from "../../../src/store/Database.js"
import type { TestDatabase } from "../../support/databases.js"

/**
 * Reads the store directly, bypassing the HTTP layer, to check invariants the API cannot show (rows of
 * every scan, acknowledged or not). No server may hold the embedded directory meanwhile.
 */
export const queryStore = async <A extends object>(
  db: TestDatabase,
  statement: (sql: SqlClient.SqlClient) => Effect.Effect<ReadonlyArray<A>, unknown>
): Promise<ReadonlyArray<A>> => {
  const layer = DatabaseLive({
    database: db.url !== undefined ? { _tag: "Postgres", url: Redacted.make(db.url) } : { _tag: "Embedded", dataDir: db.dataDir! }
  })
  const runtime = ManagedRuntime.make(Layer.orDie(layer))
  try {
    return await runtime.runPromise(Effect.flatMap(SqlClient.SqlClient, (sql) => Effect.orDie(statement(sql))))
  } finally {
    await runtime.dispose()
  }
}

/** A small seeded generator (mulberry32), so a failing run can be replayed with the printed seed. */
export const seededRandom = (seed: number): (() => number) => {
  let a = seed >>> 0
  return () => {
    a = (a + 0x6d2b79f5) >>> 0
    let t = a
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}
