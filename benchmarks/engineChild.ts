import { readFileSync, writeFileSync } from "node:fs"
import { dirname, join } from "node:path"
import { fileURLToPath } from "node:url"
import { Effect, Either, type Scope } from "effect"
import type { Catalogue } from "../src/catalogue/Catalogue.js"
import type { FileEntry } from "../src/domain/Scan.js"
import { makeAnalyser } from "../src/engine/createAnalyser.js"
import { type FileRunner, inProcessRunner } from "../src/engine/FileRunner.js"
import { loadCatalogueSync } from "../src/engine/index.js"
import { runPipeline } from "../src/engine/Pipeline.js"
import { defaultWorkerEntry, makeWorkerPool } from "../src/engine/pool/WorkerPool.js"
import { parseOnlyAnalyser } from "./parseOnly.js"
import { cpuSecondsOf } from "./procTree.js"

/**
 * One measurement process per corpus, forked by run.ts (which samples this process tree's memory).
 * For each configuration (scan or parse-only, N workers; 0 = in this process) it starts the engine's
 * worker pool, waits until every worker is ready, warms up, then times `runs` full pipeline runs
 * (classify → pool → findings) over the same files.
 */

export type Mode = "scan" | "parse"

export interface EngineConfig {
  readonly mode: Mode
  /** pool size; 0 runs the analyser in this process (profiling) */
  readonly workers: number
}

export interface EngineJob {
  /** measured in this order with each pool (a pool is started once per configuration) */
  readonly corpora: ReadonlyArray<{ readonly name: string; readonly files: ReadonlyArray<{ readonly path: string; readonly absolute: string }> }>
  readonly configs: ReadonlyArray<EngineConfig>
  readonly runs: number
  readonly budgetMs: number
  /** extra Node flags for pool children */
  readonly workerExecArgv?: ReadonlyArray<string>
  /** write a CPU profile of the timed runs (in-process configurations) to this directory */
  readonly profileDir?: string
  /** measure parse-only and scan with 1 worker in alternation (see `measurePaired`) */
  readonly pairParseAndScan?: boolean
}

export interface RunFigures {
  readonly wallMs: number
  /** CPU seconds (user + system) of this process and the pool's children during the run */
  readonly cpuSeconds: number
  readonly filesScanned: number
  readonly filesSkipped: number
  readonly filesNotAnalysed: number
  readonly filesPartial: number
  readonly filesFailed: number
  readonly findings: number
}

export interface ConfigFigures {
  readonly corpus: string
  readonly config: EngineConfig
  readonly startMs: number
  readonly runs: ReadonlyArray<RunFigures>
  /** untimed passes over the corpus before the timed runs (until one cost about what the one before did) */
  readonly warmupPasses: number
  readonly restarts: number
  readonly recycled: number
  readonly partialReasons: ReadonlyArray<string>
}

export type EngineMessage =
  | { readonly type: "phase"; readonly label: string }
  | { readonly type: "config"; readonly figures: ConfigFigures }
  | { readonly type: "error"; readonly message: string }
  | { readonly type: "done" }

const send = (message: EngineMessage): Promise<void> =>
  new Promise((resolve) => {
    if (process.send === undefined) {
      process.stdout.write(JSON.stringify(message) + "\n")
      resolve()
    } else process.send(message, () => resolve())
  })

const here = dirname(fileURLToPath(import.meta.url))
const PARSE_ONLY_ENTRY = join(here, "parseOnlyWorker.js")

const selfCpuSeconds = (): number => {
  const u = process.cpuUsage()
  return (u.user + u.system) / 1e6
}

/** CPU profile of whatever runs between start() and stop(), through the inspector (no --cpu-prof exit dance). */
const startProfiler = async (): Promise<() => Promise<unknown>> => {
  const { Session } = await import("node:inspector")
  const session = new Session()
  session.connect()
  const post = (method: string, params?: object) =>
    new Promise<unknown>((resolve, reject) =>
      session.post(method, params ?? {}, (error, result) => (error !== null && error !== undefined ? reject(error) : resolve(result)))
    )
  await post("Profiler.enable")
  await post("Profiler.setSamplingInterval", { interval: 500 })
  await post("Profiler.start")
  return async () => {
    const result = (await post("Profiler.stop")) as { profile: unknown }
    session.disconnect()
    return result.profile
  }
}

interface CorpusFiles {
  readonly name: string
  readonly files: ReadonlyArray<FileEntry>
}

/** One configuration's runner, started and ready. */
interface Engine {
  readonly config: EngineConfig
  readonly runner: FileRunner
  readonly startMs: number
  readonly childPids: () => Promise<ReadonlyArray<number>>
  readonly poolStats: () => Promise<{ restarts: number; recycled: number }>
}

/** Starts the configuration's pool (or in-process analyser) and waits until every worker is ready. */
const startEngine = (catalogue: Catalogue, job: EngineJob, config: EngineConfig): Effect.Effect<Engine, never, Scope.Scope> =>
  Effect.gen(function*() {
    const started = performance.now()
    if (config.workers === 0) {
      const runner = inProcessRunner(config.mode === "scan" ? makeAnalyser(catalogue) : parseOnlyAnalyser)
      return { config, runner, startMs: performance.now() - started, childPids: () => Promise.resolve([]), poolStats: () => Promise.resolve({ restarts: 0, recycled: 0 }) }
    }
    const pool = yield* makeWorkerPool({
      entry: config.mode === "scan" ? defaultWorkerEntry() : PARSE_ONLY_ENTRY,
      init: { rulesDir: catalogue.rulesDir, complianceDir: catalogue.complianceDir },
      size: config.workers,
      execArgv: job.workerExecArgv ?? []
    })
    // every worker initialised, so start-up is not timed as scanning
    for (;;) {
      const s = yield* pool.stats
      if (s.ready >= config.workers) break
      if (performance.now() - started > 120_000) return yield* Effect.die(new Error("workers did not start within 120 s"))
      yield* Effect.sleep("20 millis")
    }
    return {
      config,
      runner: pool,
      startMs: performance.now() - started,
      childPids: () => Effect.runPromise(Effect.map(pool.stats, (s) => s.pids)),
      poolStats: () => Effect.runPromise(Effect.map(pool.stats, (s) => ({ restarts: s.restarts, recycled: s.recycled })))
    }
  })

/** One full pipeline run over the files: wall time, CPU of this process and the pool's children. */
const timedRun = (catalogue: Catalogue, engine: Engine, files: ReadonlyArray<FileEntry>, budgetMs: number, partialReasons: Set<string>) =>
  Effect.gen(function*() {
    const pids = yield* Effect.promise(engine.childPids)
    const cpu0 = selfCpuSeconds() + cpuSecondsOf(pids)
    const t0 = performance.now()
    const analysis = yield* runPipeline(catalogue, engine.runner, files, budgetMs).pipe(Effect.orDie)
    const wallMs = performance.now() - t0
    const cpuSeconds = selfCpuSeconds() + cpuSecondsOf(pids) - cpu0
    let partial = 0
    let failed = 0
    for (const o of analysis.outcomes) {
      if (o.status === "partial") {
        partial++
        if (partialReasons.size < 5) partialReasons.add(`${o.path}: ${o.reason ?? ""}`)
      }
      if (o.status === "failed") failed++
    }
    const figures: RunFigures = {
      wallMs,
      cpuSeconds,
      filesScanned: analysis.filesScanned,
      filesSkipped: analysis.filesSkipped,
      filesNotAnalysed: analysis.filesNotAnalysed,
      filesPartial: partial,
      filesFailed: failed,
      findings: analysis.findings.length
    }
    return figures
  })

/**
 * Warm-up until steady: whole passes over the corpus until the last three cost within 6 % of each
 * other in CPU (at least 3, at most 12 per worker). A worker's CPU per pass keeps falling for about
 * eight passes (V8 tiers up the engine's code and sizes its heap; measured in process on the Python
 * sample, session 15: the main thread 490 → 230 ms and V8's compiler threads 300 → 20–40 ms over
 * eight to ten passes), which a long-lived service worker is past. The earlier rule (one pass within
 * 8 % of the one before, at most five) stopped while the compiler threads still took a third of a
 * scan pass's CPU, so the timed runs measured part of the warm-up. Each worker has its own JIT and
 * sees 1/N of every pass, so N workers get N times the passes. Returns the passes made.
 */
const warmUp = (catalogue: Catalogue, engine: Engine, files: ReadonlyArray<FileEntry>, budgetMs: number) =>
  Effect.gen(function*() {
    const workers = Math.max(1, engine.config.workers)
    const costs: Array<number> = []
    while (costs.length < 12 * workers) {
      const { cpuSeconds } = yield* timedRun(catalogue, engine, files, budgetMs, new Set())
      costs.push(cpuSeconds)
      const last = costs.slice(-3)
      if (costs.length >= 3 * workers && last.length === 3 && Math.max(...last) <= 1.06 * Math.min(...last)) break
    }
    return costs.length
  })

const label = (corpus: string, config: EngineConfig) => `${corpus} ${config.mode} w=${config.workers}`

const report = (corpus: string, engine: Engine, runs: ReadonlyArray<RunFigures>, warmupPasses: number, before: { restarts: number; recycled: number }, partialReasons: Set<string>) =>
  Effect.promise(async () => {
    const after = await engine.poolStats()
    await send({
      type: "config",
      figures: {
        corpus,
        config: engine.config,
        startMs: engine.startMs,
        runs,
        warmupPasses,
        restarts: after.restarts - before.restarts,
        recycled: after.recycled - before.recycled,
        partialReasons: [...partialReasons]
      }
    })
  })

/** Starts one pool for the configuration and measures every corpus with it. */
const measure = (catalogue: Catalogue, corpora: ReadonlyArray<CorpusFiles>, job: EngineJob, config: EngineConfig): Effect.Effect<void> =>
  Effect.scoped(
    Effect.gen(function*() {
      const engine = yield* startEngine(catalogue, job, config)
      for (const corpus of corpora) {
        const before = yield* Effect.promise(engine.poolStats)
        const warmupPasses = yield* warmUp(catalogue, engine, corpus.files, job.budgetMs)
        yield* Effect.promise(() => send({ type: "phase", label: label(corpus.name, config) }))
        const stopProfiler = job.profileDir !== undefined && config.workers === 0 ? yield* Effect.promise(startProfiler) : undefined
        const runs: Array<RunFigures> = []
        const partialReasons = new Set<string>()
        for (let r = 0; r < job.runs; r++) runs.push(yield* timedRun(catalogue, engine, corpus.files, job.budgetMs, partialReasons))
        if (stopProfiler !== undefined) {
          const profile = yield* Effect.promise(stopProfiler)
          writeFileSync(join(job.profileDir!, `${corpus.name}.cpuprofile`), JSON.stringify(profile))
        }
        yield* Effect.promise(() => send({ type: "phase", label: "idle" }))
        yield* report(corpus.name, engine, runs, warmupPasses, before, partialReasons)
      }
    })
  )

/**
 * Parse-only and scan with one worker each, measured in alternation: both pools start, and per corpus
 * each warms up, then their timed runs alternate (parse, scan, parse, scan, ...). The scan/parse-only
 * ratio divides one by the other; measured one configuration after the other, a host whose speed
 * drifts over minutes moved the ratio more than the engine did (two bench runs minutes apart on this
 * VM: parse-only Python 5.06 and 8.35 MB/s, Go's ratio 2.29 and 3.08 with no Go change). Each run is its own memory phase; run.ts keeps the highest peak per phase label.
 */
const measurePaired = (catalogue: Catalogue, corpora: ReadonlyArray<CorpusFiles>, job: EngineJob, configs: readonly [EngineConfig, EngineConfig]): Effect.Effect<void> =>
  Effect.scoped(
    Effect.gen(function*() {
      const engines = [yield* startEngine(catalogue, job, configs[0]), yield* startEngine(catalogue, job, configs[1])] as const
      for (const corpus of corpora) {
        const before = [yield* Effect.promise(engines[0].poolStats), yield* Effect.promise(engines[1].poolStats)] as const
        const warmupPasses = [yield* warmUp(catalogue, engines[0], corpus.files, job.budgetMs), yield* warmUp(catalogue, engines[1], corpus.files, job.budgetMs)] as const
        const runs: [Array<RunFigures>, Array<RunFigures>] = [[], []]
        const partialReasons = [new Set<string>(), new Set<string>()] as const
        for (let r = 0; r < job.runs; r++) {
          for (const i of [0, 1] as const) {
            yield* Effect.promise(() => send({ type: "phase", label: label(corpus.name, engines[i].config) }))
            runs[i].push(yield* timedRun(catalogue, engines[i], corpus.files, job.budgetMs, partialReasons[i]))
            yield* Effect.promise(() => send({ type: "phase", label: "idle" }))
          }
        }
        for (const i of [0, 1] as const) yield* report(corpus.name, engines[i], runs[i], warmupPasses[i], before[i], partialReasons[i])
      }
    })
  )

const main = async (): Promise<void> => {
  const jobPath = process.argv[2]
  if (jobPath === undefined) throw new Error("usage: engineChild <job.json>")
  const job = JSON.parse(readFileSync(jobPath, "utf8")) as EngineJob
  const loaded = loadCatalogueSync({})
  if (Either.isLeft(loaded)) throw new Error(`catalogue: ${loaded.left.message}`)
  const catalogue = loaded.right
  const corpora: Array<CorpusFiles> = job.corpora.map((c) => ({
    name: c.name,
    files: c.files.map((f) => ({ path: f.path, content: readFileSync(f.absolute, "utf8") }))
  }))
  const parse = job.configs.find((c) => c.mode === "parse" && c.workers === 1)
  const scan = job.configs.find((c) => c.mode === "scan" && c.workers === 1)
  const paired = job.pairParseAndScan === true && parse !== undefined && scan !== undefined
  if (paired) await Effect.runPromise(measurePaired(catalogue, corpora, job, [parse, scan]))
  for (const config of job.configs) {
    if (paired && (config === parse || config === scan)) continue
    await Effect.runPromise(measure(catalogue, corpora, job, config))
  }
  await send({ type: "done" })
}

main().then(
  () => process.exit(0),
  async (error: unknown) => {
    await send({ type: "error", message: error instanceof Error ? error.stack ?? error.message : String(error) })
    process.exit(1)
  }
)
