import * as HttpApiMiddleware from "@effect/platform/HttpApiMiddleware"
import * as HttpApiSecurity from "@effect/platform/HttpApiSecurity"
import { Context } from "effect"
import type { Role } from "../../domain/ApiTenancy.js"
import { AuthRequired } from "../../domain/Errors.js"

/** The caller, as established from the API key of the request. */
export interface Principal {
  readonly keyId: string
  readonly orgId: string
  readonly orgSlug: string
  readonly userId: string
  readonly email: string
  readonly role: Role
}

export class CurrentPrincipal extends Context.Tag("Vigil/CurrentPrincipal")<CurrentPrincipal, Principal>() {}

/** `Authorization: Bearer <API_KEY>` on every /v1 endpoint; runs before the body is read. */
export class Authentication extends HttpApiMiddleware.Tag<Authentication>()("Vigil/Authentication", {
  failure: AuthRequired,
  provides: CurrentPrincipal,
  security: { bearer: HttpApiSecurity.bearer }
}) {}
