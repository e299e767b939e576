import { Effect } from "effect"
import type { Analyser, FileAnalysis, FileTask } from "./Analyser.js"
import { TIME_BUDGET_EXHAUSTED } from "./pool/outcomes.js"
import type { WorkerUnavailable } from "./Scanner.js"

/** Runs file tasks somewhere (in this process or in a worker pool) and returns results in order. */
export interface FileRunner {
  readonly run: (
    tasks: ReadonlyArray<FileTask>,
    deadlineAt: number,
    onFileDone?: (done: number) => void
  ) => Effect.Effect<ReadonlyArray<FileAnalysis>, WorkerUnavailable>
  readonly ready: Effect.Effect<boolean>
}


/**
 * In-process runner (CLI local mode, tests): yields between files so the budget is honoured and
 * other fibers get a turn; files left when the budget is gone come back as not analysed.
 */
export const inProcessRunner = (analyser: Analyser): FileRunner => ({
  ready: Effect.succeed(true),
  run: (tasks, deadlineAt, onFileDone) =>
    Effect.gen(function*() {
      const out: Array<FileAnalysis> = []
      for (const task of tasks) {
        if (Date.now() >= deadlineAt) {
          out.push({ path: task.path, kind: task.kind, status: "failed", reason: TIME_BUDGET_EXHAUSTED, matches: [] })
          continue
        }
        out.push(analyser.analyse(task, deadlineAt))
        onFileDone?.(out.length)
        yield* Effect.yieldNow()
      }
      return out
    })
})
