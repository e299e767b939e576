import * as HttpApi from "@effect/platform/HttpApi"
import * as OpenApi from "@effect/platform/OpenApi"
import { VIGIL_VERSION } from "../../version.js"
import { InternalError } from "../../domain/Errors.js"
import { DiffGroup } from "./DiffGroup.js"
import { HealthGroup } from "./HealthGroup.js"
import { LegacyGroup } from "./LegacyGroup.js"
import { OrgsGroup } from "./OrgsGroup.js"
import { ScanSessionsGroup } from "./ScanSessionsGroup.js"
import { ScansGroup } from "./ScansGroup.js"
import { SuppressionsGroup } from "./SuppressionsGroup.js"
import { withoutFrameworkErrors } from "./openApiCleanup.js"

/** The whole HTTP API, definition only: handlers live in ../handlers, one file per group. */
export class VigilApi extends HttpApi.make("vigil")
  .add(HealthGroup)
  .add(ScansGroup)
  .add(ScanSessionsGroup)
  .add(DiffGroup)
  .add(OrgsGroup)
  .add(LegacyGroup)
  .add(SuppressionsGroup)
  .addError(InternalError)
  .annotate(OpenApi.Title, "Vigil")
  .annotate(OpenApi.Version, VIGIL_VERSION)
  .annotate(
    OpenApi.Description,
    "Security scanner for AI agents. Every error body is {code, error}. Authenticate with Authorization: Bearer <API_KEY>."
  )
  .annotate(OpenApi.Transform, withoutFrameworkErrors)
{}

export const OPENAPI_PATH = "/v1/openapi.json"
