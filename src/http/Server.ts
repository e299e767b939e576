import { createServer } from "node:http"
import { HttpApiBuilder, HttpServer } from "@effect/platform"
import { NodeHttpServer } from "@effect/platform-node"
import { Console, Effect, Layer, Option } from "effect"
import type { CatalogueService } from "../catalogue/Catalogue.js"
import { AppConfig, type AppSettings } from "../config/AppConfig.js"
import type { Scanner } from "../engine/Scanner.js"
import { bootstrapOwnerKey } from "../store/Bootstrap.js"
import { DatabaseLive } from "../store/Database.js"
import { RateLimitRepo } from "../store/RateLimitRepo.js"
import { ScansRepo } from "../store/ScansRepo.js"
import { TenancyRepo } from "../store/TenancyRepo.js"
import { OPENAPI_PATH, VigilApi } from "./api/Api.js"
import { HealthHandlersLive } from "./handlers/HealthHandlers.js"
import { OrgsHandlersLive } from "./handlers/OrgsHandlers.js"
import { ScansHandlersLive } from "./handlers/ScansHandlers.js"
import { AuthenticationLive } from "./middleware/AuthenticationLive.js"
import { ErrorShapingLive } from "./middleware/ErrorShaping.js"
import { requestLogging } from "./middleware/RequestLogging.js"
import { ScanService } from "./ScanService.js"

/** The API with its handlers and middleware; needs the repositories, the engine and the config. */
export const ApiLive = HttpApiBuilder.api(VigilApi).pipe(
  Layer.provide([HealthHandlersLive, ScansHandlersLive, OrgsHandlersLive]),
  Layer.provide(AuthenticationLive),
  Layer.provide(ScanService.Default)
)

const printBootstrapKey = Effect.flatMap(bootstrapOwnerKey, (created) =>
  Option.match(created, {
    onNone: () => Effect.void,
    onSome: ({ key, organisation }) =>
      Console.log(
        [
          "",
          "==================================================================================",
          ` VIGIL BOOTSTRAP OWNER KEY (organisation "${organisation.slug}", id ${organisation.id})`,
          " The database was empty, so an owner key was created. It is shown only this once:",
          "",
          `   ${key.key}`,
          "",
          " Send it as: Authorization: Bearer <key>. Create more keys with `vigil keys create`",
          " or POST /v1/orgs/{org_id}/keys.",
          "==================================================================================",
          ""
        ].join("\n")
      )
  }))

/** Repositories over the configured database, migrated, with the bootstrap key printed on first start. */
export const StoreLive = (settings: AppSettings) =>
  Layer.effectDiscard(printBootstrapKey).pipe(
    Layer.provideMerge(Layer.mergeAll(TenancyRepo.Default, ScansRepo.Default, RateLimitRepo.Default)),
    Layer.provideMerge(DatabaseLive(settings))
  )

/**
 * The listening server. The engine (Scanner + CatalogueService) is an input so tests and tools can
 * provide another one; `vigil serve` provides the worker pool.
 */
export const ServerLive = <E>(settings: AppSettings, engine: Layer.Layer<Scanner | CatalogueService, E>) =>
  HttpApiBuilder.serve(requestLogging).pipe(
    Layer.provide(HttpApiBuilder.middlewareOpenApi({ path: OPENAPI_PATH })),
    Layer.provide(ErrorShapingLive),
    Layer.provide(ApiLive),
    HttpServer.withLogAddress,
    Layer.provide(NodeHttpServer.layer(createServer, { port: settings.port, host: settings.host })),
    Layer.provide(engine),
    Layer.provide(StoreLive(settings)),
    Layer.provide(Layer.succeed(AppConfig, settings))
  )
