import { Effect } from "effect"
import type { FileEntry, FileOutcome } from "../../domain/Scan.js"
import type { RemoteError } from "../errors.js"
import type { Progress } from "../Progress.js"
import { chunkFiles, type RequestLimits } from "./chunk.js"
import { type ApiAnswer, type ApiCall, type Connection, failureOf, send } from "./VigilClient.js"

/**
 * Sends files in requests under the server's limits, for POST /v1/scan and for the chunks of an
 * upload session alike. The limits given are a starting point: a 413 splits the request in two, and
 * a 400 that names the server's file-count or per-file limit is learnt from, so a server configured
 * lower than the flags still gets every file it can take. Files no request can carry are reported
 * as not uploaded, with why.
 */

export interface UploadInChunksInput<A> {
  readonly conn: Connection
  readonly files: ReadonlyArray<FileEntry>
  readonly limits: RequestLimits
  readonly progress: Progress
  /** bytes a file adds to a request beyond its entry (its client findings) */
  readonly extraBytes?: (file: FileEntry) => number
  /** the request carrying these files; called once per request, retries reuse it */
  readonly request: (files: ReadonlyArray<FileEntry>) => ApiCall
  /** what a 2xx answer means */
  readonly accept: (answer: ApiAnswer, files: ReadonlyArray<FileEntry>) => Effect.Effect<A, RemoteError>
  readonly what: string
}

export interface Uploaded<A> {
  readonly answers: ReadonlyArray<A>
  readonly notUploaded: ReadonlyArray<FileOutcome>
}

const FILE_COUNT_LIMIT = /at most (\d+) are allowed per request/
const FILE_INDEX = /^files\[(\d+)\]/

const errorText = (answer: ApiAnswer): string => {
  try {
    const body = JSON.parse(answer.text) as { error?: unknown }
    return typeof body.error === "string" ? body.error : ""
  } catch {
    return ""
  }
}

export const uploadInChunks = <A>(input: UploadInChunksInput<A>): Effect.Effect<Uploaded<A>, RemoteError> =>
  Effect.gen(function*() {
    const { conn, progress } = input
    const notUploaded: Array<FileOutcome> = []
    let limits = input.limits
    const planned = chunkFiles(input.files, limits, input.extraBytes)
    for (const f of planned.oversized) {
      notUploaded.push({ path: f.path, status: "skipped", kind: "file", reason: "larger than the request body limit on its own" })
    }
    const queue: Array<ReadonlyArray<FileEntry>> = [...planned.chunks]
    const answers: Array<A> = []
    let uploaded = 0
    while (queue.length > 0) {
      const chunk = queue.shift()!
      const call = input.request(chunk)
      progress.uploaded(uploaded + chunk.length)
      const answer = yield* send(conn, call)
      if (answer.status === 413) {
        if (chunk.length === 1) {
          notUploaded.push({ path: chunk[0]!.path, status: "skipped", kind: "file", reason: "the server refused it as over its request body limit" })
          continue
        }
        // the server's limit is lower than assumed: halve and carry on
        const half = Math.ceil(chunk.length / 2)
        limits = { ...limits, maxBodyBytes: Math.min(limits.maxBodyBytes, Buffer.byteLength(call.body ?? "") - 1) }
        queue.unshift(chunk.slice(0, half), chunk.slice(half))
        continue
      }
      if (answer.status === 400) {
        const said = errorText(answer)
        const countLimit = FILE_COUNT_LIMIT.exec(said)
        if (countLimit !== null && Number(countLimit[1]) > 0 && Number(countLimit[1]) < chunk.length) {
          limits = { ...limits, maxFiles: Number(countLimit[1]) }
          progress.notice(`vigil: the server takes at most ${limits.maxFiles} files per request; splitting further`)
          const rest = queue.splice(0).flat()
          queue.push(...chunkFiles([...chunk, ...rest], limits, input.extraBytes).chunks)
          continue
        }
        const index = FILE_INDEX.exec(said)
        const tooBig = index !== null ? chunk[Number(index[1])] : undefined
        if (tooBig !== undefined && said.includes("per-file limit")) {
          notUploaded.push({ path: tooBig.path, status: "skipped", kind: "file", reason: `refused by the server: ${said}` })
          const rest = chunk.filter((f) => f !== tooBig)
          if (rest.length > 0) queue.unshift(rest)
          continue
        }
      }
      if (answer.status < 200 || answer.status > 299) return yield* Effect.fail(failureOf(conn, answer, input.what))
      answers.push(yield* input.accept(answer, chunk))
      uploaded += chunk.length
    }
    return { answers, notUploaded }
  })
