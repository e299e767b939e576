import type { Analyser, FileAnalysis, FileTask } from "../Analyser.js"
import { failedFile, notAnalysed } from "./outcomes.js"

const MB = 1024 * 1024

/**
 * V8 lets a busy worker's heap grow well past what it keeps alive. Measured on the benchmark's
 * 100 MB / 10,000-file request (mixed languages, 2 workers): the workers peaked at 0.70 GB together
 * without forced collections and at 0.46 GB with them (1.58 vs 1.33 GB for every process; the target
 * is 1.5 GB). Python and Go trees no longer hold native memory (native/tree-export frees each tree in
 * the parse call); what grows is V8's own heap. But a forced `gc()` is expensive beyond its own time
 * (measured: the next TypeScript pass ran 2-5 times slower when it came every 50 files), so it is
 * driven by what it is for: only once RSS passes `floorBytes`, and then again only after RSS grew
 * `stepBytes` since the last collection.
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
