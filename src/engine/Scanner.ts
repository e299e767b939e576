import { Context, Data, type Effect } from "effect"
import type { Finding } from "../domain/Finding.js"
import type { FileEntry, FileOutcome } from "../domain/Scan.js"

/** The engine's answer for one scan before policy and suppressions are applied. */
export interface Analysis {
  /** every finding, ids and hashes assigned, secrets masked, ordered by file then position */
  readonly findings: ReadonlyArray<Finding>
  /** files that were not fully analysed (skipped, partial, failed, not analysed in time) */
  readonly outcomes: ReadonlyArray<FileOutcome>
  readonly filesScanned: number
  readonly filesSkipped: number
  /** files the time budget left unanalysed (> 0 makes the result partial) */
  readonly filesNotAnalysed: number
  readonly durationMs: number
}

/**
 * A file the scanner reads from disk when a worker is about to analyse it (`vigil scan` of a local
 * tree), so the tree is never in memory at once. The caller has already left out binary files.
 */
export interface FileOnDisk {
  readonly path: string
  readonly bytes: number
  /** the file's text; throws when it can no longer be read */
  readonly read: () => string
}

export type ScanFile = FileEntry | FileOnDisk

export interface AnalyseOptions {
  /** whole-scan budget; defaults to the configured VIGIL_SCAN_BUDGET */
  readonly budgetMs?: number
  /** called as files complete, for progress display */
  readonly onProgress?: (done: number, total: number) => void
}

/** No analysis worker could take the scan (all crashed/restarting, or the queue is full). */
export class WorkerUnavailable extends Data.TaggedError("WorkerUnavailable")<{ readonly reason: string }> {}

export interface ScannerShape {
  readonly analyse: (
    files: ReadonlyArray<ScanFile>,
    options?: AnalyseOptions
  ) => Effect.Effect<Analysis, WorkerUnavailable>
  /** true once the worker pool (or in-process analyser) can take work */
  readonly ready: Effect.Effect<boolean>
}

export class Scanner extends Context.Tag("Vigil/Scanner")<Scanner, ScannerShape>() {}
