import * as SqlClient from "@effect/sql/SqlClient"
import { Effect } from "effect"

/**
 * Display names per organisation. A user is one row per e-mail across organisations (so one person
 * holds keys in several), but the name is what an organisation calls its member: kept on users it
 * could be read and overwritten by another organisation that issued a key to the same e-mail.
 *
 * Existing names move to the organisation that created the user (its default organisation), which
 * is where the first name usually came from. users.name is no longer read or written; it stays so a
 * replica of the previous version still running during a rolling upgrade keeps working.
 */
export default Effect.gen(function*() {
  const sql = yield* SqlClient.SqlClient
  yield* sql`
    CREATE TABLE member_names (
      org_id uuid NOT NULL REFERENCES organisations (id),
      user_id uuid NOT NULL REFERENCES users (id),
      name text NOT NULL,
      PRIMARY KEY (org_id, user_id)
    )`
  yield* sql`
    INSERT INTO member_names (org_id, user_id, name)
    SELECT default_org_id, id, name FROM users WHERE name IS NOT NULL`
})
