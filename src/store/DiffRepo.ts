import * as SqlClient from "@effect/sql/SqlClient"
import * as SqlSchema from "@effect/sql/SqlSchema"
import { Effect, Option, Schema } from "effect"
import { Finding } from "../domain/Finding.js"

/** Reads what a diff compares: a scan with its agent, the agent's previous scan, a scan's findings. */

export interface StoredScan {
  readonly id: string
  readonly agentId: string
  readonly agentName: string
  readonly scanNumber: number
  readonly riskScore: number
  /** ISO 8601 */
  readonly createdAt: string
}

const ScanRow = Schema.Struct({
  id: Schema.String,
  agent_id: Schema.String,
  agent_name: Schema.String,
  scan_number: Schema.Int,
  risk_score: Schema.Int,
  created_at: Schema.DateFromSelf
})

const toStoredScan = (row: typeof ScanRow.Type): StoredScan => ({
  id: row.id,
  agentId: row.agent_id,
  agentName: row.agent_name,
  scanNumber: row.scan_number,
  riskScore: row.risk_score,
  createdAt: row.created_at.toISOString()
})

/** jsonb arrives parsed from node-postgres; a string (text-typed driver) is parsed here instead. */
const JsonColumn = Schema.Union(
  Schema.parseJson(),
  Schema.Unknown
)

const FindingRow = Schema.Struct({
  finding_id: Schema.String,
  finding_hash: Schema.String,
  pattern_id: Schema.String,
  pattern: Schema.String,
  severity: Schema.String,
  confidence: Schema.Number,
  file_path: Schema.String,
  line_number: Schema.Int,
  column_number: Schema.Int,
  message: Schema.String,
  code_snippet: Schema.String,
  cwe: Schema.String,
  cvss: Schema.Number,
  owasp_category: Schema.String,
  category: Schema.String,
  risk_tier: Schema.String,
  finding_type: Schema.String,
  remediation_hint: Schema.String,
  remediation_steps: JsonColumn,
  compliance_mapping: JsonColumn,
  json_path: Schema.NullOr(Schema.String)
})

/** The stored row back into the API's finding, field for field as the scan result had it. */
const decodeFinding = Schema.decodeUnknownSync(Finding)
const toFinding = (row: typeof FindingRow.Type): Finding =>
  decodeFinding({
    id: row.finding_id,
    pattern_id: row.pattern_id,
    pattern: row.pattern,
    severity: row.severity,
    confidence: row.confidence,
    file: row.file_path,
    line: row.line_number,
    column: row.column_number,
    message: row.message,
    code_snippet: row.code_snippet,
    cwe: row.cwe,
    cvss: row.cvss,
    owasp_category: row.owasp_category,
    category: row.category,
    risk_tier: row.risk_tier,
    finding_type: row.finding_type,
    remediation_hint: row.remediation_hint,
    remediation_steps: row.remediation_steps,
    compliance_mapping: row.compliance_mapping,
    finding_hash: row.finding_hash,
    ...(row.json_path !== null ? { json_path: row.json_path } : {})
  })

export class DiffRepo extends Effect.Service<DiffRepo>()("Vigil/DiffRepo", {
  effect: Effect.gen(function*() {
    const sql = yield* SqlClient.SqlClient

    const scanSelect = sql`
      SELECT s.id, s.agent_id, a.name AS agent_name, s.scan_number, s.risk_score, s.created_at
      FROM scans s JOIN agents a ON a.id = s.agent_id`

    /** Scoped by organisation in the query itself: another organisation's scan is simply not found. */
    const findScanQuery = SqlSchema.findOne({
      Request: Schema.Struct({ orgId: Schema.String, scanId: Schema.String }),
      Result: ScanRow,
      execute: ({ orgId, scanId }) => sql`${scanSelect} WHERE s.id = ${scanId} AND s.org_id = ${orgId}`
    })

    /** Scan numbers are per agent and gap-free, so "previous" is the highest number below. */
    const previousScanQuery = SqlSchema.findOne({
      Request: Schema.Struct({ agentId: Schema.String, scanNumber: Schema.Int }),
      Result: ScanRow,
      execute: ({ agentId, scanNumber }) =>
        sql`${scanSelect} WHERE s.agent_id = ${agentId} AND s.scan_number < ${scanNumber}
            ORDER BY s.scan_number DESC LIMIT 1`
    })

    const findingsQuery = SqlSchema.findAll({
      Request: Schema.String,
      Result: FindingRow,
      execute: (scanId) =>
        sql`SELECT finding_id, finding_hash, pattern_id, pattern, severity, confidence, file_path, line_number,
                   column_number, message, code_snippet, cwe, cvss, owasp_category, category, risk_tier,
                   finding_type, remediation_hint, remediation_steps, compliance_mapping, json_path
            FROM findings WHERE scan_id = ${scanId} ORDER BY position`
    })

    /** `scanId` must be a UUID (the column is uuid; anything else is a SQL error, hence a defect). */
    const findScan = (orgId: string, scanId: string): Effect.Effect<Option.Option<StoredScan>> =>
      findScanQuery({ orgId, scanId: scanId.toLowerCase() }).pipe(Effect.map(Option.map(toStoredScan)), Effect.orDie)

    const previousScan = (scan: StoredScan): Effect.Effect<Option.Option<StoredScan>> =>
      previousScanQuery({ agentId: scan.agentId, scanNumber: scan.scanNumber }).pipe(
        Effect.map(Option.map(toStoredScan)),
        Effect.orDie
      )

    const findingsOf = (scanId: string): Effect.Effect<ReadonlyArray<Finding>> =>
      findingsQuery(scanId).pipe(
        Effect.flatMap((rows) => Effect.try(() => rows.map(toFinding))),
        Effect.orDie
      )

    return { findScan, previousScan, findingsOf } as const
  })
}) {}
