// Decodes and checks rules/ and compliance/ once, and writes dist/catalogue.snapshot.json for the
// analysis workers (src/catalogue/snapshot.ts). A catalogue with problems gets no snapshot: they are
// printed, any old snapshot is removed, and the exit code is 1.
import { rmSync } from "node:fs"
import { Either } from "effect"
import { defaultSnapshotPath, writeCatalogueSnapshot } from "../src/catalogue/snapshot.js"
import { loadCatalogueSync } from "../src/engine/index.js"

const path = defaultSnapshotPath()
const loaded = loadCatalogueSync()
if (Either.isLeft(loaded)) {
  rmSync(path, { force: true })
  console.error(`vigil: no catalogue snapshot written, the catalogue has problems:\n${loaded.left.message}`)
  process.exit(1)
}
writeCatalogueSnapshot(loaded.right, path)
console.error(`vigil: catalogue snapshot written (${loaded.right.rules.length} rules): ${path}`)
