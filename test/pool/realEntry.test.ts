import { existsSync } from "node:fs"
import { Effect } from "effect"
import { describe, expect, it } from "vitest"
import { defaultWorkerEntry } from "../../src/engine/pool/WorkerPool.js"
import { tasks, withPool } from "./helpers.js"

const entry = defaultWorkerEntry()

describe("defaultWorkerEntry", () => {
  it("points at the compiled child when running from TypeScript sources", () => {
    expect(entry.replaceAll("\\", "/")).toMatch(/\/dist\/src\/engine\/pool\/worker-main\.js$/)
  })

  // needs `npm run build` (npm test does it); checks the compiled child loads and speaks the protocol
  it.skipIf(!existsSync(entry))("the compiled child rejects a bad init with an init-error", async () => {
    const error = await withPool({ entry, init: { rulesDir: 42 }, size: 1, maxFailedStarts: 1 }, (pool) =>
      Effect.flip(pool.run(tasks(1), Date.now() + 10_000))
    )
    expect(error.reason).toMatch(/init failed: init must be \{ rulesDir: string, complianceDir: string \}/)
  })
})
