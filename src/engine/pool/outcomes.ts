import type { FileAnalysis, FileTask } from "../Analyser.js"

/** what an outcome needs to know about its file */
type FileId = Pick<FileTask, "path" | "kind">

/**
 * Results the pool (or the child) produces for files it could not analyse. They reuse the
 * `FileAnalysis` shape with status "failed"; a file the time budget left unanalysed is told apart by
 * its reason prefix, so callers count those separately (`isNotAnalysed`) and mark the scan partial.
 */

export const NOT_ANALYSED_PREFIX = "not analysed: "
export const TIME_BUDGET_EXHAUSTED = `${NOT_ANALYSED_PREFIX}time budget exhausted`
export const WORKER_CRASHED_ON_FILE = "analysis worker crashed on this file"

const failedResult = (task: FileId, reason: string): FileAnalysis => ({
  path: task.path,
  kind: task.kind,
  status: "failed",
  reason,
  matches: []
})

/** The budget ran out before this file was analysed; `detail` says why, when there is more to say. */
export const notAnalysed = (task: FileId, detail?: string): FileAnalysis =>
  failedResult(task, detail === undefined ? TIME_BUDGET_EXHAUSTED : `${TIME_BUDGET_EXHAUSTED} (${detail})`)

/** The child died on this file twice (or once, after the deadline): a poison file. */
export const crashedOnFile = (task: FileId): FileAnalysis => failedResult(task, WORKER_CRASHED_ON_FILE)

export const failedFile = failedResult

/** True for files the time budget left unanalysed (they make the scan result partial). */
export const isNotAnalysed = (result: FileAnalysis): boolean =>
  result.status === "failed" && result.reason !== undefined && result.reason.startsWith(NOT_ANALYSED_PREFIX)
