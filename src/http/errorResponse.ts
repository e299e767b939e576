import * as HttpServerResponse from "@effect/platform/HttpServerResponse"
import { type ApiError, apiErrorStatus } from "../domain/Errors.js"

/** The one way an error becomes a response: status from the class, body exactly {code, error}. */
export const errorResponse = (
  error: ApiError,
  headers: Record<string, string> = {}
): HttpServerResponse.HttpServerResponse =>
  HttpServerResponse.unsafeJson(
    { code: error.code, error: error.error },
    { status: apiErrorStatus(error) ?? 500, headers }
  )
