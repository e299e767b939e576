import type { Span } from "./Model.js"

/** Whether a sorted list of text offsets has one in [start, end) (binary search). */
export const anyWithin = (offsets: ReadonlyArray<number>, start: number, end: number): boolean => {
  let lo = 0
  let hi = offsets.length
  while (lo < hi) {
    const mid = (lo + hi) >> 1
    if (offsets[mid]! < start) lo = mid + 1
    else hi = mid
  }
  return lo < offsets.length && offsets[lo]! < end
}

/**
 * How far the prefilter's interest spreads from the functions that mention a rule's name: to callers
 * (their data reaches the sink) and to helpers (their summaries are needed), this many steps. Past
 * that, a parameter's callers are not in the model and its value is unknown (a risk pattern, not a
 * proven flow). Unlimited, the spread reached 87-96 % of all calls on library code (every function
 * calls some `get` or `run`); agent files are small and stay within a few steps.
 */
export const SPREAD_STEPS = 3

/** Spans merged where they overlap or nest, ascending. */
export const mergeSpans = (spans: ReadonlyArray<Span>): Array<Span> => {
  const sorted = [...spans].sort((a, b) => a.start - b.start)
  const out: Array<{ start: number; end: number }> = []
  for (const s of sorted) {
    const last = out[out.length - 1]
    if (last !== undefined && s.start < last.end) last.end = Math.max(last.end, s.end)
    else out.push({ start: s.start, end: s.end })
  }
  return out
}

/** [start, end) lies inside one of the spans `mergeSpans` gave. */
export const withinMerged = (spans: ReadonlyArray<Span>, start: number, end: number): boolean => {
  let lo = 0
  let hi = spans.length
  while (lo < hi) {
    const mid = (lo + hi) >> 1
    if (spans[mid]!.end <= start) lo = mid + 1
    else hi = mid
  }
  const s = spans[lo]
  return s !== undefined && s.start <= start && end <= s.end
}
