import { Effect } from "effect"
import { roleAtLeast } from "../domain/ApiTenancy.js"
import { Forbidden, InsufficientRole } from "../domain/Errors.js"
import type { Actor } from "./Actor.js"

/**
 * Who may do what, in one place: handlers call these before the use case, so a caller without the
 * right learns it before its body is read.
 */

/** Owners and admins manage an organisation; `what` names the operation in the message. */
export const requireManager = (actor: Actor, what = "This operation"): Effect.Effect<void, InsufficientRole> =>
  roleAtLeast(actor.role, "admin")
    ? Effect.void
    : Effect.fail(new InsufficientRole({ error: `${what} needs the owner or admin role.` }))

/** Managers revoke any suppression of their organisation; members only the ones they created. */
export const requireSuppressionRevoker = (
  actor: Actor,
  suppression: { readonly created_by: { readonly id: string } }
): Effect.Effect<void, Forbidden> =>
  roleAtLeast(actor.role, "admin") || suppression.created_by.id === actor.userId
    ? Effect.void
    : Effect.fail(new Forbidden({ error: "Members can revoke only suppressions they created." }))
