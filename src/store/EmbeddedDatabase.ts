import { spawn } from "node:child_process"
import { existsSync } from "node:fs"
import { copyFile, mkdir, readdir, rename } from "node:fs/promises"
import { createRequire } from "node:module"
import { join } from "node:path"
import { PGlite } from "@electric-sql/pglite"
import * as SqlClient from "@effect/sql/SqlClient"
import { Duration, Effect } from "effect"
import { dataDirTemplate } from "./dataDirTemplate.js"

/**
 * PostgreSQL settings for the embedded database, sized for Vigil's workload: one connection, short
 * transactions, a few thousand rows per scan. PGlite's defaults are a server's (shared_buffers 128MB,
 * maintenance_work_mem 64MB, 100 connections), and its WebAssembly heap grows to hold them; measured on
 * a reopened data directory, the process idled at 355 MB RSS with the defaults and 227 MB with these
 * (benchmarks/RESULTS.md, "Embedded database footprint").
 */
export const EMBEDDED_SETTINGS: ReadonlyArray<readonly [string, string]> = [
  ["shared_buffers", "16MB"],
  ["work_mem", "2MB"],
  ["maintenance_work_mem", "16MB"],
  ["temp_buffers", "2MB"],
  ["wal_buffers", "1MB"],
  // two 16 MB segments at least; a standalone backend has no checkpointer, see checkpointWhenWalGrows
  ["min_wal_size", "32MB"],
  ["max_wal_size", "64MB"],
  ["max_connections", "5"]
]

/** PGlite's own start parameters (single-user mode, no parallel workers, …) plus ours. */
export const embeddedStartParams = (): Array<string> => [
  ...PGlite.defaultStartParams,
  ...EMBEDDED_SETTINGS.flatMap(([name, value]) => ["-c", `${name}=${value}`])
]

/** A directory with PG_VERSION has been initialised (initdb writes it; the template copy writes it last). */
const MARKER = "PG_VERSION"

/**
 * Copies a folder's files, all at once: about 1,000 small files, where one-at-a-time copying (fs.cp)
 * spent most of a first start waiting on the disk. `skip` is not copied.
 */
const copyTree = async (from: string, to: string, skip: string): Promise<void> => {
  await mkdir(to, { recursive: true })
  const entries = await readdir(from, { withFileTypes: true })
  await Promise.all(entries.map((entry) => {
    const source = join(from, entry.name)
    if (source === skip) return undefined
    return entry.isDirectory() ? copyTree(source, join(to, entry.name), skip) : copyFile(source, join(to, entry.name))
  }))
}

/**
 * A copy of the template, PG_VERSION last: a copy cut short (the process killed) leaves no marker, so
 * the next start copies again over what is there. The lock file of the directory is not touched.
 */
const copyTemplate = (template: string, dataDir: string): Promise<void> =>
  copyTree(template, dataDir, join(template, MARKER))
    .then(() => copyFile(join(template, MARKER), join(dataDir, `${MARKER}.tmp`)))
    .then(() => rename(join(dataDir, `${MARKER}.tmp`), join(dataDir, MARKER)))

/**
 * A new data directory is initialised from the build's template, else (no build, another PGlite
 * version) by initdb in a short-lived child process. In process, the initdb instance stays in memory
 * after it has finished: a first start idled at 674 MB RSS against 227 MB for a reopened directory.
 */
export const initialiseDataDir = (dataDir: string, template: string = dataDirTemplate()): Effect.Effect<void, Error> =>
  Effect.suspend(() => {
    if (existsSync(join(dataDir, MARKER))) return Effect.void
    if (existsSync(join(template, MARKER))) {
      return Effect.tryPromise({
        try: () => copyTemplate(template, dataDir),
        catch: (cause) => new Error(`copying the data directory template ${template} failed: ${cause instanceof Error ? cause.message : String(cause)}`)
      })
    }
    return initialiseInChild(dataDir)
  })

/** initdb in a child process (the instance is closed and its memory returned with the process). */
export const initialiseInChild = (dataDir: string): Effect.Effect<void, Error> =>
  Effect.async<void, Error>((resume) => {
    const pglite = createRequire(import.meta.url).resolve("@electric-sql/pglite")
    const script = `const { PGlite } = require(process.env.VIGIL_PGLITE);
PGlite.create({ dataDir: process.env.VIGIL_PGLITE_DIR, startParams: JSON.parse(process.env.VIGIL_PGLITE_PARAMS) })
  .then((db) => db.close())
  .then(() => process.exit(0), (e) => { process.stderr.write(String(e && e.message || e)); process.exit(1) })`
    const child = spawn(process.execPath, ["-e", script], {
      env: {
        ...process.env,
        VIGIL_PGLITE: pglite,
        VIGIL_PGLITE_DIR: dataDir,
        VIGIL_PGLITE_PARAMS: JSON.stringify(embeddedStartParams())
      },
      stdio: ["ignore", "ignore", "pipe"]
    })
    let stderr = ""
    child.stderr.on("data", (chunk: Buffer) => (stderr = (stderr + chunk.toString("utf8")).slice(-2_000)))
    child.on("error", (error) => resume(Effect.fail(error)))
    child.on("exit", (code, signal) =>
      resume(
        code === 0
          ? Effect.void
          : Effect.fail(new Error(`initialising the data directory failed (${signal ?? `exit code ${code}`}): ${stderr.trim()}`))
      )
    )
    return Effect.sync(() => child.kill("SIGKILL"))
  })

/** WAL beyond this since the last checkpoint triggers one. */
const CHECKPOINT_AFTER_WAL_BYTES = 32 * 1024 * 1024
const CHECKPOINT_CHECK_EVERY = Duration.seconds(30)

/**
 * PGlite runs PostgreSQL as a standalone backend: there is no checkpointer, so max_wal_size does not
 * bound the WAL (measured: 145 MB of WAL after 100 MB of inserts, 65 MB after a CHECKPOINT). A
 * background fiber checkpoints once enough WAL has been written since the last one. A checkpoint is
 * short here (16 MB of shared buffers at most to flush), and every query already runs one at a time.
 */
export const checkpointWhenWalGrows: Effect.Effect<void, never, SqlClient.SqlClient> = Effect.gen(function*() {
  const sql = yield* SqlClient.SqlClient
  const check = Effect.gen(function*() {
    const rows = yield* sql<{ readonly since: string | null }>`
      SELECT pg_wal_lsn_diff(pg_current_wal_lsn(), redo_lsn)::text AS since FROM pg_control_checkpoint()`
    const since = Number(rows[0]?.since ?? 0)
    if (since > CHECKPOINT_AFTER_WAL_BYTES) yield* sql`CHECKPOINT`
  }).pipe(
    Effect.catchAllCause((cause) => Effect.logWarning("embedded database checkpoint failed", cause))
  )
  return yield* Effect.forever(Effect.zipRight(Effect.sleep(CHECKPOINT_CHECK_EVERY), check))
})
