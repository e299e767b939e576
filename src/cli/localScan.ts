import { randomUUID } from "node:crypto"
import { Effect } from "effect"
import { type Catalogue, CatalogueService } from "../catalogue/Catalogue.js"
import type { FileEntry, FileOutcome, ScanResult } from "../domain/Scan.js"
import type { Policy } from "../domain/Vocabulary.js"
import { Scanner, ScannerLive } from "../engine/index.js"
import { concludeScan, quickWinActionOf } from "../usecases/concludeScan.js"
import { ScanError } from "./errors.js"
import type { Progress } from "./Progress.js"

/** `vigil scan` without a server: the embedded engine in this process, nothing leaves the machine. */
export const localScan = (input: {
  readonly files: ReadonlyArray<FileEntry>
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
    Effect.provide(ScannerLive({ workers: 0, budgetMs: input.budgetSeconds * 1000 })),
    Effect.catchTag("CatalogueLoadError", (e) => Effect.fail(new ScanError({ message: e.message })))
  )
