import { fileURLToPath } from "node:url"
import { Effect, Logger, LogLevel, type Scope } from "effect"
import type { FileTask } from "../../src/engine/Analyser.js"
import { makeWorkerPool, type WorkerPool, type WorkerPoolOptions } from "../../src/engine/pool/WorkerPool.js"

export const FAKE_WORKER = fileURLToPath(new URL("./fixtures/fake-worker.mjs", import.meta.url))

export const task = (path: string, content = "ok"): FileTask => ({ path, content, kind: "python" })

export const tasks = (count: number, content = "ok"): Array<FileTask> =>
  Array.from({ length: count }, (_, i) => task(`src/file${i}.py`, content))

/** Runs `body` with a pool of fake workers; the pool (and its children) is closed afterwards. */
export const withPool = <A, E>(
  options: Partial<WorkerPoolOptions>,
  body: (pool: WorkerPool) => Effect.Effect<A, E, Scope.Scope>
): Promise<A> =>
  Effect.gen(function* () {
    const pool = yield* makeWorkerPool({ entry: FAKE_WORKER, init: {}, size: 2, ...options })
    return yield* body(pool)
  }).pipe(Effect.scoped, Logger.withMinimumLogLevel(LogLevel.None), Effect.runPromise)

/** Polls until the pool has a ready worker (children start in the background). */
export const awaitReady = (pool: WorkerPool, timeoutMs = 5_000): Effect.Effect<void> =>
  Effect.gen(function* () {
    const until = Date.now() + timeoutMs
    while (!(yield* pool.ready)) {
      if (Date.now() > until) return yield* Effect.die(new Error("pool never became ready"))
      yield* Effect.sleep("10 millis")
    }
  })

export const awaitCondition = (check: () => Effect.Effect<boolean>, timeoutMs = 5_000): Effect.Effect<void> =>
  Effect.gen(function* () {
    const until = Date.now() + timeoutMs
    while (!(yield* check())) {
      if (Date.now() > until) return yield* Effect.die(new Error("condition not met in time"))
      yield* Effect.sleep("10 millis")
    }
  })

export const isAlive = (pid: number): boolean => {
  try {
    process.kill(pid, 0)
    return true
  } catch {
    return false
  }
}
