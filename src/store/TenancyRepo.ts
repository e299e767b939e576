import { randomUUID } from "node:crypto"
import * as SqlClient from "@effect/sql/SqlClient"
import * as SqlSchema from "@effect/sql/SqlSchema"
import { Data, Effect, Option, Schema } from "effect"
import type { ApiKeyInfo, CreatedApiKey, Organisation } from "../domain/ApiTenancy.js"
import { Role, UUID_PATTERN } from "../domain/ApiTenancy.js"
import { displayPrefix, generateApiKey, hashApiKey } from "./ApiKeySecret.js"

/** Organisations, users and API keys. SQL failures are defects here: callers only see what they can act on. */

export class OrgSlugTaken extends Data.TaggedError("OrgSlugTaken")<{ readonly slug: string }> {}
export class KeyNotFound extends Data.TaggedError("KeyNotFound")<{ readonly keyId: string }> {}
export class KeyAlreadyRevoked extends Data.TaggedError("KeyAlreadyRevoked")<{ readonly keyId: string }> {}

/** Who is calling, as established from an API key. */
export interface KeyOwner {
  readonly keyId: string
  readonly keyHash: string
  readonly orgId: string
  readonly orgSlug: string
  readonly userId: string
  readonly email: string
  readonly role: Role
}

const OrgRow = Schema.Struct({
  id: Schema.String,
  slug: Schema.String,
  name: Schema.String,
  created_at: Schema.DateFromSelf
})

const UserRow = Schema.Struct({
  id: Schema.String,
  email: Schema.String,
  default_org_id: Schema.String
})

const KeyOwnerRow = Schema.Struct({
  key_id: Schema.String,
  key_hash: Schema.String,
  org_id: Schema.String,
  org_slug: Schema.String,
  user_id: Schema.String,
  email: Schema.String,
  role: Role
})

const KeyInfoRow = Schema.Struct({
  id: Schema.String,
  key_prefix: Schema.String,
  org_id: Schema.String,
  role: Role,
  user_id: Schema.String,
  email: Schema.String,
  user_name: Schema.NullOr(Schema.String),
  created_at: Schema.DateFromSelf,
  created_by_id: Schema.NullOr(Schema.String),
  created_by_email: Schema.NullOr(Schema.String),
  last_used_at: Schema.NullOr(Schema.DateFromSelf),
  revoked_at: Schema.NullOr(Schema.DateFromSelf)
})

const iso = (date: Date): string => date.toISOString()

const toOrganisation = (row: typeof OrgRow.Type): Organisation => ({
  id: row.id,
  slug: row.slug,
  name: row.name,
  created_at: iso(row.created_at)
})

const toKeyInfo = (row: typeof KeyInfoRow.Type): ApiKeyInfo => ({
  id: row.id,
  prefix: row.key_prefix,
  org_id: row.org_id,
  role: row.role,
  user: { id: row.user_id, email: row.email, name: row.user_name },
  created_at: iso(row.created_at),
  created_by: row.created_by_id !== null && row.created_by_email !== null
    ? { id: row.created_by_id, email: row.created_by_email }
    : null,
  last_used_at: row.last_used_at === null ? null : iso(row.last_used_at),
  revoked_at: row.revoked_at === null ? null : iso(row.revoked_at)
})

export const normaliseEmail = (email: string): string => email.trim().toLowerCase()

export class TenancyRepo extends Effect.Service<TenancyRepo>()("Vigil/TenancyRepo", {
  effect: Effect.gen(function*() {
    const sql = yield* SqlClient.SqlClient

    const keyInfoSelect = sql`
      SELECT k.id, k.key_prefix, k.org_id, k.role, k.user_id, u.email, n.name AS user_name, k.created_at,
             k.created_by AS created_by_id, c.email AS created_by_email, k.last_used_at, k.revoked_at
      FROM api_keys k
      JOIN users u ON u.id = k.user_id
      LEFT JOIN member_names n ON n.org_id = k.org_id AND n.user_id = k.user_id
      LEFT JOIN users c ON c.id = k.created_by`

    const findOrgQuery = SqlSchema.findOne({
      Request: Schema.String,
      Result: OrgRow,
      execute: (ref) =>
        UUID_PATTERN.test(ref)
          ? sql`SELECT id, slug, name, created_at FROM organisations WHERE id = ${ref.toLowerCase()}`
          : sql`SELECT id, slug, name, created_at FROM organisations WHERE slug = ${ref}`
    })

    const insertOrgQuery = SqlSchema.findOne({
      Request: Schema.Struct({ id: Schema.String, slug: Schema.String, name: Schema.String }),
      Result: OrgRow,
      execute: (org) =>
        sql`INSERT INTO organisations (id, slug, name) VALUES (${org.id}, ${org.slug}, ${org.name})
            ON CONFLICT (slug) DO NOTHING
            RETURNING id, slug, name, created_at`
    })

    /** The user keeps the default organisation it was first created with. */
    const upsertUserQuery = SqlSchema.single({
      Request: Schema.Struct({ id: Schema.String, email: Schema.String, default_org_id: Schema.String }),
      Result: UserRow,
      execute: (user) =>
        sql`INSERT INTO users (id, email, default_org_id)
            VALUES (${user.id}, ${user.email}, ${user.default_org_id})
            ON CONFLICT (email) DO UPDATE SET email = EXCLUDED.email
            RETURNING id, email, default_org_id`
    })

    /** Within an organisation a member keeps the first name it was given there; other organisations never see it. */
    const nameMember = (orgId: string, userId: string, name: string | null): Effect.Effect<void> =>
      name === null
        ? Effect.void
        : sql`INSERT INTO member_names (org_id, user_id, name) VALUES (${orgId}, ${userId}, ${name})
              ON CONFLICT (org_id, user_id) DO NOTHING`.pipe(Effect.asVoid, Effect.orDie)

    const keyOwnerQuery = SqlSchema.findOne({
      Request: Schema.String,
      Result: KeyOwnerRow,
      execute: (hash) =>
        sql`SELECT k.id AS key_id, k.key_hash, k.org_id, o.slug AS org_slug, k.user_id, u.email, k.role
            FROM api_keys k
            JOIN users u ON u.id = k.user_id
            JOIN organisations o ON o.id = k.org_id
            WHERE k.key_hash = ${hash} AND k.revoked_at IS NULL`
    })

    const listKeysQuery = SqlSchema.findAll({
      Request: Schema.Struct({ orgId: Schema.NullOr(Schema.String), includeRevoked: Schema.Boolean }),
      Result: KeyInfoRow,
      execute: ({ includeRevoked, orgId }) =>
        sql`${keyInfoSelect}
            WHERE ${orgId === null ? sql`TRUE` : sql`k.org_id = ${orgId}`}
              AND ${includeRevoked ? sql`TRUE` : sql`k.revoked_at IS NULL`}
            ORDER BY k.created_at, k.id`
    })

    const findKeyQuery = SqlSchema.findOne({
      Request: Schema.String,
      Result: KeyInfoRow,
      execute: (id) => sql`${keyInfoSelect} WHERE k.id = ${id}`
    })

    const findOrg = (ref: string): Effect.Effect<Option.Option<Organisation>> =>
      findOrgQuery(ref).pipe(Effect.map(Option.map(toOrganisation)), Effect.orDie)

    const createOrg = (slug: string, name: string): Effect.Effect<Organisation, OrgSlugTaken> =>
      insertOrgQuery({ id: randomUUID(), slug, name }).pipe(
        Effect.orDie,
        Effect.flatMap(Option.match({
          onNone: () => Effect.fail(new OrgSlugTaken({ slug })),
          onSome: (row) => Effect.succeed(toOrganisation(row))
        }))
      )

    /** The user of an e-mail (created with this organisation as its default), named in this organisation. */
    const ensureMember = (input: { readonly email: string; readonly name: string | null; readonly orgId: string }) =>
      upsertUserQuery({ id: randomUUID(), email: normaliseEmail(input.email), default_org_id: input.orgId }).pipe(
        Effect.orDie,
        Effect.tap((user) => nameMember(input.orgId, user.id, input.name))
      )

    const insertKey = (input: {
      readonly orgId: string
      readonly userId: string
      readonly email: string
      readonly role: Role
      readonly createdBy: string | null
    }): Effect.Effect<CreatedApiKey> =>
      Effect.gen(function*() {
        const key = generateApiKey()
        const id = randomUUID()
        const prefix = displayPrefix(key)
        const rows = yield* sql<{ created_at: Date }>`
          INSERT INTO api_keys (id, org_id, user_id, role, key_hash, key_prefix, created_by)
          VALUES (${id}, ${input.orgId}, ${input.userId}, ${input.role}, ${hashApiKey(key)}, ${prefix}, ${input.createdBy})
          RETURNING created_at`
        const createdAt = rows[0]?.created_at ?? new Date()
        return {
          id,
          key,
          prefix,
          org_id: input.orgId,
          user_id: input.userId,
          email: input.email,
          role: input.role,
          created_at: iso(createdAt)
        }
      }).pipe(Effect.orDie)

    /**
     * A key for an e-mail in an organisation, creating the organisation (by slug) and the user when
     * they do not exist yet. Used by `vigil keys create` and the first-start bootstrap.
     */
    const provisionKey = (input: {
      readonly orgSlug: string
      readonly orgName?: string
      readonly email: string
      readonly userName: string | null
      readonly role: Role
    }): Effect.Effect<{ readonly organisation: Organisation; readonly key: CreatedApiKey; readonly orgCreated: boolean }> =>
      sql.withTransaction(
        Effect.gen(function*() {
          const existing = yield* findOrg(input.orgSlug)
          const organisation = Option.isSome(existing)
            ? existing.value
            : yield* createOrg(input.orgSlug, input.orgName ?? input.orgSlug).pipe(
              // a concurrent creator won the race: use its organisation
              Effect.catchTag("OrgSlugTaken", () => Effect.flatMap(findOrg(input.orgSlug), Effect.orDie))
            )
          const user = yield* ensureMember({ email: input.email, name: input.userName, orgId: organisation.id })
          const key = yield* insertKey({
            orgId: organisation.id,
            userId: user.id,
            email: user.email,
            role: input.role,
            createdBy: null
          })
          return { organisation, key, orgCreated: Option.isNone(existing) }
        })
      ).pipe(Effect.orDie)

    /**
     * A new organisation owned by an existing user, with an owner key for that user. The owner takes
     * along the name it has in the organisation it acts from (its own name, so nothing crosses
     * between organisations that the user does not carry itself).
     */
    const createOrgWithOwner = (input: {
      readonly slug: string
      readonly name: string
      readonly ownerUserId: string
      readonly ownerEmail: string
      readonly ownerOrgId: string
    }): Effect.Effect<{ readonly organisation: Organisation; readonly key: CreatedApiKey }, OrgSlugTaken> =>
      sql.withTransaction(
        Effect.gen(function*() {
          const organisation = yield* createOrg(input.slug, input.name)
          yield* sql`INSERT INTO member_names (org_id, user_id, name)
                     SELECT ${organisation.id}, user_id, name FROM member_names
                     WHERE org_id = ${input.ownerOrgId} AND user_id = ${input.ownerUserId}`.pipe(Effect.orDie)
          const key = yield* insertKey({
            orgId: organisation.id,
            userId: input.ownerUserId,
            email: input.ownerEmail,
            role: "owner",
            createdBy: input.ownerUserId
          })
          return { organisation, key }
        })
      ).pipe(Effect.catchTag("SqlError", Effect.die))

    /** A key for an e-mail in an existing organisation, issued by a caller. */
    const issueKey = (input: {
      readonly orgId: string
      readonly email: string
      readonly userName: string | null
      readonly role: Role
      readonly createdBy: string
    }): Effect.Effect<CreatedApiKey> =>
      sql.withTransaction(
        Effect.gen(function*() {
          const user = yield* ensureMember({ email: input.email, name: input.userName, orgId: input.orgId })
          return yield* insertKey({
            orgId: input.orgId,
            userId: user.id,
            email: user.email,
            role: input.role,
            createdBy: input.createdBy
          })
        })
      ).pipe(Effect.orDie)

    const findActiveKeyByHash = (hash: string): Effect.Effect<Option.Option<KeyOwner>> =>
      keyOwnerQuery(hash).pipe(
        Effect.map(Option.map((row) => ({
          keyId: row.key_id,
          keyHash: row.key_hash,
          orgId: row.org_id,
          orgSlug: row.org_slug,
          userId: row.user_id,
          email: row.email,
          role: row.role
        }))),
        Effect.orDie
      )

    /** Records use at most once a minute per key, so authentication does not write on every request. */
    const touchKey = (keyId: string): Effect.Effect<void> =>
      sql`UPDATE api_keys SET last_used_at = now()
          WHERE id = ${keyId} AND (last_used_at IS NULL OR last_used_at < now() - interval '1 minute')`
        .pipe(Effect.asVoid, Effect.orDie)

    const listKeys = (options: { readonly orgId: string | null; readonly includeRevoked: boolean }) =>
      listKeysQuery(options).pipe(Effect.map((rows) => rows.map(toKeyInfo)), Effect.orDie)

    const findKey = (keyId: string): Effect.Effect<Option.Option<ApiKeyInfo>> =>
      findKeyQuery(keyId.toLowerCase()).pipe(Effect.map(Option.map(toKeyInfo)), Effect.orDie)

    const revokeKey = (
      keyId: string,
      revokedBy: string | null
    ): Effect.Effect<{ readonly id: string; readonly revoked_at: string }, KeyNotFound | KeyAlreadyRevoked> =>
      Effect.gen(function*() {
        const rows = yield* sql<{ revoked_at: Date }>`
          UPDATE api_keys SET revoked_at = now(), revoked_by = ${revokedBy}
          WHERE id = ${keyId} AND revoked_at IS NULL
          RETURNING revoked_at`.pipe(Effect.orDie)
        const row = rows[0]
        if (row !== undefined) return { id: keyId, revoked_at: iso(row.revoked_at) }
        const existing = yield* findKey(keyId)
        return yield* Option.isSome(existing)
          ? Effect.fail(new KeyAlreadyRevoked({ keyId }))
          : Effect.fail(new KeyNotFound({ keyId }))
      })

    const hasAnyKey: Effect.Effect<boolean> = sql<{ present: boolean }>`SELECT EXISTS (SELECT 1 FROM api_keys) AS present`.pipe(
      Effect.map((rows) => rows[0]?.present === true),
      Effect.orDie
    )

    return {
      findOrg,
      provisionKey,
      createOrgWithOwner,
      issueKey,
      findActiveKeyByHash,
      touchKey,
      listKeys,
      findKey,
      revokeKey,
      hasAnyKey
    } as const
  })
}) {}
