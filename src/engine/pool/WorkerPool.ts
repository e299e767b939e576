import { availableParallelism } from "node:os"
import { Effect, Runtime, type Scope } from "effect"
import type { FileAnalysis } from "../Analyser.js"
import type { ResultSink, RunTask } from "../RunTask.js"
import { WorkerUnavailable } from "../Scanner.js"
import { DEFAULT_BATCH_LIMITS } from "./batches.js"
import { DEFAULT_SEMI_SPACE_MB, type PoolConfig, PoolCore, type PoolLog, type PoolStats } from "./PoolCore.js"
import type { ChildLogLevel } from "./protocol.js"

export { defaultWorkerEntry } from "./defaultWorkerEntry.js"
export { isNotAnalysed, TIME_BUDGET_EXHAUSTED, WORKER_CRASHED_ON_FILE } from "./outcomes.js"
export type { PoolStats } from "./PoolCore.js"

export interface WorkerPoolOptions {
  /** absolute path of the child's compiled JS entry (see `defaultWorkerEntry`) */
  readonly entry: string
  /** sent to each child on start, e.g. `{ rulesDir, complianceDir }` */
  readonly init: unknown
  /** children; default: one per core */
  readonly size?: number
  /** a child reporting more RSS than this is retired after its batch; default 1500 */
  readonly maxRssMb?: number
  /** how long past the deadline a silent child is given before SIGKILL; default 2000 */
  readonly taskTimeoutGraceMs?: number
  /** batches allowed to wait before new runs are refused ("queue full"); default 1024 */
  readonly maxQueue?: number
  /** extra Node flags for children (`--expose-gc` is always added) */
  readonly execArgv?: ReadonlyArray<string>
  /** V8's young-generation semi-space per child, MB; default 64 (PoolCore.ts `WORKER_V8_FLAGS`) */
  readonly semiSpaceMb?: number
  /** a child that is not ready within this is killed and counts as a failed start; default 30000 */
  readonly initTimeoutMs?: number
  /** failed starts in a row, with no worker ready, before runs fail with WorkerUnavailable; default 3 */
  readonly maxFailedStarts?: number
  /** first respawn delay after a failed start, doubling per slot up to `respawnBackoffMaxMs`; default 200 */
  readonly respawnBackoffMs?: number
  /** default 30000 */
  readonly respawnBackoffMaxMs?: number
  /** most files per batch; default 32 (batches are balanced by bytes below these limits) */
  readonly batchMaxFiles?: number
  /** most source per batch; default 2 MB */
  readonly batchMaxBytes?: number
}

export interface WorkerPool {
  /**
   * Analyses the files and returns one result per task, in input order. Files the deadline left
   * unanalysed come back `failed` with a reason for which `isNotAnalysed` is true; a file two workers
   * died on comes back `failed` with `WORKER_CRASHED_ON_FILE`. `onFileDone` receives the number of
   * files settled so far (any outcome). Fails with WorkerUnavailable when no worker can be started,
   * the queue is full, or the pool closes meanwhile. Interrupting it drops the run's waiting batches.
   * Files on disk are read when their batch is sent. With `sink`, each result is handed to it as it
   * arrives and the returned results carry no matches.
   */
  readonly run: (
    tasks: ReadonlyArray<RunTask>,
    deadlineAt: number,
    onFileDone?: (settled: number) => void,
    sink?: ResultSink
  ) => Effect.Effect<ReadonlyArray<FileAnalysis>, WorkerUnavailable>
  /** at least one worker is initialised */
  readonly ready: Effect.Effect<boolean>
  readonly stats: Effect.Effect<PoolStats>
}

export const defaultPoolSize = (): number => Math.max(1, availableParallelism())

const toConfig = (options: WorkerPoolOptions): PoolConfig => ({
  size: options.size ?? defaultPoolSize(),
  entry: options.entry,
  init: options.init,
  execArgv: options.execArgv ?? [],
  semiSpaceMb: options.semiSpaceMb ?? DEFAULT_SEMI_SPACE_MB,
  maxRssBytes: (options.maxRssMb ?? 1500) * 1024 * 1024,
  taskTimeoutGraceMs: options.taskTimeoutGraceMs ?? 2_000,
  maxQueue: options.maxQueue ?? 1_024,
  initTimeoutMs: options.initTimeoutMs ?? 30_000,
  maxFailedStarts: options.maxFailedStarts ?? 3,
  respawnBackoffMs: { base: options.respawnBackoffMs ?? 200, max: options.respawnBackoffMaxMs ?? 30_000 },
  batchLimits: {
    maxFiles: options.batchMaxFiles ?? DEFAULT_BATCH_LIMITS.maxFiles,
    maxBytes: options.batchMaxBytes ?? DEFAULT_BATCH_LIMITS.maxBytes
  }
})

const logAt = (level: ChildLogLevel, message: string): Effect.Effect<void> => {
  switch (level) {
    case "debug":
      return Effect.logDebug(message)
    case "info":
      return Effect.logInfo(message)
    case "warning":
      return Effect.logWarning(message)
    case "error":
      return Effect.logError(message)
  }
}

/**
 * Starts the children (they initialise in the background; `ready` tells when one can take work) and
 * kills them all when the scope closes, waiting until they are reaped.
 */
export const makeWorkerPool = (options: WorkerPoolOptions): Effect.Effect<WorkerPool, never, Scope.Scope> =>
  Effect.gen(function* () {
    // child events arrive as callbacks: log them through the caller's runtime (its logger and level)
    const runtime = yield* Effect.runtime<never>()
    const log: PoolLog = (level, message, annotations) => {
      const entry = logAt(level, message).pipe(Effect.annotateLogs({ component: "worker-pool", ...annotations }))
      try {
        Runtime.runSync(runtime)(entry)
      } catch {
        // logging must never break the pool
      }
    }
    const core = yield* Effect.acquireRelease(
      Effect.sync(() => new PoolCore(toConfig(options), log)),
      (pool) => Effect.promise(() => pool.close())
    )
    const run: WorkerPool["run"] = (tasks, deadlineAt, onFileDone, sink) =>
      Effect.async<ReadonlyArray<FileAnalysis>, WorkerUnavailable>((resume) => {
        const cancel = core.submit(tasks, deadlineAt, onFileDone, (outcome) => {
          resume(
            outcome._tag === "Done" ? Effect.succeed(outcome.results) : Effect.fail(new WorkerUnavailable({ reason: outcome.reason }))
          )
        }, sink)
        return Effect.sync(cancel)
      })
    return {
      run,
      ready: Effect.sync(() => core.isReady()),
      stats: Effect.sync(() => core.stats())
    }
  })
