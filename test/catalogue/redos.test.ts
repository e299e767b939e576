import { readFileSync } from "node:fs"
import { join } from "node:path"
import { Either } from "effect"
import { describe, expect, it } from "vitest"
import { packageRoot } from "../../src/catalogue/paths.js"
import { checkRedos, regexKey } from "../../src/catalogue/redos.js"
import { catalogueRegexes, codeRegexes } from "../../src/catalogue/regexInventory.js"
import { loadCatalogueSync } from "../../src/engine/index.js"

/**
 * Every regex the product runs (rules and src/) must be free of super-linear backtracking, checked by
 * recheck. test/redos-verified.json records regexes already checked safe (`npm run redos:verify`
 * rewrites it); anything not in it is checked here, live.
 */
const loaded = loadCatalogueSync()
if (Either.isLeft(loaded)) throw new Error(loaded.left.message)
const verified = (JSON.parse(readFileSync(join(packageRoot(), "test", "redos-verified.json"), "utf8")) as { safe: Record<string, string> }).safe
const inventory = [...catalogueRegexes(loaded.right), ...codeRegexes(packageRoot())]
const unchecked = [...new Map(inventory.filter((r) => verified[regexKey(r)] === undefined).map((r) => [regexKey(r), r])).values()]

describe("ReDoS", () => {
  it("finds the regexes of the catalogue and of the code", () => {
    expect(inventory.filter((r) => r.where.startsWith("rules/")).length).toBeGreaterThan(10)
    expect(inventory.filter((r) => r.where.startsWith("src/")).length).toBeGreaterThan(10)
  })

  it(`has no regex with super-linear backtracking (${unchecked.length} new or changed since the last recorded verification)`, () => {
    const bad = unchecked.map((r) => ({ r, verdict: checkRedos(r, 60_000) })).filter(({ verdict }) => verdict.status !== "safe")
    expect(bad.map(({ r, verdict }) => `${r.where}: /${r.source}/ ${verdict.status} (${verdict.detail})`)).toEqual([])
  }, 600_000)
})
