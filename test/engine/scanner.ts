import { Effect, ManagedRuntime } from "effect"
import { CatalogueService } from "../../src/catalogue/Catalogue.js"
import type { FileEntry } from "../../src/domain/Scan.js"
import type { Policy } from "../../src/domain/Vocabulary.js"
import { finalizeScan, type ScanOutcome } from "../../src/engine/Result.js"
import { Scanner } from "../../src/engine/Scanner.js"
import { ScannerLive } from "../../src/engine/ScannerLive.js"

/** The engine as the service uses it (in-process runner), shared by a test file. */
export const makeEngine = (budgetMs = 60_000) => {
  const runtime = ManagedRuntime.make(ScannerLive({ workers: 0, budgetMs }))
  const scan = (files: ReadonlyArray<FileEntry>, policy: Policy = "comprehensive", options: { budgetMs?: number } = {}): Promise<ScanOutcome> =>
    runtime.runPromise(
      Effect.gen(function*() {
        const scanner = yield* Scanner
        const catalogue = yield* CatalogueService
        const analysis = yield* scanner.analyse(files, options)
        return finalizeScan(analysis, { policy, quickWinAction: (id) => catalogue.resolve(id)?.quick_win ?? id })
      })
    )
  const catalogue = () => runtime.runPromise(CatalogueService)
  return { scan, catalogue, dispose: () => runtime.dispose() }
}
