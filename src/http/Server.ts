import * as HttpApiBuilder from "@effect/platform/HttpApiBuilder"
import * as HttpServer from "@effect/platform/HttpServer"
import * as NodeHttpServer from "@effect/platform-node/NodeHttpServer"
import { Console, Effect, Layer, Option } from "effect"
import { CatalogueService } from "../catalogue/Catalogue.js"
import { AppConfig, type AppSettings } from "../config/AppConfig.js"
import type { Scanner } from "../engine/service.js"
import { bootstrapOwnerKey } from "../store/Bootstrap.js"
import { DatabaseLive } from "../store/Database.js"
import { DiffRepo } from "../store/DiffRepo.js"
import { RateLimitRepo } from "../store/RateLimitRepo.js"
import { ScanSessionsRepo } from "../store/ScanSessionsRepo.js"
import { ScansRepo } from "../store/ScansRepo.js"
import { SuppressionsRepo } from "../store/SuppressionsRepo.js"
import { TenancyRepo } from "../store/TenancyRepo.js"
import { OPENAPI_PATH, VigilApi } from "./api/Api.js"
import { createGracefulServer } from "./GracefulServer.js"
import { DiffHandlersLive } from "./handlers/DiffHandlers.js"
import { HealthHandlersLive } from "./handlers/HealthHandlers.js"
import { LegacyHandlersLive } from "./handlers/LegacyHandlers.js"
import { OrgsHandlersLive } from "./handlers/OrgsHandlers.js"
import { ScanSessionsHandlersLive } from "./handlers/ScanSessionsHandlers.js"
import { ScansHandlersLive } from "./handlers/ScansHandlers.js"
import { SuppressionsHandlersLive } from "./handlers/SuppressionsHandlers.js"
import { AuthenticationLive } from "./middleware/AuthenticationLive.js"
import { ErrorShapingLive } from "./middleware/ErrorShaping.js"
import { requestLogging } from "./middleware/RequestLogging.js"
import { OrgAccess } from "../usecases/OrgAccess.js"
import { ScanService } from "../usecases/ScanService.js"
import { SuppressionsService } from "../usecases/SuppressionsService.js"
import { UploadSessions } from "../usecases/UploadSessions.js"

/** The API with its handlers and middleware; needs the repositories, the engine and the config. */
export const ApiLive = HttpApiBuilder.api(VigilApi).pipe(
  Layer.provide([HealthHandlersLive, ScansHandlersLive, ScanSessionsHandlersLive, OrgsHandlersLive, DiffHandlersLive, SuppressionsHandlersLive, LegacyHandlersLive]),
  Layer.provide(AuthenticationLive),
  Layer.provide([UploadSessions.Default, SuppressionsService.Default, OrgAccess.Default]),
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

/**
 * The bootstrap key is created only once the engine has loaded: a server that cannot start (a bad
 * rule catalogue, say) must not print a key and then die.
 */
const BootstrapLive = Layer.effectDiscard(Effect.zipRight(CatalogueService, printBootstrapKey))

/** Repositories over the configured database, migrated. */
export const StoreLive = (settings: AppSettings) =>
  Layer.mergeAll(TenancyRepo.Default, ScansRepo.Default, ScanSessionsRepo.Default, RateLimitRepo.Default, DiffRepo.Default, SuppressionsRepo.Default).pipe(
    Layer.provideMerge(DatabaseLive(settings))
  )

/** After SIGTERM, answers still being computed or written get this long beyond the scan budget. */
const SHUTDOWN_WRITE_GRACE_MS = 30_000

/**
 * The listening server. The engine (Scanner + CatalogueService) is an input so tests and tools can
 * provide another one; `vigil serve` provides the worker pool. The listener does not wait for the
 * workers: /readyz answers 503 until one is ready. Closing it (SIGTERM) writes every accepted answer
 * completely before the layer is released (see GracefulServer).
 */
export const ServerLive = <E>(settings: AppSettings, engine: Layer.Layer<Scanner | CatalogueService, E>) =>
  HttpApiBuilder.serve(requestLogging).pipe(
    Layer.provide(HttpApiBuilder.middlewareOpenApi({ path: OPENAPI_PATH })),
    Layer.provide(ErrorShapingLive),
    Layer.provide(ApiLive),
    Layer.provide(BootstrapLive),
    HttpServer.withLogAddress,
    Layer.provide(NodeHttpServer.layer(() => createGracefulServer(settings.scanBudgetMs + SHUTDOWN_WRITE_GRACE_MS), { port: settings.port, host: settings.host })),
    // built together: the workers boot while this process opens and migrates the database
    Layer.provide(Layer.merge(engine, StoreLive(settings))),
    Layer.provide(Layer.succeed(AppConfig, settings))
  )
