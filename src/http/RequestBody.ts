import * as HttpServerRequest from "@effect/platform/HttpServerRequest"
import * as NodeHttpServerRequest from "@effect/platform-node/NodeHttpServerRequest"
import { Effect } from "effect"
import { BYTES_PER_MB } from "../config/Settings.js"
import { InvalidRequest, PayloadTooLarge } from "../domain/Errors.js"
import { collectGarbage } from "./releaseMemory.js"

/**
 * Reads a request body with a byte limit, for bodies with or without Content-Length. The platform's
 * own reader concatenates buffers per chunk (quadratic on 100 MB) and destroys the socket when the
 * limit is passed, so the client sees a reset instead of a 413. Here the chunks are collected once,
 * and past the limit the rest of the body is read and discarded, so the 413 reaches the client and
 * the connection stays usable.
 */

export const describeLimit = (bytes: number): string => {
  const mb = bytes / BYTES_PER_MB
  return `${Number.isInteger(mb) ? mb : mb.toFixed(1)} MB`
}

export const tooLarge = (limit: number): PayloadTooLarge =>
  new PayloadTooLarge({ error: `The request body is over the ${describeLimit(limit)} limit.` })

export class ClientGone extends Error {}

/** The first buffer of a body with a Content-Length; it doubles from there. */
const FIRST_BUFFER_BYTES = 1024 * 1024

export const readBody = (limit: number): Effect.Effect<Buffer, PayloadTooLarge, HttpServerRequest.HttpServerRequest> =>
  Effect.flatMap(HttpServerRequest.HttpServerRequest, (request) =>
    Effect.async<Buffer, PayloadTooLarge>((resume) => {
      const source = NodeHttpServerRequest.toIncomingMessage(request)
      if (source.readableEnded) {
        resume(Effect.succeed(Buffer.alloc(0)))
        return
      }
      // with a Content-Length the body is copied into one buffer as it arrives, and each chunk is
      // garbage at once; otherwise every chunk and their join exist together, twice the body. The
      // buffer doubles as bytes arrive (up to the declared length), so a client that declares 100 MB
      // and sends little makes the server hold little
      const declared = Number(source.headers["content-length"])
      const expected = Number.isSafeInteger(declared) && declared > 0 && declared <= limit ? declared : undefined
      let whole = expected === undefined ? undefined : Buffer.allocUnsafe(Math.min(expected, FIRST_BUFFER_BYTES))
      const chunks: Array<Buffer> = []
      let size = 0
      let over = false
      const onData = (chunk: Buffer) => {
        if (over) return
        size += chunk.length
        if (size > limit) {
          over = true
          chunks.length = 0
          whole = undefined
          resume(Effect.fail(tooLarge(limit)))
          return
        }
        if (whole !== undefined && expected !== undefined && size <= expected) {
          if (size > whole.length) {
            const grown = Buffer.allocUnsafe(Math.min(expected, Math.max(size, whole.length * 2)))
            whole.copy(grown, 0, 0, size - chunk.length)
            whole = grown
          }
          chunk.copy(whole, size - chunk.length)
          return
        }
        // more than the declared length (HTTP parsers refuse it; kept correct all the same)
        if (whole !== undefined) chunks.push(whole.subarray(0, size - chunk.length))
        whole = undefined
        chunks.push(chunk)
      }
      const onEnd = () => {
        if (over) return
        // only the bytes that arrived: the rest of an unsafe allocation is never read
        const body = whole !== undefined ? whole.subarray(0, size) : Buffer.concat(chunks, size)
        // the chunks would otherwise stay reachable from the listener until the request is collected:
        // a second copy of a 100 MB body for the whole scan
        chunks.length = 0
        whole = undefined
        resume(Effect.succeed(body))
      }
      // the client went away mid-body: nobody is left to answer
      const onAbort = () => resume(Effect.die(new ClientGone("client closed the connection while sending the body")))
      source.on("data", onData)
      source.once("end", onEnd)
      source.once("error", onAbort)
      source.once("aborted", onAbort)
      return Effect.sync(() => {
        source.off("data", onData)
        source.off("end", onEnd)
        source.off("error", onAbort)
        source.off("aborted", onAbort)
      })
    })
  )

const jsonPosition = (error: unknown): string => {
  const match = /position (\d+)/.exec(String((error as Error).message))
  return match ? ` (near byte ${match[1]})` : ""
}

/** Below this a body's copies are small against the server's own heap; the collection costs ~0.1 s. */
const COLLECT_AFTER_BYTES = 16 * 1024 * 1024

/** The body as JSON. The parser's own message is not echoed: it quotes the body, which may hold secrets. */
export const readJsonBody = (
  limit: number
): Effect.Effect<unknown, PayloadTooLarge | InvalidRequest, HttpServerRequest.HttpServerRequest> => Effect.flatMap(readBody(limit), parseJsonBody)

/** A body read with readBody, as JSON (see readJsonBody); for handlers that need the bytes too (their count). */
export const parseJsonBody = (buffer: Buffer): Effect.Effect<unknown, InvalidRequest> => {
  // a UTF-8 byte order mark is not JSON, but some editors and tools write one
  const text = buffer.toString("utf8").replace(/^\uFEFF/, "")
  if (text.trim() === "") {
    return Effect.fail(new InvalidRequest({ error: "The request body is empty; send a JSON object." }))
  }
  try {
    const parsed = JSON.parse(text) as unknown
    // the bytes and the text are garbage once this returns: a large body's are handed back on the
    // next turn of the event loop, while the scan it asked for is under way
    if (buffer.length >= COLLECT_AFTER_BYTES) setImmediate(collectGarbage)
    return Effect.succeed(parsed)
  } catch (error) {
    return Effect.fail(new InvalidRequest({ error: `The request body is not valid JSON${jsonPosition(error)}.` }))
  }
}
