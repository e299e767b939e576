import type { FileTask } from "../Analyser.js"

export interface BatchLimits {
  /** files per message (stack-notes §3.3: ≈ 32 keeps messaging negligible and work evenly spread) */
  readonly maxFiles: number
  /** source size per message; `content.length` (UTF-16 units) stands in for bytes */
  readonly maxBytes: number
}

export const DEFAULT_BATCH_LIMITS: BatchLimits = { maxFiles: 32, maxBytes: 2 * 1024 * 1024 }

/**
 * Splits tasks into consecutive batches of input indices. A file larger than `maxBytes` gets a batch
 * of its own; no batch is ever empty.
 */
export const splitIntoBatches = (
  tasks: ReadonlyArray<FileTask>,
  limits: BatchLimits = DEFAULT_BATCH_LIMITS
): Array<Array<number>> => {
  const batches: Array<Array<number>> = []
  let current: Array<number> = []
  let currentBytes = 0
  tasks.forEach((task, index) => {
    const size = task.content.length
    const full = current.length >= limits.maxFiles || (current.length > 0 && currentBytes + size > limits.maxBytes)
    if (full) {
      batches.push(current)
      current = []
      currentBytes = 0
    }
    current.push(index)
    currentBytes += size
  })
  if (current.length > 0) batches.push(current)
  return batches
}
