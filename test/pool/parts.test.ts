import { describe, expect, it, vi } from "vitest"
import type { Analyser } from "../../src/engine/Analyser.js"
import { analyseBatch, MemoryHygiene } from "../../src/engine/pool/analyseBatch.js"
import { planBatches } from "../../src/engine/pool/batches.js"
import { FairQueue } from "../../src/engine/pool/FairQueue.js"
import { crashedOnFile, isNotAnalysed, notAnalysed } from "../../src/engine/pool/outcomes.js"
import { parseChildMessage, parseParentMessage, sendableDeadline } from "../../src/engine/pool/protocol.js"
import { task, tasks } from "./helpers.js"

describe("planBatches", () => {
  it("cuts by file count, and covers every file exactly once", () => {
    const batches = planBatches(Array.from({ length: 70 }, () => 10), 1, { maxFiles: 32, maxBytes: 1e9 })
    expect(batches.map((b) => b.length)).toEqual([32, 32, 6])
    expect(batches.flat().sort((a, b) => a - b)).toEqual(Array.from({ length: 70 }, (_, i) => i))
  })

  it("starts with files larger than a batch, largest first and each alone; the rest keep their order", () => {
    const sizes = [40_000, 40_000, 500_000, 10, 300_000]
    // target: 880,010 bytes / 12 ≈ 73 KB per batch
    expect(planBatches(sizes, 1, { maxFiles: 32, maxBytes: 100_000 })).toEqual([[2], [4], [0], [1, 3]])
  })

  it("cuts a scan into more batches for more workers, so each worker gets a share", () => {
    const sizes = Array.from({ length: 400 }, () => 4_000)
    const one = planBatches(sizes, 1)
    const two = planBatches(sizes, 2)
    expect(two.length).toBeGreaterThan(one.length)
    expect(two.length).toBeGreaterThanOrEqual(2 * 12)
  })

  it("never produces an empty batch", () => {
    expect(planBatches([], 2)).toEqual([])
  })
})

describe("FairQueue", () => {
  it("serves owners round-robin and counts what waits", () => {
    const queue = new FairQueue<string, number>()
    queue.pushBack("big", [1, 2, 3])
    queue.pushBack("small", [10])
    expect(queue.size).toBe(4)
    const served = Array.from({ length: 4 }, () => queue.take()).map((t) => `${t?.owner}:${t?.batch}`)
    expect(served).toEqual(["big:1", "small:10", "big:2", "big:3"])
    expect(queue.take()).toBeUndefined()
    expect(queue.size).toBe(0)
  })

  it("puts retries first and drains an owner", () => {
    const queue = new FairQueue<string, number>()
    queue.pushBack("a", [1, 2])
    queue.pushBack("b", [5])
    queue.pushFront("b", 4)
    expect(queue.take()).toEqual({ owner: "b", batch: 4 })
    expect(queue.drain("a")).toEqual([1, 2])
    expect(queue.size).toBe(1)
    expect(queue.take()).toEqual({ owner: "b", batch: 5 })
  })
})

describe("outcomes", () => {
  it("tells not-analysed files from failed ones", () => {
    expect(isNotAnalysed(notAnalysed(task("a")))).toBe(true)
    expect(isNotAnalysed(notAnalysed(task("a"), "worker killed"))).toBe(true)
    expect(isNotAnalysed(crashedOnFile(task("a")))).toBe(false)
    expect(notAnalysed(task("a"))).toEqual({
      path: "a",
      kind: "python",
      status: "failed",
      reason: "not analysed: time budget exhausted",
      matches: []
    })
  })
})

describe("protocol", () => {
  it("accepts well-formed child messages and rejects the rest", () => {
    const result = { path: "a", kind: "python", status: "analysed", matches: [] }
    expect(parseChildMessage({ type: "file-result", batchId: 1, index: 0, result })).toEqual({
      type: "file-result",
      batchId: 1,
      index: 0,
      result
    })
    expect(parseChildMessage({ type: "file-result", batchId: 1, index: -1, result })).toBeUndefined()
    expect(parseChildMessage({ type: "file-result", batchId: 1, index: 0, result: { path: "a" } })).toBeUndefined()
    expect(parseChildMessage({ type: "batch-done", batchId: 2, rssBytes: 1 })).toBeDefined()
    expect(parseChildMessage({ type: "log", level: "shout", message: "x" })).toBeUndefined()
    expect(parseChildMessage("ready")).toBeUndefined()
  })

  it("checks batches sent to a child, and never sends an infinite deadline", () => {
    expect(parseParentMessage({ type: "analyse", batchId: 1, deadlineAt: 5, tasks: [task("a")] })).toBeDefined()
    expect(parseParentMessage({ type: "analyse", batchId: 1, deadlineAt: 5, tasks: [{ path: "a" }] })).toBeUndefined()
    expect(JSON.parse(JSON.stringify({ d: sendableDeadline(Number.POSITIVE_INFINITY) })).d).toBe(Number.MAX_SAFE_INTEGER)
  })
})

describe("analyseBatch (child side)", () => {
  const analyser: Analyser = {
    analyse: (t) => {
      if (t.content === "boom") throw new Error("grammar exploded")
      return { path: t.path, kind: t.kind, status: "analysed", matches: [] }
    }
  }

  it("turns a thrown error into a failed file and goes on", async () => {
    const out: Array<unknown> = []
    await analyseBatch(analyser, [task("a"), task("b", "boom"), task("c")], Date.now() + 10_000, (i, r) => out.push([i, r.status, r.reason]), new MemoryHygiene())
    expect(out).toEqual([
      [0, "analysed", undefined],
      [1, "failed", "analysis failed: grammar exploded"],
      [2, "analysed", undefined]
    ])
  })

  it("does not start files once the deadline has passed", async () => {
    const analyse = vi.fn(analyser.analyse)
    const out: Array<boolean> = []
    await analyseBatch({ analyse }, tasks(3), Date.now() - 1, (_, r) => out.push(isNotAnalysed(r)), new MemoryHygiene())
    expect(out).toEqual([true, true, true])
    expect(analyse).not.toHaveBeenCalled()
  })

  it("collects garbage only above the RSS floor, and again only after RSS grew by a step", async () => {
    const collect = vi.fn()
    let rss = 100
    const memory = new MemoryHygiene(200, 50, collect, () => rss)
    await analyseBatch(analyser, tasks(5), Date.now() + 10_000, () => {}, memory)
    expect(collect).not.toHaveBeenCalled()
    rss = 210
    await analyseBatch(analyser, tasks(5), Date.now() + 10_000, () => {}, memory)
    expect(collect).toHaveBeenCalledTimes(1)
    rss = 255
    await analyseBatch(analyser, tasks(5), Date.now() + 10_000, () => {}, memory)
    expect(collect).toHaveBeenCalledTimes(1)
    rss = 261
    await analyseBatch(analyser, [task("a")], Date.now() + 10_000, () => {}, memory)
    expect(collect).toHaveBeenCalledTimes(2)
  })
})
