import * as HttpServerResponse from "@effect/platform/HttpServerResponse"
import { Stream } from "effect"

/**
 * Large answers (a scan with thousands of findings, its SARIF log) are sent as a stream of JSON
 * pieces instead of one string: the memory an answer costs beyond its data is one chunk, whatever
 * the number of findings. The text is what JSON.stringify would give for plain data.
 */

/** Containers this deep or deeper are written whole (a finding's fields, a SARIF location). */
const WALK_DEPTH = 6
/** Pieces are gathered into chunks of about this size before they are written. */
const CHUNK_CHARS = 64 * 1024

const isPlainContainer = (value: unknown): value is Record<string, unknown> | ReadonlyArray<unknown> =>
  typeof value === "object" && value !== null && typeof (value as { toJSON?: unknown }).toJSON !== "function"

/** The JSON text of `value` in pieces, in order; keys whose value is undefined are left out. */
export function* jsonPieces(value: unknown, depth = 0): Generator<string> {
  if (!isPlainContainer(value) || depth >= WALK_DEPTH) {
    yield JSON.stringify(value) ?? "null"
    return
  }
  if (Array.isArray(value)) {
    yield "["
    for (let i = 0; i < value.length; i++) {
      if (i > 0) yield ","
      const item: unknown = value[i]
      // as JSON.stringify: an element that has no JSON form is null
      if (item === undefined || typeof item === "function" || typeof item === "symbol") yield "null"
      else yield* jsonPieces(item, depth + 1)
    }
    yield "]"
    return
  }
  yield "{"
  let first = true
  for (const [key, item] of Object.entries(value)) {
    if (item === undefined || typeof item === "function" || typeof item === "symbol") continue
    yield `${first ? "" : ","}${JSON.stringify(key)}:`
    first = false
    yield* jsonPieces(item, depth + 1)
  }
  yield "}"
}

/** Pieces gathered into UTF-8 chunks of about CHUNK_CHARS characters. */
export function* jsonChunks(value: unknown): Generator<Uint8Array> {
  let pending: Array<string> = []
  let size = 0
  for (const piece of jsonPieces(value)) {
    pending.push(piece)
    size += piece.length
    if (size >= CHUNK_CHARS) {
      yield Buffer.from(pending.join(""), "utf8")
      pending = []
      size = 0
    }
  }
  if (pending.length > 0) yield Buffer.from(pending.join(""), "utf8")
}

/** A 200 JSON answer written chunk by chunk, each made only when the previous one has been taken. */
export const streamedJson = (value: unknown): HttpServerResponse.HttpServerResponse =>
  HttpServerResponse.stream(Stream.fromIteratorSucceed(jsonChunks(value)[Symbol.iterator](), 1), {
    contentType: "application/json"
  })
