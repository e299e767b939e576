import type { Analyser, FileAnalysis, FileTask } from "../Analyser.js"
import { failedFile, notAnalysed } from "./outcomes.js"

const MB = 1024 * 1024

/**
 * tree-sitter trees hold native memory V8 does not count, freed only by GC finalizers: without help
 * a child's RSS can grow to gigabytes (stack-notes §3.4). But a forced `gc()` is expensive beyond its
 * own time (measured: the next TypeScript pass ran 2-5 times slower when it came every 50 files), so
 * it is driven by what it is for: only once RSS passes `floorBytes`, and then again only after RSS
 * grew `stepBytes` since the last collection. A worker whose V8 heap manages itself (TypeScript,
 * JavaScript, configs) never reaches it; one that accumulates native trees does, a few times.
 */
export class MemoryHygiene {
  private collectedAt: number | undefined

  constructor(
    private readonly floorBytes = 192 * MB,
    private readonly stepBytes = 48 * MB,
    private readonly collect: () => void = () => globalThis.gc?.(),
    private readonly rss: () => number = () => process.memoryUsage.rss()
  ) {}

  async afterFile(): Promise<void> {
    const now = this.rss()
    if (now < this.floorBytes || (this.collectedAt !== undefined && now < this.collectedAt + this.stepBytes)) return
    this.collect()
    // finalizers of collected native objects run on a later turn of the event loop
    await new Promise<void>((resolve) => setImmediate(resolve))
    this.collectedAt = this.rss()
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
    await memory.afterFile()
  }
}
