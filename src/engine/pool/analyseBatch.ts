import type { Analyser, FileAnalysis, FileTask } from "../Analyser.js"
import { failedFile, notAnalysed } from "./outcomes.js"

/**
 * tree-sitter trees hold native memory V8 does not count, freed only by GC finalizers. Without help a
 * child's RSS grows to gigabytes; `gc()` plus an event-loop turn every few dozen files keeps it near
 * 200 MB (stack-notes §3.4). Counted across batches, by files and by source volume.
 */
export class MemoryHygiene {
  private files = 0
  private bytes = 0

  constructor(
    private readonly everyFiles = 50,
    private readonly everyBytes = 4 * 1024 * 1024,
    private readonly collect: () => void = () => globalThis.gc?.()
  ) {}

  async afterFile(task: FileTask): Promise<void> {
    this.files += 1
    this.bytes += task.content.length
    if (this.files < this.everyFiles && this.bytes < this.everyBytes) return
    this.files = 0
    this.bytes = 0
    this.collect()
    await new Promise<void>((resolve) => setImmediate(resolve))
  }
}

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
export const analyseBatch = async (
  analyser: Analyser,
  tasks: ReadonlyArray<FileTask>,
  deadlineAt: number,
  emit: (index: number, result: FileAnalysis) => void,
  memory: MemoryHygiene
): Promise<void> => {
  for (const [index, task] of tasks.entries()) {
    emit(index, analyseSafely(analyser, task, deadlineAt))
    await memory.afterFile(task)
  }
}
