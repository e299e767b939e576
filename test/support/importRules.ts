import { readdirSync, readFileSync, statSync } from "node:fs"
import { join, posix } from "node:path"
import ts from "typescript"

/**
 * The architecture as rules over import specifiers, read with the TypeScript compiler's own
 * pre-processor (static imports, `export … from`, `import type`, dynamic `import()` and `require`):
 *
 * - Layers: a folder of src/ may import only folders of a lower layer. Ground pieces sit at the
 *   bottom; nothing runs back up.
 * - Front door: outside src/engine/, the engine is imported from src/engine/index.ts or its lean
 *   half src/engine/service.ts (no parsers) and nowhere else.
 */

/** Layer of each top-level entry of src/; lower is closer to the ground. */
export const LAYERS: Readonly<Record<string, number>> = {
  domain: 0,
  config: 0,
  "version.ts": 0,
  languages: 1,
  catalogue: 2,
  builders: 2,
  engine: 3,
  report: 4,
  store: 4,
  usecases: 5,
  http: 6,
  cli: 7
}

export const ENGINE_DOORS: ReadonlyArray<string> = ["src/engine/index.ts", "src/engine/service.ts"]

export interface SourceFile {
  /** repository-relative, with forward slashes */
  readonly path: string
  readonly text: string
}

export interface Violation {
  readonly file: string
  readonly specifier: string
  readonly rule: "deep-import" | "upward-import" | "unknown-folder"
  readonly message: string
}

/** The repository file a relative specifier names (`./x.js` is written for `./x.ts`). */
const resolveSpecifier = (from: string, specifier: string): string => {
  const joined = posix.normalize(posix.join(posix.dirname(from), specifier))
  return joined.replace(/\.js$/, ".ts").replace(/\.mjs$/, ".mts")
}

/** `src/engine/x.ts` -> `engine`; `src/version.ts` -> `version.ts`; undefined outside src/. */
const topOf = (path: string): string | undefined => {
  const parts = path.split("/")
  if (parts[0] !== "src" || parts.length < 2) return undefined
  return parts[1]
}

const isEngine = (path: string): boolean => path.startsWith("src/engine/")

export const importViolations = (files: ReadonlyArray<SourceFile>): Array<Violation> => {
  const out: Array<Violation> = []
  for (const file of files) {
    const info = ts.preProcessFile(file.text, true, true)
    const fromTop = topOf(file.path)
    if (fromTop !== undefined && LAYERS[fromTop] === undefined) {
      out.push({ file: file.path, specifier: "", rule: "unknown-folder", message: `src/${fromTop} has no layer: add it to LAYERS in test/support/importRules.ts` })
    }
    for (const imported of info.importedFiles) {
      const specifier = imported.fileName
      if (!specifier.startsWith(".")) continue
      const target = resolveSpecifier(file.path, specifier)
      if (isEngine(target) && !isEngine(file.path) && !ENGINE_DOORS.includes(target)) {
        out.push({ file: file.path, specifier, rule: "deep-import", message: `imports ${target}: outside src/engine/ import the engine from ${ENGINE_DOORS.join(" or ")} only` })
      }
      const toTop = topOf(target)
      if (fromTop === undefined || toTop === undefined || fromTop === toTop) continue
      const from = LAYERS[fromTop]
      const to = LAYERS[toTop]
      if (from === undefined || to === undefined) continue
      if (to >= from) {
        out.push({
          file: file.path,
          specifier,
          rule: "upward-import",
          message: `src/${fromTop} (layer ${from}) imports src/${toTop} (layer ${to}): a folder may import only lower layers`
        })
      }
    }
  }
  return out
}

const walk = (root: string, dir: string): Array<string> =>
  readdirSync(join(root, dir)).flatMap((name) => {
    const path = posix.join(dir, name)
    if (statSync(join(root, path)).isDirectory()) return walk(root, path)
    return /\.(?:ts|mts|mjs)$/.test(name) && !name.endsWith(".d.ts") ? [path] : []
  })

/** The TypeScript and JavaScript sources under the given folders of the repository. */
export const readSources = (root: string, folders: ReadonlyArray<string>): Array<SourceFile> =>
  folders.flatMap((folder) => walk(root, folder)).map((path) => ({ path, text: readFileSync(join(root, path), "utf8") }))
