import * as SqlClient from "@effect/sql/SqlClient"
import { Effect, Option } from "effect"
import type { CreatedApiKey, Organisation } from "../domain/ApiTenancy.js"
import { TenancyRepo } from "./TenancyRepo.js"

export const BOOTSTRAP_ORG_SLUG = "default"
export const BOOTSTRAP_OWNER_EMAIL = "owner@localhost"

/**
 * On an empty database (no API key at all), an owner key for the `default` organisation, so a fresh
 * server can be used at once. Serialised by an advisory lock: replicas starting together on an empty
 * PostgreSQL create one key, not one each.
 */
export const bootstrapOwnerKey: Effect.Effect<
  Option.Option<{ readonly organisation: Organisation; readonly key: CreatedApiKey }>,
  never,
  TenancyRepo | SqlClient.SqlClient
> = Effect.gen(function*() {
  const sql = yield* SqlClient.SqlClient
  const tenancy = yield* TenancyRepo
  return yield* sql.withTransaction(
    Effect.gen(function*() {
      yield* sql`SELECT pg_advisory_xact_lock(7417690212)`
      if (yield* tenancy.hasAnyKey) return Option.none()
      const created = yield* tenancy.provisionKey({
        orgSlug: BOOTSTRAP_ORG_SLUG,
        orgName: "Default organisation",
        email: BOOTSTRAP_OWNER_EMAIL,
        userName: "Owner",
        role: "owner"
      })
      return Option.some({ organisation: created.organisation, key: created.key })
    })
  ).pipe(Effect.orDie)
})
