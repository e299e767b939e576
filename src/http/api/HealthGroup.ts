import * as HttpApiEndpoint from "@effect/platform/HttpApiEndpoint"
import * as HttpApiGroup from "@effect/platform/HttpApiGroup"
import * as OpenApi from "@effect/platform/OpenApi"
import { Schema } from "effect"
import { NotReady } from "../../domain/Errors.js"

export const Health = Schema.Struct({ status: Schema.Literal("ok") })

export const Readiness = Schema.Struct({
  status: Schema.Literal("ready"),
  database: Schema.Literal("ok"),
  workers: Schema.Literal("ok")
})

/** Probes for orchestrators: no authentication, no database writes. */
export class HealthGroup extends HttpApiGroup.make("health")
  .add(
    HttpApiEndpoint.get("healthz", "/healthz")
      .addSuccess(Health)
      .annotate(OpenApi.Summary, "The process is up")
  )
  .add(
    HttpApiEndpoint.get("readyz", "/readyz")
      .addSuccess(Readiness)
      .addError(NotReady)
      .annotate(OpenApi.Summary, "The database and the analysis worker pool are ready")
  )
  .annotate(OpenApi.Description, "Liveness and readiness probes")
{}
