import { existsSync, readFileSync } from "node:fs"
import { dirname, join } from "node:path"
import { fileURLToPath } from "node:url"

/**
 * The package root, found by walking up from this module: the same code runs from src/ (tests) and
 * from dist/src/ (built), and rules/ and compliance/ live at the root in both cases.
 */
export const packageRoot = (): string => {
  let dir = dirname(fileURLToPath(import.meta.url))
  for (;;) {
    const pkg = join(dir, "package.json")
    if (existsSync(pkg)) {
      try {
        if ((JSON.parse(readFileSync(pkg, "utf8")) as { name?: unknown }).name === "vigil") return dir
      } catch {
        // not ours: keep walking
      }
    }
    const parent = dirname(dir)
    if (parent === dir) throw new Error("cannot find the vigil package root above " + fileURLToPath(import.meta.url))
    dir = parent
  }
}

export const defaultRulesDir = (): string => join(packageRoot(), "rules")
export const defaultComplianceDir = (): string => join(packageRoot(), "compliance")
/** models/ sits beside rules/ (a test catalogue in a temporary folder brings its own or none). */
export const defaultModelsDir = (rulesDir: string): string => join(rulesDir, "..", "models")
