import * as HttpApiBuilder from "@effect/platform/HttpApiBuilder"
import * as HttpApiError from "@effect/platform/HttpApiError"
import type * as HttpApp from "@effect/platform/HttpApp"
import * as HttpIncomingMessage from "@effect/platform/HttpIncomingMessage"
import * as HttpServerRequest from "@effect/platform/HttpServerRequest"
import type * as HttpServerResponse from "@effect/platform/HttpServerResponse"
import { pathOf } from "../pathOf.js"
import { Cause, Effect, Option } from "effect"
import { AppConfig } from "../../config/AppConfig.js"
import {
  apiErrorStatus,
  type ApiError,
  InternalError,
  InvalidRequest,
  MethodNotAllowed,
  NotFound,
  WorkerUnavailable
} from "../../domain/Errors.js"
import { errorResponse } from "../errorResponse.js"
import { ClientGone, tooLarge } from "../RequestBody.js"
import { matchRoute } from "../RouteTable.js"

/**
 * API-level middleware around the router, before authentication and body reading:
 * - a Content-Length over the limit is answered 413 at once, without reading the body;
 * - every failure becomes a `{code, error}` response: declared API errors as they are, decode
 *   errors as 400 with a short message, unknown routes as 404, a wrong method as 405 with Allow,
 *   anything else as 500 (logged). The framework's own shapes (empty bodies, `_tag`, issue trees)
 *   never reach the client.
 */

const tagOf = (u: unknown): string | undefined =>
  typeof u === "object" && u !== null && "_tag" in u && typeof u._tag === "string" ? u._tag : undefined

const describeIssues = (error: HttpApiError.HttpApiDecodeError): string => {
  const first = error.issues[0]
  if (first === undefined) return "The request is invalid."
  const where = first.path.length > 0 ? `${first.path.map(String).join(".")}: ` : ""
  return `Invalid request parameter: ${where}${first.message}`
}

const routeNotFound = (request: HttpServerRequest.HttpServerRequest): HttpServerResponse.HttpServerResponse => {
  const pathname = pathOf(request.url)
  const { allowed } = matchRoute(request.method, pathname)
  // the pattern matches with this very method, yet the router refused: a segment it could not decode
  if (allowed.includes(request.method.toUpperCase())) {
    return errorResponse(new InvalidRequest({ error: `The path ${pathname} could not be decoded.` }))
  }
  if (allowed.length > 0) {
    return errorResponse(
      new MethodNotAllowed({ error: `${request.method} is not allowed on ${pathname}; use ${allowed.join(" or ")}.` }),
      { allow: allowed.join(", ") }
    )
  }
  return errorResponse(new NotFound({ error: `No such endpoint: ${request.method} ${pathname}.` }))
}

/** A failure may carry the request; its Authorization header must not reach the logs. */
const redactKeys = (text: string): string => text.replace(/vgl_[A-Za-z0-9_-]{20,}/g, "vgl_[redacted]")

const internal = new InternalError({ error: "An unexpected error occurred; it has been logged." })

const shapeCause = (
  cause: Cause.Cause<unknown>,
  request: HttpServerRequest.HttpServerRequest,
  maxBodyBytes: number
): Effect.Effect<HttpServerResponse.HttpServerResponse> => {
  if (Cause.isInterruptedOnly(cause)) return Effect.interrupt
  const failure = Cause.failureOption(cause)
  if (Option.isSome(failure)) {
    const error = failure.value
    // a worker restarts within seconds: tell clients when to come back
    if (error instanceof WorkerUnavailable) return Effect.succeed(errorResponse(error, { "retry-after": "5" }))
    if (apiErrorStatus(error) !== undefined) return Effect.succeed(errorResponse(error as ApiError))
    if (error instanceof HttpApiError.HttpApiDecodeError) {
      return Effect.succeed(errorResponse(new InvalidRequest({ error: describeIssues(error) })))
    }
    if (tagOf(error) === "RouteNotFound") return Effect.succeed(routeNotFound(request))
  }
  const defect = Cause.dieOption(cause)
  if (Option.isSome(defect)) {
    if (defect.value instanceof ClientGone) return Effect.interrupt
    // the platform's body reader dies with RequestError on malformed bodies and oversize streams
    if (tagOf(defect.value) === "RequestError") {
      const text = String((defect.value as { cause?: unknown }).cause ?? "")
      return Effect.succeed(
        text.includes("maxBytes exceeded")
          ? errorResponse(tooLarge(maxBodyBytes))
          : errorResponse(new InvalidRequest({ error: "The request body could not be read as JSON." }))
      )
    }
  }
  return Effect.logError("unexpected failure while handling a request").pipe(
    Effect.annotateLogs({ cause: redactKeys(Cause.pretty(cause)) }),
    Effect.as(errorResponse(internal))
  )
}

const declaredLength = (request: HttpServerRequest.HttpServerRequest): number | undefined => {
  const header = request.headers["content-length"]
  if (header === undefined) return undefined
  const n = Number(header)
  return Number.isFinite(n) ? n : undefined
}

export const errorShaping = (maxBodyBytes: number) => (app: HttpApp.Default): HttpApp.Default =>
  Effect.flatMap(HttpServerRequest.HttpServerRequest, (request) => {
    const length = declaredLength(request)
    if (length !== undefined && length > maxBodyBytes) return Effect.succeed(errorResponse(tooLarge(maxBodyBytes)))
    return app.pipe(
      // endpoints decoded by the platform read bodies with its reader: give it the limit too
      HttpIncomingMessage.withMaxBodySize(Option.some(maxBodyBytes)),
      Effect.catchAllCause((cause) => shapeCause(cause, request, maxBodyBytes))
    )
  })

export const ErrorShapingLive = HttpApiBuilder.middleware(
  Effect.map(AppConfig, (config) => errorShaping(config.maxBodyBytes))
)
