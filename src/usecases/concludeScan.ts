import { Effect } from "effect"
import type { Finding } from "../domain/Finding.js"
import type { ScanResult } from "../domain/Scan.js"
import type { Policy } from "../domain/Vocabulary.js"
import { type Analysis, finalizeScan, type ScanOutcome } from "../engine/service.js"
import { toScanResult } from "../report/ScanResultJson.js"

/**
 * The last step of every scan, wherever it ran: the server (POST /v1/scan, an upload session), the
 * embedded engine of `vigil scan`, and the CLI's merge of a remote scan. Policy and suppressions,
 * counting, scoring and quick wins (the engine's finalizeScan), then the identity the caller gives
 * the scan (stored, or made up locally), then the SPEC scan result. One place, so the three can
 * never disagree on what a result holds.
 */

/** Who the scan is, once it has one: a stored scan's ids, or a local run's. */
export interface ScanIdentity {
  readonly scan_id: string
  readonly agent_id?: string
  readonly agent_name?: string
  readonly created_at?: string
  readonly sarif?: unknown
}

export interface ConcludeOptions<E, R> {
  readonly policy: Policy
  readonly quickWinAction: (patternId: string) => string
  readonly isSuppressed?: (finding: Finding) => boolean
  /** gives the finished outcome its identity: the server stores it here, the CLI names it */
  readonly identify: (outcome: ScanOutcome) => Effect.Effect<ScanIdentity, E, R>
}

export const concludeScan = <E, R>(analysis: Analysis, options: ConcludeOptions<E, R>): Effect.Effect<ScanResult, E, R> =>
  Effect.gen(function*() {
    const outcome = finalizeScan(analysis, {
      policy: options.policy,
      quickWinAction: options.quickWinAction,
      ...(options.isSuppressed !== undefined ? { isSuppressed: options.isSuppressed } : {})
    })
    const identity = yield* options.identify(outcome)
    const result: ScanResult = { ...toScanResult(outcome, identity), policy: options.policy }
    return result
  })

/** The quick-win line of a rule, with the wording every edge uses when a rule has none. */
export const quickWinActionOf = (resolve: (patternId: string) => { readonly quick_win?: string } | undefined) =>
(patternId: string): string => resolve(patternId)?.quick_win ?? `Fix the ${patternId} findings.`
