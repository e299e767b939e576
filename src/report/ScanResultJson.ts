import type { ScanResult } from "../domain/Scan.js"
import type { ScanOutcome } from "../engine/service.js"

/** The SPEC scan result from an engine outcome; optional keys are omitted, never null. */
export const toScanResult = (
  outcome: ScanOutcome,
  extra: { readonly scan_id: string; readonly agent_id?: string; readonly agent_name?: string; readonly created_at?: string; readonly sarif?: unknown }
): ScanResult => ({
  success: true,
  scan_id: extra.scan_id,
  ...(extra.agent_id !== undefined ? { agent_id: extra.agent_id } : {}),
  ...(extra.agent_name !== undefined ? { agent_name: extra.agent_name } : {}),
  ...(extra.created_at !== undefined ? { created_at: extra.created_at } : {}),
  risk_score: outcome.risk_score,
  summary: outcome.summary,
  files_scanned: outcome.files_scanned,
  ...(outcome.files_skipped !== undefined ? { files_skipped: outcome.files_skipped } : {}),
  findings: outcome.findings,
  ...(outcome.quick_wins !== undefined ? { quick_wins: outcome.quick_wins } : {}),
  ...(outcome.partial_results !== undefined ? { partial_results: outcome.partial_results } : {}),
  ...(outcome.warning !== undefined ? { warning: outcome.warning } : {}),
  ...(outcome.file_outcomes.length > 0 ? { file_outcomes: outcome.file_outcomes } : {}),
  duration_ms: outcome.duration_ms,
  ...(extra.sarif !== undefined ? { sarif: extra.sarif } : {})
})
