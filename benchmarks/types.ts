import type { ProfileSummary } from "./cpuProfile.js"
import type { EngineConfig, RunFigures } from "./engineChild.js"
import type { PeerFigures, PeerSkip } from "./peers.js"
import type { MemoryPeak } from "./procTree.js"
import type { LocalScanFigures } from "./localScanMemory.js"
import type { ServiceFigures } from "./service.js"
import type { WorkerStartFigures } from "./workerStart.js"

/** The shape of benchmarks/results.json. */

export interface ConfigSummary {
  readonly config: EngineConfig
  readonly runs: ReadonlyArray<RunFigures>
  readonly medianWallMs: number
  readonly medianCpuSeconds: number
  readonly filesPerS: number
  readonly mbPerS: number
  readonly linesPerS: number
  /** per CPU second of all processes involved (harness side + workers): "per core", robust when other work shares the machine */
  readonly mbPerCpuS: number
  readonly filesPerCpuS: number
  readonly linesPerCpuS: number
  readonly workerStartMs: number
  readonly memory: MemoryPeak | undefined
  readonly warmupPasses: number
  readonly restarts: number
  readonly recycled: number
  readonly partialFiles: number
  readonly failedFiles: number
  readonly notAnalysedFiles: number
  readonly findings: number
  readonly partialExamples: ReadonlyArray<string>
}

export interface CorpusResult {
  readonly name: string
  readonly language: string
  readonly files: number
  readonly bytes: number
  readonly lines: number
  readonly parse1: ConfigSummary | undefined
  readonly scan1: ConfigSummary | undefined
  readonly scanN: ConfigSummary | undefined
  /** scan time / parse-only time, one worker, wall clock */
  readonly ratio: number | undefined
  /** same from CPU seconds */
  readonly ratioCpu: number | undefined
  /** scan wall time with 1 worker / with N workers */
  readonly speedup: number | undefined
  /** how the pool splits one run of this corpus (`planBatches` for N workers) and the speed-up that split allows at most with N workers */
  readonly batches: { readonly count: number; readonly largestFiles: number; readonly speedupBound: number }
  readonly error?: string
}

export interface Target {
  readonly id: string
  readonly description: string
  readonly target: string
  readonly value: string
  /** undefined: not measured in this run */
  readonly met: boolean | undefined
  readonly note?: string
}

export interface PeerComparison {
  readonly peer: string
  readonly threads: number
  readonly vigilWallMs: number
  readonly peerWallMs: number
  /** Vigil throughput / peer throughput (> 1: Vigil faster) */
  readonly throughputRatio: number
  /** Vigil time / peer time (< 1: Vigil faster) */
  readonly timeRatio: number
  /** same from CPU seconds */
  readonly cpuTimeRatio: number
}

export interface Results {
  readonly schema: 1
  readonly date: string
  readonly commit: string
  readonly dirty: boolean
  readonly machine: {
    readonly cpu: string
    readonly cores: number
    readonly memoryBytes: number
    readonly os: string
    readonly node: string
    readonly loadAverageStart: ReadonlyArray<number>
    readonly loadAverageEnd: ReadonlyArray<number>
    /** 1-minute load average sampled every 5 s during the run */
    readonly loadDuringRun: { readonly min: number; readonly mean: number; readonly max: number }
  }
  readonly catalogue: {
    /** in the harness process: load + validate (every query compiled once) and compile (per worker start) */
    readonly loadMs: number
    readonly compileMs: number
    readonly rules: number
    readonly matchers: Record<string, number>
    readonly hash: string
  }
  readonly options: {
    readonly runs: number
    readonly workers: number
    readonly capBytes: number
    readonly serviceDurationS: number
  }
  readonly corpora: ReadonlyArray<{
    readonly name: string
    readonly description: string
    readonly version: string
    readonly root: string
    readonly status: string
    readonly notes: ReadonlyArray<string>
    readonly files: number
    readonly bytes: number
    readonly lines: number
    readonly contentHash: string
  }>
  readonly skipped: ReadonlyArray<{ readonly what: string; readonly reason: string }>
  readonly engine: ReadonlyArray<CorpusResult>
  readonly total: CorpusResult | undefined
  readonly peers: {
    readonly python: ReadonlyArray<PeerFigures>
    readonly skipped: ReadonlyArray<PeerSkip>
    readonly comparisons: ReadonlyArray<PeerComparison>
  }
  /** on the embedded database (the default) */
  readonly service: ServiceFigures | undefined
  /** the same load on PostgreSQL (DATABASE_URL), without the 100 MB request */
  readonly servicePostgres?: ServiceFigures | undefined
  /** engine and peer figures taken from an earlier run (--service-only) */
  readonly carriedOver?: { readonly date: string; readonly commit: string } | undefined
  /** fresh worker start and first file per language (absent in results written before it existed) */
  readonly startup?: WorkerStartFigures | undefined
  /** the local `vigil scan` memory measurement */
  readonly localScan?: LocalScanFigures | undefined
  /**
   * The peers as whole processes on the local-scan tree, cold like the `vigil scan` beside them (what
   * a user running each tool once on a repository sees)
   */
  readonly localScanPeers?: ReadonlyArray<PeerFigures> | undefined
  readonly profiles: Record<string, ProfileSummary>
  readonly targets: ReadonlyArray<Target>
  readonly durationS: number
}

/**
 * Cores a configuration kept busy: CPU seconds of every process per wall-clock second. One worker
 * keeps more than one busy (V8's background GC and compiler threads, the pool's parent side): work
 * that competes with a second worker for the second core. Not a strict bound on the speed-up: with
 * every core taken, V8 does part of that background work on the main thread, with less overhead.
 */
export const coresBusy = (c: ConfigSummary | undefined): number | undefined =>
  c === undefined || c.mbPerCpuS === 0 ? undefined : c.mbPerS / c.mbPerCpuS
