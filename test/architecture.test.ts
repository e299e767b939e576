import { describe, expect, it } from "vitest"
import { packageRoot } from "../src/catalogue/paths.js"
import { importViolations, readSources } from "./support/importRules.js"

/**
 * The folder layout is the architecture (README "Layout"): ground pieces (domain, languages) at the
 * bottom, catalogue and builders above them, the engine above those behind one front door
 * (src/engine/index.ts), then report and store, then http and cli. src/ and scripts/ must keep to it.
 * test/ and benchmarks/ may reach the engine's parts: they test and measure them one by one.
 */
describe("architecture", () => {
  const shown = (v: ReturnType<typeof importViolations>[number]) => `${v.file}: ${v.specifier} (${v.rule}) ${v.message}`

  it("nothing imports past the engine's front door, and no import runs up the layers", () => {
    const sources = readSources(packageRoot(), ["src", "scripts"])
    expect(sources.length).toBeGreaterThan(100)
    expect(importViolations(sources).map(shown)).toEqual([])
  })

  it("catches deep, upward and unplaced imports in any form", () => {
    const violations = importViolations([
      { path: "src/cli/a.ts", text: `import { analyseFile } from "../engine/createAnalyser.js"` },
      { path: "src/http/b.ts", text: `export type { RawMatch } from "../engine/matchers/RawMatch.js"` },
      { path: "src/report/c.ts", text: `const m = await import("../engine/Scanner.js")` },
      { path: "scripts/d.ts", text: `import { Scanner } from "../src/engine/Scanner.js"` },
      { path: "src/languages/e.ts", text: `import type { Scanner } from "../engine/index.js"` },
      { path: "src/catalogue/f.ts", text: `import { compileCatalogue } from "../engine/index.js"` },
      { path: "src/domain/g.ts", text: `import { parseScript } from "../languages/typescript.js"` },
      { path: "src/findings/h.ts", text: `import { x } from "./x.js"` },
      // allowed: the front door, inside the engine, downward, and packages
      { path: "src/cli/ok1.ts", text: `import { Scanner } from "../engine/index.js"` },
      { path: "src/engine/ok2.ts", text: `import { analyseFile } from "./createAnalyser.js"\nimport { SourceDoc } from "../languages/Source.js"` },
      { path: "src/catalogue/ok3.ts", text: `import type { Rule } from "../domain/Rule.js"\nimport { Schema } from "effect"` }
    ])
    expect(violations.map((v) => `${v.file} ${v.rule}`)).toEqual([
      "src/cli/a.ts deep-import",
      "src/http/b.ts deep-import",
      "src/report/c.ts deep-import",
      "scripts/d.ts deep-import",
      "src/languages/e.ts upward-import",
      "src/catalogue/f.ts upward-import",
      "src/domain/g.ts upward-import",
      "src/findings/h.ts unknown-folder"
    ])
  })
})
