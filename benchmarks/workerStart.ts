import { fork } from "node:child_process"
import { readFileSync } from "node:fs"
import { DEFAULT_SEMI_SPACE_MB, workerFlags } from "../src/engine/pool/PoolCore.js"
import { defaultWorkerEntry } from "../src/engine/pool/WorkerPool.js"
import type { CorpusFile } from "./corpora.js"
import { cpuSecondsOf } from "./procTree.js"
import { median } from "./stats.js"

/**
 * How long a fresh analysis worker takes to be ready (fork → "ready" message: Node start, module
 * loading, catalogue from the snapshot), and what its first file of a language costs on top (the
 * matchers of that language compile, and TypeScript's compiler loads, on first use). Each start is a
 * new process, one at a time; figures are medians.
 */

export interface WorkerStartFigures {
  readonly starts: number
  readonly readyMs: number
  /** CPU seconds of the child until ready */
  readonly readyCpuSeconds: number
  readonly readyRssBytes: number
  /** per language: wall time of the first file in a fresh worker (compiles included), and of the same file again */
  readonly firstFile: ReadonlyArray<{ readonly language: string; readonly path: string; readonly bytes: number; readonly firstMs: number; readonly againMs: number }>
}

interface Message {
  readonly type: string
  readonly rssBytes?: number
  readonly batchId?: number
}

const startOnce = async (
  init: unknown,
  file: { readonly language: string; readonly path: string; readonly content: string } | undefined
): Promise<{ readyMs: number; cpu: number; rss: number; firstMs?: number; againMs?: number }> => {
  const started = performance.now()
  const child = fork(defaultWorkerEntry(), [], { execArgv: workerFlags(DEFAULT_SEMI_SPACE_MB), stdio: ["ignore", "ignore", "inherit", "ipc"], serialization: "json" })
  const messages: Array<Message> = []
  let wake: (() => void) | undefined
  child.on("message", (m: Message) => {
    messages.push(m)
    wake?.()
  })
  const next = async (type: string): Promise<Message> => {
    for (;;) {
      const i = messages.findIndex((m) => m.type === type || m.type === "init-error")
      if (i >= 0) {
        const [m] = messages.splice(i, 1)
        if (m!.type === "init-error") throw new Error(`worker init failed: ${JSON.stringify(m)}`)
        return m!
      }
      await new Promise<void>((resolve) => (wake = resolve))
    }
  }
  try {
    child.send({ type: "init", init })
    const ready = await next("ready")
    const readyMs = performance.now() - started
    const cpu = cpuSecondsOf([child.pid!])
    const out: { readyMs: number; cpu: number; rss: number; firstMs?: number; againMs?: number } = { readyMs, cpu, rss: ready.rssBytes ?? 0 }
    if (file !== undefined) {
      for (const [batchId, key] of [[1, "firstMs"], [2, "againMs"]] as const) {
        const t0 = performance.now()
        child.send({ type: "analyse", batchId, deadlineAt: Date.now() + 120_000, tasks: [{ path: file.path, kind: file.language, content: file.content }] })
        await next("batch-done")
        out[key] = performance.now() - t0
      }
    }
    return out
  } finally {
    child.kill("SIGKILL")
  }
}

/** A typical file of the corpus: the one nearest the median size. */
const typicalFile = (files: ReadonlyArray<CorpusFile>): CorpusFile | undefined => {
  const sorted = [...files].sort((a, b) => a.bytes - b.bytes)
  return sorted[Math.floor(sorted.length / 2)]
}

export const measureWorkerStart = async (options: {
  readonly init: { readonly rulesDir: string; readonly complianceDir: string }
  readonly starts: number
  readonly corpora: ReadonlyArray<{ readonly language: string; readonly files: ReadonlyArray<CorpusFile> }>
}): Promise<WorkerStartFigures> => {
  const runs = []
  for (let i = 0; i < options.starts; i++) runs.push(await startOnce(options.init, undefined))
  const firstFile: Array<WorkerStartFigures["firstFile"][number]> = []
  for (const corpus of options.corpora) {
    const file = typicalFile(corpus.files)
    if (file === undefined) continue
    const content = readFileSync(file.absolute, "utf8")
    const r = await startOnce(options.init, { language: corpus.language, path: file.path, content })
    firstFile.push({ language: corpus.language, path: file.path, bytes: file.bytes, firstMs: r.firstMs ?? NaN, againMs: r.againMs ?? NaN })
  }
  return {
    starts: runs.length,
    readyMs: median(runs.map((r) => r.readyMs)),
    readyCpuSeconds: median(runs.map((r) => r.cpu)),
    readyRssBytes: median(runs.map((r) => r.rss)),
    firstFile
  }
}
