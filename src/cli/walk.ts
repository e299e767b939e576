import { closeSync, type Dirent, openSync, readdirSync, readFileSync, readSync, statSync } from "node:fs"
import { basename, dirname, join, relative, sep } from "node:path"
import type { FileEntry } from "../domain/Scan.js"
import { type FileOnDisk, readsFileNamed } from "../engine/service.js"
import { ALWAYS_SKIPPED, IgnoreStack } from "./ignore/IgnoreStack.js"


export interface SkippedFile {
  readonly path: string
  readonly reason: string
}

/**
 * A candidate file, not yet read: a local scan reads it when a worker is about to analyse it, so a
 * large tree is never in memory at once (`readContents` reads them all, for an upload).
 */
export type WalkedFile = FileOnDisk

export interface WalkResult {
  /** directory the file paths are relative to (the scanned directory, or a scanned file's directory) */
  readonly base: string
  readonly files: Array<WalkedFile>
  /** candidates left out for a reason the result reports (binary, too large, unreadable) */
  readonly skipped: Array<SkippedFile>
  /** paths the ignore files (or the built-in skips) left out, with what decided; directories end in `/` */
  readonly ignored: Array<{ readonly path: string; readonly because: string }>
}

export interface WalkOptions {
  readonly maxFileBytes: number
  /** called as candidates are found, for the progress line */
  readonly onFound?: (found: number) => void
}

const toPosix = (path: string): string => (sep === "/" ? path : path.split(sep).join("/"))

/** Only the head is read while walking: NUL in the first 8 KB marks a binary file (as git does). */
const BINARY_PROBE_BYTES = 8192

const headOf = (path: string, size: number): Buffer => {
  const head = Buffer.alloc(Math.min(size, BINARY_PROBE_BYTES))
  const fd = openSync(path, "r")
  try {
    const read = readSync(fd, head, 0, head.length, 0)
    return head.subarray(0, read)
  } finally {
    closeSync(fd)
  }
}

const readText = (path: string) => (): string => readFileSync(path, "utf8")

/** The files' texts, for callers that need them all at once (upload, dry run); unreadable ones are left out. */
export const readContents = (files: ReadonlyArray<WalkedFile>): Array<FileEntry> =>
  files.flatMap((file) => {
    try {
      return [{ path: file.path, content: file.read() }]
    } catch {
      return []
    }
  })

const describeBytes = (bytes: number): string => {
  const mb = bytes / 1_000_000
  return `${Number.isInteger(mb) ? mb : mb.toFixed(1)} MB`
}

/**
 * The files of a directory (or one file) that the scanner can read, paths relative to the
 * directory, honouring the ignore files at every level. Symbolic links are not followed (as git
 * does not), so a link cannot pull files from outside the repository or loop.
 */
export const walk = (target: string, options: WalkOptions): WalkResult => {
  const files: Array<WalkedFile> = []
  const skipped: Array<SkippedFile> = []
  const ignored: Array<{ path: string; because: string }> = []
  const isDirectory = statSync(target).isDirectory()
  const base = isDirectory ? target : dirname(target)

  const take = (path: string, size: number): void => {
    const rel = toPosix(relative(base, path))
    if (size > options.maxFileBytes) {
      skipped.push({ path: rel, reason: `larger than the ${describeBytes(options.maxFileBytes)} per-file limit` })
      return
    }
    let head: Buffer
    try {
      head = headOf(path, size)
    } catch (error) {
      skipped.push({ path: rel, reason: `unreadable (${(error as NodeJS.ErrnoException).code ?? "error"})` })
      return
    }
    if (head.includes(0)) {
      skipped.push({ path: rel, reason: "binary content" })
      return
    }
    files.push({ path: rel, bytes: size, read: readText(path) })
    options.onFound?.(files.length)
  }

  if (!isDirectory) {
    // a file named on the command line is scanned even when an ignore file lists it
    // the names the engine reads (engine/classify.ts); everything else is not a candidate at all
    if (readsFileNamed(basename(target))) take(target, statSync(target).size)
    else skipped.push({ path: basename(target), reason: "unsupported file type" })
    return { base, files, skipped, ignored }
  }

  const pending: Array<{ dir: string; rules: IgnoreStack }> = [{ dir: target, rules: IgnoreStack.forRoot(target) }]
  while (pending.length > 0) {
    const { dir, rules } = pending.pop()!
    let entries: Array<Dirent>
    try {
      entries = readdirSync(dir, { withFileTypes: true })
    } catch (error) {
      skipped.push({ path: `${toPosix(relative(base, dir))}/`, reason: `unreadable directory (${(error as NodeJS.ErrnoException).code ?? "error"})` })
      continue
    }
    entries.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0))
    const subdirectories: Array<{ dir: string; rules: IgnoreStack }> = []
    for (const entry of entries) {
      const path = join(dir, entry.name)
      const rel = toPosix(relative(base, path))
      if (entry.isDirectory()) {
        if (ALWAYS_SKIPPED.has(entry.name)) {
          ignored.push({ path: `${rel}/`, because: "always skipped" })
          continue
        }
        const verdict = rules.verdict(path, true)
        if (verdict.ignored) ignored.push({ path: `${rel}/`, because: verdict.because ?? "ignored" })
        else subdirectories.push({ dir: path, rules: rules.enter(path) })
        continue
      }
      if (!entry.isFile() || !readsFileNamed(entry.name)) continue
      const verdict = rules.verdict(path, false)
      if (verdict.ignored) {
        ignored.push({ path: rel, because: verdict.because ?? "ignored" })
        continue
      }
      let size: number
      try {
        size = statSync(path).size
      } catch {
        continue // vanished between listing and reading
      }
      take(path, size)
    }
    // depth first, in name order: the stack is popped from the end
    pending.push(...subdirectories.reverse())
  }
  return { base, files, skipped, ignored }
}
