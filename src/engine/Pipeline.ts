import { Effect } from "effect"
import type { Catalogue } from "../catalogue/Catalogue.js"
import type { Finding } from "../domain/Finding.js"
import type { FileEntry, FileOutcome } from "../domain/Scan.js"
import type { FileTask } from "./Analyser.js"
import { buildFindings } from "./buildFindings.js"
import { classify, normalisePath } from "./classify.js"
import type { FileRunner } from "./FileRunner.js"
import { isNotAnalysed } from "./pool/outcomes.js"
import type { Analysis, AnalyseOptions, WorkerUnavailable } from "./Scanner.js"

/**
 * The scan pipeline: classify every file, analyse the analysable ones within the budget, turn raw
 * matches into findings, and account for every file (scanned, skipped, or not analysed, with why).
 */
export const runPipeline = (
  catalogue: Catalogue,
  runner: FileRunner,
  files: ReadonlyArray<FileEntry>,
  budgetMs: number,
  options: AnalyseOptions = {}
): Effect.Effect<Analysis, WorkerUnavailable> =>
  Effect.gen(function*() {
    const started = Date.now()
    const deadlineAt = started + (options.budgetMs ?? budgetMs)
    const outcomes: Array<FileOutcome> = []
    const tasks: Array<FileTask> = []
    const contents = new Map<string, string>()
    let skipped = 0
    for (const file of files) {
      const path = normalisePath(file.path)
      const c = classify(path, file.content)
      if (c.action === "skip") {
        skipped++
        outcomes.push({ path, status: "skipped", kind: c.kind, reason: c.reason })
        continue
      }
      contents.set(path, file.content)
      tasks.push({ path, content: file.content, kind: c.kind })
    }
    const onProgress = options.onProgress
    const results = yield* runner.run(tasks, deadlineAt, onProgress ? (done) => onProgress(done, tasks.length) : undefined)
    const findings: Array<Finding> = []
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
      if (r.matches.length > 0) findings.push(...buildFindings(catalogue, r.path, contents.get(r.path) ?? "", r.matches))
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
