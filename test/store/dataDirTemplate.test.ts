import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { PGlite } from "@electric-sql/pglite"
import { Effect } from "effect"
import { afterEach, describe, expect, it } from "vitest"
import { dataDirTemplate } from "../../src/store/dataDirTemplate.js"
import { embeddedStartParams, initialiseDataDir } from "../../src/store/EmbeddedDatabase.js"

const temps: Array<string> = []
afterEach(() => {
  for (const dir of temps.splice(0)) rmSync(dir, { recursive: true, force: true })
})
const temp = () => {
  const dir = mkdtempSync(join(tmpdir(), "vigil-template-"))
  temps.push(dir)
  return dir
}

describe("a new embedded data directory from the build's template", () => {
  it("is copied with PG_VERSION last, keeps the lock file, and is left alone once initialised", async () => {
    const template = join(temp(), "template")
    mkdirSync(join(template, "base", "1"), { recursive: true })
    writeFileSync(join(template, "base", "1", "1259"), "catalogue")
    writeFileSync(join(template, "PG_VERSION"), "18\n")
    const dataDir = temp()
    writeFileSync(join(dataDir, "vigil.lock"), "123")
    await Effect.runPromise(initialiseDataDir(dataDir, template))
    expect(readFileSync(join(dataDir, "base", "1", "1259"), "utf8")).toBe("catalogue")
    expect(readFileSync(join(dataDir, "PG_VERSION"), "utf8")).toBe("18\n")
    expect(readFileSync(join(dataDir, "vigil.lock"), "utf8")).toBe("123")
    // initialised: a changed template is not copied again
    writeFileSync(join(template, "base", "1", "1259"), "changed")
    await Effect.runPromise(initialiseDataDir(dataDir, template))
    expect(readFileSync(join(dataDir, "base", "1", "1259"), "utf8")).toBe("catalogue")
  })

  it("copies again over a copy cut short (no PG_VERSION)", async () => {
    const template = join(temp(), "template")
    mkdirSync(template)
    writeFileSync(join(template, "global"), "full")
    writeFileSync(join(template, "PG_VERSION"), "18\n")
    const dataDir = temp()
    writeFileSync(join(dataDir, "global"), "half")
    await Effect.runPromise(initialiseDataDir(dataDir, template))
    expect(readFileSync(join(dataDir, "global"), "utf8")).toBe("full")
  })

  // needs `npm run build`, which writes the template for the installed PGlite
  it.skipIf(!existsSync(join(dataDirTemplate(), "PG_VERSION")))("opens as a migrated database after the copy", async () => {
    const dataDir = join(temp(), "data")
    await Effect.runPromise(initialiseDataDir(dataDir))
    const db = await PGlite.create({ dataDir, startParams: embeddedStartParams() })
    try {
      // every migration is already applied: a first start runs none of them
      const migrationFiles = readdirSync(join(import.meta.dirname, "..", "..", "src", "store", "migrations"))
        .filter((f) => /^\d{4}_.*\.ts$/.test(f))
        .map((f) => f.replace(/\.ts$/, ""))
      const applied = (await db.query<{ name: string; migration_id: number }>("SELECT migration_id, name FROM effect_sql_migrations")).rows
        .map((r) => `${String(r.migration_id).padStart(4, "0")}_${r.name}`)
      expect(applied.sort()).toEqual(migrationFiles.sort())
      expect(existsSync(join(dataDir, "vigil.lock"))).toBe(false)
      await db.exec("CREATE TABLE t (x int); INSERT INTO t VALUES (1)")
      expect((await db.query<{ x: number }>("SELECT x FROM t")).rows).toEqual([{ x: 1 }])
    } finally {
      await db.close()
    }
    expect(existsSync(join(dataDirTemplate(), "base"))).toBe(true)
  }, 120_000)
})
