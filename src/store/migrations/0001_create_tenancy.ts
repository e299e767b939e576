import * as SqlClient from "@effect/sql/SqlClient"
import { Effect } from "effect"

/**
 * Organisations, users and API keys. A key carries the role it grants in its organisation; only the
 * SHA-256 of the secret is stored. Keys are soft-revoked so audit trails (created_by, revoked_by)
 * keep pointing at real users.
 */
export default Effect.gen(function*() {
  const sql = yield* SqlClient.SqlClient
  yield* sql`
    CREATE TABLE organisations (
      id uuid PRIMARY KEY,
      slug text NOT NULL UNIQUE,
      name text NOT NULL,
      created_at timestamptz NOT NULL DEFAULT now()
    )`
  yield* sql`
    CREATE TABLE users (
      id uuid PRIMARY KEY,
      email text NOT NULL UNIQUE,
      name text,
      default_org_id uuid NOT NULL REFERENCES organisations (id),
      created_at timestamptz NOT NULL DEFAULT now()
    )`
  yield* sql`
    CREATE TABLE api_keys (
      id uuid PRIMARY KEY,
      org_id uuid NOT NULL REFERENCES organisations (id),
      user_id uuid NOT NULL REFERENCES users (id),
      role text NOT NULL CHECK (role IN ('owner', 'admin', 'member')),
      key_hash text NOT NULL UNIQUE,
      key_prefix text NOT NULL,
      created_by uuid REFERENCES users (id),
      created_at timestamptz NOT NULL DEFAULT now(),
      last_used_at timestamptz,
      revoked_at timestamptz,
      revoked_by uuid REFERENCES users (id)
    )`
  yield* sql`CREATE INDEX api_keys_by_org ON api_keys (org_id, created_at)`
  yield* sql`CREATE INDEX api_keys_by_user ON api_keys (user_id)`
})
