import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs"
import { createRequire } from "node:module"
import { tmpdir } from "node:os"
import { dirname, join } from "node:path"
import { cruise, type ICruiseResult, type IForbiddenRuleType } from "dependency-cruiser"
import { afterAll, describe, expect, it } from "vitest"
import { packageRoot } from "../src/catalogue/paths.js"

/**
 * The folder layout is the architecture (README "Layout"), written as dependency-cruiser rules in
 * .dependency-cruiser.cjs: layers that import only downwards, the engine's front door, no unplaced
 * folder. src/ and scripts/ must keep to them; test/ and benchmarks/ may reach the engine's parts.
 */
const root = packageRoot()
const config = createRequire(import.meta.url)(join(root, ".dependency-cruiser.cjs")) as {
  forbidden: Array<IForbiddenRuleType>
  options: Record<string, unknown>
}

/** `from -> to (rule)` for every violation of the rules, cruising `paths` from `baseDir`. */
const violations = async (baseDir: string, paths: ReadonlyArray<string>): Promise<Array<string>> => {
  const result = await cruise([...paths], {
    ...config.options,
    baseDir,
    validate: true,
    ruleSet: { forbidden: config.forbidden },
    tsConfig: { fileName: join(baseDir, "tsconfig.json") }
  })
  const output = result.output as ICruiseResult
  return output.summary.violations.map((v) => `${v.from} -> ${v.to} (${v.rule.name})`).sort()
}

describe("architecture", () => {
  const scratch = mkdtempSync(join(tmpdir(), "vigil-arch-"))
  afterAll(() => rmSync(scratch, { recursive: true, force: true }))

  it("nothing imports past the engine's front door, and no import runs up the layers", async () => {
    expect(await violations(root, ["src", "scripts"])).toEqual([])
  })

  it("catches deep, upward and unplaced imports in any form", async () => {
    const files: Record<string, string> = {
      "tsconfig.json": JSON.stringify({ compilerOptions: { module: "NodeNext", moduleResolution: "NodeNext", strict: true }, include: ["**/*.ts"] }),
      "src/engine/createAnalyser.ts": "export const analyseFile = 1\n",
      "src/engine/Scanner.ts": "export class Scanner {}\n",
      "src/engine/index.ts": `export { Scanner } from "./Scanner.js"\nexport const compileCatalogue = 1\n`,
      "src/engine/service.ts": "export const lean = 1\n",
      "src/engine/matchers/RawMatch.ts": "export interface RawMatch { readonly id: string }\n",
      "src/languages/typescript.ts": "export const parseScript = 1\n",
      "src/languages/Source.ts": "export class SourceDoc {}\n",
      "src/domain/Rule.ts": "export interface Rule { readonly id: string }\n",
      // deep imports: static, re-exported type, dynamic, and from scripts/
      "src/cli/a.ts": `import { analyseFile } from "../engine/createAnalyser.js"\nexport const a = analyseFile\n`,
      "src/http/b.ts": `export type { RawMatch } from "../engine/matchers/RawMatch.js"\n`,
      "src/report/c.ts": `export const c = async () => (await import("../engine/Scanner.js")).Scanner\n`,
      "scripts/d.ts": `import { Scanner } from "../src/engine/Scanner.js"\nexport const d = Scanner\n`,
      // upward imports: a type-only one counts too
      "src/languages/e.ts": `import type { Scanner } from "../engine/index.js"\nexport type E = Scanner\n`,
      "src/catalogue/f.ts": `import { compileCatalogue } from "../engine/index.js"\nexport const f = compileCatalogue\n`,
      "src/domain/g.ts": `import { parseScript } from "../languages/typescript.js"\nexport const g = parseScript\n`,
      "src/builders/h.ts": `import { c } from "../catalogue/f.js"\nexport const h = c\n`,
      // unplaced: a folder with no layer, importing, imported, or alone
      "src/findings/i.ts": `import { SourceDoc } from "../languages/Source.js"\nexport const i = SourceDoc\n`,
      "src/report/j.ts": `import { i } from "../findings/i.js"\nexport const j = i\n`,
      "src/extras/k.ts": "export const k = 1\n",
      // allowed: the front doors, inside the engine, downward, and packages
      "src/cli/ok1.ts": `import { Scanner } from "../engine/index.js"\nimport { lean } from "../engine/service.js"\nexport const ok1 = [Scanner, lean]\n`,
      "src/engine/ok2.ts": `import { analyseFile } from "./createAnalyser.js"\nimport { SourceDoc } from "../languages/Source.js"\nexport const ok2 = [analyseFile, SourceDoc]\n`,
      "src/catalogue/ok3.ts": `import type { Rule } from "../domain/Rule.js"\nimport { join } from "node:path"\nexport const ok3 = (r: Rule) => join(r.id)\n`
    }
    for (const [path, text] of Object.entries(files)) {
      mkdirSync(dirname(join(scratch, path)), { recursive: true })
      writeFileSync(join(scratch, path), text)
    }
    expect(await violations(scratch, ["src", "scripts"])).toEqual([
      "scripts/d.ts -> src/engine/Scanner.ts (deep-import)",
      "src/builders/h.ts -> src/catalogue/f.ts (upward-import)",
      "src/catalogue/f.ts -> src/engine/index.ts (upward-import)",
      "src/cli/a.ts -> src/engine/createAnalyser.ts (deep-import)",
      "src/domain/g.ts -> src/languages/typescript.ts (upward-import)",
      "src/extras/k.ts -> src/extras/k.ts (unknown-folder)",
      "src/findings/i.ts -> src/languages/Source.ts (unknown-folder)",
      "src/http/b.ts -> src/engine/matchers/RawMatch.ts (deep-import)",
      "src/languages/e.ts -> src/engine/index.ts (upward-import)",
      "src/report/c.ts -> src/engine/Scanner.ts (deep-import)",
      "src/report/j.ts -> src/findings/i.ts (unknown-folder)"
    ])
  })
})
