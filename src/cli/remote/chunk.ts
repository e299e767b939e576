import type { FileEntry } from "../../domain/Scan.js"

/**
 * Splitting one scan into requests that each stay under the server's limits (SPEC: 100 MB body,
 * 10,000 files by default). Sizes are measured as the JSON the request will carry.
 */

export interface RequestLimits {
  readonly maxBodyBytes: number
  readonly maxFiles: number
}

/** Room for the rest of the body (`policy`, `output`, `agent_name`, brackets). */
export const ENVELOPE_BYTES = 1024

/** The bytes one entry adds to the `files` array: its JSON and a comma. */
export const entryBytes = (file: FileEntry): number => Buffer.byteLength(JSON.stringify(file), "utf8") + 1

export interface Chunking {
  readonly chunks: ReadonlyArray<ReadonlyArray<FileEntry>>
  /** entries that alone exceed the body limit: no request can carry them */
  readonly oversized: ReadonlyArray<FileEntry>
}

/**
 * Greedy, in the given order, so results come back in file order. `extraBytes` is what else a file
 * brings into the body (an upload session's chunk carries the client findings of its files).
 */
export const chunkFiles = (
  files: ReadonlyArray<FileEntry>,
  limits: RequestLimits,
  extraBytes: (file: FileEntry) => number = () => 0
): Chunking => {
  const budget = limits.maxBodyBytes - ENVELOPE_BYTES
  const chunks: Array<Array<FileEntry>> = []
  const oversized: Array<FileEntry> = []
  let current: Array<FileEntry> = []
  let size = 0
  for (const file of files) {
    const bytes = entryBytes(file) + extraBytes(file)
    if (bytes > budget) {
      oversized.push(file)
      continue
    }
    if (current.length > 0 && (size + bytes > budget || current.length >= limits.maxFiles)) {
      chunks.push(current)
      current = []
      size = 0
    }
    current.push(file)
    size += bytes
  }
  if (current.length > 0) chunks.push(current)
  return { chunks, oversized }
}
