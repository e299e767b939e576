import { Context, Effect, Either, Layer } from "effect"
import { type Catalogue, CatalogueService } from "../catalogue/Catalogue.js"
import { CatalogueLoadError } from "../catalogue/CatalogueLoadError.js"
import { defaultComplianceDir, defaultRulesDir } from "../catalogue/paths.js"
import { readCatalogueSnapshot } from "../catalogue/snapshot.js"
import { type FileRunner, inProcessRunner } from "./FileRunner.js"
import { defaultWorkerEntry, makeWorkerPool } from "./pool/WorkerPool.js"
import { runPipeline } from "./Pipeline.js"
import { Scanner } from "./Scanner.js"

export interface ScannerOptions {
  /** analysis worker processes; 0 analyses in this process */
  readonly workers: number
  /** whole-scan time budget */
  readonly budgetMs: number
  readonly rulesDir?: string
  readonly complianceDir?: string
  /** a worker above this RSS is replaced after its batch */
  readonly maxRssMb?: number
  /** V8's young-generation semi-space per worker, MB (pool/PoolCore.ts); default 64 */
  readonly semiSpaceMb?: number
  /** batches allowed to wait before scans are refused with WorkerUnavailable (503) */
  readonly maxQueue?: number
}

/**
 * The catalogue for scanning: the build-time snapshot when it matches the files on disk (it is only
 * written for a catalogue that passed every check, matchers included), else the full decode with
 * every check, which reports each problem. The full decode compiles every matcher, which loads
 * tree-sitter and TypeScript's compiler, so it is imported only when the snapshot cannot be used: a
 * server started from a build never loads them.
 */
export const loadCatalogue = (options: { rulesDir?: string; complianceDir?: string }): Effect.Effect<Catalogue, CatalogueLoadError> =>
  Effect.suspend(() => {
    const rulesDir = options.rulesDir ?? defaultRulesDir()
    const complianceDir = options.complianceDir ?? defaultComplianceDir()
    const snapshot = readCatalogueSnapshot(rulesDir, complianceDir)
    if (snapshot._tag === "Loaded") return Effect.succeed(snapshot.catalogue)
    return Effect.flatMap(Effect.promise(() => import("./loadCatalogue.js")), ({ loadCatalogueSync }) => {
      const loaded = loadCatalogueSync({ rulesDir, complianceDir })
      return Either.isLeft(loaded) ? Effect.fail(loaded.left) : Effect.succeed(loaded.right)
    })
  })

/** The catalogue alone (for services that resolve rule ids without scanning). */
export const CatalogueLive = (options: { rulesDir?: string; complianceDir?: string } = {}): Layer.Layer<CatalogueService, CatalogueLoadError> =>
  Layer.effect(CatalogueService, loadCatalogue(options))

/**
 * Scanner and catalogue: the catalogue is loaded once and a bad one fails start-up with every problem.
 * The worker processes are forked first, so they start while this process loads its own copy of the
 * catalogue (and, in `vigil serve`, opens the database). The in-process analyser (ts-morph,
 * tree-sitter) is imported only when there are no workers: a server with workers never uses it, and
 * importing it cost the server process 68 MB of RSS.
 */
export const ScannerLive = (options: ScannerOptions): Layer.Layer<Scanner | CatalogueService, CatalogueLoadError> =>
  Layer.scopedContext(
    Effect.gen(function*() {
      const pool = options.workers > 0
        ? yield* makeWorkerPool({
          entry: defaultWorkerEntry(),
          init: { rulesDir: options.rulesDir ?? defaultRulesDir(), complianceDir: options.complianceDir ?? defaultComplianceDir() },
          size: options.workers,
          // a loaded machine can take many seconds to compile the catalogue in a fresh child
          initTimeoutMs: 120_000,
          ...(options.maxRssMb !== undefined ? { maxRssMb: options.maxRssMb } : {}),
          ...(options.semiSpaceMb !== undefined ? { semiSpaceMb: options.semiSpaceMb } : {}),
          ...(options.maxQueue !== undefined ? { maxQueue: options.maxQueue } : {})
        })
        : undefined
      const catalogue = yield* loadCatalogue(options)
      const runner: FileRunner = pool ?? inProcessRunner(
        (yield* Effect.promise(() => import("./createAnalyser.js"))).makeAnalyser(catalogue)
      )
      const scanner = Scanner.of({
        analyse: (files, analyseOptions) => runPipeline(catalogue, runner, files, options.budgetMs, analyseOptions),
        ready: runner.ready
      })
      return Context.make(CatalogueService, catalogue).pipe(Context.add(Scanner, scanner))
    })
  )
