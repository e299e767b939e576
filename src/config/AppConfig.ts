import { resolve } from "node:path"
import { Config, Context, Data, Effect, Layer, LogLevel, Option, Redacted } from "effect"
import { BYTES_PER_MB, DEFAULT_SCAN_BUDGET_SECONDS, defaultWorkers } from "./Settings.js"

/** A configuration value that cannot be used; the message names the variable, the value and what is expected. */
export class InvalidConfiguration extends Data.TaggedError("InvalidConfiguration")<{
  readonly variable: string
  readonly value: string
  readonly expected: string
}> {
  override get message(): string {
    return `invalid configuration: ${this.variable}=${JSON.stringify(this.value)} (expected ${this.expected})`
  }
}

/** Where the database lives: a PostgreSQL server, or the embedded one in a directory. */
export type DatabaseTarget =
  | { readonly _tag: "Postgres"; readonly url: Redacted.Redacted<string> }
  | { readonly _tag: "Embedded"; readonly dataDir: string }

export interface StoreSettings {
  readonly database: DatabaseTarget
}

export interface AppSettings extends StoreSettings {
  readonly port: number
  readonly host: string
  readonly workers: number
  readonly scanBudgetMs: number
  /** batches waiting for a worker before new scans are refused (503) */
  readonly maxQueue: number
  readonly maxBodyBytes: number
  readonly maxFileBytes: number
  readonly maxFiles: number
  /** scans per minute per key; 0 disables the limit */
  readonly rateLimitPerMinute: number
  /** seconds an upload session stays open after its last chunk */
  readonly sessionTtlSeconds: number
  /** most bytes of chunk bodies one upload session may receive */
  readonly maxSessionBytes: number
  readonly logLevel: LogLevel.LogLevel
}

const raw = (name: string) => Config.option(Config.string(name))

const parseOr = <A>(
  name: string,
  fallback: A,
  expected: string,
  parse: (value: string) => A | undefined
): Effect.Effect<A, InvalidConfiguration> =>
  Effect.flatMap(Effect.orDie(raw(name)), (value) => {
    if (Option.isNone(value) || value.value.trim() === "") return Effect.succeed(fallback)
    const parsed = parse(value.value.trim())
    return parsed === undefined
      ? Effect.fail(new InvalidConfiguration({ variable: name, value: value.value, expected }))
      : Effect.succeed(parsed)
  })

const integerIn = (min: number, max: number) => (text: string): number | undefined => {
  if (!/^\d+$/.test(text)) return undefined
  const n = Number(text)
  return n >= min && n <= max ? n : undefined
}

const positiveNumber = (text: string): number | undefined => {
  if (!/^\d+(\.\d+)?$/.test(text)) return undefined
  const n = Number(text)
  return n > 0 && Number.isFinite(n) ? n : undefined
}

const LOG_LEVELS: Record<string, LogLevel.LogLevel> = {
  all: LogLevel.All,
  trace: LogLevel.Trace,
  debug: LogLevel.Debug,
  info: LogLevel.Info,
  warning: LogLevel.Warning,
  warn: LogLevel.Warning,
  error: LogLevel.Error,
  fatal: LogLevel.Fatal,
  none: LogLevel.None
}

const databaseTarget: Effect.Effect<DatabaseTarget, InvalidConfiguration> = Effect.gen(function*() {
  const url = yield* parseOr<string | undefined>("DATABASE_URL", undefined, "a postgres:// or postgresql:// URL", (text) =>
    /^postgres(ql)?:\/\/\S+$/.test(text) ? text : undefined
  )
  if (url !== undefined) return { _tag: "Postgres", url: Redacted.make(url) } as const
  const dataDir = yield* parseOr("VIGIL_DATA_DIR", "./.vigil", "a directory path", (text) => text)
  return { _tag: "Embedded", dataDir: resolve(dataDir) } as const
})

/** Only what opening the database needs: `vigil keys` must work even when, say, PORT is malformed. */
export const loadStoreSettings: Effect.Effect<StoreSettings, InvalidConfiguration> = Effect.map(
  databaseTarget,
  (database) => ({ database })
)

export const loadAppSettings: Effect.Effect<AppSettings, InvalidConfiguration> = Effect.gen(function*() {
  const database = yield* databaseTarget
  const port = yield* parseOr("PORT", 8080, "an integer port between 0 and 65535", integerIn(0, 65535))
  const host = yield* parseOr("HOST", "127.0.0.1", "a host name or IP address", (text) =>
    /^[A-Za-z0-9.:\-[\]]+$/.test(text) ? text : undefined
  )
  const workers = yield* parseOr("VIGIL_WORKERS", defaultWorkers(), "an integer from 0 to 256", integerIn(0, 256))
  const budget = yield* parseOr("VIGIL_SCAN_BUDGET", DEFAULT_SCAN_BUDGET_SECONDS, "a positive number of seconds", positiveNumber)
  const maxQueue = yield* parseOr("VIGIL_MAX_QUEUE", 1024, "a positive integer", integerIn(1, 1_000_000))
  const maxBodyMb = yield* parseOr("VIGIL_MAX_BODY_MB", 100, "a positive number of megabytes", positiveNumber)
  const maxFileMb = yield* parseOr("VIGIL_MAX_FILE_MB", 5, "a positive number of megabytes", positiveNumber)
  const maxFiles = yield* parseOr("VIGIL_MAX_FILES", 10_000, "a positive integer", integerIn(1, 10_000_000))
  const rate = yield* parseOr("VIGIL_RATE_LIMIT", 60, "a non-negative integer (scans per minute per key; 0 disables)", integerIn(0, 1_000_000))
  const sessionTtl = yield* parseOr("VIGIL_SESSION_TTL", 3600, "a positive integer number of seconds", integerIn(1, 7 * 86_400))
  const maxSessionMb = yield* parseOr("VIGIL_MAX_SESSION_MB", 1000, "a positive number of megabytes", positiveNumber)
  const logLevel = yield* parseOr("LOG_LEVEL", LogLevel.Info, Object.keys(LOG_LEVELS).join(", "), (text) => LOG_LEVELS[text.toLowerCase()])
  return {
    database,
    port,
    host,
    workers,
    scanBudgetMs: Math.round(budget * 1000),
    maxQueue,
    maxBodyBytes: Math.floor(maxBodyMb * BYTES_PER_MB),
    maxFileBytes: Math.floor(maxFileMb * BYTES_PER_MB),
    maxFiles,
    rateLimitPerMinute: rate,
    sessionTtlSeconds: sessionTtl,
    maxSessionBytes: Math.floor(maxSessionMb * BYTES_PER_MB),
    logLevel
  }
})

/** The service configuration, read once at start-up. Nothing else in src/ reads the environment. */
export class AppConfig extends Context.Tag("Vigil/AppConfig")<AppConfig, AppSettings>() {
  static readonly layer: Layer.Layer<AppConfig, InvalidConfiguration> = Layer.effect(AppConfig, loadAppSettings)
}
