// Compiles with `tsc -p tsconfig.build.json` when dist/ is missing or older than any source file,
// so `npm start` and `npm run scan` always run current code without paying for a build every time.
// Then rewrites the catalogue snapshot (dist/catalogue.snapshot.json) when it does not match rules/
// and compliance/ (or the decoding code), so workers never start from a stale one, and writes the
// embedded database's template (dist/pglite-template/<version>-<migrations>) when there is none for the
// installed PGlite and the current migrations.
import { execFileSync } from "node:child_process"
import { existsSync, readdirSync, statSync } from "node:fs"
import { dirname, join } from "node:path"
import { fileURLToPath } from "node:url"

const root = join(dirname(fileURLToPath(import.meta.url)), "..")
const marker = join(root, "dist", "src", "cli", "main.js")
const SOURCE_DIRS = ["src", "scripts", "benchmarks"]
const CONFIG_FILES = ["tsconfig.json", "tsconfig.build.json", "package.json"]

const newestMtime = (path) => {
  if (!existsSync(path)) return 0
  const stat = statSync(path)
  if (!stat.isDirectory()) return path.endsWith(".ts") || CONFIG_FILES.some((f) => path.endsWith(f)) ? stat.mtimeMs : 0
  let newest = 0
  for (const entry of readdirSync(path)) newest = Math.max(newest, newestMtime(join(path, entry)))
  return newest
}

const builtAt = existsSync(marker) ? statSync(marker).mtimeMs : 0
const sourcesAt = Math.max(
  ...SOURCE_DIRS.map((d) => newestMtime(join(root, d))),
  ...CONFIG_FILES.map((f) => newestMtime(join(root, f)))
)

if (builtAt === 0 || sourcesAt > builtAt) {
  console.error(builtAt === 0 ? "vigil: building (dist/ is missing)..." : "vigil: sources changed, rebuilding...")
  const tsc = join(root, "node_modules", "typescript", "bin", "tsc")
  try {
    execFileSync(process.execPath, [tsc, "-p", join(root, "tsconfig.build.json")], { stdio: "inherit", cwd: root })
  } catch {
    console.error("vigil: the build failed (see the TypeScript errors above)")
    process.exit(1)
  }
}

const snapshot = await import(join(root, "dist", "src", "catalogue", "snapshot.js"))
if (!snapshot.snapshotIsCurrent(join(root, "rules"), join(root, "compliance"))) {
  try {
    execFileSync(process.execPath, [join(root, "dist", "scripts", "build-catalogue-snapshot.js")], { stdio: "inherit", cwd: root })
  } catch {
    // the catalogue has problems (printed above): run anyway, so the scanner reports them in full
    console.error("vigil: continuing without a catalogue snapshot")
  }
}

const embedded = await import(join(root, "dist", "src", "store", "dataDirTemplate.js"))
if (!existsSync(join(embedded.dataDirTemplate(), "PG_VERSION"))) {
  try {
    execFileSync(process.execPath, [join(root, "dist", "scripts", "build-pglite-template.js")], { stdio: "inherit", cwd: root })
  } catch {
    // a first start then initialises its directory itself (initdb), only slower
    console.error("vigil: continuing without an embedded database template")
  }
}
