import type { FileAnalysis, FileTask } from "../Analyser.js"

/**
 * Messages between the pool (parent) and an analysis child process. Plain JSON objects: the IPC
 * channel uses Node's default "json" serialization, so no Infinity, Map or Date may cross it.
 *
 * Results stream back one file at a time (`file-result`) and each batch ends with `batch-done`
 * carrying the child's RSS. Per-file results let the pool keep the work a child finished before it
 * crashed or hung, and name the file it was on when it died (the poison-file suspect).
 */

// ---- parent → child ----

/** First message after fork: whatever the child needs to build its analyser. */
export interface InitMessage {
  readonly type: "init"
  readonly init: unknown
}

/** Analyse these files in order; `deadlineAt` is epoch ms (finite). */
export interface AnalyseBatchMessage {
  readonly type: "analyse"
  readonly batchId: number
  readonly deadlineAt: number
  readonly tasks: ReadonlyArray<FileTask>
}

export type ParentMessage = InitMessage | AnalyseBatchMessage

// ---- child → parent ----

export interface ReadyMessage {
  readonly type: "ready"
  readonly rssBytes: number
}

export interface InitErrorMessage {
  readonly type: "init-error"
  readonly message: string
}

/** The result for `tasks[index]` of batch `batchId`. */
export interface FileResultMessage {
  readonly type: "file-result"
  readonly batchId: number
  readonly index: number
  readonly result: FileAnalysis
}

export interface BatchDoneMessage {
  readonly type: "batch-done"
  readonly batchId: number
  readonly rssBytes: number
}

export type ChildLogLevel = "debug" | "info" | "warning" | "error"

export interface LogMessage {
  readonly type: "log"
  readonly level: ChildLogLevel
  readonly message: string
}

export type ChildMessage = ReadyMessage | InitErrorMessage | FileResultMessage | BatchDoneMessage | LogMessage

// ---- validation (the other side is a separate process: check before trusting) ----

type Fields = { readonly [key: string]: unknown }

const isObject = (u: unknown): u is Fields => typeof u === "object" && u !== null && !Array.isArray(u)
const isCount = (u: unknown): u is number => typeof u === "number" && Number.isInteger(u) && u >= 0
const isFiniteNumber = (u: unknown): u is number => typeof u === "number" && Number.isFinite(u)
const STATUSES: ReadonlyArray<unknown> = ["analysed", "partial", "failed"]
const LOG_LEVELS: ReadonlyArray<unknown> = ["debug", "info", "warning", "error"]

/** Shallow check: the matches themselves are the engine's business. */
export const isFileAnalysis = (u: unknown): u is FileAnalysis =>
  isObject(u) &&
  typeof u["path"] === "string" &&
  typeof u["kind"] === "string" &&
  STATUSES.includes(u["status"]) &&
  (u["reason"] === undefined || typeof u["reason"] === "string") &&
  Array.isArray(u["matches"])

const isFileTask = (u: unknown): u is FileTask =>
  isObject(u) && typeof u["path"] === "string" && typeof u["content"] === "string" && typeof u["kind"] === "string"

export const parseChildMessage = (raw: unknown): ChildMessage | undefined => {
  if (!isObject(raw)) return undefined
  switch (raw["type"]) {
    case "ready":
      return isFiniteNumber(raw["rssBytes"]) ? { type: "ready", rssBytes: raw["rssBytes"] } : undefined
    case "init-error":
      return typeof raw["message"] === "string" ? { type: "init-error", message: raw["message"] } : undefined
    case "file-result":
      return isCount(raw["batchId"]) && isCount(raw["index"]) && isFileAnalysis(raw["result"])
        ? { type: "file-result", batchId: raw["batchId"], index: raw["index"], result: raw["result"] }
        : undefined
    case "batch-done":
      return isCount(raw["batchId"]) && isFiniteNumber(raw["rssBytes"])
        ? { type: "batch-done", batchId: raw["batchId"], rssBytes: raw["rssBytes"] }
        : undefined
    case "log": {
      const level = raw["level"]
      return LOG_LEVELS.includes(level) && typeof raw["message"] === "string"
        ? { type: "log", level: level as ChildLogLevel, message: raw["message"] }
        : undefined
    }
    default:
      return undefined
  }
}

export const parseParentMessage = (raw: unknown): ParentMessage | undefined => {
  if (!isObject(raw)) return undefined
  switch (raw["type"]) {
    case "init":
      return { type: "init", init: raw["init"] }
    case "analyse": {
      const tasks = raw["tasks"]
      return isCount(raw["batchId"]) && isFiniteNumber(raw["deadlineAt"]) && Array.isArray(tasks) && tasks.every(isFileTask)
        ? { type: "analyse", batchId: raw["batchId"], deadlineAt: raw["deadlineAt"], tasks }
        : undefined
    }
    default:
      return undefined
  }
}

/** JSON turns Infinity into null: send a far-future finite deadline instead. */
export const sendableDeadline = (deadlineAt: number): number =>
  Number.isFinite(deadlineAt) ? deadlineAt : Number.MAX_SAFE_INTEGER
