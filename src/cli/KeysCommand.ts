import { Args, Command, HelpDoc, Options, ValidationError } from "@effect/cli"
import { Console, Effect, Either, Layer, Option, Schema } from "effect"
import { loadStoreSettings } from "../config/AppConfig.js"
import { Email, OrgSlug, UUID_PATTERN } from "../domain/ApiTenancy.js"
import { DatabaseLive, type DatabaseStartupError } from "../store/Database.js"
import { TenancyRepo } from "../store/TenancyRepo.js"
import { CliFailure } from "./CliFailure.js"

/**
 * `vigil keys`: API keys straight on the database (embedded or DATABASE_URL). While a server holds
 * the embedded database the directory is locked; the command then says so and points at the HTTP
 * endpoints that do the same.
 */

const HTTP_INSTEAD = [
  "While the server runs, manage keys over HTTP with an owner or admin key:",
  "  POST   /v1/orgs                          create an organisation (you become its owner)",
  "  POST   /v1/orgs/{org_id}/keys            create a key   {\"email\": ..., \"role\": ...}",
  "  GET    /v1/orgs/{org_id}/keys            list keys",
  "  DELETE /v1/orgs/{org_id}/keys/{key_id}   revoke a key",
  "or stop the server and run this command again."
].join("\n")

const startupFailure = (error: DatabaseStartupError): CliFailure =>
  new CliFailure({ message: error._tag === "DataDirLocked" ? `${error.message}.\n${HTTP_INSTEAD}` : error.message })

/** Opens the store for one command, with start-up failures turned into messages a person can act on. */
const withStore = <A, E>(effect: Effect.Effect<A, E, TenancyRepo>): Effect.Effect<A, E | CliFailure> =>
  Effect.gen(function*() {
    const settings = yield* loadStoreSettings.pipe(Effect.mapError((e) => new CliFailure({ message: e.message })))
    const store = TenancyRepo.Default.pipe(Layer.provideMerge(DatabaseLive(settings)), Layer.mapError(startupFailure))
    return yield* Effect.provide(effect, store)
  })

const validated = <A>(schema: Schema.Schema<A, string>, what: string) => (value: string) =>
  Either.match(Schema.decodeEither(schema)(value.trim()), {
    onLeft: () => Effect.fail(ValidationError.invalidValue(HelpDoc.p(`${JSON.stringify(value)} is not ${what}`))),
    onRight: (a) => Effect.succeed(a)
  })

const org = Options.text("org").pipe(
  Options.withDescription("organisation slug (lower-case letters, digits, dashes); created if it does not exist"),
  Options.mapEffect(validated(OrgSlug, "a valid organisation slug (lower-case letters, digits, dashes)"))
)
const email = Options.text("email").pipe(
  Options.withDescription("e-mail of the key's user; the user is created if needed"),
  Options.mapEffect(validated(Email, "an e-mail address"))
)
const name = Options.text("name").pipe(Options.optional, Options.withDescription("display name of the user"))
const role = Options.choice("role", ["owner", "admin", "member"] as const).pipe(
  Options.withDescription("role the key grants in the organisation")
)
const json = Options.boolean("json").pipe(Options.withDescription("print JSON instead of text"))

const createCommand = Command.make("create", { org, email, name, role, json }, (args) =>
  withStore(Effect.flatMap(TenancyRepo, (tenancy) =>
    tenancy.provisionKey({
      orgSlug: args.org,
      email: args.email,
      userName: Option.getOrNull(args.name),
      role: args.role
    }))).pipe(
      Effect.flatMap(({ key, organisation, orgCreated }) =>
        args.json
          ? Console.log(JSON.stringify({ key: key.key, key_id: key.id, org_id: key.org_id, user_id: key.user_id, role: key.role }))
          : Console.log(
            [
              `Created a${key.role === "owner" || key.role === "admin" ? "n" : ""} ${key.role} key for ${key.email} in ` +
              `organisation "${organisation.slug}"${orgCreated ? " (new)" : ""}.`,
              `  key id:          ${key.id}`,
              `  organisation id: ${organisation.id}`,
              "The key is shown only this once; store it now:",
              "",
              `  ${key.key}`,
              ""
            ].join("\n")
          )
      )
    )).pipe(Command.withDescription("Create an API key (and the organisation and user when they do not exist yet)"))

const listOrg = Options.text("org").pipe(Options.optional, Options.withDescription("only keys of this organisation slug"))
const includeRevoked = Options.boolean("include-revoked").pipe(Options.withDescription("also list revoked keys"))

const listCommand = Command.make("list", { org: listOrg, includeRevoked, json }, (args) =>
  withStore(Effect.gen(function*() {
    const tenancy = yield* TenancyRepo
    let orgId: string | null = null
    let orgSlugs = new Map<string, string>()
    if (Option.isSome(args.org)) {
      const found = yield* tenancy.findOrg(args.org.value)
      if (Option.isNone(found)) return yield* Effect.fail(new CliFailure({ message: `no organisation "${args.org.value}"` }))
      orgId = found.value.id
      orgSlugs = new Map([[found.value.id, found.value.slug]])
    }
    const keys = yield* tenancy.listKeys({ orgId, includeRevoked: args.includeRevoked })
    for (const key of keys) {
      if (!orgSlugs.has(key.org_id)) {
        const found = yield* tenancy.findOrg(key.org_id)
        orgSlugs.set(key.org_id, Option.match(found, { onNone: () => key.org_id, onSome: (o) => o.slug }))
      }
    }
    if (args.json) return yield* Console.log(JSON.stringify(keys.map((k) => ({ ...k, org_slug: orgSlugs.get(k.org_id) })), null, 2))
    if (keys.length === 0) return yield* Console.log("No API keys.")
    const rows = keys.map((k) => [
      k.id,
      `${k.prefix}…`,
      orgSlugs.get(k.org_id) ?? k.org_id,
      k.role,
      k.user.email,
      k.created_at.slice(0, 19).replace("T", " "),
      k.last_used_at === null ? "never" : k.last_used_at.slice(0, 19).replace("T", " "),
      k.revoked_at === null ? "" : `revoked ${k.revoked_at.slice(0, 10)}`
    ])
    const header = ["ID", "PREFIX", "ORG", "ROLE", "EMAIL", "CREATED (UTC)", "LAST USED", ""]
    const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)))
    const line = (cells: ReadonlyArray<string>) => cells.map((c, i) => c.padEnd(widths[i]!)).join("  ").trimEnd()
    yield* Console.log([line(header), ...rows.map(line)].join("\n"))
  }))).pipe(Command.withDescription("List API keys (metadata only; secrets are never stored)"))

const keyId = Args.text({ name: "id" }).pipe(Args.withDescription("the key id (UUID) shown by `vigil keys list`"))

const revokeCommand = Command.make("revoke", { id: keyId }, (args) =>
  Effect.gen(function*() {
    if (!UUID_PATTERN.test(args.id)) {
      return yield* Effect.fail(new CliFailure({ message: `"${args.id}" is not a key id (a UUID, see \`vigil keys list\`)` }))
    }
    const revoked = yield* withStore(Effect.flatMap(TenancyRepo, (tenancy) => tenancy.revokeKey(args.id.toLowerCase(), null))).pipe(
      Effect.catchTags({
        KeyNotFound: () => Effect.fail(new CliFailure({ message: `no API key with id ${args.id}` })),
        KeyAlreadyRevoked: () => Effect.fail(new CliFailure({ message: `the API key ${args.id} was already revoked` }))
      })
    )
    yield* Console.log(`Revoked API key ${revoked.id} at ${revoked.revoked_at}.`)
  })).pipe(Command.withDescription("Revoke an API key; requests with it are answered 401 from now on"))

export const keysCommand = Command.make("keys").pipe(
  Command.withDescription("Manage API keys directly on the database (when no server holds the embedded one)"),
  Command.withSubcommands([createCommand, listCommand, revokeCommand])
)
