import { randomUUID } from "node:crypto"
import { pathOf } from "../pathOf.js"
import * as HttpApp from "@effect/platform/HttpApp"
import * as HttpServerRequest from "@effect/platform/HttpServerRequest"
import * as HttpServerResponse from "@effect/platform/HttpServerResponse"
import { Cause, Effect, Exit } from "effect"
import { RequestNotes, type RequestNotesShape } from "../RequestNotes.js"
import { matchRoute } from "../RouteTable.js"

/**
 * Outermost middleware: security headers on every response (set as a pre-response handler, because
 * by the time this middleware sees the response it has already been written) and one structured log
 * line per request. The line carries method, route pattern, status, duration and scan id, never
 * bodies, query strings or keys.
 */

const SECURITY_HEADERS: Record<string, string> = {
  "x-content-type-options": "nosniff",
  "cache-control": "no-store",
  "x-frame-options": "DENY",
  "content-security-policy": "default-src 'none'; frame-ancestors 'none'",
  "referrer-policy": "no-referrer",
  "cross-origin-resource-policy": "same-origin"
}

const secure = (response: HttpServerResponse.HttpServerResponse, requestId: string) => {
  const headers: Record<string, string> = { ...SECURITY_HEADERS, "x-request-id": requestId }
  if (response.status === 401) headers["www-authenticate"] = 'Bearer realm="vigil"'
  return HttpServerResponse.setHeaders(response, headers)
}

/** Status 499 (nginx's "client closed request") when the client went away before the answer. */
const CLIENT_CLOSED = 499

export const requestLogging = <E, R>(app: HttpApp.Default<E, R>): HttpApp.Default<E, R> =>
  Effect.gen(function*() {
    const request = yield* HttpServerRequest.HttpServerRequest
    const started = performance.now()
    const requestId = randomUUID()
    const notes: RequestNotesShape = {}
    yield* HttpApp.appendPreResponseHandler((_request, response) => Effect.succeed(secure(response, requestId)))
    const exit = yield* Effect.exit(
      app.pipe(Effect.provideService(RequestNotes, notes), Effect.annotateLogs("request_id", requestId))
    )
    const status = Exit.isSuccess(exit)
      ? exit.value.status
      : Cause.isInterruptedOnly(exit.cause) ? CLIENT_CLOSED : 500
    const pathname = pathOf(request.url)
    yield* Effect.logInfo("request").pipe(
      Effect.annotateLogs({
        request_id: requestId,
        method: request.method,
        route: matchRoute(request.method, pathname).route ?? "(unknown)",
        status,
        duration_ms: Math.round(performance.now() - started),
        ...(notes.scanId !== undefined ? { scan_id: notes.scanId } : {})
      })
    )
    return yield* exit
  })
