import type { Requirement } from "../../src/engine/flow/names.js"

/**
 * The whole-word prefilter as it was before model/wordScan.ts (engine/analyseSource.ts: a regex of
 * the module roots, then one regex of the names per combination of roots, each match restarting one
 * character later). Kept as the reference: the word-scan micro-benchmark times it, and
 * test/engine/word-scan.test.ts checks the scans against it.
 */
export const literally = (text: string): string => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")

/** An identifier not inside a longer one, as a regex source. */
export const wholeWords = (words: Iterable<string>): string => {
  const escaped = [...words].map(literally)
  return escaped.length === 0 ? "(?!)" : `(?<![\\w$])(?:${escaped.join("|")})(?![\\w$])`
}

/** Every offset where the regex (global) matches, each match restarting one character later. */
export const offsetsOf = (text: string, pattern: RegExp): Array<number> => {
  const offsets: Array<number> = []
  pattern.lastIndex = 0
  for (let m = pattern.exec(text); m !== null; m = pattern.exec(text)) {
    offsets.push(m.index)
    pattern.lastIndex = m.index + 1
  }
  return offsets
}

/** The old prefilter over a rule set's literals: the offsets of the words that count and those words (sorted), or undefined. */
export const regexPrefilter = (literals: ReadonlyArray<Requirement>) => {
  const always = new Set<string>()
  const fragments = new Set<string>()
  const byRoot = new Map<string, Set<string>>()
  for (const r of literals) {
    if (r.partial === true) fragments.add(r.word)
    else if (r.root === undefined) always.add(r.word)
    else byRoot.set(r.root, (byRoot.get(r.root) ?? new Set()).add(r.word))
  }
  const rootPattern = new RegExp(wholeWords([...byRoot.keys()].sort((a, b) => b.length - a.length)), "g")
  const fragmentSource = [...fragments].map(literally)
  // files fall into few combinations of the roots they mention: one names regex per combination
  const cache = new Map<string, { readonly pattern: RegExp; readonly names: ReadonlyArray<string> } | undefined>()
  return (text: string): { offsets: Array<number>; names: Array<string> } | undefined => {
    const present = new Set<string>()
    rootPattern.lastIndex = 0
    for (let m = rootPattern.exec(text); m !== null; m = rootPattern.exec(text)) {
      present.add(m[0])
      rootPattern.lastIndex = m.index + 1
    }
    const key = [...present].sort().join("\n")
    if (!cache.has(key)) {
      const names = new Set(always)
      for (const root of present) for (const w of byRoot.get(root)!) names.add(w)
      cache.set(key, names.size === 0 && fragments.size === 0 ? undefined : { pattern: new RegExp([wholeWords(names), ...fragmentSource].join("|"), "g"), names: [...names].sort() })
    }
    const words = cache.get(key)
    if (words === undefined) return undefined
    const offsets = offsetsOf(text, words.pattern)
    return offsets.length === 0 ? undefined : { offsets, names: [...words.names] }
  }
}
