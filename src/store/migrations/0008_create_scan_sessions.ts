import * as SqlClient from "@effect/sql/SqlClient"
import { Effect } from "effect"

/**
 * Upload sessions live in the database, not in a server's memory: a session survives a restart and
 * any replica can take its next chunk. One row per file, keyed by (session, normalised path), so the
 * same path cannot arrive twice; one row per chunk, keyed by the client's chunk id, so a retried
 * chunk is recognised by its digest. Completing a session deletes it (files and chunks cascade) in
 * the transaction that stores its scan.
 */
export default Effect.gen(function*() {
  const sql = yield* SqlClient.SqlClient
  yield* sql`
    CREATE TABLE scan_sessions (
      id uuid PRIMARY KEY,
      org_id uuid NOT NULL REFERENCES organisations (id),
      api_key_id uuid,
      user_id uuid,
      agent_name text,
      policy text NOT NULL,
      output text NOT NULL,
      chunk_count integer NOT NULL DEFAULT 0,
      file_count integer NOT NULL DEFAULT 0,
      finding_count integer NOT NULL DEFAULT 0,
      total_bytes bigint NOT NULL DEFAULT 0,
      created_at timestamptz NOT NULL DEFAULT now(),
      expires_at timestamptz NOT NULL
    )`
  yield* sql`CREATE INDEX scan_sessions_by_expiry ON scan_sessions (expires_at)`
  yield* sql`
    CREATE TABLE scan_session_chunks (
      session_id uuid NOT NULL REFERENCES scan_sessions (id) ON DELETE CASCADE,
      chunk_id text NOT NULL,
      seq integer NOT NULL,
      digest text NOT NULL,
      bytes integer NOT NULL,
      file_count integer NOT NULL,
      findings text NOT NULL,
      received_at timestamptz NOT NULL DEFAULT now(),
      PRIMARY KEY (session_id, chunk_id)
    )`
  yield* sql`
    CREATE TABLE scan_session_files (
      session_id uuid NOT NULL REFERENCES scan_sessions (id) ON DELETE CASCADE,
      path text NOT NULL,
      chunk_seq integer NOT NULL,
      position integer NOT NULL,
      content text NOT NULL,
      PRIMARY KEY (session_id, path)
    )`
})
