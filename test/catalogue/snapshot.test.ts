import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { Either } from "effect"
import { afterEach, describe, expect, it } from "vitest"
import type { Catalogue } from "../../src/catalogue/Catalogue.js"
import { defaultComplianceDir, defaultModelsDir, defaultRulesDir } from "../../src/catalogue/paths.js"
import { readCatalogueSnapshot, writeCatalogueSnapshot } from "../../src/catalogue/snapshot.js"
import { loadCatalogueForScan, loadCatalogueSync } from "../../src/engine/index.js"

const temps: Array<string> = []
afterEach(() => {
  for (const dir of temps.splice(0)) rmSync(dir, { recursive: true, force: true })
})

/** A copy of the real catalogue (rules/, compliance/ and the models/ rules reference), and where its snapshot goes. */
const copyCatalogue = () => {
  const root = mkdtempSync(join(tmpdir(), "vigil-snapshot-"))
  temps.push(root)
  const rulesDir = join(root, "rules")
  const complianceDir = join(root, "compliance")
  cpSync(defaultRulesDir(), rulesDir, { recursive: true })
  cpSync(defaultComplianceDir(), complianceDir, { recursive: true })
  cpSync(defaultModelsDir(defaultRulesDir()), join(root, "models"), { recursive: true })
  return { rulesDir, complianceDir, snapshot: join(root, "catalogue.snapshot.json") }
}

const decode = (dirs: { rulesDir: string; complianceDir: string }): Catalogue => {
  const loaded = loadCatalogueSync(dirs)
  if (Either.isLeft(loaded)) throw new Error(loaded.left.message)
  return loaded.right
}

/** Everything a scan reads from a catalogue, as plain data. */
const contentOf = (c: Catalogue) => ({
  rules: c.rules,
  compliance: [...c.compliance.entries()],
  resolved: c.rules.flatMap((r) => [r.id, ...(r.aliases ?? [])].map((name) => [name, c.resolve(name)?.id])),
  rulesDir: c.rulesDir,
  complianceDir: c.complianceDir
})

describe("catalogue snapshot", () => {
  it("gives back exactly the decoded catalogue", () => {
    const dirs = copyCatalogue()
    const decoded = decode(dirs)
    writeCatalogueSnapshot(decoded, dirs.snapshot)
    const read = readCatalogueSnapshot(dirs.rulesDir, dirs.complianceDir, dirs.snapshot)
    expect(read._tag).toBe("Loaded")
    if (read._tag !== "Loaded") return
    expect(contentOf(read.catalogue)).toEqual(contentOf(decoded))
    expect(read.catalogue.resolve("no_such_rule")).toBeUndefined()
  })

  it("is stale once a rule file changes, and the scan's loader then decodes the files on disk", () => {
    const dirs = copyCatalogue()
    writeCatalogueSnapshot(decode(dirs), dirs.snapshot)
    const file = join(dirs.rulesDir, "exec_eval", "rule.yaml")
    const changed = readFileSync(file, "utf8").replace(/^severity: \w+$/m, "severity: LOW")
    writeFileSync(file, changed)
    expect(readCatalogueSnapshot(dirs.rulesDir, dirs.complianceDir, dirs.snapshot)._tag).toBe("Stale")
    const loaded = loadCatalogueForScan(dirs)
    expect(Either.isRight(loaded) && loaded.right.resolve("exec_eval")?.severity).toBe("LOW")
  })

  it("is stale once a compliance file changes, or a rule folder is added", () => {
    const dirs = copyCatalogue()
    writeCatalogueSnapshot(decode(dirs), dirs.snapshot)
    writeFileSync(join(dirs.complianceDir, "cwe.yaml"), readFileSync(join(dirs.complianceDir, "cwe.yaml"), "utf8") + "\n# edited\n")
    expect(readCatalogueSnapshot(dirs.rulesDir, dirs.complianceDir, dirs.snapshot)._tag).toBe("Stale")

    const again = copyCatalogue()
    writeCatalogueSnapshot(decode(again), again.snapshot)
    cpSync(join(again.rulesDir, "exec_eval"), join(again.rulesDir, "exec_eval_copy"), { recursive: true })
    expect(readCatalogueSnapshot(again.rulesDir, again.complianceDir, again.snapshot)._tag).toBe("Stale")
  })

  it("reports a missing or unreadable snapshot instead of failing", () => {
    const dirs = copyCatalogue()
    expect(readCatalogueSnapshot(dirs.rulesDir, dirs.complianceDir, dirs.snapshot)._tag).toBe("Missing")
    writeFileSync(dirs.snapshot, "{ not json")
    expect(readCatalogueSnapshot(dirs.rulesDir, dirs.complianceDir, dirs.snapshot)._tag).toBe("Unreadable")
  })
})
