/**
 * Maps offsets in a decoded string (a JSON string value, a YAML scalar) back to offsets in the file
 * text. Decoding is piecewise linear: runs of characters copied verbatim keep a constant distance
 * between decoded and source offsets, and every escape or folded line break starts a new run. Only
 * the run starts are stored, so a 5 MB string without escapes costs one entry.
 */
export class OffsetMapBuilder {
  private readonly decoded: Array<number> = []
  private readonly source: Array<number> = []

  /** From decoded offset `d` on, characters map to `s`, `s + 1`, ... until the next run. */
  add(d: number, s: number): void {
    const n = this.decoded.length
    if (n > 0) {
      const lastD = this.decoded[n - 1]!
      const lastS = this.source[n - 1]!
      if (s - d === lastS - lastD && d >= lastD) return
      if (lastD === d) {
        this.source[n - 1] = s
        return
      }
    }
    this.decoded.push(d)
    this.source.push(s)
  }

  /**
   * The mapper. Offsets are clamped to [0, decodedLength]; the end offset maps to `sourceEnd` so a
   * match ending at the end of the value ends where the value's text ends.
   */
  build(decodedLength: number, sourceEnd: number): (offset: number) => number {
    const decoded = Int32Array.from(this.decoded)
    const source = Int32Array.from(this.source)
    if (decoded.length === 0) return () => sourceEnd
    if (decoded.length === 1) {
      const d0 = decoded[0]!
      const s0 = source[0]!
      return (offset) => {
        const at = clamp(offset, 0, decodedLength)
        return at >= decodedLength ? sourceEnd : s0 + Math.max(0, at - d0)
      }
    }
    return (offset) => {
      const at = clamp(offset, 0, decodedLength)
      if (at >= decodedLength) return sourceEnd
      let lo = 0
      let hi = decoded.length - 1
      while (lo < hi) {
        const mid = (lo + hi + 1) >> 1
        if (decoded[mid]! <= at) lo = mid
        else hi = mid - 1
      }
      return source[lo]! + Math.max(0, at - decoded[lo]!)
    }
  }
}

function clamp(n: number, lo: number, hi: number): number {
  if (!Number.isFinite(n)) return n > 0 ? hi : lo
  return n < lo ? lo : n > hi ? hi : Math.floor(n)
}
