import type { FileAnalysis, FileKind, FileTask } from "./Analyser.js"

/**
 * A file the runner reads from disk only when a worker is about to analyse it, and forgets once its
 * result is handled: a local scan of a large tree never holds the whole tree in memory.
 */
export interface DiskTask {
  readonly path: string
  readonly kind: FileKind
  /** size on disk, for balancing batches */
  readonly bytes: number
  /** the file's text; throws when the file can no longer be read */
  readonly read: () => string
}

/** What a runner accepts: content in memory (HTTP scans, tests) or on disk (`vigil scan`). */
export type RunTask = FileTask | DiskTask

export const isDiskTask = (task: RunTask): task is DiskTask => "read" in task

/** Size used to balance batches: bytes on disk, or the in-memory text's length. */
export const taskSize = (task: RunTask): number => (isDiskTask(task) ? task.bytes : task.content.length)

/** The text to analyse, or why it could not be read. */
export const taskContent = (task: RunTask): { readonly content: string } | { readonly unreadable: string } => {
  if (!isDiskTask(task)) return { content: task.content }
  try {
    return { content: task.read() }
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code
    return { unreadable: `unreadable (${code ?? (error instanceof Error ? error.message : "error")})` }
  }
}

/**
 * Receives each file's result as it settles, with the text that was analysed (empty when the file
 * was never analysed): the caller turns matches into findings at once instead of keeping every
 * file's text and matches until the end.
 */
export type ResultSink = (index: number, result: FileAnalysis, content: string) => void
