import { Effect, Exit, Fiber, Option, Scope } from "effect"
import { describe, expect, it } from "vitest"
import type { DiskTask } from "../../src/engine/RunTask.js"
import { WorkerUnavailable } from "../../src/engine/Scanner.js"
import { makeWorkerPool, isNotAnalysed, WORKER_CRASHED_ON_FILE } from "../../src/engine/pool/WorkerPool.js"
import { awaitCondition, awaitReady, FAKE_WORKER, isAlive, task, tasks, withPool } from "./helpers.js"

const inSeconds = (s: number): number => Date.now() + s * 1_000

describe("WorkerPool", () => {
  it("returns one result per file, in input order, over two workers", async () => {
    // uneven sleeps make batches finish out of order
    const input = Array.from({ length: 150 }, (_, i) => task(`src/f${i}.py`, `sleep:${i % 7}`))
    const results = await withPool({ batchMaxFiles: 8 }, (pool) => pool.run(input, inSeconds(10)))
    expect(results.map((r) => r.path)).toEqual(input.map((t) => t.path))
    expect(results.every((r) => r.status === "analysed")).toBe(true)
  })

  it("reports progress as files settle", async () => {
    const seen: Array<number> = []
    await withPool({ batchMaxFiles: 4 }, (pool) => pool.run(tasks(10), inSeconds(10), (n) => seen.push(n)))
    expect(seen).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10])
  })

  it("analyses files read from disk (an unreadable one fails alone) and hands each result to the sink with its text", async () => {
    const reads: Array<string> = []
    const onDisk = (name: string, content: string | Error): DiskTask => ({
      path: name,
      kind: "python",
      bytes: 10,
      read: () => {
        reads.push(name)
        if (content instanceof Error) throw Object.assign(content, { code: "ENOENT" })
        return content
      }
    })
    const input = [onDisk("a.py", "ok"), onDisk("gone.py", new Error("vanished")), onDisk("b.py", "sleep:5")]
    const received: Array<[number, string, string]> = []
    const results = await withPool({ batchMaxFiles: 1 }, (pool) =>
      pool.run(input, inSeconds(10), undefined, (index, result, content) => received.push([index, result.path, content]))
    )
    expect(reads.sort()).toEqual(["a.py", "b.py", "gone.py"])
    expect(results.map((r) => [r.path, r.status, r.reason])).toEqual([
      ["a.py", "analysed", undefined],
      ["gone.py", "failed", "unreadable (ENOENT)"],
      ["b.py", "analysed", undefined]
    ])
    expect(received.sort()).toEqual([
      [0, "a.py", "ok"],
      [1, "gone.py", ""],
      [2, "b.py", "sleep:5"]
    ])
  })

  it("answers an empty run at once", async () => {
    const results = await withPool({}, (pool) => pool.run([], inSeconds(1)))
    expect(results).toEqual([])
  })

  it.each(["exit", "sigkill"])("isolates a file the child dies on (%s): that file fails, the rest are analysed", async (directive) => {
    const input = tasks(60)
    input[37] = task("src/poison.py", directive)
    await withPool({ batchMaxFiles: 16 }, (pool) =>
      Effect.gen(function* () {
        const results = yield* pool.run(input, inSeconds(10))
        expect(results[37]).toMatchObject({ path: "src/poison.py", status: "failed", reason: WORKER_CRASHED_ON_FILE })
        expect(results.filter((r) => r.status === "analysed")).toHaveLength(59)
        expect(results.map((r) => r.path)).toEqual(input.map((t) => t.path))
        // first death, then the lone retry's death
        expect((yield* pool.stats).restarts).toBe(2)
        const next = yield* pool.run(tasks(20), inSeconds(10))
        expect(next.every((r) => r.status === "analysed")).toBe(true)
      })
    )
  })

  it("retries transparently when a child is killed from outside mid-batch", async () => {
    await withPool({ batchMaxFiles: 5 }, (pool) =>
      Effect.gen(function* () {
        yield* awaitCondition(() => pool.stats.pipe(Effect.map((s) => s.ready === 2)))
        let settled = 0
        const fiber = yield* Effect.fork(pool.run(tasks(30, "sleep:15"), inSeconds(10), (n) => (settled = n)))
        yield* awaitCondition(() => Effect.sync(() => settled >= 2))
        const victims = (yield* pool.stats).pids
        for (const pid of victims) process.kill(pid, "SIGKILL")
        const results = yield* Fiber.join(fiber)
        expect(results.every((r) => r.status === "analysed")).toBe(true)
        const stats = yield* pool.stats
        expect(stats.restarts).toBe(victims.length)
        expect(stats.pids.some((pid) => victims.includes(pid))).toBe(false)
      })
    )
  })

  it("kills a child that hangs past the deadline, reports its files, and recovers", async () => {
    const input = [task("a.py"), task("runaway.py", "hang"), task("b.py"), task("c.py"), ...tasks(4)]
    await withPool({ batchMaxFiles: 4, taskTimeoutGraceMs: 200 }, (pool) =>
      Effect.gen(function* () {
        yield* awaitCondition(() => pool.stats.pipe(Effect.map((s) => s.ready === 2)))
        const started = Date.now()
        const results = yield* pool.run(input, Date.now() + 300)
        expect(Date.now() - started).toBeLessThan(2_000)
        expect(results[0]?.status).toBe("analysed")
        expect(results[1]?.reason).toMatch(/did not stop at the deadline/)
        expect(results.slice(1, 4).every(isNotAnalysed)).toBe(true)
        expect(results.slice(4).every((r) => r.status === "analysed")).toBe(true)
        expect((yield* pool.stats).restarts).toBe(1)
        const next = yield* pool.run(tasks(10), inSeconds(10))
        expect(next.every((r) => r.status === "analysed")).toBe(true)
      })
    )
  })

  it("leaves files not analysed when the deadline passes before they are dispatched", async () => {
    await withPool({ size: 1, batchMaxFiles: 1 }, (pool) =>
      Effect.gen(function* () {
        yield* awaitReady(pool)
        const started = Date.now()
        const results = yield* pool.run(tasks(20, "sleep:50"), Date.now() + 120)
        expect(Date.now() - started).toBeLessThan(1_000)
        const analysed = results.filter((r) => r.status === "analysed").length
        expect(analysed).toBeGreaterThan(0)
        expect(results.filter(isNotAnalysed)).toHaveLength(20 - analysed)
        expect(results[19]?.reason).toBe("not analysed: time budget exhausted")
      })
    )
  })

  it("recycles a child whose RSS passes the threshold", async () => {
    await withPool({ size: 1, maxRssMb: 500 }, (pool) =>
      Effect.gen(function* () {
        yield* awaitReady(pool)
        const [before] = (yield* pool.stats).pids
        const results = yield* pool.run([task("big.py", "bigrss"), task("x.py")], inSeconds(10))
        expect(results.every((r) => r.status === "analysed")).toBe(true)
        // the run resolves on its last file; the RSS report (batch-done) follows just after
        yield* awaitCondition(() => pool.stats.pipe(Effect.map((s) => s.recycled === 1 && s.ready === 1)))
        const stats = yield* pool.stats
        expect(stats.restarts).toBe(0)
        expect(stats.pids).not.toContain(before)
        yield* awaitCondition(() => Effect.sync(() => !isAlive(before ?? -1)))
        const next = yield* pool.run(tasks(3), inSeconds(10))
        expect(next.every((r) => r.status === "analysed")).toBe(true)
      })
    )
  })

  it("serves concurrent runs fairly: a small scan is not stuck behind a large one", async () => {
    await withPool({ size: 1, batchMaxFiles: 1 }, (pool) =>
      Effect.gen(function* () {
        yield* awaitReady(pool)
        const large = yield* Effect.fork(pool.run(tasks(15, "sleep:20"), inSeconds(10)))
        yield* awaitCondition(() => pool.stats.pipe(Effect.map((s) => s.busy === 1)))
        const small = yield* pool.run([task("small.py")], inSeconds(10))
        expect(small[0]?.status).toBe("analysed")
        expect(Option.isNone(yield* Fiber.poll(large))).toBe(true)
        const all = yield* Fiber.join(large)
        expect(all.every((r) => r.status === "analysed")).toBe(true)
      })
    )
  })

  it("refuses a run with WorkerUnavailable when the queue is full", async () => {
    await withPool({ size: 1, batchMaxFiles: 1, maxQueue: 2 }, (pool) =>
      Effect.gen(function* () {
        yield* awaitReady(pool)
        const first = yield* Effect.fork(pool.run(tasks(5, "sleep:30"), inSeconds(10)))
        yield* awaitCondition(() => pool.stats.pipe(Effect.map((s) => s.queuedBatches > 0)))
        const refused = yield* Effect.flip(pool.run([task("late.py")], inSeconds(10)))
        expect(refused).toBeInstanceOf(WorkerUnavailable)
        expect(refused.reason).toMatch(/queue full/)
        const results = yield* Fiber.join(first)
        expect(results.every((r) => r.status === "analysed")).toBe(true)
      })
    )
  })

  it.each([
    ["an init error", { init: { failInit: true } }, /fixture refuses to start/],
    ["an exit before ready", { init: { exitAtStart: true } }, /exited with code 2/],
    ["a missing entry", { entry: "/nonexistent/worker-main.js" }, /worker entry not found/]
  ])("fails runs with WorkerUnavailable after %s, without a respawn loop", async (_name, options, reason) => {
    await withPool({ ...options, respawnBackoffMs: 100 }, (pool) =>
      Effect.gen(function* () {
        const started = Date.now()
        const error = yield* Effect.flip(pool.run(tasks(3), inSeconds(10)))
        expect(error).toBeInstanceOf(WorkerUnavailable)
        expect(error.reason).toMatch(reason)
        expect(Date.now() - started).toBeLessThan(3_000)
        // later runs fail at once while nothing can start
        const again = yield* Effect.flip(pool.run(tasks(1), inSeconds(10)))
        expect(again.reason).toMatch(/no analysis worker could be started/)
        const failedAfter = (yield* pool.stats).failedStarts
        yield* Effect.sleep("600 millis")
        // backoff doubles per slot (100, 200, 400 ms ...): a handful of forks, not a loop
        expect((yield* pool.stats).failedStarts - failedAfter).toBeLessThanOrEqual(6)
        expect(yield* pool.ready).toBe(false)
      })
    )
  })

  it("kills every child when the scope closes, busy ones included", async () => {
    const pids = await Effect.gen(function* () {
      const scope = yield* Scope.make()
      const pool = yield* makeWorkerPool({ entry: FAKE_WORKER, init: {}, size: 2 }).pipe(Scope.extend(scope))
      yield* awaitCondition(() => pool.stats.pipe(Effect.map((s) => s.ready === 2)))
      const hung = yield* Effect.fork(pool.run([task("runaway.py", "hang")], inSeconds(60)))
      yield* awaitCondition(() => pool.stats.pipe(Effect.map((s) => s.busy === 1)))
      const { pids } = yield* pool.stats
      expect(pids).toHaveLength(2)
      expect(pids.every(isAlive)).toBe(true)
      yield* Scope.close(scope, Exit.void)
      const outcome = yield* Fiber.await(hung)
      expect(Exit.isFailure(outcome)).toBe(true)
      const afterClose = yield* Effect.flip(pool.run(tasks(1), inSeconds(1)))
      expect(afterClose.reason).toMatch(/closed/)
      return pids
    }).pipe(Effect.runPromise)
    expect(pids.some(isAlive)).toBe(false)
  })
})
