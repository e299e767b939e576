import { execFileSync } from "node:child_process"
import { createHash } from "node:crypto"
import { existsSync, lstatSync, readdirSync, readFileSync, realpathSync, statSync, writeFileSync } from "node:fs"
import { join, relative, sep } from "node:path"
import { isFixturePath } from "../src/engine/classify.js"

/**
 * The corpora: code every machine has or the project brings, sampled deterministically and pinned in
 * a committed manifest (paths relative to each corpus root, bytes, a content hash per file), so two
 * runs read the same files and drift is visible.
 */

export type CorpusName = "python" | "go" | "typescript" | "javascript" | "builders"
export const CORPUS_NAMES: ReadonlyArray<CorpusName> = ["python", "go", "typescript", "javascript", "builders"]

/** The engine kind the corpus exercises (for the parse-only figures and the peer rules). */
export const CORPUS_LANGUAGE: Record<CorpusName, string> = {
  python: "python",
  go: "go",
  typescript: "typescript",
  javascript: "javascript",
  builders: "json/yaml builder exports"
}

export interface CorpusSource {
  readonly name: CorpusName
  /** absolute root all manifest paths are relative to */
  readonly root: string
  /** what the root is, for humans: "python3 3.11.7 standard library" */
  readonly description: string
  /** version of what was read (python or go version, package versions), to explain re-pinning */
  readonly version: string
  /** sub-directories of the root to sample from (relative); the whole root when empty */
  readonly include: ReadonlyArray<string>
  readonly extensions: ReadonlyArray<string>
  /** directory names never entered */
  readonly excludeDirs: ReadonlyArray<string>
}

export interface PinnedFile {
  readonly path: string
  readonly bytes: number
  /** first 16 hex digits of the SHA-256 of the content */
  readonly sha: string
}

export interface PinnedCorpus {
  readonly description: string
  readonly version: string
  readonly rootHint: string
  readonly capBytes: number
  readonly maxFileBytes: number
  readonly candidates: { readonly files: number; readonly bytes: number }
  readonly fileCount: number
  readonly bytes: number
  readonly lines: number
  /** SHA-256 over the sorted "path sha" lines: one value that changes when any file does */
  readonly contentHash: string
  readonly files: ReadonlyArray<PinnedFile>
}

export interface Manifest {
  readonly version: 1
  readonly note: string
  readonly corpora: Partial<Record<CorpusName, PinnedCorpus>>
}

export interface CorpusFile {
  readonly path: string
  readonly absolute: string
  readonly bytes: number
  readonly lines: number
}

export interface SelectedCorpus {
  readonly name: CorpusName
  readonly source: CorpusSource
  readonly files: ReadonlyArray<CorpusFile>
  readonly bytes: number
  readonly lines: number
  readonly contentHash: string
  /** "pinned" (manifest matched), "drift" (manifest used, some files missing or changed), "repinned" */
  readonly status: "pinned" | "drift" | "repinned"
  readonly notes: ReadonlyArray<string>
}

export interface SkippedCorpus {
  readonly name: CorpusName
  readonly reason: string
}

/** Larger files are left out of the sample (the API's own limit per file is 5 MB). */
export const MAX_FILE_BYTES = 2_000_000

const sha256 = (data: string | Buffer): string => createHash("sha256").update(data).digest("hex")

const run = (command: string, args: ReadonlyArray<string>): string | undefined => {
  try {
    return execFileSync(command, args, { encoding: "utf8", stdio: ["ignore", "pipe", "ignore"], timeout: 20_000 }).trim()
  } catch {
    return undefined
  }
}

const packageVersion = (nodeModules: string, name: string): string | undefined => {
  try {
    return (JSON.parse(readFileSync(join(nodeModules, name, "package.json"), "utf8")) as { version?: string }).version
  } catch {
    return undefined
  }
}

const TS_DIRS = ["typescript/lib", "effect/src", "@effect/platform/src", "@effect/cli/src", "@effect/sql/src", "@effect/experimental/src", "@effect/cluster/src"]
const JS_DIRS = [
  "typescript/lib",
  "effect/dist/esm",
  "yaml/dist",
  "ajv/dist",
  "rollup/dist",
  "vite/dist",
  "vitest/dist",
  "jsonpath-plus/dist",
  "ts-morph/dist"
]
const BUILDER_DIRS = ["flowise", "n8n", "langflow", "dify"]

/** Where each corpus lives on this machine, or why it is not there. */
export const discoverCorpora = (repoRoot: string): { sources: Array<CorpusSource>; skipped: Array<SkippedCorpus> } => {
  const sources: Array<CorpusSource> = []
  const skipped: Array<SkippedCorpus> = []

  const py = run("python3", ["-c", "import sys, sysconfig; print(sysconfig.get_paths()['stdlib']); print(sys.version.split()[0])"])
  const [pyRoot, pyVersion] = (py ?? "").split("\n")
  if (pyRoot !== undefined && pyRoot !== "" && existsSync(pyRoot)) {
    sources.push({
      name: "python",
      root: pyRoot,
      description: `python3 ${pyVersion ?? "?"} standard library`,
      version: `python ${pyVersion ?? "?"}`,
      include: [],
      extensions: [".py"],
      excludeDirs: ["site-packages", "dist-packages", "__pycache__", "idle_test", "lib2to3"]
    })
  } else skipped.push({ name: "python", reason: "python3 is not installed (or its standard library path is unknown)" })

  // Debian's golang-1.NN-src installs versioned roots (/usr/share/go-1.19) without the unversioned link
  const versioned = ["/usr/lib", "/usr/share"].flatMap((dir) =>
    existsSync(dir) ? readdirSync(dir).filter((d) => /^go-\d+\.\d+$/.test(d)).sort().reverse().map((d) => join(dir, d)) : []
  )
  const goRoots = [run("go", ["env", "GOROOT"]), "/usr/lib/go", "/usr/share/go", "/usr/local/go", ...versioned].filter(
    (r): r is string => r !== undefined && r !== "" && existsSync(join(r, "src", "fmt"))
  )
  const goRoot = goRoots[0]
  if (goRoot !== undefined) {
    const real = realpathSync(goRoot)
    const versionFile = join(real, "VERSION")
    const version = existsSync(versionFile) ? readFileSync(versionFile, "utf8").split("\n")[0]!.trim() : real.split(sep).pop()!
    sources.push({
      name: "go",
      root: join(real, "src"),
      description: `Go standard library (${version}, ${real})`,
      version,
      include: [],
      extensions: [".go"],
      excludeDirs: ["testdata", "vendor"]
    })
  } else skipped.push({ name: "go", reason: "no Go standard library source (install Debian `golang-src`, or Go itself)" })

  const nodeModules = join(repoRoot, "node_modules")
  const tsDirs = TS_DIRS.filter((d) => existsSync(join(nodeModules, d)))
  if (tsDirs.length > 0) {
    const versions = [...new Set(tsDirs.map((d) => d.split("/").slice(0, d.startsWith("@") ? 2 : 1).join("/")))].map(
      (p) => `${p}@${packageVersion(nodeModules, p) ?? "?"}`
    )
    sources.push({
      name: "typescript",
      root: nodeModules,
      description: `TypeScript in node_modules: ${tsDirs.join(", ")}`,
      version: versions.join(" "),
      include: tsDirs,
      extensions: [".ts", ".tsx", ".mts", ".cts"],
      excludeDirs: ["node_modules"]
    })
  } else skipped.push({ name: "typescript", reason: "node_modules has none of the TypeScript packages (run npm ci)" })

  const jsDirs = JS_DIRS.filter((d) => existsSync(join(nodeModules, d)))
  if (jsDirs.length > 0) {
    const versions = [...new Set(jsDirs.map((d) => d.split("/").slice(0, d.startsWith("@") ? 2 : 1).join("/")))].map(
      (p) => `${p}@${packageVersion(nodeModules, p) ?? "?"}`
    )
    sources.push({
      name: "javascript",
      root: nodeModules,
      description: `JavaScript in node_modules: ${jsDirs.join(", ")}`,
      version: versions.join(" "),
      include: jsDirs,
      extensions: [".js", ".mjs", ".cjs"],
      excludeDirs: ["node_modules"]
    })
  } else skipped.push({ name: "javascript", reason: "node_modules has none of the JavaScript packages (run npm ci)" })

  const corpus = join(repoRoot, "..", "shared", "corpus")
  const builderDirs = BUILDER_DIRS.filter((d) => existsSync(join(corpus, d)))
  if (builderDirs.length > 0) {
    sources.push({
      name: "builders",
      root: realpathSync(corpus),
      description: `builder exports of ../shared/corpus (${builderDirs.join(", ")})`,
      version: "shared corpus",
      include: builderDirs,
      extensions: [".json", ".yaml", ".yml"],
      excludeDirs: []
    })
  } else skipped.push({ name: "builders", reason: "../shared/corpus is not present next to the repository" })

  return { sources, skipped }
}

interface Candidate {
  readonly path: string
  readonly bytes: number
}

const listCandidates = (source: CorpusSource): Array<Candidate> => {
  const out: Array<Candidate> = []
  const walk = (dir: string): void => {
    let entries: Array<string>
    try {
      entries = readdirSync(dir)
    } catch {
      return
    }
    for (const name of entries) {
      const absolute = join(dir, name)
      let stat
      try {
        stat = lstatSync(absolute)
      } catch {
        continue
      }
      if (stat.isSymbolicLink()) continue
      if (stat.isDirectory()) {
        if (!source.excludeDirs.includes(name) && !name.startsWith(".")) walk(absolute)
        continue
      }
      if (!stat.isFile()) continue
      if (!source.extensions.some((e) => name.endsWith(e))) continue
      const path = relative(source.root, absolute).split(sep).join("/")
      // Vigil skips fixture directories (tests/, testdata/, ...): they would not measure analysis
      if (isFixturePath(path)) continue
      out.push({ path, bytes: stat.size })
    }
  }
  const roots = source.include.length === 0 ? [source.root] : source.include.map((d) => join(source.root, d))
  for (const r of roots) walk(r)
  // several include dirs may overlap; keep each path once
  const seen = new Set<string>()
  return out.filter((c) => (seen.has(c.path) ? false : (seen.add(c.path), true)))
}

const utf8 = new TextDecoder("utf-8", { fatal: true })

/** Reads a file as the scanner would receive it; undefined when it is not UTF-8 text. */
const readText = (absolute: string): { text: string; sha: string; bytes: number } | undefined => {
  let buffer: Buffer
  try {
    buffer = readFileSync(absolute)
  } catch {
    return undefined
  }
  try {
    const text = utf8.decode(buffer)
    if (text.includes("\u0000")) return undefined
    return { text, sha: sha256(buffer).slice(0, 16), bytes: buffer.length }
  } catch {
    return undefined
  }
}

const countLines = (text: string): number => {
  if (text.length === 0) return 0
  let n = 1
  let i = text.indexOf("\n")
  while (i !== -1) {
    if (i < text.length - 1) n++
    i = text.indexOf("\n", i + 1)
  }
  return n
}

const contentHashOf = (files: ReadonlyArray<PinnedFile>): string =>
  "sha256:" + sha256(files.map((f) => `${f.path} ${f.sha}`).sort().join("\n"))

/**
 * Deterministic sample: candidates ordered by the hash of their path (spread over the whole tree, not
 * the alphabetically first packages), taken until the byte cap; files over `maxFileBytes`, non-UTF-8
 * files and fixture paths are left out.
 */
export const selectSample = (source: CorpusSource, capBytes: number, maxFileBytes = MAX_FILE_BYTES): PinnedCorpus => {
  const candidates = listCandidates(source)
  const ordered = [...candidates].sort((a, b) => {
    const ka = sha256(a.path)
    const kb = sha256(b.path)
    return ka < kb ? -1 : ka > kb ? 1 : 0
  })
  const files: Array<PinnedFile> = []
  let bytes = 0
  let lines = 0
  for (const c of ordered) {
    if (c.bytes === 0 || c.bytes > maxFileBytes) continue
    if (bytes + c.bytes > capBytes) {
      if (bytes > capBytes * 0.98) break
      continue
    }
    const read = readText(join(source.root, c.path))
    if (read === undefined) continue
    files.push({ path: c.path, bytes: read.bytes, sha: read.sha })
    bytes += read.bytes
    lines += countLines(read.text)
  }
  files.sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0))
  return {
    description: source.description,
    version: source.version,
    rootHint: source.root,
    capBytes,
    maxFileBytes,
    candidates: { files: candidates.length, bytes: candidates.reduce((s, c) => s + c.bytes, 0) },
    fileCount: files.length,
    bytes,
    lines,
    contentHash: contentHashOf(files),
    files
  }
}

export const readManifest = (path: string): Manifest | undefined => {
  if (!existsSync(path)) return undefined
  try {
    const parsed = JSON.parse(readFileSync(path, "utf8")) as Manifest
    return parsed.version === 1 ? parsed : undefined
  } catch {
    return undefined
  }
}

export const writeManifest = (path: string, manifest: Manifest): void => {
  // one file per line keeps diffs of the committed manifest readable
  const corpora = Object.entries(manifest.corpora).map(([name, c]) => {
    const { files, ...rest } = c!
    const head = JSON.stringify(rest, null, 2).slice(0, -2).replace(/\n/g, "\n    ")
    const list = files.map((f) => `      ${JSON.stringify([f.path, f.bytes, f.sha])}`).join(",\n")
    return `    ${JSON.stringify(name)}: ${head},\n      "files": [\n${list}\n      ]\n    }`
  })
  const text = `{\n  "version": 1,\n  "note": ${JSON.stringify(manifest.note)},\n  "corpora": {\n${corpora.join(",\n")}\n  }\n}\n`
  writeFileSync(path, text)
}

/** The manifest stores files as [path, bytes, sha] triples; accept both shapes. */
const pinnedFiles = (pinned: PinnedCorpus): Array<PinnedFile> =>
  (pinned.files as ReadonlyArray<unknown>).map((f) =>
    Array.isArray(f) ? { path: String(f[0]), bytes: Number(f[1]), sha: String(f[2]) } : (f as PinnedFile)
  )

export const MANIFEST_NOTE =
  "Files read by `npm run bench`, per corpus: paths relative to the corpus root, bytes, first 16 hex digits of SHA-256. " +
  "Re-pinned automatically (and reported) when most pinned files are gone, e.g. on another Python or Go version; `--repin` forces it."

/** Share of pinned files that must still exist for the pin to be used as it is. */
const KEEP_PIN_SHARE = 0.8

/**
 * Resolves the files of one corpus: the manifest's pinned list when it still fits this machine
 * (drift reported), otherwise a fresh sample (reported as re-pinned).
 */
export const resolveCorpus = (
  source: CorpusSource,
  pinned: PinnedCorpus | undefined,
  capBytes: number,
  repin: boolean
): { selected: SelectedCorpus; pin: PinnedCorpus } => {
  const notes: Array<string> = []
  let status: SelectedCorpus["status"] = "pinned"
  let pin = pinned
  let present: Array<CorpusFile> = []
  let changed = 0
  let missing = 0
  if (pin !== undefined && !repin && pin.capBytes !== capBytes) {
    notes.push(`byte cap changed (${pin.capBytes} → ${capBytes}): re-pinned`)
    pin = undefined
  }
  if (pin !== undefined && !repin) {
    const files = pinnedFiles(pin)
    for (const f of files) {
      const absolute = join(source.root, f.path)
      const read = existsSync(absolute) && statSync(absolute).isFile() ? readText(absolute) : undefined
      if (read === undefined) {
        missing++
        continue
      }
      if (read.sha !== f.sha) changed++
      present.push({ path: f.path, absolute, bytes: read.bytes, lines: countLines(read.text) })
    }
    if (present.length < files.length * KEEP_PIN_SHARE) {
      notes.push(
        `pinned sample (${pin.version}) mostly absent here (${missing} of ${files.length} files missing; this machine has ${source.version}): re-pinned`
      )
      pin = undefined
    } else if (missing > 0 || changed > 0) {
      status = "drift"
      notes.push(`drift from the manifest: ${missing} pinned files missing, ${changed} changed (pinned ${pin.version}, found ${source.version})`)
    }
  }
  if (pin === undefined || repin) {
    if (repin) notes.push("re-pinned on request (--repin)")
    status = "repinned"
    if (pinned === undefined) notes.push("not in the manifest yet: pinned now")
    pin = selectSample(source, capBytes)
    present = pinnedFiles(pin).map((f) => {
      const absolute = join(source.root, f.path)
      const text = readFileSync(absolute, "utf8")
      return { path: f.path, absolute, bytes: f.bytes, lines: countLines(text) }
    })
  }
  const bytes = present.reduce((s, f) => s + f.bytes, 0)
  const lines = present.reduce((s, f) => s + f.lines, 0)
  const currentHash =
    status === "pinned" ? pin.contentHash : contentHashOf(present.map((f) => ({ path: f.path, bytes: f.bytes, sha: readText(f.absolute)!.sha })))
  return {
    selected: { name: source.name, source, files: present, bytes, lines, contentHash: currentHash, status, notes },
    pin
  }
}
