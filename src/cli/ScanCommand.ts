import { randomUUID } from "node:crypto"
import { writeFileSync } from "node:fs"
import { basename, resolve } from "node:path"
import { Args, Command, Options } from "@effect/cli"
import { Console, Effect, Option } from "effect"
import { CatalogueService } from "../catalogue/Catalogue.js"
import type { ScanResult } from "../domain/Scan.js"
import { type Severity, severityRank } from "../domain/Vocabulary.js"
import { finalizeScan } from "../engine/Result.js"
import { Scanner } from "../engine/Scanner.js"
import { ScannerLive } from "../engine/ScannerLive.js"
import { toScanResult } from "../report/ScanResultJson.js"
import { renderSarif } from "../report/Sarif.js"
import { renderTable } from "../report/Table.js"
import { VIGIL_VERSION } from "../version.js"
import { walk } from "./walk.js"

const MAX_FILE_BYTES = 5 * 1024 * 1024

const path = Args.path({ name: "path", exists: "yes" }).pipe(Args.withDescription("directory or file to scan"))
const policy = Options.choice("policy", ["balanced", "low-noise", "comprehensive", "governance", "eu-ai-act"] as const).pipe(
  Options.withDefault("balanced" as const),
  Options.withDescription("which findings to report (balanced: vulnerabilities and risk patterns)")
)
const format = Options.choice("format", ["table", "json", "sarif"] as const).pipe(
  Options.withDefault("table" as const),
  Options.withDescription("output format")
)
const output = Options.text("output").pipe(Options.withAlias("o"), Options.optional, Options.withDescription("write the report to this file instead of stdout"))
const failOn = Options.choice("fail-on", ["critical", "high", "medium", "low"] as const).pipe(
  Options.optional,
  Options.withDescription("exit 1 when a finding at or above this severity is reported (for CI)")
)
const budget = Options.integer("budget").pipe(Options.withDefault(300), Options.withDescription("time budget in seconds"))

/** Exit code for CI: 1 when a finding reaches the threshold. */
export const failsThreshold = (result: ScanResult, threshold: Option.Option<string>): boolean =>
  Option.match(threshold, {
    onNone: () => false,
    onSome: (t) => result.findings.some((f) => severityRank(f.severity) >= severityRank(t.toUpperCase() as Severity))
  })

export const scanCommand = Command.make("scan", { path, policy, format, output, failOn, budget }, (args) =>
  Effect.gen(function*() {
    const root = resolve(args.path)
    const { files, skipped } = walk(root, MAX_FILE_BYTES)
    const scanner = yield* Scanner
    const catalogue = yield* CatalogueService
    const analysis = yield* scanner.analyse(files, { budgetMs: args.budget * 1000 })
    const outcome = finalizeScan(
      { ...analysis, filesSkipped: analysis.filesSkipped + skipped.length, outcomes: [...skipped.map((s) => ({ path: s.path, status: "skipped" as const, kind: "file", reason: s.reason })), ...analysis.outcomes] },
      { policy: args.policy, quickWinAction: (id) => catalogue.resolve(id)?.quick_win ?? id }
    )
    const sarif = args.format === "sarif"
      ? renderSarif({ findings: outcome.findings, rules: catalogue.rules, toolVersion: VIGIL_VERSION, automationId: basename(root) })
      : undefined
    const result = toScanResult(outcome, { scan_id: randomUUID(), agent_name: basename(root) })
    const toFile = Option.isSome(args.output)
    const text = args.format === "json"
      ? JSON.stringify(result, null, 2) + "\n"
      : args.format === "sarif"
      ? JSON.stringify(sarif, null, 2) + "\n"
      : renderTable(result, { colour: !toFile && process.stdout.isTTY === true })
    if (Option.isSome(args.output)) {
      writeFileSync(args.output.value, text)
      yield* Console.error(`wrote ${args.output.value} (${result.summary.total} finding${result.summary.total === 1 ? "" : "s"})`)
    } else {
      process.stdout.write(text)
    }
    if (failsThreshold(result, args.failOn)) process.exitCode = 1
  }).pipe(Effect.provide(ScannerLive({ workers: 0, budgetMs: args.budget * 1000 })))
).pipe(Command.withDescription("Scan a directory or file for security risks in AI agents (local, no server needed)"))

