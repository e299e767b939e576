import type { Span } from "./Model.js"
import { mergeSpans, withinMerged } from "./offsets.js"
import { Literals } from "./wordScan.js"

/** A function the prefilter left unmodelled: its index, its name and where its body is. */
export interface SkippedFunction {
  readonly index: number
  readonly name: string
  readonly body: Span
}

/** A modelled function: its name and its whole span. */
export interface ModelledFunction {
  readonly name: string
  readonly span: Span
}

/**
 * Past this many skipped × modelled functions, a file's spread is found by spreadTo; below it, by
 * comparing each skipped body with the modelled names and texts, which is cheaper than building
 * automata of hundreds of names (measured on the Python standard library) but grows with the square
 * of the functions.
 */
export const DIRECT_SPREAD_LIMIT = 20_000

/**
 * The skipped functions the prefilter's interest spreads to in one step (python.ts, go.ts): those
 * whose body contains the name of a modelled function or one of `mentions` (as text: a call of it,
 * most often), and those called (`name(`) inside a modelled function. One scan of the text per
 * question, so the cost stays linear in the file; comparing every skipped body with every modelled
 * name, and every modelled text with every skipped name, grew with the square of the functions.
 */
export const spreadTo = (
  text: string,
  skipped: ReadonlyArray<SkippedFunction>,
  modelled: ReadonlyArray<ModelledFunction>,
  mentions: ReadonlyArray<string> = []
): ReadonlySet<number> => {
  const out = new Set<number>()
  if (skipped.length === 0) return out
  // the empty name is in every body (`"".includes("")`): every skipped function calls it
  if (modelled.some((f) => f.name === "") || mentions.includes("")) return new Set(skipped.map((f) => f.index))
  // 1: a skipped body contains a modelled name (or a mention) anywhere in it
  const named = new Literals(new Set([...modelled.map((f) => f.name), ...mentions]), false)
  const hits: Array<{ start: number; end: number }> = []
  named.occurrences(text, (start, word) => hits.push({ start, end: start + named.words[word]!.length }))
  hits.sort((a, b) => a.start - b.start || a.end - b.end)
  for (const f of skipped) if (holdsOne(hits, f.body)) out.add(f.index)
  // 2: a modelled function calls a skipped one by name
  const calls = new Literals(new Set(skipped.map((f) => `${f.name}(`)), false)
  const spans = mergeSpans(modelled.map((f) => f.span))
  const called = new Set<string>()
  calls.occurrences(text, (start, word) => {
    const w = calls.words[word]!
    if (withinMerged(spans, start, start + w.length)) called.add(w.slice(0, -1))
  })
  for (const f of skipped) if (called.has(f.name)) out.add(f.index)
  return out
}

/** Some occurrence (sorted by start) lies wholly inside the span. */
const holdsOne = (hits: ReadonlyArray<{ start: number; end: number }>, span: Span): boolean => {
  let lo = 0
  let hi = hits.length
  while (lo < hi) {
    const mid = (lo + hi) >> 1
    if (hits[mid]!.start < span.start) lo = mid + 1
    else hi = mid
  }
  for (let i = lo; i < hits.length && hits[i]!.start < span.end; i++) if (hits[i]!.end <= span.end) return true
  return false
}
