import { randomUUID } from "node:crypto"
import * as SqlClient from "@effect/sql/SqlClient"
import { Effect } from "effect"
import type { Finding, SeverityCounts } from "../domain/Finding.js"
import type { OutputFormat, Policy } from "../domain/Vocabulary.js"

/** Scans, their findings and the agents they belong to. */

export interface ScanToRecord {
  readonly orgId: string
  readonly agentName: string
  readonly apiKeyId: string | null
  readonly userId: string | null
  readonly policy: Policy
  readonly output: OutputFormat
  readonly riskScore: number
  readonly summary: SeverityCounts
  readonly filesScanned: number
  readonly filesSkipped: number
  readonly partial: boolean
  readonly warning: string | null
  readonly durationMs: number
  readonly startedAt: Date
  readonly findings: ReadonlyArray<Finding>
  /** content hash of the rule that produced a finding, so stored results stay explainable */
  readonly ruleVersion: (patternId: string) => string | null
}

export interface RecordedScan {
  readonly scanId: string
  readonly agentId: string
  readonly agentName: string
  readonly scanNumber: number
  readonly createdAt: string
}

/** 24 parameters per finding: 1,000 rows stay well under PostgreSQL's 65,535 bind parameters. */
const FINDINGS_PER_INSERT = 1000

const findingRow = (scanId: string, position: number, f: Finding, ruleVersion: string | null) => ({
  scan_id: scanId,
  position,
  finding_id: f.id,
  finding_hash: f.finding_hash,
  pattern_id: f.pattern_id,
  pattern: f.pattern,
  severity: f.severity,
  confidence: f.confidence,
  file_path: f.file,
  line_number: f.line,
  column_number: f.column,
  message: f.message,
  code_snippet: f.code_snippet,
  cwe: f.cwe,
  cvss: f.cvss,
  owasp_category: f.owasp_category,
  category: f.category,
  risk_tier: f.risk_tier,
  finding_type: f.finding_type,
  remediation_hint: f.remediation_hint,
  remediation_steps: JSON.stringify(f.remediation_steps),
  compliance_mapping: JSON.stringify(f.compliance_mapping),
  rule_version: ruleVersion,
  json_path: f.json_path ?? null
})

export class ScansRepo extends Effect.Service<ScansRepo>()("Vigil/ScansRepo", {
  effect: Effect.gen(function*() {
    const sql = yield* SqlClient.SqlClient

    /**
     * One transaction: the agent is upserted per (organisation, name) and its counter numbers the
     * scan, so concurrent scans of one agent get distinct, gap-free numbers.
     */
    const record = (scan: ScanToRecord): Effect.Effect<RecordedScan> =>
      sql.withTransaction(
        Effect.gen(function*() {
          const agents = yield* sql<{ id: string; name: string; scan_count: number }>`
            INSERT INTO agents (id, org_id, name, scan_count, last_scan_at)
            VALUES (${randomUUID()}, ${scan.orgId}, ${scan.agentName}, 1, now())
            ON CONFLICT (org_id, name) DO UPDATE SET scan_count = agents.scan_count + 1, last_scan_at = now()
            RETURNING id, name, scan_count`
          const agent = agents[0]
          if (agent === undefined) return yield* Effect.dieMessage("agent upsert returned no row")
          const scanId = randomUUID()
          const scans = yield* sql<{ created_at: Date }>`
            INSERT INTO scans ${
            sql.insert({
              id: scanId,
              org_id: scan.orgId,
              agent_id: agent.id,
              scan_number: agent.scan_count,
              api_key_id: scan.apiKeyId,
              user_id: scan.userId,
              policy: scan.policy,
              output: scan.output,
              risk_score: scan.riskScore,
              total_count: scan.summary.total,
              critical_count: scan.summary.critical,
              high_count: scan.summary.high,
              medium_count: scan.summary.medium,
              low_count: scan.summary.low,
              files_scanned: scan.filesScanned,
              files_skipped: scan.filesSkipped,
              partial: scan.partial,
              warning: scan.warning,
              duration_ms: scan.durationMs,
              started_at: scan.startedAt
            })
          }
            RETURNING created_at`
          for (let start = 0; start < scan.findings.length; start += FINDINGS_PER_INSERT) {
            const rows = scan.findings
              .slice(start, start + FINDINGS_PER_INSERT)
              .map((f, i) => findingRow(scanId, start + i, f, scan.ruleVersion(f.pattern_id)))
            yield* sql`INSERT INTO findings ${sql.insert(rows)}`
          }
          return {
            scanId,
            agentId: agent.id,
            agentName: agent.name,
            scanNumber: agent.scan_count,
            createdAt: (scans[0]?.created_at ?? new Date()).toISOString()
          }
        })
      ).pipe(Effect.orDie)

    return { record } as const
  })
}) {}
