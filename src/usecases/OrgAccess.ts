import { Effect, Option, Schema } from "effect"
import { type Organisation, OrgSlug, UUID_PATTERN } from "../domain/ApiTenancy.js"
import { InvalidRequest, NotFound } from "../domain/Errors.js"
import { TenancyRepo } from "../store/TenancyRepo.js"
import type { Actor } from "./Actor.js"

const isOrgRef = (ref: string): boolean => UUID_PATTERN.test(ref) || Schema.is(OrgSlug)(ref)

/**
 * The organisation an `org_id` path parameter names, as every organisation-scoped endpoint checks it
 * (keys, suppressions): an id or a slug, and only the caller's own organisation. Any other one is
 * 404, so its existence does not leak.
 */
export class OrgAccess extends Effect.Service<OrgAccess>()("Vigil/OrgAccess", {
  effect: Effect.gen(function*() {
    const tenancy = yield* TenancyRepo

    const ownOrg = (ref: string, actor: Actor): Effect.Effect<Organisation, InvalidRequest | NotFound> =>
      Effect.gen(function*() {
        if (!isOrgRef(ref)) {
          return yield* Effect.fail(
            new InvalidRequest({ error: `org_id must be an organisation id (UUID) or slug, not ${JSON.stringify(ref.slice(0, 80))}.` })
          )
        }
        const org = yield* tenancy.findOrg(ref)
        if (Option.isNone(org) || org.value.id !== actor.orgId) {
          return yield* Effect.fail(new NotFound({ error: `No organisation ${JSON.stringify(ref)} is visible to this key.` }))
        }
        return org.value
      })

    return { ownOrg } as const
  })
}) {}
