import { Effect } from "effect"
import type { Finding } from "../../domain/Finding.js"
import type { FileOutcome, ScanResult } from "../../domain/Scan.js"
import type { Policy } from "../../domain/Vocabulary.js"
import { concludeScan } from "../../usecases/concludeScan.js"
import { type LineEdit, originalColumn } from "./redact.js"

/**
 * One scan result from the server's answers (one per request) and the credential findings made
 * locally. Lines need no mapping (redaction keeps them); columns after a marker are mapped back.
 * The server's own credential findings on redacted lines are dropped: they describe the markers
 * (or the same secrets the local findings already report, from the original text). Counting,
 * scoring and quick wins are then recomputed by concludeScan, the step every scan ends with.
 */
export interface MergeInput {
  readonly answers: ReadonlyArray<ScanResult>
  readonly credentialFindings: ReadonlyArray<Finding>
  readonly edits: ReadonlyMap<string, ReadonlyArray<LineEdit>>
  /** files that never reached the server, with why */
  readonly notUploaded: ReadonlyArray<FileOutcome>
  /** upload order of the paths, so findings come out in the order a local scan gives */
  readonly fileOrder: ReadonlyArray<string>
  readonly isCredentialRule: (patternId: string) => boolean
  readonly policy: Policy
  readonly quickWinAction: (patternId: string) => string
  readonly scanId: string
  readonly durationMs: number
}

const lineKey = (file: string, line: number): string => `${file}\u0000${line}`

export const mergeResults = (input: MergeInput): Effect.Effect<ScanResult> => {
  const covered = new Set<string>()
  for (const [file, edits] of input.edits) for (const e of edits) covered.add(lineKey(file, e.line))
  for (const f of input.credentialFindings) covered.add(lineKey(f.file, f.line))

  const fromServer = input.answers.flatMap((answer) =>
    answer.findings.flatMap((f): Array<Finding> => {
      if (input.isCredentialRule(f.pattern_id) && covered.has(lineKey(f.file, f.line))) return []
      const edits = input.edits.get(f.file)
      return [edits === undefined ? f : { ...f, column: originalColumn(edits, f.line, f.column) }]
    })
  )
  const order = new Map(input.fileOrder.map((path, i) => [path, i]))
  const findings = [...fromServer, ...input.credentialFindings].sort(
    (a, b) =>
      (order.get(a.file) ?? Number.MAX_SAFE_INTEGER) - (order.get(b.file) ?? Number.MAX_SAFE_INTEGER) ||
      a.file.localeCompare(b.file) ||
      a.line - b.line ||
      a.column - b.column ||
      a.pattern_id.localeCompare(b.pattern_id)
  )
  const serverOutcomes = input.answers.flatMap((a) => a.file_outcomes ?? [])
  const first = input.answers[0]
  return concludeScan(
    {
      findings,
      outcomes: [...input.notUploaded, ...serverOutcomes],
      filesScanned: input.answers.reduce((n, a) => n + a.files_scanned, 0),
      filesSkipped: input.notUploaded.length + input.answers.reduce((n, a) => n + (a.files_skipped ?? 0), 0),
      filesNotAnalysed: serverOutcomes.filter((o) => o.status === "not_analysed").length,
      durationMs: input.durationMs
    },
    {
      policy: input.policy,
      quickWinAction: input.quickWinAction,
      identify: () =>
        Effect.succeed({
          scan_id: input.scanId,
          ...(first?.agent_id !== undefined ? { agent_id: first.agent_id } : {}),
          ...(first?.agent_name !== undefined ? { agent_name: first.agent_name } : {}),
          ...(first?.created_at !== undefined ? { created_at: first.created_at } : {})
        })
    }
  )
}
