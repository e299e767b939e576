import * as SqlClient from "@effect/sql/SqlClient"
import { Effect } from "effect"

/**
 * Suppressions per organisation. Rows are never deleted: revocation sets revoked_at/revoked_by, and
 * expiry is not stored as a state but computed from expires_at at read time, so no job has to run.
 * Scope fields left null mean "any". agent_id points at an agent of the same organisation (checked
 * by the repository, which also keeps one active suppression per scope under an advisory lock: a
 * unique index cannot express "active", which depends on the clock).
 */
export default Effect.gen(function*() {
  const sql = yield* SqlClient.SqlClient
  yield* sql`
    CREATE TABLE suppressions (
      id text PRIMARY KEY,
      org_id uuid NOT NULL REFERENCES organisations (id),
      pattern_id text NOT NULL,
      agent_id uuid REFERENCES agents (id),
      file_path text,
      line_number integer CHECK (line_number >= 1),
      finding_hash text,
      reason text NOT NULL CHECK (reason IN ('false_positive', 'accepted_risk', 'wont_fix', 'mitigated')),
      justification text,
      expires_at timestamptz,
      created_at timestamptz NOT NULL DEFAULT now(),
      created_by uuid NOT NULL REFERENCES users (id),
      updated_at timestamptz NOT NULL DEFAULT now(),
      revoked_at timestamptz,
      revoked_by uuid REFERENCES users (id),
      CHECK ((revoked_at IS NULL) = (revoked_by IS NULL))
    )`
  yield* sql`CREATE INDEX suppressions_by_org ON suppressions (org_id, created_at DESC, id DESC)`
  yield* sql`CREATE INDEX suppressions_unrevoked ON suppressions (org_id, pattern_id) WHERE revoked_at IS NULL`
})
