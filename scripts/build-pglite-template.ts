// Initialises an embedded-database directory once, at build time, with every migration applied, so
// that a first `vigil serve` (or `vigil keys`) on a new VIGIL_DATA_DIR copies it instead of running
// initdb and the migrations (src/store/EmbeddedDatabase.ts). One template per PGlite version and set of
// migrations; other templates are removed. Nothing to do when the current one exists.
import { existsSync, mkdirSync, readdirSync, renameSync, rmSync } from "node:fs"
import { dirname, join } from "node:path"
import { Effect, Layer } from "effect"
import { DatabaseLive } from "../src/store/Database.js"
import { dataDirTemplate } from "../src/store/dataDirTemplate.js"
import { LOCK_FILE } from "../src/store/DataDirLock.js"

const target = dataDirTemplate()
const root = dirname(target)
if (!existsSync(join(target, "PG_VERSION"))) {
  mkdirSync(root, { recursive: true })
  const temp = `${target}.${process.pid}.tmp`
  rmSync(temp, { recursive: true, force: true })
  // the server's own database layer: initdb (in a child process, as there is no template yet), the
  // embedded settings, the migrations; closing the scope shuts PGlite down cleanly, which
  // checkpoints, so a copy starts without WAL to replay
  await Effect.runPromise(Effect.scoped(Layer.build(DatabaseLive({ database: { _tag: "Embedded", dataDir: temp } }))))
  rmSync(join(temp, LOCK_FILE), { force: true })
  rmSync(target, { recursive: true, force: true })
  renameSync(temp, target)
  console.error(`vigil: embedded database template written: ${target}`)
}
for (const entry of readdirSync(root)) {
  if (join(root, entry) !== target) rmSync(join(root, entry), { recursive: true, force: true })
}
