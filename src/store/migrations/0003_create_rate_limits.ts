import * as SqlClient from "@effect/sql/SqlClient"
import { Effect } from "effect"

/**
 * Per-key request counters in fixed one-minute windows. They live in the database, not in process
 * memory, so replicas behind a load balancer share one limit per key.
 */
export default Effect.gen(function*() {
  const sql = yield* SqlClient.SqlClient
  yield* sql`
    CREATE TABLE rate_limit_windows (
      key_id uuid NOT NULL,
      window_start timestamptz NOT NULL,
      hits integer NOT NULL,
      PRIMARY KEY (key_id, window_start)
    )`
})
