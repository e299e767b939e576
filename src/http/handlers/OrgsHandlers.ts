import * as HttpApiBuilder from "@effect/platform/HttpApiBuilder"
import { Effect, Option } from "effect"
import { CreateKeyRequest, CreateOrgRequest, roleAtLeast, roleRank, UUID_PATTERN } from "../../domain/ApiTenancy.js"
import {
  AlreadyExists,
  AlreadyRevoked,
  Forbidden,
  InsufficientRole,
  InvalidRequest,
  NotFound
} from "../../domain/Errors.js"
import { TenancyRepo } from "../../store/TenancyRepo.js"
import { OrgAccess } from "../../usecases/OrgAccess.js"
import { requireManager } from "../../usecases/policies.js"
import { VigilApi } from "../api/Api.js"
import { CurrentPrincipal } from "../api/Authentication.js"
import { decodeBody } from "../decodeBody.js"
import { readJsonBody } from "../RequestBody.js"

/** Bodies of these endpoints are a few hundred bytes; 1 MB is generous and keeps a bad client cheap. */
const SMALL_BODY_LIMIT = 1_000_000

export const OrgsHandlersLive = HttpApiBuilder.group(VigilApi, "orgs", (handlers) =>
  Effect.gen(function*() {
    const tenancy = yield* TenancyRepo

    const access = yield* OrgAccess
    const ownOrg = access.ownOrg

    return handlers
      .handleRaw("createOrg", () =>
        Effect.gen(function*() {
          const principal = yield* CurrentPrincipal
          const body = yield* decodeBody(CreateOrgRequest, yield* readJsonBody(SMALL_BODY_LIMIT))
          const created = yield* tenancy.createOrgWithOwner({
            slug: body.slug,
            name: body.name ?? body.slug,
            ownerUserId: principal.userId,
            ownerEmail: principal.email,
            ownerOrgId: principal.orgId
          }).pipe(
            Effect.catchTag("OrgSlugTaken", () =>
              Effect.fail(new AlreadyExists({ error: `An organisation with the slug ${JSON.stringify(body.slug)} already exists.` })))
          )
          return { organisation: created.organisation, owner_key: created.key }
        }).pipe(Effect.withSpan("OrgsHttp.createOrg")))
      .handleRaw("createKey", ({ path }) =>
        Effect.gen(function*() {
          const principal = yield* CurrentPrincipal
          const org = yield* ownOrg(path.org_id, principal)
          yield* requireManager(principal)
          const body = yield* decodeBody(CreateKeyRequest, yield* readJsonBody(SMALL_BODY_LIMIT))
          if (roleRank(body.role) > roleRank(principal.role)) {
            return yield* Effect.fail(
              new InsufficientRole({ error: `A ${principal.role} cannot create a key with the ${body.role} role.` })
            )
          }
          return yield* tenancy.issueKey({
            orgId: org.id,
            email: body.email,
            userName: body.name ?? null,
            role: body.role,
            createdBy: principal.userId
          })
        }).pipe(Effect.withSpan("OrgsHttp.createKey")))
      .handle("listKeys", ({ path, urlParams }) =>
        Effect.gen(function*() {
          const principal = yield* CurrentPrincipal
          const org = yield* ownOrg(path.org_id, principal)
          const keys = yield* tenancy.listKeys({ orgId: org.id, includeRevoked: urlParams.include_revoked === "true" })
          // members see their own keys only
          const visible = roleAtLeast(principal.role, "admin") ? keys : keys.filter((k) => k.user.id === principal.userId)
          return { keys: visible, total: visible.length }
        }).pipe(Effect.withSpan("OrgsHttp.listKeys")))
      .handle("revokeKey", ({ path }) =>
        Effect.gen(function*() {
          const principal = yield* CurrentPrincipal
          const org = yield* ownOrg(path.org_id, principal)
          if (!UUID_PATTERN.test(path.key_id)) {
            return yield* Effect.fail(new InvalidRequest({ error: `key_id must be a UUID, not ${JSON.stringify(path.key_id.slice(0, 80))}.` }))
          }
          const key = yield* tenancy.findKey(path.key_id)
          if (Option.isNone(key) || key.value.org_id !== org.id) {
            return yield* Effect.fail(new NotFound({ error: `No API key ${path.key_id} in this organisation.` }))
          }
          const own = key.value.user.id === principal.userId
          if (!own) {
            if (!roleAtLeast(principal.role, "admin")) {
              return yield* Effect.fail(new Forbidden({ error: "Members can revoke only their own keys." }))
            }
            if (roleRank(key.value.role) > roleRank(principal.role)) {
              return yield* Effect.fail(
                new InsufficientRole({ error: `A ${principal.role} cannot revoke a key with the ${key.value.role} role.` })
              )
            }
          }
          const revoked = yield* tenancy.revokeKey(key.value.id, principal.userId).pipe(
            Effect.catchTags({
              KeyAlreadyRevoked: () => Effect.fail(new AlreadyRevoked({ error: `The API key ${key.value.id} was already revoked.` })),
              KeyNotFound: () => Effect.fail(new NotFound({ error: `No API key ${path.key_id} in this organisation.` }))
            })
          )
          return { ...revoked, revoked_by: { id: principal.userId, email: principal.email } }
        }).pipe(Effect.withSpan("OrgsHttp.revokeKey")))
  }))
