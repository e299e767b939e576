/**
 * The engine's front door: everything outside src/engine/ imports the engine from this module and
 * from nowhere else (test/architecture.test.ts enforces it), so the engine's inside can be rebuilt
 * without touching its callers. Grouped by what callers do with it.
 */

// Loading the rules: catalogue/ decodes, the engine compiles every matcher to check it.
export { checkMatcher } from "./checkMatcher.js"
export { type LoadOptions, loadCatalogueForScan, loadCatalogueSync } from "./loadCatalogue.js"

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
export { CatalogueLive, loadCatalogue, ScannerLive, type ScannerOptions } from "./ScannerLive.js"

// Finalising a scan: findings, counts, risk score, quick wins and the policy, in one step.
export { countBySeverity, finalizeScan, partialWarning, type ScanOutcome } from "./Result.js"

// Findings built outside a scan (the CLI's remote mode builds them from the server's matches).
export { buildFindings } from "./buildFindings.js"
// Findings a client reports about uploaded files (an upload session's client findings).
export { declaredLevels, findingFromClient } from "./clientFinding.js"
export { type Classification, classify, isFixturePath, normalisePath } from "./classify.js"
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

// Rule checks: the annotated examples of every rule.
export { type ExampleFailure, type HarnessReport, runHarness, runRuleExamples } from "./exampleHarness.js"

// Secret detection before upload: the credentials rule alone, run in this process.
export { CREDENTIAL_RULE, makeSecretScanner, type SecretHit, type SecretScan, type SecretScanner } from "./secretScanner.js"
