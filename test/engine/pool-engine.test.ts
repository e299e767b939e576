import { readdirSync, readFileSync } from "node:fs"
import { join } from "node:path"
import { Effect, ManagedRuntime } from "effect"
import { afterAll, describe, expect, it } from "vitest"
import { defaultRulesDir } from "../../src/catalogue/paths.js"
import { Scanner } from "../../src/engine/Scanner.js"
import { ScannerLive } from "../../src/engine/ScannerLive.js"

/** The real pool of child processes (compiled dist/ entry, built by `npm test`) against in-process analysis. */
const files = readdirSync(defaultRulesDir()).flatMap((rule) => {
  const dir = join(defaultRulesDir(), rule, "examples")
  try {
    return readdirSync(dir).filter((n) => !n.endsWith(".jsonc")).map((n) => ({ path: `app/${rule}/${n}`, content: readFileSync(join(dir, n), "utf8") }))
  } catch {
    return []
  }
})

const pooled = ManagedRuntime.make(ScannerLive({ workers: 2, budgetMs: 60_000 }))
const local = ManagedRuntime.make(ScannerLive({ workers: 0, budgetMs: 60_000 }))
afterAll(async () => {
  await pooled.dispose()
  await local.dispose()
})

const analyse = (rt: typeof pooled) => rt.runPromise(Effect.flatMap(Scanner, (s) => s.analyse(files)))

describe("scanner with a worker pool", () => {
  it("becomes ready and finds exactly what in-process analysis finds", async () => {
    const [a, b] = await Promise.all([analyse(pooled), analyse(local)])
    expect(await pooled.runPromise(Effect.flatMap(Scanner, (s) => s.ready))).toBe(true)
    expect(a.findings.length).toBeGreaterThan(0)
    expect(a.findings.map((f) => f.finding_hash).sort()).toEqual(b.findings.map((f) => f.finding_hash).sort())
    expect(a.filesScanned).toBe(b.filesScanned)
  })
})
