import { randomUUID } from "node:crypto"
import { Effect } from "effect"
import { type Catalogue, CatalogueService } from "../catalogue/Catalogue.js"
import type { FileOutcome, ScanResult } from "../domain/Scan.js"
import type { Policy } from "../domain/Vocabulary.js"
import { defaultPoolSize, type ScanFile, Scanner, ScannerLive } from "../engine/service.js"
import { concludeScan, quickWinActionOf } from "../usecases/concludeScan.js"
import { ScanError } from "./errors.js"
import type { Progress } from "./Progress.js"

/**
 * A worker above this RSS is replaced after its batch: with the batches in flight and this process's
 * findings, no process of a local scan holds much more than 300 MB, whatever the tree's size.
 */
const LOCAL_WORKER_MAX_RSS_MB = 250

/**
 * V8's default semi-space (16 MB), not the service's 64: a 64 MB young generation took local workers
 * past the RSS cap above 5 times as often, and each replacement starts cold. A local scan of the
 * Python standard library with site-packages: 10 replacements and 87 CPU s with 64 MB, 2 and 72 with 16.
 */
const LOCAL_WORKER_SEMI_SPACE_MB = 16

/**
 * `vigil scan` without a server: the engine's worker pool on this machine, nothing leaves it. Files
 * on disk are read when their batch goes to a worker and their findings are built as each result
 * arrives, so this process holds the findings, not the tree; tree-sitter's native memory stays in
 * the workers, which are replaced when they grow.
 */
export const localScan = (input: {
  readonly files: ReadonlyArray<ScanFile>
  readonly walkSkipped: ReadonlyArray<FileOutcome>
  readonly policy: Policy
  readonly agentName: string
  readonly budgetSeconds: number
  readonly progress: Progress
}): Effect.Effect<{ readonly result: ScanResult; readonly catalogue: Catalogue }, ScanError> =>
  Effect.gen(function*() {
    const scanner = yield* Scanner
    const catalogue = yield* CatalogueService
    const analysis = yield* scanner.analyse(input.files, {
      budgetMs: input.budgetSeconds * 1000,
      onProgress: (done) => input.progress.analysed(done)
    }).pipe(Effect.mapError((e) => new ScanError({ message: `the scan could not run: ${e.reason}` })))
    const result = yield* concludeScan(
      {
        ...analysis,
        filesSkipped: analysis.filesSkipped + input.walkSkipped.length,
        outcomes: [...input.walkSkipped, ...analysis.outcomes]
      },
      {
        policy: input.policy,
        quickWinAction: quickWinActionOf((id) => catalogue.resolve(id)),
        identify: () => Effect.succeed({ scan_id: randomUUID(), agent_name: input.agentName })
      }
    )
    return { result, catalogue }
  }).pipe(
    Effect.provide(
      ScannerLive({ workers: defaultPoolSize(), budgetMs: input.budgetSeconds * 1000, maxRssMb: LOCAL_WORKER_MAX_RSS_MB, semiSpaceMb: LOCAL_WORKER_SEMI_SPACE_MB })
    ),
    Effect.catchTag("CatalogueLoadError", (e) => Effect.fail(new ScanError({ message: e.message })))
  )
