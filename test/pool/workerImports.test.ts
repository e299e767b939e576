import { execFileSync } from "node:child_process"
import { existsSync } from "node:fs"
import { join } from "node:path"
import { describe, expect, it } from "vitest"
import { packageRoot } from "../../src/catalogue/paths.js"
import { staticImportsOf } from "../support/staticImports.js"

/**
 * A worker must be ready in well under a second, so what it loads at start is kept small: no
 * `effect` (the catalogue comes from the build-time snapshot, not the Schema decoder) and no
 * ts-morph (TypeScript's compiler loads on the first JS/TS file).
 */
describe("analysis worker start", () => {
  it("loads neither effect nor ts-morph before its first file", () => {
    const { packages } = staticImportsOf(packageRoot(), ["src/engine/pool/worker-main.ts"])
    expect(packages.size).toBeGreaterThan(0)
    const heavy = [...packages.entries()].filter(([name]) => name === "effect" || name.startsWith("effect/") || name.startsWith("@effect/") || name === "ts-morph")
    expect(heavy.map(([name, from]) => `${name} <- ${from.join(", ")}`)).toEqual([])
  })
})

/**
 * The static walk above cannot see a module that touches the lazy `ts` proxy at import time (a table
 * like `const K = ts.SyntaxKind`), which loads the compiler all the same: this imports the compiled
 * analyser and reads the CommonJS cache. Measured: a worker idles at 67 MB without it, 131 MB with.
 */
const compiledAnalyser = join(packageRoot(), "dist", "src", "engine", "createAnalyser.js")

describe("analysis worker start, compiled", () => {
  it.skipIf(!existsSync(compiledAnalyser))("does not load TypeScript's compiler when the analyser module is imported", () => {
    const script = `const { createRequire } = require("node:module")
import(${JSON.stringify(compiledAnalyser)}).then(() => {
  const cache = Object.keys(createRequire(${JSON.stringify(compiledAnalyser)}).cache)
  process.stdout.write(JSON.stringify(cache.filter((k) => /[\\/](ts-morph|typescript)[\\/]/.test(k))))
})`
    const loaded = JSON.parse(execFileSync(process.execPath, ["-e", script], { encoding: "utf8" })) as Array<string>
    expect(loaded).toEqual([])
  })
})
