import { existsSync, readFileSync } from "node:fs"
import { createRequire } from "node:module"
import { dirname, join } from "node:path"
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
 * An initialised, empty data directory made by `npm run build` (scripts/build-pglite-template.ts),
 * one per PGlite version. A first start copies it instead of running initdb: initdb took about 2 s
 * (11 s of CPU on a loaded machine) where the copy takes a small part of that.
 */
export const dataDirTemplate = (): string => join(packageRoot(), "dist", "pglite-template", pgliteVersion())
