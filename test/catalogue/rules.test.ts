import { Either } from "effect"
import { describe, expect, it } from "vitest"
import type { Catalogue } from "../../src/catalogue/Catalogue.js"
import { formatProblem } from "../../src/catalogue/CatalogueLoadError.js"
import { compileCatalogue } from "../../src/engine/compileCatalogue.js"
import { loadCatalogueSync, runRuleExamples } from "../../src/engine/index.js"

const loadShipped = (): Catalogue => {
  const loaded = loadCatalogueSync()
  if (Either.isLeft(loaded)) throw new Error(loaded.left.problems.map(formatProblem).join("\n"))
  return loaded.right
}

const catalogue = loadShipped()
const compiled = compileCatalogue(catalogue)

describe("the shipped catalogue", () => {
  it("loads with every reference resolved", () => {
    expect(catalogue.rules.length).toBeGreaterThan(0)
  })

  describe.each(catalogue.rules.map((r) => [r.id, r] as const))("rule %s", (_id, rule) => {
    it("passes its annotated examples (every ruleid fires, every finding is annotated)", () => {
      const report = runRuleExamples(compiled, catalogue, rule)
      expect(report.failures.map((f) => `${f.file}${f.line !== undefined ? `:${f.line}` : ""} ${f.message}`)).toEqual([])
      expect(report.annotatedLines).toBeGreaterThan(1)
    })
  })
})
