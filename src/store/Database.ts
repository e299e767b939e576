import { PGlite } from "@electric-sql/pglite"
import { createPgConfig } from "@electric-sql/pglite/node-postgres"
import * as Migrator from "@effect/sql/Migrator"
import * as SqlClient from "@effect/sql/SqlClient"
import * as SqlError from "@effect/sql/SqlError"
import * as PgClient from "@effect/sql-pg/PgClient"
import { Data, Effect, Layer, Redacted } from "effect"
import pg from "pg"
import type { StoreSettings } from "../config/AppConfig.js"
import { type DataDirLocked, type DataDirUnusable, lockDataDir } from "./DataDirLock.js"
import { checkpointWhenWalGrows, embeddedStartParams, initialiseDataDir } from "./EmbeddedDatabase.js"
import { migrations } from "./migrations/index.js"

export class DatabaseUnavailable extends Data.TaggedError("DatabaseUnavailable")<{
  readonly target: string
  readonly reason: string
}> {
  override get message(): string {
    return `cannot open the database (${this.target}): ${this.reason}`
  }
}

export class MigrationFailed extends Data.TaggedError("MigrationFailed")<{ readonly reason: string }> {
  override get message(): string {
    return `database migration failed: ${this.reason}`
  }
}

export type DatabaseStartupError = DataDirLocked | DataDirUnusable | DatabaseUnavailable | MigrationFailed

const describeCause = (cause: unknown): string => {
  const inner = (cause as { cause?: unknown }).cause
  if (inner instanceof Error) return inner.message
  if (cause instanceof Error) return cause.message
  return String(cause)
}

/** The URL without its password, for messages and logs. */
export const describeUrl = (url: Redacted.Redacted<string>): string => {
  try {
    const parsed = new URL(Redacted.value(url))
    return `${parsed.protocol}//${parsed.username ? `${parsed.username}@` : ""}${parsed.host}${parsed.pathname}`
  } catch {
    return "DATABASE_URL"
  }
}

const postgres = (url: Redacted.Redacted<string>) =>
  PgClient.layer({ url, applicationName: "vigil", maxConnections: 10 }).pipe(
    Layer.mapError((error) => new DatabaseUnavailable({ target: describeUrl(url), reason: describeCause(error) }))
  )

/**
 * PGlite in-process behind node-postgres, so both databases share one driver and its type parsing.
 * The pool must hold exactly one connection: with more, PGlite answered concurrent queries with empty
 * results (stack-notes §2.2). A new directory is copied from the build's template (or initialised in
 * a child process) and PostgreSQL runs with settings sized for this workload (EmbeddedDatabase.ts).
 */
const embedded = (dataDir: string) =>
  PgClient.layerFromPool({
    acquire: Effect.gen(function*() {
      yield* initialiseDataDir(dataDir).pipe(
        Effect.mapError((cause) => new SqlError.SqlError({ cause, message: "cannot initialise the embedded database" }))
      )
      const db = yield* Effect.acquireRelease(
        Effect.tryPromise({
          try: () => PGlite.create({ dataDir, startParams: embeddedStartParams() }),
          catch: (cause) => new SqlError.SqlError({ cause, message: "cannot open the embedded database" })
        }),
        (db) => Effect.promise(() => db.close()).pipe(Effect.ignore)
      )
      return yield* Effect.acquireRelease(
        Effect.sync(() => new pg.Pool({ ...createPgConfig(db), max: 1 })),
        (pool) => Effect.promise(() => pool.end()).pipe(Effect.ignore)
      )
    }),
    applicationName: "vigil"
  }).pipe(
    Layer.mapError((error) => new DatabaseUnavailable({ target: dataDir, reason: describeCause(error) })),
    // the lock is taken before PGlite opens the directory and released after it is closed
    Layer.provide(Layer.scopedDiscard(lockDataDir(dataDir)))
  )

const runMigrations = Migrator.make({})({ loader: migrations })

/**
 * Migrations under a transaction-scoped advisory lock, so replicas starting together against one
 * PostgreSQL server migrate one at a time. The migrations table is created here first: the Migrator
 * probes for it with a query whose failure would abort the surrounding transaction.
 */
const migrate = Effect.gen(function*() {
  const sql = yield* SqlClient.SqlClient
  yield* sql.withTransaction(
    Effect.gen(function*() {
      yield* sql`SELECT pg_advisory_xact_lock(7417690211)`
      yield* sql`
        CREATE TABLE IF NOT EXISTS effect_sql_migrations (
          migration_id integer PRIMARY KEY,
          created_at timestamptz NOT NULL DEFAULT now(),
          name text NOT NULL
        )`
      yield* runMigrations
    })
  )
}).pipe(Effect.mapError((error) => new MigrationFailed({ reason: describeCause(error) })))

/** The SQL client for the configured database, migrated to the latest schema. */
export const DatabaseLive = (
  settings: StoreSettings
): Layer.Layer<SqlClient.SqlClient | PgClient.PgClient, DatabaseStartupError> => {
  if (settings.database._tag === "Postgres") {
    return Layer.effectDiscard(migrate).pipe(Layer.provideMerge(postgres(settings.database.url)))
  }
  const checkpoints = Layer.scopedDiscard(Effect.forkScoped(checkpointWhenWalGrows))
  return Layer.mergeAll(Layer.effectDiscard(migrate), checkpoints).pipe(Layer.provideMerge(embedded(settings.database.dataDir)))
}
