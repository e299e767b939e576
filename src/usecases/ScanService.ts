import { Effect } from "effect"
import { CatalogueService } from "../catalogue/Catalogue.js"
import { AppConfig } from "../config/AppConfig.js"
import { WorkerUnavailable as WorkerUnavailableError } from "../domain/Errors.js"
import type { Finding } from "../domain/Finding.js"
import type { FileEntry, ScanResult } from "../domain/Scan.js"
import type { OutputFormat, Policy } from "../domain/Vocabulary.js"
import { Scanner } from "../engine/service.js"
import { renderSarif } from "../report/Sarif.js"
import { type RecordedScan, ScansRepo } from "../store/ScansRepo.js"
import { SuppressionsRepo } from "../store/SuppressionsRepo.js"
import { VIGIL_VERSION } from "../version.js"
import { concludeScan, quickWinActionOf } from "./concludeScan.js"

/** Whose scan it is: the organisation, and the key and user that asked for it. */
export interface ScanOwner {
  readonly orgId: string
  readonly keyId: string | null
  readonly userId: string | null
}

/** What to scan, already validated by the edge that received it (HTTP body, upload session). */
export interface ScanJob<E = never> {
  readonly files: ReadonlyArray<FileEntry>
  readonly policy: Policy
  readonly output: OutputFormat
  readonly agentName: string
  /**
   * Findings a client made itself and sent with the files (credential findings from the unredacted
   * text, validated by the edge). They are stored and counted like the server's own.
   */
  readonly clientFindings?: ReadonlyArray<Finding>
  /**
   * Runs the storing of the scan, so an edge can make it part of a larger transaction (an upload
   * session is consumed in the same transaction that stores its scan).
   */
  readonly storeWith?: (store: Effect.Effect<RecordedScan>) => Effect.Effect<RecordedScan, E>
}

/** Same file and line, same rule: the client's finding describes what the server saw as a marker. */
const locationKey = (f: Pick<Finding, "pattern_id" | "file" | "line">): string => `${f.pattern_id}\u0000${f.file}\u0000${f.line}`

/**
 * The server's scan use case, from a validated job to the scan result: analyse, add the client's
 * findings, apply the organisation's suppressions and the policy, score, store with the agent, and
 * render SARIF when asked (concludeScan, shared with the CLI). Edges (POST /v1/scan, the legacy
 * multipart endpoint, upload sessions) only read and check their input.
 */
export class ScanService extends Effect.Service<ScanService>()("Vigil/ScanService", {
  effect: Effect.gen(function*() {
    const scanner = yield* Scanner
    const catalogue = yield* CatalogueService
    const scans = yield* ScansRepo
    const config = yield* AppConfig
    const suppressions = yield* SuppressionsRepo

    const quickWinAction = quickWinActionOf((id) => catalogue.resolve(id))
    const ruleVersion = (patternId: string): string | null => catalogue.resolve(patternId)?.version ?? null

    const run = <E = never>(owner: ScanOwner, job: ScanJob<E>): Effect.Effect<ScanResult, WorkerUnavailableError | E> =>
      Effect.gen(function*() {
        const startedAt = new Date()
        const analysis = yield* scanner.analyse(job.files, { budgetMs: config.scanBudgetMs }).pipe(
          Effect.catchTag("WorkerUnavailable", (e) =>
            Effect.fail(
              new WorkerUnavailableError({ error: `No analysis worker can take the scan (${e.reason}); retry shortly.` })
            ))
        )
        const clientFindings = job.clientFindings ?? []
        // where the client reports a credential, the server saw only its redaction marker
        const reported = new Set(clientFindings.map(locationKey))
        const findings = clientFindings.length === 0
          ? analysis.findings
          : [...analysis.findings.filter((f) => !reported.has(locationKey(f))), ...clientFindings].sort(
            (a, b) => a.file.localeCompare(b.file) || a.line - b.line || a.column - b.column || a.pattern_id.localeCompare(b.pattern_id)
          )
        // agent-scoped suppressions name an existing agent: a first scan of an agent has none
        const agentId = yield* suppressions.agentIdFor(owner.orgId, job.agentName)
        const suppressed = yield* suppressions.activeMatcher(owner.orgId)
        const storeWith = job.storeWith ?? ((store: Effect.Effect<RecordedScan>) => store)
        return yield* concludeScan({ ...analysis, findings }, {
          policy: job.policy,
          quickWinAction,
          isSuppressed: (finding) => suppressed(finding, agentId),
          identify: (outcome) =>
            Effect.gen(function*() {
              // once analysed, the scan is stored even if the client goes away meanwhile
              const recorded = yield* Effect.uninterruptible(storeWith(scans.record({
                orgId: owner.orgId,
                agentName: job.agentName,
                apiKeyId: owner.keyId,
                userId: owner.userId,
                policy: job.policy,
                output: job.output,
                riskScore: outcome.risk_score,
                summary: outcome.summary,
                filesScanned: outcome.files_scanned,
                filesSkipped: outcome.files_skipped ?? 0,
                partial: outcome.partial_results === true,
                warning: outcome.warning ?? null,
                durationMs: outcome.duration_ms,
                startedAt,
                findings: outcome.findings,
                ruleVersion
              })))
              const sarif = job.output === "sarif"
                ? renderSarif({ findings: outcome.findings, rules: catalogue.rules, toolVersion: VIGIL_VERSION, automationId: job.agentName })
                : undefined
              return {
                scan_id: recorded.scanId,
                agent_id: recorded.agentId,
                agent_name: recorded.agentName,
                created_at: recorded.createdAt,
                ...(sarif !== undefined ? { sarif } : {})
              }
            })
        })
      }).pipe(Effect.withSpan("ScanService.run"))

    return { run } as const
  })
}) {}
