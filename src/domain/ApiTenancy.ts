import { Schema } from "effect"

/** Organisations, users and API keys as the HTTP API and the CLI show them. */

export const Role = Schema.Literal("owner", "admin", "member")
export type Role = typeof Role.Type

const RANK: Record<Role, number> = { member: 1, admin: 2, owner: 3 }
export const roleRank = (role: Role): number => RANK[role]
export const roleAtLeast = (role: Role, minimum: Role): boolean => RANK[role] >= RANK[minimum]

/** Lower-case letters, digits and inner dashes; never UUID-shaped, so a path segment is unambiguous. */
export const OrgSlug = Schema.String.pipe(
  Schema.pattern(/^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/, {
    message: () => "a slug is 1-63 lower-case letters, digits and inner dashes"
  }),
  Schema.filter((s) => !UUID_PATTERN.test(s) || "a slug must not look like a UUID"),
  Schema.annotations({ description: "lower-case letters, digits and dashes, 1-63 characters" })
)

export const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

export const Email = Schema.String.pipe(
  Schema.pattern(/^[^\s@]+@[^\s@]+$/, { message: () => "expected an e-mail address" }),
  Schema.maxLength(254),
  Schema.annotations({ description: "e-mail address" })
)

export const UserRef = Schema.Struct({
  id: Schema.String,
  email: Schema.String,
  name: Schema.NullOr(Schema.String)
})

export const Organisation = Schema.Struct({
  id: Schema.String,
  slug: Schema.String,
  name: Schema.String,
  created_at: Schema.String
})
export type Organisation = typeof Organisation.Type

/** A key as listed: metadata only, never the secret or its hash. */
export const ApiKeyInfo = Schema.Struct({
  id: Schema.String,
  prefix: Schema.String.annotations({ description: "first characters of the key, to recognise it" }),
  org_id: Schema.String,
  role: Role,
  user: UserRef,
  created_at: Schema.String,
  created_by: Schema.NullOr(Schema.Struct({ id: Schema.String, email: Schema.String })),
  last_used_at: Schema.NullOr(Schema.String),
  revoked_at: Schema.NullOr(Schema.String)
})
export type ApiKeyInfo = typeof ApiKeyInfo.Type

/** A key as created: the only time the secret is shown. */
export const CreatedApiKey = Schema.Struct({
  id: Schema.String,
  key: Schema.String.annotations({ description: "the secret; shown once, store it now" }),
  prefix: Schema.String,
  org_id: Schema.String,
  user_id: Schema.String,
  email: Schema.String,
  role: Role,
  created_at: Schema.String
})
export type CreatedApiKey = typeof CreatedApiKey.Type

export const CreateOrgRequest = Schema.Struct({
  slug: OrgSlug,
  name: Schema.optional(Schema.String.pipe(Schema.minLength(1), Schema.maxLength(200)))
})
export type CreateOrgRequest = typeof CreateOrgRequest.Type

export const CreatedOrg = Schema.Struct({
  organisation: Organisation,
  owner_key: CreatedApiKey.annotations({ description: "an owner key of the new organisation for the caller's user" })
})
export type CreatedOrg = typeof CreatedOrg.Type

export const CreateKeyRequest = Schema.Struct({
  email: Email,
  name: Schema.optional(Schema.String.pipe(Schema.minLength(1), Schema.maxLength(200))),
  role: Role
})
export type CreateKeyRequest = typeof CreateKeyRequest.Type

export const KeyList = Schema.Struct({
  keys: Schema.Array(ApiKeyInfo),
  total: Schema.Int
})

export const RevokedKey = Schema.Struct({
  id: Schema.String,
  revoked_at: Schema.String,
  revoked_by: Schema.Struct({ id: Schema.String, email: Schema.String })
})
export type RevokedKey = typeof RevokedKey.Type
