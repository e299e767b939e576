import { existsSync, readFileSync, writeFileSync } from "node:fs"
import { join } from "node:path"
import { Either } from "effect"
import { loadCatalogueSync } from "../src/engine/index.js"
import { packageRoot } from "../src/catalogue/paths.js"
import { checkRedos, regexKey } from "../src/catalogue/redos.js"
import { catalogueRegexes, codeRegexes } from "../src/catalogue/regexInventory.js"

/**
 * Checks the regexes of the catalogue and of src/ with recheck and records the safe ones in
 * test/redos-verified.json, so `npm test` re-checks only new or changed regexes (each check takes
 * seconds). Incremental by default: regexes already recorded are kept without re-checking, regexes
 * no longer used are dropped; `--all` re-checks everything. Exits 1 listing the ones not safe.
 */
const loaded = loadCatalogueSync()
if (Either.isLeft(loaded)) {
  console.error(loaded.left.message)
  process.exit(2)
}
const all = [...catalogueRegexes(loaded.right), ...codeRegexes(packageRoot())]
const unique = new Map(all.map((r) => [regexKey(r), r]))
const recordFile = join(packageRoot(), "test", "redos-verified.json")
const previous: Record<string, string> = process.argv.includes("--all") || !existsSync(recordFile)
  ? {}
  : (JSON.parse(readFileSync(recordFile, "utf8")) as { safe: Record<string, string> }).safe
const safe: Record<string, string> = {}
let bad = 0
let checked = 0
for (const [key, r] of [...unique].sort(([a], [b]) => a.localeCompare(b))) {
  if (previous[key] !== undefined) {
    safe[key] = r.where
    continue
  }
  checked++
  const verdict = checkRedos(r, 60_000)
  if (verdict.status === "safe") safe[key] = r.where
  else {
    bad++
    console.log(`${verdict.status}: ${r.where}: /${r.source}/${r.flags} — ${verdict.detail}`)
  }
}
writeFileSync(recordFile, JSON.stringify({ checker: "recheck 4.5.0", safe }, null, 2) + "\n")
console.log(`${unique.size} distinct regexes (${checked} checked now), ${Object.keys(safe).length} safe, ${bad} not safe`)
process.exit(bad > 0 ? 1 : 0)
