import { Effect } from "effect"
import { CatalogueService } from "../catalogue/Catalogue.js"
import { AppConfig } from "../config/AppConfig.js"
import { WorkerUnavailable as WorkerUnavailableError } from "../domain/Errors.js"
import type { ScanResult } from "../domain/Scan.js"
import { finalizeScan, Scanner } from "../engine/index.js"
import { renderSarif } from "../report/Sarif.js"
import { toScanResult } from "../report/ScanResultJson.js"
import { ScansRepo } from "../store/ScansRepo.js"
import { SuppressionsRepo } from "../store/SuppressionsRepo.js"
import { VIGIL_VERSION } from "../version.js"
import type { Principal } from "./api/Authentication.js"
import { agentNameFor, type ValidScanRequest } from "./scanRequest.js"

/**
 * One scan from a validated request to the response body: analyse, apply the policy, score, persist
 * with the agent, and render SARIF when asked. Active suppressions of the organisation hide findings
 * before counting and scoring.
 */
export class ScanService extends Effect.Service<ScanService>()("Vigil/ScanService", {
  effect: Effect.gen(function*() {
    const scanner = yield* Scanner
    const catalogue = yield* CatalogueService
    const scans = yield* ScansRepo
    const config = yield* AppConfig
    const suppressions = yield* SuppressionsRepo

    const quickWinAction = (patternId: string): string =>
      catalogue.resolve(patternId)?.quick_win ?? `Fix the ${patternId} findings.`
    const ruleVersion = (patternId: string): string | null => catalogue.resolve(patternId)?.version ?? null

    const run = (principal: Principal, request: ValidScanRequest): Effect.Effect<ScanResult, WorkerUnavailableError> =>
      Effect.gen(function*() {
        const startedAt = new Date()
        const analysis = yield* scanner.analyse(request.files, { budgetMs: config.scanBudgetMs }).pipe(
          Effect.catchTag("WorkerUnavailable", (e) =>
            Effect.fail(
              new WorkerUnavailableError({ error: `No analysis worker can take the scan (${e.reason}); retry shortly.` })
            ))
        )
        const agentName = agentNameFor(request)
        // agent-scoped suppressions name an existing agent: a first scan of an agent has none
        const agentId = yield* suppressions.agentIdFor(principal.orgId, agentName)
        const suppressed = yield* suppressions.activeMatcher(principal.orgId)
        const outcome = finalizeScan(analysis, {
          policy: request.policy,
          quickWinAction,
          isSuppressed: (finding) => suppressed(finding, agentId)
        })
        // once analysed, the scan is stored even if the client goes away meanwhile
        const recorded = yield* Effect.uninterruptible(scans.record({
          orgId: principal.orgId,
          agentName,
          apiKeyId: principal.keyId,
          userId: principal.userId,
          policy: request.policy,
          output: request.output,
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
        }))
        const sarif = request.output === "sarif"
          ? renderSarif({ findings: outcome.findings, rules: catalogue.rules, toolVersion: VIGIL_VERSION, automationId: agentName })
          : undefined
        const result: ScanResult = {
          ...toScanResult(outcome, {
            scan_id: recorded.scanId,
            agent_id: recorded.agentId,
            agent_name: recorded.agentName,
            created_at: recorded.createdAt,
            ...(sarif !== undefined ? { sarif } : {})
          }),
          policy: request.policy
        }
        return result
      }).pipe(Effect.withSpan("ScanService.run"))

    return { run } as const
  })
}) {}
