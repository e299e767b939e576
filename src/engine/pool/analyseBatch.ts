import type { Analyser, FileAnalysis, FileTask } from "../Analyser.js"
import { failedFile, notAnalysed } from "./outcomes.js"

/*
 * No forced gc(): it was there because tree-sitter's binding trees held native memory that V8 does
 * not count until a finalizer ran. Python and Go are now parsed through native/tree-export, which
 * frees each tree inside the parse call, and a local scan of a 19 MB Python tree peaked at 213 MB
 * in its largest process without any forced collection (207 MB with them).
 */

const describeError = (error: unknown): string => (error instanceof Error ? error.message : String(error))

/** One file, never throwing: an analyser bug costs this file, not the batch. */
export const analyseSafely = (analyser: Analyser, task: FileTask, deadlineAt: number): FileAnalysis => {
  if (Date.now() >= deadlineAt) return notAnalysed(task)
  try {
    return analyser.analyse(task, deadlineAt)
  } catch (error) {
    return failedFile(task, `analysis failed: ${describeError(error)}`)
  }
}

/** Analyses the batch in order, handing each result out as soon as it exists. */
export const analyseBatch = (
  analyser: Analyser,
  tasks: ReadonlyArray<FileTask>,
  deadlineAt: number,
  emit: (index: number, result: FileAnalysis) => void
): void => {
  for (const [index, task] of tasks.entries()) {
    emit(index, analyseSafely(analyser, task, deadlineAt))
  }
}
