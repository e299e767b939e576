import { basename, extname, resolve } from "node:path"
import { Args, Command, Options } from "@effect/cli"
import { Effect, Option } from "effect"
import type { Catalogue } from "../catalogue/Catalogue.js"
import type { FileOutcome, ScanResult } from "../domain/Scan.js"
import { DEFAULT_POLICY, Policy } from "../domain/Vocabulary.js"
import { loadCatalogue as loadEngineCatalogue } from "../engine/service.js"
import { colourWanted } from "./colour.js"
import { renderDryRun } from "./dryRun.js"
import { ScanError, UsageError } from "./errors.js"
import { failOnOption, reachesThreshold } from "./failOn.js"
import { localScan } from "./localScan.js"
import { makeProgress } from "./Progress.js"
import { connect, orgOption, orgRef, retriesOption, serverOption, serverUrl, timeoutOption } from "./remote/connection.js"
import { prepareUpload } from "./remote/prepareUpload.js"
import { remoteScan } from "./remote/remoteScan.js"
import { renderReport, writeReport } from "./report.js"
import { readContents, walk } from "./walk.js"

const MB = 1_000_000

const DESCRIPTION = `Scan a directory or file for security risks in AI agents.

Without a server the embedded engine scans locally and nothing leaves the machine. With --server
(or VIGIL_SERVER) and the key in VIGIL_API_KEY, secrets are found and replaced by
[REDACTED-<type>] markers locally, and the files go to the server in one upload session (chunks
under the limits, each with the credential findings made locally: location, hash and masked text,
never the value), which stores one scan. A server without upload sessions gets one POST /v1/scan
per chunk instead, and the local credential findings are merged into its answers.

.gitignore files at every level and .vigilignore files are honoured; .git and node_modules are
always skipped; binaries, files over --max-file-mb and unsupported types are not scanned.

Exit codes: 0 no finding at or above --fail-on, 1 there is one, 2 usage or connection error.`

const path = Args.path({ name: "path", exists: "yes" }).pipe(Args.withDescription("directory or file to scan"))
const agentName = Options.text("agent-name").pipe(
  Options.optional,
  Options.withDescription("the agent the scan belongs to on the server (default: the directory's name)")
)
// the list and the default are the API's (domain/Vocabulary.ts), never retyped here
const policy = Options.choice("policy", Policy.literals).pipe(
  Options.withDefault(DEFAULT_POLICY),
  Options.withDescription("which findings to report (balanced: vulnerabilities and risk patterns)")
)
const format = Options.choice("format", ["table", "json", "sarif"] as const).pipe(
  Options.withDefault("table" as const),
  Options.withDescription("output format: a table grouped by severity, the scan result as JSON, or SARIF 2.1.0")
)
const output = Options.text("output").pipe(Options.withAlias("o"), Options.optional, Options.withDescription("write the report to this file instead of stdout"))
const budget = Options.integer("budget").pipe(Options.withDefault(300), Options.withDescription("time budget of a local scan in seconds"))
const maxRequestMb = Options.float("max-request-mb").pipe(
  Options.withDefault(100),
  Options.withDescription("largest request body sent to the server, in MB (the server's VIGIL_MAX_BODY_MB); larger scans are split")
)
const maxFiles = Options.integer("max-files").pipe(
  Options.withDefault(10_000),
  Options.withDescription("most files per request (the server's VIGIL_MAX_FILES); larger scans are split")
)
const maxFileMb = Options.float("max-file-mb").pipe(
  Options.withDefault(5),
  Options.withDescription("files larger than this many MB are skipped (the server's VIGIL_MAX_FILE_MB)")
)
const dryRun = Options.boolean("dry-run").pipe(
  Options.withDescription("list the files that would be scanned (or uploaded, with the secrets to redact) and stop")
)

const loadCatalogue = loadEngineCatalogue({}).pipe(Effect.mapError((error) => new ScanError({ message: error.message })))

/** The secret scanner compiles matchers: the full engine is loaded for it, not at every CLI start. */
const secretScannerFor = (catalogue: Catalogue) =>
  Effect.map(Effect.promise(() => import("../engine/index.js")), ({ makeSecretScanner }) => makeSecretScanner(catalogue))

const positive = (value: number, flag: string): Effect.Effect<number, UsageError> =>
  Number.isFinite(value) && value > 0 ? Effect.succeed(value) : Effect.fail(new UsageError({ message: `--${flag} must be a positive number` }))

export const scanCommand = Command.make(
  "scan",
  { path, server: serverOption, org: orgOption, agentName, policy, format, output, failOn: failOnOption, budget, maxRequestMb, maxFiles, maxFileMb, retries: retriesOption, timeout: timeoutOption, dryRun },
  (args) =>
    Effect.gen(function*() {
      const target = resolve(args.path)
      const server = serverUrl(args.server)
      const maxFileBytes = (yield* positive(args.maxFileMb, "max-file-mb")) * MB
      const limits = {
        maxBodyBytes: Math.floor((yield* positive(args.maxRequestMb, "max-request-mb")) * MB),
        maxFiles: yield* positive(args.maxFiles, "max-files")
      }
      yield* positive(args.budget, "budget")
      const progress = makeProgress({ live: process.stderr.isTTY === true && !args.dryRun, remote: Option.isSome(server) })
      const walked = walk(target, { maxFileBytes, onFound: progress.found })
      progress.found(walked.files.length)
      const walkSkipped: Array<FileOutcome> = walked.skipped.map((s) => ({
        path: s.path,
        status: "skipped",
        kind: extname(s.path).slice(1).toLowerCase() || "unknown",
        reason: s.reason
      }))
      const agent = Option.getOrElse(Option.map(args.agentName, (n) => n.trim()), () => basename(walked.base))
      if (agent === "") return yield* Effect.fail(new UsageError({ message: "--agent-name must not be empty" }))

      if (args.dryRun) {
        const upload = Option.isSome(server)
          ? yield* Effect.flatMap(loadCatalogue, (c) => Effect.map(secretScannerFor(c), (scanner) => prepareUpload(c, readContents(walked.files), scanner)))
          : undefined
        process.stdout.write(renderDryRun(walked, walkSkipped, upload, args.format))
        return
      }

      let result: ScanResult
      let catalogue: Catalogue
      let scanIds: ReadonlyArray<string> = []
      if (Option.isSome(server)) {
        const connection = yield* connect(server.value, { retries: args.retries, timeoutSeconds: args.timeout, notice: progress.notice })
        catalogue = yield* loadCatalogue
        const remote = yield* remoteScan({ connection, catalogue, files: readContents(walked.files), walkSkipped, policy: args.policy, agentName: agent, limits, progress, org: Option.getOrUndefined(orgRef(args.org)) })
        result = remote.result
        scanIds = remote.scanIds
        progress.done()
        const secrets = remote.secretsRedacted
        process.stderr.write(
          `vigil: ${secrets} secret${secrets === 1 ? "" : "s"} redacted before upload; ` +
            (scanIds.length === 1 ? `server scan ${scanIds[0]}` : `${scanIds.length} server scans (${scanIds.join(", ")})`) +
            (remote.session ? "" : scanIds.length > 1 ? " (the server has no upload sessions)" : "") +
            ` for agent "${result.agent_name ?? agent}"\n`
        )
      } else {
        const local = yield* localScan({ files: walked.files, walkSkipped, policy: args.policy, agentName: agent, budgetSeconds: args.budget, progress })
        result = local.result
        catalogue = local.catalogue
        progress.done()
      }

      const file = Option.getOrUndefined(args.output)
      const text = renderReport(args.format, result, {
        rules: catalogue.rules,
        automationId: agent,
        colour: file === undefined && colourWanted(process.stdout),
        scanIds
      })
      const total = result.summary.total
      yield* writeReport(text, file, `${total} finding${total === 1 ? "" : "s"}`)
      if (reachesThreshold(result.findings, args.failOn)) process.exitCode = 1
    })
).pipe(Command.withDescription(DESCRIPTION))
