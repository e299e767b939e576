import { existsSync, readFileSync } from "node:fs"
import { dirname, join, resolve } from "node:path"

/**
 * What a module loads when it is imported: its static value imports, followed through src/ (type-only
 * imports are erased; dynamic `import()` is lazy and not followed). Packages map to the source files
 * that import them; `files` are the repository files reached.
 */
export const staticImportsOf = (root: string, entries: ReadonlyArray<string>): { readonly packages: Map<string, Array<string>>; readonly files: Set<string> } => {
  const seen = new Set<string>()
  const packages = new Map<string, Array<string>>()
  const visit = (file: string): void => {
    if (seen.has(file)) return
    seen.add(file)
    const text = readFileSync(file, "utf8")
    const statements = text.matchAll(/^(import|export)\s+(type\s+)?([^;]*?)\s*from\s*["']([^"']+)["']|^import\s+["']([^"']+)["']/gms)
    for (const m of statements) {
      const specifier = m[4] ?? m[5]!
      const typeOnly = m[2] !== undefined || (/^\{[^}]*\}$/s.test((m[3] ?? "").trim()) && (m[3] ?? "").replace(/[{}\s]/g, "").split(",").filter((s) => s !== "").every((s) => s.startsWith("type")))
      if (typeOnly) continue
      if (specifier.startsWith(".")) {
        const target = resolve(dirname(file), specifier.replace(/\.js$/, ".ts"))
        if (existsSync(target)) visit(target)
      } else if (!specifier.startsWith("node:")) {
        const from = file.slice(root.length + 1)
        packages.set(specifier, [...(packages.get(specifier) ?? []), from])
      }
    }
  }
  for (const entry of entries) visit(join(root, entry))
  return { packages, files: new Set([...seen].map((file) => file.slice(root.length + 1).replaceAll("\\", "/"))) }
}
