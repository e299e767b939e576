import { writeFileSync } from "node:fs"
import { Args, Command, Options } from "@effect/cli"
import { Console, Effect, Option } from "effect"
import type { Suppression } from "../domain/Suppression.js"
import { ScanError, UsageError } from "./errors.js"
import { connect, orgOption, requireOrg, requireServer, retriesOption, serverOption, timeoutOption } from "./remote/connection.js"
import {
  createSuppression,
  exportSuppressions,
  listSuppressions,
  revokeSuppression,
  type SuppressionFilters
} from "./remote/suppressionsClient.js"

/**
 * `vigil suppress`: thin clients of /v1/orgs/{org_id}/suppressions. Every subcommand needs the
 * server (--server or VIGIL_SERVER), the key (VIGIL_API_KEY) and the organisation (--org or VIGIL_ORG).
 */

const common = { server: serverOption, org: orgOption, retries: retriesOption, timeout: timeoutOption }

const open = (args: { readonly server: Option.Option<string>; readonly org: Option.Option<string>; readonly retries: number; readonly timeout: number }) =>
  Effect.gen(function*() {
    const org = yield* requireOrg(args.org)
    const server = yield* requireServer(args.server)
    const conn = yield* connect(server, { retries: args.retries, timeoutSeconds: args.timeout, notice: (line) => process.stderr.write(`${line}\n`) })
    return { conn, org }
  })

const json = Options.boolean("json").pipe(Options.withDescription("print the server's JSON answer"))
const reasonChoice = ["false_positive", "accepted_risk", "wont_fix", "mitigated"] as const

const optionalText = (name: string, description: string) => Options.text(name).pipe(Options.optional, Options.withDescription(description))

// --- create

const pattern = Options.text("pattern").pipe(Options.withDescription("rule id (or alias) of the findings to suppress, e.g. hardcoded_credentials"))
const reason = Options.choice("reason", reasonChoice).pipe(
  Options.withDescription("false_positive (flagged wrongly), accepted_risk (business decision), wont_fix, mitigated (compensating controls)")
)
const agentId = optionalText("agent-id", "only this agent (its id, `agent_id` in a scan result); default: every agent")
const file = optionalText("file", "only this file (repository-relative path); default: every file")
const line = Options.integer("line").pipe(Options.optional, Options.withDescription("only this line (with --file)"))
const hash = optionalText("hash", "only the finding with this finding_hash (sha256:…): the most precise scope")
const justification = optionalText("justification", "why, for the audit trail (recommended)")
const expires = optionalText("expires", "when it ends: an ISO 8601 time (2026-01-31T00:00:00Z) or a number of days (30d); default: never")

/** `30d` → that many days from now; anything else is passed on for the server to check. */
export const expiryOf = (text: string, now: Date = new Date()): string => {
  const days = /^(\d{1,5})d$/i.exec(text.trim())
  return days === null ? text.trim() : new Date(now.getTime() + Number(days[1]) * 86_400_000).toISOString()
}

const createCommand = Command.make(
  "create",
  { ...common, pattern, reason, agentId, file, line, hash, justification, expires, json },
  (args) =>
    Effect.gen(function*() {
      if (Option.isSome(args.line) && Option.isNone(args.file)) {
        return yield* Effect.fail(new UsageError({ message: "--line needs --file: a line number means nothing without its file" }))
      }
      const { conn, org } = yield* open(args)
      const created = yield* createSuppression(conn, org, {
        pattern_id: args.pattern.trim(),
        reason: args.reason,
        ...Option.match(args.agentId, { onNone: () => ({}), onSome: (v) => ({ agent_id: v.trim() }) }),
        ...Option.match(args.file, { onNone: () => ({}), onSome: (v) => ({ file_path: v.trim() }) }),
        ...Option.match(args.line, { onNone: () => ({}), onSome: (v) => ({ line_number: v }) }),
        ...Option.match(args.hash, { onNone: () => ({}), onSome: (v) => ({ finding_hash: v.trim() }) }),
        ...Option.match(args.justification, { onNone: () => ({}), onSome: (v) => ({ justification: v }) }),
        ...Option.match(args.expires, { onNone: () => ({}), onSome: (v) => ({ expires_at: expiryOf(v) }) })
      })
      yield* Console.log(
        args.json
          ? JSON.stringify(created, null, 2)
          : `Created suppression ${created.id}: ${created.pattern_id} ${scopeOf(created)}, ${created.reason}` +
            (created.expires_at !== null ? `, until ${created.expires_at}` : ", permanent")
      )
    })
).pipe(Command.withDescription("Suppress findings of a rule in a scope (POST …/suppressions; owner or admin role)"))

// --- list

const filters = {
  agentId: optionalText("agent-id", "only suppressions of this agent"),
  pattern: optionalText("pattern", "only this rule"),
  reason: Options.choice("reason", reasonChoice).pipe(Options.optional, Options.withDescription("only this reason")),
  file: optionalText("file", "only file paths starting with this"),
  includeExpired: Options.boolean("include-expired").pipe(Options.withDescription("also expired suppressions")),
  includeRevoked: Options.boolean("include-revoked").pipe(Options.withDescription("also revoked suppressions"))
}

const filtersOf = (args: {
  readonly agentId: Option.Option<string>
  readonly pattern: Option.Option<string>
  readonly reason: Option.Option<string>
  readonly file: Option.Option<string>
  readonly includeExpired: boolean
  readonly includeRevoked: boolean
}): SuppressionFilters => ({
  ...Option.match(args.agentId, { onNone: () => ({}), onSome: (v) => ({ agent_id: v }) }),
  ...Option.match(args.pattern, { onNone: () => ({}), onSome: (v) => ({ pattern_id: v }) }),
  ...Option.match(args.reason, { onNone: () => ({}), onSome: (v) => ({ reason: v }) }),
  ...Option.match(args.file, { onNone: () => ({}), onSome: (v) => ({ file_path: v }) }),
  include_expired: args.includeExpired,
  include_revoked: args.includeRevoked
})

const scopeOf = (s: Suppression): string => {
  const parts = [
    s.agent_name !== null ? `agent ${s.agent_name}` : s.agent_id !== null ? `agent ${s.agent_id}` : "all agents",
    s.file_path !== null ? `${s.file_path}${s.line_number !== null ? `:${s.line_number}` : ""}` : "all files",
    ...(s.finding_hash !== null ? [`${s.finding_hash.slice(0, 19)}…`] : [])
  ]
  return `(${parts.join(", ")})`
}

const renderList = (list: ReadonlyArray<Suppression>, total: number, hasMore: boolean): string => {
  if (list.length === 0) return "No suppressions."
  const rows = list.map((s) => [s.id, s.pattern_id, scopeOf(s), s.reason, s.state, s.expires_at?.slice(0, 10) ?? "never", s.created_by.email])
  const header = ["ID", "PATTERN", "SCOPE", "REASON", "STATE", "EXPIRES", "CREATED BY"]
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)))
  const format = (cells: ReadonlyArray<string>) => cells.map((c, i) => c.padEnd(widths[i]!)).join("  ").trimEnd()
  const more = hasMore ? `\n${list.length} of ${total} shown; use --offset ${list.length} (or --limit) for more.` : ""
  return [format(header), ...rows.map(format)].join("\n") + more
}

const limit = Options.integer("limit").pipe(Options.withDefault(50), Options.withDescription("page size, 1 to 200"))
const offset = Options.integer("offset").pipe(Options.withDefault(0), Options.withDescription("skip this many"))

const listCommand = Command.make("list", { ...common, ...filters, limit, offset, json }, (args) =>
  Effect.gen(function*() {
    const { conn, org } = yield* open(args)
    const page = yield* listSuppressions(conn, org, filtersOf(args), { limit: args.limit, offset: args.offset })
    yield* Console.log(args.json ? JSON.stringify(page, null, 2) : renderList(page.suppressions, page.total, page.has_more))
  })).pipe(Command.withDescription("List the organisation's suppressions, newest first (active only unless --include-expired / --include-revoked)"))

// --- revoke

const suppressionId = Args.text({ name: "suppression-id" }).pipe(Args.withDescription("the suppression's id (sup_…)"))

const revokeCommand = Command.make("revoke", { ...common, id: suppressionId, json }, (args) =>
  Effect.gen(function*() {
    const { conn, org } = yield* open(args)
    const revoked = yield* revokeSuppression(conn, org, args.id.trim())
    yield* Console.log(
      args.json
        ? JSON.stringify(revoked, null, 2)
        : `Revoked suppression ${revoked.id} at ${revoked.revoked_at} (by ${revoked.revoked_by.email}); its findings appear in later scans again.`
    )
  })).pipe(Command.withDescription("Revoke a suppression (kept for the audit trail; owner, admin or its creator)"))

// --- export

const output = Options.text("output").pipe(Options.withAlias("o"), Options.optional, Options.withDescription("write the CSV to this file instead of stdout"))

const exportCommand = Command.make("export", { ...common, ...filters, output }, (args) =>
  Effect.gen(function*() {
    const { conn, org } = yield* open(args)
    const csv = yield* exportSuppressions(conn, org, filtersOf(args))
    if (Option.isNone(args.output)) {
      process.stdout.write(csv.endsWith("\n") ? csv : `${csv}\n`)
      return
    }
    const path = args.output.value
    yield* Effect.try({
      try: () => writeFileSync(path, csv),
      catch: (e) => new ScanError({ message: `cannot write ${path}: ${e instanceof Error ? e.message : String(e)}` })
    })
    process.stderr.write(`vigil: wrote ${path}\n`)
  })).pipe(Command.withDescription("Export suppressions as CSV (id, pattern_id, agent_id, file_path, line_number, reason, justification, expires_at, created_at, created_by)"))

export const suppressCommand = Command.make("suppress").pipe(
  Command.withDescription(
    "Manage suppressions of findings (accepted risks, false positives) on a Vigil server. Needs --server (or VIGIL_SERVER), VIGIL_API_KEY and --org (or VIGIL_ORG)."
  ),
  Command.withSubcommands([createCommand, listCommand, revokeCommand, exportCommand])
)
