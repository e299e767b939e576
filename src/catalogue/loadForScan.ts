import { Either } from "effect"
import type { Catalogue } from "./Catalogue.js"
import type { CatalogueLoadError } from "./CatalogueLoadError.js"
import { type LoadOptions, loadCatalogueSync } from "./load.js"
import { defaultComplianceDir, defaultRulesDir } from "./paths.js"
import { readCatalogueSnapshot } from "./snapshot.js"

/**
 * The catalogue for scanning: the build-time snapshot when it matches the files on disk (it was only
 * written for a catalogue that passed every check), else the full decode with every check, which
 * reports each problem. `vigil rules test` always decodes.
 */
export const loadCatalogueForScan = (options: LoadOptions = {}): Either.Either<Catalogue, CatalogueLoadError> => {
  const rulesDir = options.rulesDir ?? defaultRulesDir()
  const complianceDir = options.complianceDir ?? defaultComplianceDir()
  const snapshot = readCatalogueSnapshot(rulesDir, complianceDir)
  if (snapshot._tag === "Loaded") return Either.right(snapshot.catalogue)
  return loadCatalogueSync({ ...options, rulesDir, complianceDir })
}
