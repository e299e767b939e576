import { createHash } from "node:crypto"
import { existsSync, readdirSync, readFileSync } from "node:fs"
import { createRequire } from "node:module"
import { dirname, join } from "node:path"
import { fileURLToPath } from "node:url"
import { packageRoot } from "../catalogue/paths.js"

// Kept apart from EmbeddedDatabase.ts, and free of `effect` and PGlite, so the build scripts can ask
// where the template goes without loading the database.

/** The installed PGlite's version: a data directory template is only used by the version that made it. */
export const pgliteVersion = (): string => {
  // the package's exports do not include package.json: read it beside the resolved entry point
  let dir = dirname(createRequire(import.meta.url).resolve("@electric-sql/pglite"))
  for (;;) {
    const pkg = join(dir, "package.json")
    if (existsSync(pkg)) {
      const { name, version } = JSON.parse(readFileSync(pkg, "utf8")) as { readonly name?: string; readonly version?: string }
      if (name === "@electric-sql/pglite" && version !== undefined) return version
    }
    const parent = dirname(dir)
    if (parent === dir) return "unknown"
    dir = parent
  }
}

/**
 * The migrations a template was made with, by name (`0001_create_tenancy`, …): the same from src/
 * (vitest) and dist/. Migrations are never edited once released, only added; a template made before a
 * new one would still be valid (the first start applies the rest), but a new tag makes the build
 * write a current one.
 */
export const schemaTag = (): string => {
  const dir = join(dirname(fileURLToPath(import.meta.url)), "migrations")
  const names = new Set<string>()
  for (const file of readdirSync(dir)) {
    const name = /^(\d{4}_[a-z0-9_]+)\.(?:js|ts)$/.exec(file)?.[1]
    if (name !== undefined) names.add(name)
  }
  return createHash("sha256").update([...names].sort().join("\n")).digest("hex").slice(0, 12)
}

/**
 * An initialised data directory with every migration applied, made by `npm run build`
 * (scripts/build-pglite-template.ts), one per PGlite version and set of migrations. A first start
 * copies it instead of running initdb and the migrations: on this machine initdb took about 2 s and
 * the migrations about 1.5 s of the first start (11 s of CPU for initdb on a loaded machine).
 */
export const dataDirTemplate = (): string =>
  join(packageRoot(), "dist", "pglite-template", `${pgliteVersion()}-${schemaTag()}`)
