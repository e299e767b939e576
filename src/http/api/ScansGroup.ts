import * as HttpApiEndpoint from "@effect/platform/HttpApiEndpoint"
import * as HttpApiGroup from "@effect/platform/HttpApiGroup"
import * as OpenApi from "@effect/platform/OpenApi"
import { AuthRequired, InvalidRequest, PayloadTooLarge, RateLimited, WorkerUnavailable } from "../../domain/Errors.js"
import { ScanRequest, ScanResult } from "../../domain/Scan.js"
import { Authentication } from "./Authentication.js"

export class ScansGroup extends HttpApiGroup.make("scans")
  .add(
    HttpApiEndpoint.post("scan", "/v1/scan")
      .setPayload(ScanRequest)
      .addSuccess(ScanResult)
      .addError(InvalidRequest)
      .addError(PayloadTooLarge)
      .addError(RateLimited)
      .addError(WorkerUnavailable)
      .annotate(OpenApi.Summary, "Scan files synchronously")
      .annotate(
        OpenApi.Description,
        "Analyses the files of the body and returns findings, severity counts, a risk score and quick wins. " +
          "`agent_name` (optional) names the agent the scan belongs to; without it the agent is the first " +
          "directory shared by all paths, else `default`. `output: sarif` adds a SARIF 2.1.0 log as `sarif`. " +
          "A 429 carries Retry-After in seconds."
      )
  )
  .addError(AuthRequired)
  .middleware(Authentication)
  .annotate(OpenApi.Description, "Synchronous scans")
{}
