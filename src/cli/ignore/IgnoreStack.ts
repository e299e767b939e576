import { existsSync, readFileSync, statSync } from "node:fs"
import { dirname, join, relative, sep } from "node:path"
import ignore, { type Ignore } from "ignore"

/**
 * Which paths of a repository `vigil scan` leaves out, with git's semantics: a `.gitignore` in any
 * directory applies to the paths below it, a deeper file overrides a shallower one, and within one
 * file the last matching line wins (so `!negation` re-includes). A `.vigilignore` uses the same
 * syntax and is read after the `.gitignore` of its directory, so it can both add exclusions and
 * re-include what git ignores (`!build/`). Below every ignore file sit `.git/info/exclude` and
 * Vigil's defaults (dependency and build directories), which a `!` line can re-include.
 */

export const IGNORE_FILES = [".gitignore", ".vigilignore"] as const

/** Never source, never scanned, whatever the ignore files say: VCS metadata, dependencies, Vigil's own data. */
export const ALWAYS_SKIPPED: ReadonlySet<string> = new Set([".git", ".hg", ".svn", "node_modules", ".vigil"])

/** Usually generated or third-party; a `!` line in `.vigilignore` or `.gitignore` brings one back. */
export const DEFAULT_IGNORES: ReadonlyArray<string> = [
  "__pycache__/",
  ".venv/",
  "venv/",
  ".tox/",
  ".mypy_cache/",
  ".pytest_cache/",
  ".next/",
  "dist/",
  "build/",
  "vendor/"
]

/** git compares names case-sensitively except on the file systems that are not. */
const IGNORE_CASE = process.platform === "darwin" || process.platform === "win32"

interface Level {
  /** absolute directory the patterns are relative to */
  readonly dir: string
  /** each pattern is marked with the file it came from, for `--dry-run` explanations */
  readonly rules: Ignore
}

export interface IgnoreVerdict {
  readonly ignored: boolean
  /** the file and pattern that decided, when one did */
  readonly because?: string
}

const toPosix = (path: string): string => (sep === "/" ? path : path.split(sep).join("/"))

const readRules = (files: ReadonlyArray<string>, displayRoot: string): Ignore | undefined => {
  let rules: Ignore | undefined
  for (const file of files) {
    if (!existsSync(file)) continue
    let text: string
    try {
      if (!statSync(file).isFile()) continue
      text = readFileSync(file, "utf8")
    } catch {
      continue // unreadable ignore file: as if absent, like git
    }
    const mark = toPosix(relative(displayRoot, file))
    rules ??= ignore({ ignorecase: IGNORE_CASE })
    rules.add(text.split(/\r?\n/).map((pattern) => ({ pattern, mark })))
  }
  return rules
}

/** The directory holding `.git` at or above `dir`, if any. */
const gitRootOf = (dir: string): string | undefined => {
  for (let at = dir; ; at = dirname(at)) {
    if (existsSync(join(at, ".git"))) return at
    if (dirname(at) === at) return undefined
  }
}

export class IgnoreStack {
  private constructor(
    /** the scanned directory: ignore files are named relative to it */
    private readonly root: string,
    /** ignore files from the outermost directory to the innermost */
    private readonly levels: ReadonlyArray<Level>,
    /** `.git/info/exclude` and the defaults: below every ignore file */
    private readonly base: ReadonlyArray<Level>
  ) {}

  /**
   * Rules for a scan of `root`: inside a git work tree the `.gitignore` files between the work
   * tree's top and `root` apply too, as they would to `git status` run in `root`.
   */
  static forRoot(root: string): IgnoreStack {
    const gitRoot = gitRootOf(root)
    const ancestors: Array<string> = []
    if (gitRoot !== undefined && gitRoot !== root) {
      for (let at = dirname(root); ; at = dirname(at)) {
        ancestors.unshift(at)
        if (at === gitRoot || dirname(at) === at) break
      }
    }
    const base: Array<Level> = []
    if (gitRoot !== undefined) {
      const exclude = readRules([join(gitRoot, ".git", "info", "exclude")], root)
      if (exclude !== undefined) base.push({ dir: gitRoot, rules: exclude })
    }
    const defaults = DEFAULT_IGNORES.map((pattern) => ({ pattern, mark: "Vigil's default ignores" }))
    base.push({ dir: root, rules: ignore({ ignorecase: IGNORE_CASE }).add(defaults) })
    let stack = new IgnoreStack(root, [], base)
    for (const dir of ancestors) stack = stack.enter(dir)
    return stack.enter(root)
  }

  /** The rules inside `dir`: this stack plus the directory's own ignore files, if it has any. */
  enter(dir: string): IgnoreStack {
    const rules = readRules(IGNORE_FILES.map((name) => join(dir, name)), this.root)
    if (rules === undefined) return this
    return new IgnoreStack(this.root, [...this.levels, { dir, rules }], this.base)
  }

  /**
   * Whether `path` (absolute, below every level's directory) is ignored. Only the path itself is
   * matched, as git does: its parent directories were already checked on the way down, and a
   * directory that is ignored is never entered.
   */
  verdict(path: string, isDirectory: boolean): IgnoreVerdict {
    const ordered = [...this.levels].reverse().concat(this.base)
    for (const level of ordered) {
      const rel = toPosix(relative(level.dir, path))
      if (rel === "" || rel.startsWith("..")) continue
      const parent = rel.includes("/") ? rel.slice(0, rel.lastIndexOf("/") + 1) : undefined
      // `ignore` reports a path under an ignored directory as ignored; here that directory was
      // re-included by a deeper file (we are inside it), so this level has nothing to say about it
      if (parent !== undefined && level.rules.test(parent).ignored) continue
      const result = level.rules.test(isDirectory ? `${rel}/` : rel)
      if (result.ignored) return { ignored: true, because: `${result.rule?.mark ?? "ignore file"}: ${result.rule?.pattern ?? "?"}` }
      if (result.unignored) return { ignored: false }
    }
    return { ignored: false }
  }
}
