import type { RegexMatcher } from "../../domain/Rule.js"
import { type Deadline, DeadlineExceeded } from "../../languages/Source.js"
import { Literals } from "../model/wordScan.js"
import { shannonEntropy } from "./entropy.js"
import { anchoredMatches, type AnchorPlan, anchorPlan } from "./regexAnchors.js"
import type { RawMatch } from "./RawMatch.js"
import type { MatcherEntry } from "./treeSitter.js"

export class RegexCompileError extends Error {}

const compile = (source: string, flags: string, what: string): RegExp => {
  try {
    return new RegExp(source, flags)
  } catch (e) {
    throw new RegexCompileError(`${what}: invalid regex ${JSON.stringify(source)}: ${(e as Error).message}`)
  }
}

/** `(?i)` at the start of a pattern (as in other scanners' rule files) means case-insensitive. */
const flagsOf = (source: string): { source: string; flags: string } =>
  source.startsWith("(?i)") ? { source: source.slice(4), flags: "i" } : { source, flags: "" }

interface CompiledPattern {
  readonly entry: MatcherEntry<RegexMatcher>
  readonly name: string
  readonly regex: RegExp
  /** where a match can start (regexAnchors.ts), with the pattern as a sticky regex to try there */
  readonly anchors: { readonly plan: AnchorPlan; readonly sticky: RegExp } | undefined
  readonly secretGroup: number
  readonly minEntropy: number | undefined
  readonly context: RegExp | undefined
  readonly keywords: ReadonlyArray<string> | undefined
  readonly exclude: ReadonlyArray<RegExp>
  readonly excludeLine: ReadonlyArray<RegExp>
  /** only files whose path matches */
  readonly paths: RegExp | undefined
  /** a match contains one of these (lower case when the pattern ignores case): see requiredLiterals */
  readonly literals: ReadonlyArray<string> | undefined
  readonly caseless: boolean
}

/**
 * Literal text every match of a pattern contains, read from its start: `\b(sk-ant-` needs `sk-ant-`,
 * `\b((?:sk|rk)_live_` one of `sk_live_` / `rk_live_`, `(?:^|[^\w-])(eyJ` needs `eyJ` (a leading
 * `(?:^|…)` boundary is skipped). A file without any of them cannot match, and `includes` finds that
 * far faster than the regex (51 secret patterns were 51 regex passes over every file). Undefined when
 * the pattern does not start with at least three literal characters.
 */
export const requiredLiterals = (source: string): ReadonlyArray<string> | undefined => {
  let i = 0
  const skipOpeners = (): void => {
    for (;;) {
      if (source.startsWith("\\b", i)) i += 2
      else if (source.startsWith("(?:^|", i)) {
        const close = groupEnd(source, i)
        if (close === -1) return
        i = close + 1
      } else if (source[i] === "(" && source[i + 1] !== "?") i += 1
      else return
    }
  }
  skipOpeners()
  let alternatives = [""]
  if (source.startsWith("(?:", i)) {
    const close = source.indexOf(")", i)
    const inner = close === -1 ? "" : source.slice(i + 3, close)
    if (!/^[A-Za-z0-9_-]+(?:\|[A-Za-z0-9_-]+)*$/.test(inner)) return undefined
    alternatives = inner.split("|")
    i = close + 1
  }
  let run = ""
  for (; i < source.length; i++) {
    const c = source[i]!
    if (/[A-Za-z0-9_\- "':\/=<>!#%&,;~@]/.test(c)) run += c
    else if (c === "\\" && /[.\-\/]/.test(source[i + 1] ?? "")) run += source[++i]!
    else break
  }
  // a quantifier after the run makes its last character optional
  if (/[?*{]/.test(source[i] ?? "")) run = run.slice(0, -1)
  const literals = alternatives.map((a) => a + run)
  return literals.every((l) => l.length >= 3) ? literals : undefined
}

/** The index of the `)` closing the group opened at `open`, past escapes and `[…]` classes; -1 if unbalanced. */
const groupEnd = (source: string, open: number): number => {
  let depth = 0
  let inClass = false
  for (let i = open; i < source.length; i++) {
    const c = source[i]
    if (c === "\\") i++
    else if (inClass) inClass = c !== "]"
    else if (c === "[") inClass = true
    else if (c === "(") depth++
    else if (c === ")" && --depth === 0) return i
  }
  return -1
}

const lineAround = (text: string, start: number, end: number): string => {
  const from = text.lastIndexOf("\n", start - 1) + 1
  let to = text.indexOf("\n", end)
  if (to === -1) to = text.length
  // a minified file is one line: look at a window, not megabytes
  return text.slice(Math.max(from, start - 200), Math.min(to, end + 200))
}

export const compileRegexPatterns = (entries: ReadonlyArray<MatcherEntry<RegexMatcher>>): Array<CompiledPattern> =>
  entries.flatMap((entry) => {
    const exclude = (entry.matcher.exclude ?? []).map((s) => {
      const f = flagsOf(s)
      return compile(f.source, f.flags, "exclude")
    })
    const excludeLine = (entry.matcher.exclude_line ?? []).map((s) => {
      const f = flagsOf(s)
      return compile(f.source, f.flags, "exclude_line")
    })
    const pathsOf = entry.matcher.paths === undefined ? undefined : flagsOf(entry.matcher.paths)
    const paths = pathsOf === undefined ? undefined : compile(pathsOf.source, pathsOf.flags, "paths")
    return entry.matcher.patterns.map((p): CompiledPattern => {
      const f = flagsOf(p.regex)
      const regex = compile(f.source, `${f.flags}gd`, `pattern ${p.name}`)
      const groups = new RegExp(`${f.source}|`, f.flags).exec("")!.length - 1
      const secretGroup = p.secret_group ?? 0
      if (secretGroup > groups) {
        throw new RegexCompileError(`pattern ${p.name}: secret_group ${secretGroup} but the regex has ${groups} groups`)
      }
      const ctx = p.context === undefined ? undefined : flagsOf(p.context)
      const literals = requiredLiterals(f.source)?.map((l) => (f.flags.includes("i") ? l.toLowerCase() : l))
      // a pattern that starts with a literal is fast as it is (V8 looks for the literal first)
      const plan = literals === undefined ? anchorPlan(f.source, f.flags.includes("i")) : undefined
      return {
        entry,
        name: p.name,
        regex,
        anchors: plan === undefined ? undefined : { plan, sticky: compile(f.source, `${f.flags}yd`, `pattern ${p.name}`) },
        secretGroup,
        minEntropy: p.min_entropy,
        context: ctx === undefined ? undefined : compile(ctx.source, ctx.flags, `context of ${p.name}`),
        keywords: p.keywords?.map((k) => k.toLowerCase()),
        exclude,
        excludeLine,
        paths,
        literals,
        caseless: f.flags.includes("i")
      }
    })
  })

export interface CompiledRegex {
  /** `path`: the file's path (forward slashes), for matchers with `paths`; without it they do not run */
  readonly run: (text: string, deadline: Deadline, path?: string) => Array<RawMatch>
}

/**
 * Which of a set of words occur in a text, in one pass (instead of one `includes` pass per word and
 * pattern: 51 patterns' keywords and literals were ~70 ms per 1.5 MB): an Aho–Corasick scan
 * (model/wordScan.ts), which compares ASCII letters without case as the regex `i` flag does, and
 * finds the caseless and the exact words in one pass. Words outside ASCII are left to two
 * `RegexPresence` passes, as before.
 */
export class Presence {
  private readonly caselessIndex: Map<string, number>
  private readonly exactIndex: Map<string, number>
  private readonly scan: Literals | readonly [RegexPresence, RegexPresence]
  /** per word: 1 when `in` is to list where it starts */
  private readonly anchor: Uint8Array

  /**
   * `caseless`: words compared without case (lower case); `exact`: with case; `anchors`: words of
   * either list whose starts `in` lists too (by `startsOf`)
   */
  constructor(caseless: Iterable<string>, exact: Iterable<string>, anchors: { readonly caseless: Iterable<string>; readonly exact: Iterable<string> } = { caseless: [], exact: [] }) {
    const [lower, cased] = [[...new Set(caseless)], [...new Set(exact)]]
    this.caselessIndex = new Map(lower.map((w, i) => [w, i]))
    this.exactIndex = new Map(cased.map((w, i) => [w, lower.length + i]))
    // both kinds in one caseless pass, the exact words checked with case where found
    const all = [...lower, ...cased]
    this.scan = Literals.takes(all, true)
      ? new Literals(all, true, cased.map((_, i) => lower.length + i))
      : [new RegexPresence(lower, true), new RegexPresence(cased, false)]
    this.anchor = new Uint8Array(all.length)
    for (const w of anchors.caseless) this.anchor[this.caselessIndex.get(w) ?? -1] = 1
    for (const w of anchors.exact) this.anchor[this.exactIndex.get(w) ?? -1] = 1
  }

  /**
   * Whether a word (of those given) occurs, caseless and exact, and where the anchor words start
   * (ascending; undefined when the scan cannot tell: words outside ASCII)
   */
  in(text: string): {
    readonly caseless: (word: string) => boolean
    readonly exact: (word: string) => boolean
    readonly startsOf: (words: ReadonlyArray<string>, caseless: boolean) => ReadonlyArray<number> | undefined
  } {
    const scan = this.scan
    if (!(scan instanceof Literals)) {
      const [caseless, exact] = [scan[0].in(text), scan[1].in(text)]
      return { caseless: (w) => caseless.some((f) => f.startsWith(w)), exact: (w) => exact.some((f) => f.startsWith(w)), startsOf: () => undefined }
    }
    const present = new Uint8Array(scan.words.length)
    const starts = new Map<number, Array<number>>()
    const anchor = this.anchor
    scan.occurrences(text, (start, w) => {
      present[w] = 1
      if (anchor[w] === 1) {
        const list = starts.get(w)
        if (list === undefined) starts.set(w, [start])
        else list.push(start)
      }
    })
    return {
      caseless: (w) => present[this.caselessIndex.get(w) ?? -1] === 1,
      exact: (w) => present[this.exactIndex.get(w) ?? -1] === 1,
      startsOf: (words, caseless) => {
        const index = caseless ? this.caselessIndex : this.exactIndex
        // occurrences come in the order they end: sorted here, once per pattern that asks
        return words.flatMap((w) => starts.get(index.get(w) ?? -1) ?? []).sort((a, b) => a - b)
      }
    }
  }
}

/**
 * The words in one regex pass. Alternatives are tried longest first and every start position is
 * visited, so a word occurs exactly when it starts one of the strings found (the longest word matching
 * at a position has every shorter one there as prefix).
 */
export class RegexPresence {
  private readonly pattern: RegExp | undefined

  constructor(words: ReadonlyArray<string>, private readonly caseless: boolean) {
    const list = [...new Set(words)].sort((a, b) => b.length - a.length).map((w) => w.replace(/[.*+?^${}()|[\]\\]/g, "\\$&"))
    this.pattern = list.length === 0 ? undefined : new RegExp(list.join("|"), caseless ? "gi" : "g")
  }

  /** the distinct strings found (lower case when caseless) */
  in(text: string): ReadonlyArray<string> {
    const re = this.pattern
    if (re === undefined) return []
    const found = new Set<string>()
    re.lastIndex = 0
    for (let m = re.exec(text); m !== null; m = re.exec(text)) {
      found.add(this.caseless ? m[0].toLowerCase() : m[0])
      re.lastIndex = m.index + 1
    }
    return [...found]
  }
}

/** Text rules: a cheap keyword prefilter per pattern, then the regex over the whole file (never a prefix). */
export const compileRegex = (entries: ReadonlyArray<MatcherEntry<RegexMatcher>>): CompiledRegex => {
  const patterns = compileRegexPatterns(entries)
  if (patterns.length === 0) return { run: () => [] }
  const anchorWords = (caseless: boolean): Array<string> => patterns.flatMap((p) => (p.anchors !== undefined && p.caseless === caseless ? p.anchors.plan.words : []))
  const presence = new Presence(
    [...patterns.flatMap((p) => [...(p.keywords ?? []), ...(p.caseless ? p.literals ?? [] : [])]), ...anchorWords(true)],
    [...patterns.flatMap((p) => (p.caseless ? [] : p.literals ?? [])), ...anchorWords(false)],
    { caseless: anchorWords(true), exact: anchorWords(false) }
  )
  return {
    run: (text, deadline, path) => {
      const out: Array<RawMatch> = []
      const seen = new Set<string>()
      let found: ReturnType<Presence["in"]> | undefined
      for (const p of patterns) {
        if (deadline.expired) throw new DeadlineExceeded("text rules")
        if (p.paths !== undefined && (path === undefined || !p.paths.test(path.replace(/\\/g, "/")))) continue
        if (p.keywords !== undefined && !p.keywords.some((found ??= presence.in(text)).caseless)) continue
        if (p.literals !== undefined && !p.literals.some((found ??= presence.in(text))[p.caseless ? "caseless" : "exact"])) continue
        const starts = p.anchors === undefined ? undefined : (found ??= presence.in(text)).startsOf(p.anchors.plan.words, p.caseless)
        p.regex.lastIndex = 0
        const matches = starts === undefined ? text.matchAll(p.regex) : anchoredMatches(text, p.anchors!.sticky, starts, p.anchors!.plan.before)
        for (const m of matches) {
          const secret = m[p.secretGroup]
          const span = m.indices?.[p.secretGroup]
          if (secret === undefined || span === undefined || secret.length === 0) continue
          const [start, end] = span
          if (p.exclude.some((re) => re.test(secret))) continue
          if (p.minEntropy !== undefined && shannonEntropy(secret) < p.minEntropy) continue
          const line = lineAround(text, start, end)
          if (p.context !== undefined && !p.context.test(line)) continue
          if (p.excludeLine.some((re) => re.test(line))) continue
          // two patterns of one rule finding the same secret are one finding
          const key = `${p.entry.rule.id}:${start}:${end}`
          if (seen.has(key)) continue
          seen.add(key)
          out.push({
            ruleId: p.entry.rule.id,
            matcherIndex: p.entry.matcherIndex,
            start,
            end,
            text: secret,
            secret,
            detail: p.name
          })
        }
      }
      return out
    }
  }
}
