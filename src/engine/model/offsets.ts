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
