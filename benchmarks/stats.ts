/** Small numeric helpers for the harness. */

export const median = (values: ReadonlyArray<number>): number => {
  if (values.length === 0) return Number.NaN
  const sorted = [...values].sort((a, b) => a - b)
  const mid = sorted.length >> 1
  return sorted.length % 2 === 1 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2
}

/** Nearest-rank percentile (p in 0..100) of unsorted values. */
export const percentile = (values: ReadonlyArray<number>, p: number): number => {
  if (values.length === 0) return Number.NaN
  const sorted = [...values].sort((a, b) => a - b)
  const rank = Math.max(1, Math.ceil((p / 100) * sorted.length))
  return sorted[Math.min(rank, sorted.length) - 1]!
}

export const MB = 1_000_000

export const round = (value: number, digits = 2): number => {
  if (!Number.isFinite(value)) return value
  const f = 10 ** digits
  return Math.round(value * f) / f
}

/** Three significant digits, for tables. */
export const fmt = (value: number | undefined, digits = 3): string => {
  if (value === undefined || !Number.isFinite(value)) return "–"
  if (value === 0) return "0"
  const abs = Math.abs(value)
  if (abs >= 10 ** digits) return Math.round(value).toLocaleString("en-US")
  return Number(value.toPrecision(digits)).toLocaleString("en-US", { maximumFractionDigits: 6 })
}

export const fmtMb = (bytes: number | undefined): string => (bytes === undefined ? "–" : `${fmt(bytes / MB)} MB`)
