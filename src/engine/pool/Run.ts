import type { FileAnalysis } from "../Analyser.js"
import type { ResultSink, RunTask } from "../RunTask.js"

export type RunOutcome =
  | { readonly _tag: "Done"; readonly results: ReadonlyArray<FileAnalysis> }
  | { readonly _tag: "Unavailable"; readonly reason: string }

/**
 * One caller's `run`: its files, the results so far (by input index) and how often a worker died while
 * on each file. Finishes exactly once: when every file has a result, or when the pool gives up.
 * With a result sink, each result goes to the sink as it settles (with the analysed text) and only
 * its outcome is kept (matches dropped), so memory does not grow with the findings of a large scan.
 */
export class Run {
  readonly results: Array<FileAnalysis | undefined>
  /** per input index: worker deaths while this file was the one being analysed */
  readonly crashes: Uint8Array
  deadlineTimer: ReturnType<typeof setTimeout> | undefined
  private settledCount = 0
  private finishedFlag = false

  constructor(
    readonly id: number,
    readonly tasks: ReadonlyArray<RunTask>,
    readonly deadlineAt: number,
    private readonly onFileDone: ((settled: number) => void) | undefined,
    private readonly onFinish: (run: Run, outcome: RunOutcome) => void,
    private readonly sink?: ResultSink
  ) {
    this.results = new Array<FileAnalysis | undefined>(tasks.length).fill(undefined)
    this.crashes = new Uint8Array(tasks.length)
  }

  get finished(): boolean {
    return this.finishedFlag
  }

  task(index: number): RunTask {
    const task = this.tasks[index]
    if (task === undefined) throw new RangeError(`no task at index ${index}`)
    return task
  }

  /**
   * Records the first result for a file; later ones (a retry racing a late message) are ignored.
   * `content` is the text the result was computed from (absent when the file was never analysed).
   */
  settle(index: number, result: FileAnalysis, content = ""): void {
    if (this.finishedFlag || this.results[index] !== undefined) return
    if (this.sink === undefined) this.results[index] = result
    else {
      this.results[index] = result.matches.length === 0 ? result : { ...result, matches: [] }
      try {
        this.sink(index, result, content)
      } catch {
        // a consumer's failure must not break the pool's bookkeeping
      }
    }
    this.settledCount += 1
    try {
      this.onFileDone?.(this.settledCount)
    } catch {
      // progress display must not break the pool's bookkeeping
    }
    if (this.settledCount === this.tasks.length) {
      this.finish({ _tag: "Done", results: this.results.filter((r): r is FileAnalysis => r !== undefined) })
    }
  }

  fail(reason: string): void {
    this.finish({ _tag: "Unavailable", reason })
  }

  /** The caller went away (interrupted): finish silently. */
  abandon(): void {
    if (this.finishedFlag) return
    this.finishedFlag = true
    this.clearTimer()
  }

  private finish(outcome: RunOutcome): void {
    if (this.finishedFlag) return
    this.finishedFlag = true
    this.clearTimer()
    this.onFinish(this, outcome)
  }

  private clearTimer(): void {
    if (this.deadlineTimer !== undefined) clearTimeout(this.deadlineTimer)
    this.deadlineTimer = undefined
  }
}
