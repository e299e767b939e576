import { Either } from "effect"
import type { Catalogue } from "../catalogue/Catalogue.js"
import type { CatalogueLoadError } from "../catalogue/CatalogueLoadError.js"
import { readCatalogueSync } from "../catalogue/load.js"
import { defaultComplianceDir, defaultRulesDir } from "../catalogue/paths.js"
import { readCatalogueSnapshot } from "../catalogue/snapshot.js"
import { checkMatcher } from "./checkMatcher.js"

export interface LoadOptions {
  readonly rulesDir?: string | undefined
  readonly complianceDir?: string | undefined
  /**
   * Compile every matcher on its own to report broken queries against their rule (default true).
   * Analysis workers skip it: the parent validated the same catalogue before starting them, and the
   * combined compile they do anyway would still fail loudly.
   */
  readonly checkMatchers?: boolean
}

/** The catalogue as decoded by catalogue/, with every matcher compiled by the engine on its own. */
export const loadCatalogueSync = (options: LoadOptions = {}): Either.Either<Catalogue, CatalogueLoadError> =>
  readCatalogueSync({
    rulesDir: options.rulesDir,
    complianceDir: options.complianceDir,
    ...(options.checkMatchers === false ? {} : { checkMatcher })
  })

/**
 * The catalogue for scanning: the build-time snapshot when it matches the files on disk (it is only
 * written for a catalogue that passed every check, matchers included), else the full decode with
 * every check, which reports each problem. `vigil rules test` always decodes. The lean door's
 * `loadCatalogue` (ScannerLive.ts) does the same without importing this module for the snapshot.
 */
export const loadCatalogueForScan = (options: LoadOptions = {}): Either.Either<Catalogue, CatalogueLoadError> => {
  const rulesDir = options.rulesDir ?? defaultRulesDir()
  const complianceDir = options.complianceDir ?? defaultComplianceDir()
  const snapshot = readCatalogueSnapshot(rulesDir, complianceDir)
  if (snapshot._tag === "Loaded") return Either.right(snapshot.catalogue)
  return loadCatalogueSync({ ...options, rulesDir, complianceDir })
}
