import { Effect } from "effect"
import type { Catalogue } from "../catalogue/Catalogue.js"
import type { Finding } from "../domain/Finding.js"
import type { FileOutcome } from "../domain/Scan.js"
import type { FileAnalysis } from "./Analyser.js"
import { buildFindings } from "./buildFindings.js"
import { classify, normalisePath } from "./classify.js"
import type { FileRunner } from "./FileRunner.js"
import { isNotAnalysed } from "./pool/outcomes.js"
import type { RunTask } from "./RunTask.js"
import type { Analysis, AnalyseOptions, ScanFile, WorkerUnavailable } from "./Scanner.js"

/**
 * The scan pipeline: classify every file, analyse the analysable ones within the budget, turn raw
 * matches into findings, and account for every file (scanned, skipped, or not analysed, with why).
 * Findings are built as each file's result arrives, so neither texts nor raw matches pile up; files on
 * disk are read only when their batch goes to a worker.
 */
export const runPipeline = (
  catalogue: Catalogue,
  runner: FileRunner,
  files: ReadonlyArray<ScanFile>,
  budgetMs: number,
  options: AnalyseOptions = {}
): Effect.Effect<Analysis, WorkerUnavailable> =>
  Effect.gen(function*() {
    const started = Date.now()
    const deadlineAt = started + (options.budgetMs ?? budgetMs)
    const outcomes: Array<FileOutcome> = []
    const tasks: Array<RunTask> = []
    let skipped = 0
    for (const file of files) {
      const path = normalisePath(file.path)
      // files on disk were checked for binary content when found
      const c = classify(path, "content" in file ? file.content : "")
      if (c.action === "skip") {
        skipped++
        outcomes.push({ path, status: "skipped", kind: c.kind, reason: c.reason })
        continue
      }
      tasks.push("content" in file ? { path, content: file.content, kind: c.kind } : { path, kind: c.kind, bytes: file.bytes, read: file.read })
    }
    const onProgress = options.onProgress
    // per input index, so findings come out in file order whatever order workers finish in
    const findingsByFile: Array<ReadonlyArray<Finding> | undefined> = []
    let buildFailure: { readonly error: unknown } | undefined
    const findingsOf = (index: number, result: FileAnalysis, content: string): void => {
      if (result.status === "failed" || result.matches.length === 0) return
      try {
        findingsByFile[index] = buildFindings(catalogue, result.path, content, result.matches)
      } catch (error) {
        buildFailure ??= { error }
      }
    }
    const results = yield* runner.run(
      tasks,
      deadlineAt,
      onProgress ? (done) => onProgress(done, tasks.length) : undefined,
      findingsOf
    )
    if (buildFailure !== undefined) return yield* Effect.die(buildFailure.error)
    const findings: Array<Finding> = findingsByFile.flatMap((f) => f ?? [])
    let scanned = 0
    let notAnalysed = 0
    for (const r of results) {
      if (isNotAnalysed(r)) {
        notAnalysed++
        outcomes.push({ path: r.path, status: "not_analysed", kind: r.kind, reason: r.reason })
        continue
      }
      if (r.status === "failed") {
        skipped++
        outcomes.push({ path: r.path, status: "failed", kind: r.kind, reason: r.reason ?? "analysis failed" })
        continue
      }
      scanned++
      if (r.status === "partial") outcomes.push({ path: r.path, status: "partial", kind: r.kind, reason: r.reason ?? "partly analysed" })
    }
    return {
      findings,
      outcomes,
      filesScanned: scanned,
      filesSkipped: skipped,
      filesNotAnalysed: notAnalysed,
      durationMs: Date.now() - started
    }
  })
