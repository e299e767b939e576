import { readFileSync, writeFileSync } from "node:fs"
import { join } from "node:path"
import { Either } from "effect"
import { loadCatalogueSync } from "../src/engine/index.js"
import { packageRoot } from "../src/catalogue/paths.js"
import { renderRulesTable, withRulesTable } from "../src/report/RulesTable.js"

const loaded = loadCatalogueSync()
if (Either.isLeft(loaded)) {
  console.error(loaded.left.message)
  process.exit(1)
}
const file = join(packageRoot(), "README.md")
writeFileSync(file, withRulesTable(readFileSync(file, "utf8"), renderRulesTable(loaded.right)))
console.log(`updated the rules table in ${file} (${loaded.right.rules.length} rules)`)
