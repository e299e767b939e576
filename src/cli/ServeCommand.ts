import { Command } from "@effect/cli"
import { Effect, Layer, Logger } from "effect"
import { loadAppSettings } from "../config/AppConfig.js"
import { settingsHelp } from "../config/Settings.js"
import { serviceLogging } from "./logging.js"

const DESCRIPTION = `Start the HTTP API (POST /v1/scan, keys and organisations, /healthz, /readyz, OpenAPI at /v1/openapi.json).

Configuration comes from the environment, is checked at start-up, and is read once:
${settingsHelp()}

On first start of an empty database an owner key for the organisation "default" is printed once.`

/**
 * `vigil serve`: configuration first (a bad value stops here with its name), then the database, the
 * engine and the listener. Logs are JSON lines on stdout at LOG_LEVEL.
 */
export const serveCommand = Command.make("serve", {}, () =>
  Effect.gen(function*() {
    const settings = yield* loadAppSettings
    // loaded here, not at the top: the engine and server modules take seconds to import, which
    // every other `vigil` command would pay for
    const { ScannerLive } = yield* Effect.promise(() => import("../engine/service.js"))
    const { ServerLive } = yield* Effect.promise(() => import("../http/Server.js"))
    const engine = ScannerLive({ workers: settings.workers, budgetMs: settings.scanBudgetMs, maxQueue: settings.maxQueue })
    yield* Layer.launch(ServerLive(settings, engine)).pipe(
      Effect.provide(serviceLogging),
      Effect.provide(Logger.minimumLogLevel(settings.logLevel))
    )
  })).pipe(Command.withDescription(DESCRIPTION))
