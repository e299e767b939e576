/**
 * The engine's lean front door: everything a process needs that scans through analysis workers and
 * reads the catalogue from its build-time snapshot (the server; every CLI command at start-up).
 * Importing it loads neither tree-sitter nor TypeScript's compiler: measured, those cost the server
 * process about 55 MB of RSS and 0.7 s of start-up for nothing, since its workers do the parsing.
 * What does parse or compile matchers in the calling process (the catalogue's full check, the
 * examples harness, the local secret scanner) is in index.ts, the full front door, which re-exports
 * this one; lean code imports it with `import()` where it needs it (test/architecture.test.ts).
 */

// The catalogue for scanning: the snapshot, or (stale or missing) the full decode, loaded on demand.
export { CatalogueLive, loadCatalogue, ScannerLive, type ScannerOptions } from "./ScannerLive.js"

// Scanning: the service (in-process or a worker pool) and the shape of what it returns.
export type { FileAnalysis, FileKind, FileTask } from "./Analyser.js"
export type { RawMatch } from "./matchers/RawMatch.js"
export {
  type AnalyseOptions,
  type Analysis,
  type FileOnDisk,
  type ScanFile,
  Scanner,
  type ScannerShape,
  WorkerUnavailable
} from "./Scanner.js"
export { defaultPoolSize } from "./pool/WorkerPool.js"

// Finalising a scan: findings, counts, risk score, quick wins and the policy, in one step.
export { countBySeverity, finalizeScan, partialWarning, type ScanOutcome } from "./Result.js"

// Findings built outside a scan (the CLI's remote mode builds them from the server's matches).
export { buildFindings } from "./buildFindings.js"
// Findings a client reports about uploaded files (an upload session's client findings).
export { declaredLevels, findingFromClient } from "./clientFinding.js"
export { type Classification, classify, isFixturePath, normalisePath, readsFileNamed } from "./classify.js"
export { maskAll, maskSecret } from "./Mask.js"

// Comparing scans and matching suppressions.
export { computeDiff, type DiffSide, type IsSuppressed } from "./Diff.js"
export {
  type FindingFacts,
  type MatchableFinding,
  matcherFor,
  scopeMatches,
  specificity,
  type SuppressionScope
} from "./SuppressionMatch.js"

// Secret detection before upload: what callers name; the scanner itself is in index.ts.
export { CREDENTIAL_RULE, type SecretHit, type SecretScan, type SecretScanner } from "./secrets.js"
