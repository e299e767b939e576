import { Args, Command, Options } from "@effect/cli"
import { Console, Effect, Option } from "effect"
import type { Diff } from "../domain/Diff.js"
import type { Finding } from "../domain/Finding.js"
import { SEVERITIES } from "../domain/Vocabulary.js"
import { UsageError } from "./errors.js"
import { failOnOption, reachesThreshold } from "./failOn.js"
import { connect, requireServer, retriesOption, serverOption, timeoutOption } from "./remote/connection.js"
import { fetchDiff } from "./remote/diffClient.js"

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

const scanId = Args.text({ name: "scan-id" }).pipe(Args.withDescription("the scan to look at (printed by `vigil scan --server`, `scan_id` in its JSON)"))
const base = Options.text("base").pipe(
  Options.optional,
  Options.withDescription("the scan to compare with (default: the previous scan of the same agent)")
)
const format = Options.choice("format", ["table", "json"] as const).pipe(Options.withDefault("table" as const), Options.withDescription("output format"))

const tally = (counts: Diff["summary"]["new_by_severity"]): string =>
  SEVERITIES.filter((s) => counts[s] > 0).map((s) => `${counts[s]} ${s.toLowerCase()}`).join(", ")

const findingLines = (title: string, findings: ReadonlyArray<Finding>): Array<string> =>
  findings.length === 0
    ? []
    : ["", `${title} (${findings.length})`, ...findings.map((f) => `  ${f.severity.padEnd(8)}  ${f.file}:${f.line}:${f.column}  ${f.pattern_id}  ${f.pattern}`)]

export const renderDiff = (diff: Diff): string => {
  const s = diff.summary
  const delta = s.risk_delta > 0 ? `+${s.risk_delta}` : String(s.risk_delta)
  const against = diff.base_scan_id === null ? "no earlier scan (first scan of the agent)" : `scan ${diff.base_scan_id} (${diff.base_scan_time ?? "?"})`
  const lines = [
    `${diff.status}: scan ${diff.head_scan_id} of agent "${diff.agent_name}" against ${against}`,
    `Risk score ${s.base_risk_score} -> ${s.head_risk_score} (${delta}); ` +
      `${s.total_new} new${s.total_new > 0 ? ` (${tally(s.new_by_severity)})` : ""}, ` +
      `${s.total_fixed} fixed${s.total_fixed > 0 ? ` (${tally(s.fixed_by_severity)})` : ""}, ${s.total_unchanged} unchanged`,
    ...findingLines("New", diff.new_findings),
    ...findingLines("Fixed", diff.fixed_findings)
  ]
  return lines.join("\n") + "\n"
}

export const diffCommand = Command.make(
  "diff",
  { scanId, base, server: serverOption, format, failOn: failOnOption, retries: retriesOption, timeout: timeoutOption },
  (args) =>
    Effect.gen(function*() {
      for (const id of [args.scanId, ...Option.toArray(args.base)]) {
        if (!UUID.test(id.trim())) return yield* Effect.fail(new UsageError({ message: `${JSON.stringify(id)} is not a scan id (a UUID)` }))
      }
      const server = yield* requireServer(args.server)
      const conn = yield* connect(server, { retries: args.retries, timeoutSeconds: args.timeout, notice: (line) => process.stderr.write(`${line}\n`) })
      const result = yield* fetchDiff(conn, args.scanId.trim(), Option.getOrUndefined(Option.map(args.base, (b) => b.trim())))
      yield* Console.log(args.format === "json" ? JSON.stringify(result, null, 2) : renderDiff(result.diff).trimEnd())
      // for CI: fail on what this change introduced, not on what was already there
      if (reachesThreshold(result.diff.new_findings, args.failOn)) process.exitCode = 1
    })
).pipe(
  Command.withDescription(
    `Compare a scan with an earlier one of the same agent (GET /v1/scans/{id}/diff): new, fixed and unchanged findings.

Needs --server (or VIGIL_SERVER) and VIGIL_API_KEY. With --fail-on, exits 1 when a NEW finding is at or above
the severity (findings that were already there do not fail the build), 2 on usage or connection errors.`
  )
)
