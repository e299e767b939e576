import { readdirSync, readFileSync } from "node:fs"
import { join } from "node:path"
import fc from "fast-check"
import { afterAll, describe, expect, it } from "vitest"
import { defaultRulesDir } from "../../src/catalogue/paths.js"
import type { Finding } from "../../src/domain/Finding.js"
import { makeEngine } from "./scanner.js"

const engine = makeEngine(60_000)
afterAll(() => engine.dispose())

/** Every annotated example of the catalogue, as realistic seed inputs (renamed out of examples/). */
const seeds = readdirSync(defaultRulesDir()).flatMap((rule) => {
  const dir = join(defaultRulesDir(), rule, "examples")
  let names: Array<string> = []
  try {
    names = readdirSync(dir)
  } catch {
    return []
  }
  return names
    .filter((n) => /\.(py|go|js|jsx|ts|tsx|yaml|yml)$/.test(n))
    .map((n) => ({ path: `src/${rule}/${n}`, content: readFileSync(join(dir, n), "utf8") }))
})

const commentFor = (path: string): string => (/\.(py|ya?ml)$/.test(path) ? "#" : "//")

const identity = (f: Finding) => `${f.pattern_id}|${f.file}|${f.finding_hash}`
const sortedIdentities = (fs: ReadonlyArray<Finding>) => fs.map(identity).sort()

const insideInput = (content: string, f: Finding): boolean => {
  const lines = content.split("\n")
  const line = lines[f.line - 1]
  return line !== undefined && f.column >= 1 && f.column <= line.length + 1
}

describe("catalogue-wide properties", () => {
  it("has seed inputs from the rule examples", () => {
    expect(seeds.length).toBeGreaterThan(3)
  })

  it("never crashes on arbitrary input, and every location is inside the input", async () => {
    const kinds = ["a.py", "a.go", "a.ts", "a.tsx", "a.js", "a.json", "a.yaml"]
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...kinds), fc.string({ unit: "binary", maxLength: 400 }), async (path, content) => {
        const r = await engine.scan([{ path, content }])
        expect(r.files_scanned + (r.files_skipped ?? 0)).toBe(1)
        for (const f of r.findings) expect(insideInput(content, f)).toBe(true)
      }),
      { numRuns: 150 }
    )
  })

  it("never crashes on mutated real code", async () => {
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...seeds), fc.nat(), fc.nat(), fc.string({ maxLength: 20 }), async (seed, a, b, junk) => {
        const cut = a % (seed.content.length + 1)
        const content = seed.content.slice(0, cut) + junk + seed.content.slice(cut + (b % 40))
        const r = await engine.scan([{ path: seed.path, content }])
        for (const f of r.findings) expect(insideInput(content, f)).toBe(true)
      }),
      { numRuns: 150 }
    )
  })

  it("is deterministic", async () => {
    const first = await engine.scan(seeds)
    const second = await engine.scan([...seeds].reverse())
    expect(first.findings.length).toBeGreaterThan(0)
    expect(sortedIdentities(second.findings)).toEqual(sortedIdentities(first.findings))
    expect(second.risk_score).toBe(first.risk_score)
    expect(second.summary).toEqual(first.summary)
  })

  it("keeps verdicts and hashes under harmless rewrites (blank lines, comments, unrelated code)", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...seeds),
        fc.integer({ min: 1, max: 30 }),
        fc.constantFrom("blank", "comment", "trailing"),
        async (seed, n, how) => {
          const c = commentFor(seed.path)
          const content =
            how === "blank"
              ? "\n".repeat(n) + seed.content
              : how === "comment"
              ? Array.from({ length: n }, (_, i) => `${c} unrelated note ${i}`).join("\n") + "\n" + seed.content
              : seed.content + "\n" + `${c} trailing note\n`.repeat(n)
          const shift = how === "trailing" ? 0 : n
          const before = await engine.scan([seed])
          const after = await engine.scan([{ path: seed.path, content }])
          expect(sortedIdentities(after.findings)).toEqual(sortedIdentities(before.findings))
          const lines = new Map(before.findings.map((f) => [f.finding_hash, f.line]))
          for (const f of after.findings) expect(f.line).toBe((lines.get(f.finding_hash) ?? -1) + shift)
        }
      ),
      { numRuns: 60 }
    )
  })
})
