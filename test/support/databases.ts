import { randomBytes } from "node:crypto"
import { mkdtempSync, rmSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { SqlClient } from "@effect/sql"
import { PgClient } from "@effect/sql-pg"
import { Effect, Redacted } from "effect"

/**
 * The databases the store and API suites run against: always the embedded one; PostgreSQL too when
 * TEST_DATABASE_URL is set (CI). Each test gets its own PostgreSQL database, dropped afterwards, so
 * runs never see each other's rows.
 */

export const TEST_DATABASE_URL: string | undefined = process.env["TEST_DATABASE_URL"] || undefined

export type Backend = "embedded" | "postgres"
export const BACKENDS: ReadonlyArray<Backend> = TEST_DATABASE_URL === undefined ? ["embedded"] : ["embedded", "postgres"]

export interface TestDatabase {
  /** environment for a server or CLI process using this database */
  readonly env: Record<string, string>
  readonly dataDir: string | undefined
  readonly url: string | undefined
  readonly dispose: () => Promise<void>
}

const runOn = (url: string, statement: string): Promise<void> =>
  Effect.runPromise(
    Effect.scoped(
      Effect.gen(function*() {
        const sql = yield* SqlClient.SqlClient
        yield* sql.unsafe(statement)
      }).pipe(Effect.provide(PgClient.layer({ url: Redacted.make(url), maxConnections: 1 })))
    )
  )

export const tempDir = (label: string): string => mkdtempSync(join(tmpdir(), `vigil-${label}-`))

export const createTestDatabase = async (backend: Backend): Promise<TestDatabase> => {
  if (backend === "embedded") {
    const dataDir = tempDir("data")
    return {
      env: { VIGIL_DATA_DIR: dataDir },
      dataDir,
      url: undefined,
      dispose: async () => rmSync(dataDir, { recursive: true, force: true })
    }
  }
  if (TEST_DATABASE_URL === undefined) throw new Error("TEST_DATABASE_URL is not set")
  const name = `vigil_test_${process.pid}_${randomBytes(4).toString("hex")}`
  await runOn(TEST_DATABASE_URL, `CREATE DATABASE "${name}"`)
  const url = new URL(TEST_DATABASE_URL)
  url.pathname = `/${name}`
  return {
    env: { DATABASE_URL: url.toString() },
    dataDir: undefined,
    url: url.toString(),
    dispose: () => runOn(TEST_DATABASE_URL!, `DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`)
  }
}
