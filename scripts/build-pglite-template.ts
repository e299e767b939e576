// Initialises an empty embedded-database directory once, at build time, so that a first `vigil
// serve` (or `vigil keys`) on a new VIGIL_DATA_DIR copies it instead of running initdb
// (src/store/EmbeddedDatabase.ts). One template per PGlite version; templates of other versions are
// removed. Nothing to do when the current version's template exists.
import { existsSync, mkdirSync, readdirSync, renameSync, rmSync } from "node:fs"
import { dirname, join } from "node:path"
import { PGlite } from "@electric-sql/pglite"
import { dataDirTemplate } from "../src/store/dataDirTemplate.js"
import { embeddedStartParams } from "../src/store/EmbeddedDatabase.js"

const target = dataDirTemplate()
const root = dirname(target)
if (!existsSync(join(target, "PG_VERSION"))) {
  mkdirSync(root, { recursive: true })
  const temp = `${target}.${process.pid}.tmp`
  rmSync(temp, { recursive: true, force: true })
  const db = await PGlite.create({ dataDir: temp, startParams: embeddedStartParams() })
  // a clean shutdown checkpoints: the copy starts without WAL to replay
  await db.close()
  rmSync(target, { recursive: true, force: true })
  renameSync(temp, target)
  console.error(`vigil: embedded database template written: ${target}`)
}
for (const entry of readdirSync(root)) {
  if (join(root, entry) !== target) rmSync(join(root, entry), { recursive: true, force: true })
}
