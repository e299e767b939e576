import type { Catalogue } from "../catalogue/Catalogue.js"
import { readCatalogueSnapshot } from "../catalogue/snapshot.js"

/**
 * The catalogue an analysis worker needs. The snapshot path imports neither the YAML parser nor the
 * Schema decoder (nor `effect`); only a missing or stale snapshot loads them, to decode as before.
 * The parent validated the same catalogue before starting workers, so matcher checks are skipped.
 */
export const workerCatalogue = async (dirs: { readonly rulesDir: string; readonly complianceDir: string }): Promise<Catalogue> => {
  const snapshot = readCatalogueSnapshot(dirs.rulesDir, dirs.complianceDir)
  if (snapshot._tag === "Loaded") return snapshot.catalogue
  const [{ loadCatalogueSync }, { Either }] = await Promise.all([import("./loadCatalogue.js"), import("effect")])
  const loaded = loadCatalogueSync({ ...dirs, checkMatchers: false })
  if (Either.isLeft(loaded)) throw new Error(loaded.left.message)
  return loaded.right
}
