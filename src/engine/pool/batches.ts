export interface BatchLimits {
  /** most files per message (stack-notes §3.3: ≈ 32 keeps messaging negligible) */
  readonly maxFiles: number
  /** most source per message (bytes on disk, or `content.length` for text in memory) */
  readonly maxBytes: number
}

export const DEFAULT_BATCH_LIMITS: BatchLimits = { maxFiles: 32, maxBytes: 2 * 1024 * 1024 }

/** Batches per worker a scan is cut into at most: enough that the last ones end close together. */
const BATCHES_PER_WORKER = 12
/** Below this a batch's messaging overhead starts to show (a few dozen small files). */
const MIN_BATCH_BYTES = 16 * 1024

/**
 * Plans a run's batches for `workers` workers: batches of about total / (workers × 12) bytes (within
 * `limits`), so every worker gets a share and the run ends with small batches instead of one worker
 * finishing a long tail alone. Files larger than that go first, largest first, each alone; the rest
 * keep their input order (neighbouring files stay together). Returns input indices.
 */
export const planBatches = (
  sizes: ReadonlyArray<number>,
  workers: number,
  limits: BatchLimits = DEFAULT_BATCH_LIMITS
): Array<Array<number>> => {
  const total = sizes.reduce((sum, size) => sum + size, 0)
  const target = Math.min(limits.maxBytes, Math.max(MIN_BATCH_BYTES, Math.ceil(total / (Math.max(1, workers) * BATCHES_PER_WORKER))))
  const indices = sizes.map((_, index) => index)
  const large = indices.filter((i) => sizes[i]! >= target).sort((a, b) => sizes[b]! - sizes[a]! || a - b)
  const order = [...large, ...indices.filter((i) => sizes[i]! < target)]
  const batches: Array<Array<number>> = []
  let current: Array<number> = []
  let currentBytes = 0
  for (const index of order) {
    const size = sizes[index]!
    if (current.length >= limits.maxFiles || (current.length > 0 && currentBytes + size > target)) {
      batches.push(current)
      current = []
      currentBytes = 0
    }
    current.push(index)
    currentBytes += size
  }
  if (current.length > 0) batches.push(current)
  return batches
}
