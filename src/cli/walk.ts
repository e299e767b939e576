import { readdirSync, readFileSync, statSync } from "node:fs"
import { basename, join, relative, sep } from "node:path"
import type { FileEntry } from "../domain/Scan.js"

/** Directories that are never source: dependencies, VCS metadata, build output, caches. */
const ALWAYS_SKIPPED = new Set([".git", ".hg", ".svn", "node_modules", "__pycache__", ".venv", "venv", ".tox", ".mypy_cache", ".pytest_cache", "dist", "build", ".next", ".vigil", "vendor"])
const SUPPORTED = /\.(py|pyi|go|js|jsx|mjs|cjs|ts|tsx|mts|cts|json|yaml|yml)$/i

export interface WalkResult {
  readonly files: Array<FileEntry>
  readonly skipped: Array<{ path: string; reason: string }>
}

/** Collects the files of a directory (or one file) that the scanner can read, with paths relative to the root. */
export const walk = (root: string, maxFileBytes: number): WalkResult => {
  const files: Array<FileEntry> = []
  const skipped: Array<{ path: string; reason: string }> = []
  const rootStat = statSync(root)
  const base = rootStat.isDirectory() ? root : join(root, "..")
  const visit = (path: string): void => {
    const st = statSync(path)
    const rel = relative(base, path).split(sep).join("/")
    if (st.isDirectory()) {
      if (path !== root && ALWAYS_SKIPPED.has(basename(path))) return
      for (const name of readdirSync(path).sort()) visit(join(path, name))
      return
    }
    if (!st.isFile()) return
    if (!SUPPORTED.test(path)) return
    if (st.size > maxFileBytes) {
      skipped.push({ path: rel, reason: `larger than ${Math.round(maxFileBytes / 1048576)} MB` })
      return
    }
    const buf = readFileSync(path)
    if (buf.subarray(0, 8192).includes(0)) {
      skipped.push({ path: rel, reason: "binary content" })
      return
    }
    files.push({ path: rel, content: buf.toString("utf8") })
  }
  visit(root)
  return { files, skipped }
}
