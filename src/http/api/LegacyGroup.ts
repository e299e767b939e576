import * as HttpApiEndpoint from "@effect/platform/HttpApiEndpoint"
import * as HttpApiGroup from "@effect/platform/HttpApiGroup"
import * as OpenApi from "@effect/platform/OpenApi"
import { AuthRequired, InvalidRequest, PayloadTooLarge, RateLimited, WorkerUnavailable } from "../../domain/Errors.js"
import { ScanResult } from "../../domain/Scan.js"
import { Authentication } from "./Authentication.js"

/**
 * POST /api/v1/scan: the legacy multipart contract of older command-line clients (SPEC
 * "Versioning"), internal and not for integrations, hence absent from the OpenAPI document. It is
 * an HttpApi endpoint (not a raw route) so it shares authentication, error shaping, 405 handling
 * and request logging with the public API; the handler reads the multipart body itself
 * (handleRaw), as HttpApi's multipart payloads spool files to disk and cannot enforce part order.
 */
export class LegacyGroup extends HttpApiGroup.make("legacy")
  .add(
    HttpApiEndpoint.post("legacyScan", "/api/v1/scan")
      .addSuccess(ScanResult)
      .addError(InvalidRequest)
      .addError(PayloadTooLarge)
      .addError(RateLimited)
      .addError(WorkerUnavailable)
  )
  .addError(AuthRequired)
  .middleware(Authentication)
  .annotate(OpenApi.Exclude, true)
{}
