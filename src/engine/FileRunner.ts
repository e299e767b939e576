import { Effect } from "effect"
import type { Analyser, FileAnalysis } from "./Analyser.js"
import { failedFile, notAnalysed } from "./pool/outcomes.js"
import { type ResultSink, type RunTask, taskContent } from "./RunTask.js"
import type { WorkerUnavailable } from "./Scanner.js"

/**
 * Runs file tasks somewhere (in this process or in a worker pool) and returns results in order. With
 * `sink`, each result (and the text it came from) is handed over as it settles and the returned
 * results carry no matches, so nothing accumulates per file.
 */
export interface FileRunner {
  readonly run: (
    tasks: ReadonlyArray<RunTask>,
    deadlineAt: number,
    onFileDone?: (done: number) => void,
    sink?: ResultSink
  ) => Effect.Effect<ReadonlyArray<FileAnalysis>, WorkerUnavailable>
  readonly ready: Effect.Effect<boolean>
}


/**
 * In-process runner (CLI local mode, tests): yields between files so the budget is honoured and
 * other fibers get a turn; files left when the budget is gone come back as not analysed.
 */
export const inProcessRunner = (analyser: Analyser): FileRunner => ({
  ready: Effect.succeed(true),
  run: (tasks, deadlineAt, onFileDone, sink) =>
    Effect.gen(function*() {
      const out: Array<FileAnalysis> = []
      const settle = (index: number, result: FileAnalysis, content: string): void => {
        if (sink === undefined) out.push(result)
        else {
          out.push(result.matches.length === 0 ? result : { ...result, matches: [] })
          sink(index, result, content)
        }
      }
      for (const [index, task] of tasks.entries()) {
        if (Date.now() >= deadlineAt) {
          settle(index, notAnalysed(task), "")
          continue
        }
        const read = taskContent(task)
        if ("unreadable" in read) settle(index, failedFile(task, read.unreadable), "")
        else settle(index, analyser.analyse({ path: task.path, kind: task.kind, content: read.content }, deadlineAt), read.content)
        onFileDone?.(out.length)
        yield* Effect.yieldNow()
      }
      return out
    })
})
