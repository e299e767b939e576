import { readFileSync } from "node:fs"
import { join } from "node:path"
import { Either } from "effect"
import { describe, expect, it } from "vitest"
import { packageRoot } from "../../src/catalogue/paths.js"
import { loadCatalogueSync } from "../../src/engine/index.js"
import { renderRulesTable, RULES_TABLE_END, RULES_TABLE_START } from "../../src/report/RulesTable.js"

describe("README", () => {
  it("lists exactly the rules in rules/ (run `npm run docs` after adding a rule)", () => {
    const loaded = loadCatalogueSync()
    if (Either.isLeft(loaded)) throw new Error(loaded.left.message)
    const readme = readFileSync(join(packageRoot(), "README.md"), "utf8")
    const block = readme.slice(readme.indexOf(RULES_TABLE_START), readme.indexOf(RULES_TABLE_END) + RULES_TABLE_END.length)
    expect(block).toBe(renderRulesTable(loaded.right))
  })

  it("documents the two set-up commands", () => {
    const readme = readFileSync(join(packageRoot(), "README.md"), "utf8")
    expect(readme).toContain("npm install && npm start")
    expect(readme).toContain("npm test")
  })
})
