import * as SqlClient from "@effect/sql/SqlClient"
import { Effect } from "effect"

/**
 * A finding in a JSON or YAML file carries the JSON path of the reported value (the `json_path`
 * extension of the API's finding); stored so a diff returns the finding as the scan did.
 */
export default Effect.gen(function*() {
  const sql = yield* SqlClient.SqlClient
  yield* sql`ALTER TABLE findings ADD COLUMN json_path text`
})
