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
