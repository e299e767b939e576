import { existsSync } from "node:fs"
import { join } from "node:path"
import { SqlClient } from "@effect/sql"
import { Effect, Layer, ManagedRuntime, Redacted } from "effect"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { DatabaseLive } from "../../src/store/Database.js"
import { LOCK_FILE } from "../../src/store/DataDirLock.js"
import { BACKENDS, createTestDatabase, type TestDatabase } from "../support/databases.js"
import { expectError } from "../support/shapes.js"
import { request, runCli, startServer } from "../support/server.js"

const SCAN = {
  files: [{ path: "bot/agent.py", content: "def run():\n    return eval(input())\n" }],
  agent_name: "persisted-bot"
}

/** Reads the store directly (no server may hold the embedded directory meanwhile). */
const query = async <A extends object>(db: TestDatabase, statement: (sql: SqlClient.SqlClient) => Effect.Effect<ReadonlyArray<A>, unknown>) => {
  const layer = DatabaseLive({
    database: db.url !== undefined ? { _tag: "Postgres", url: Redacted.make(db.url) } : { _tag: "Embedded", dataDir: db.dataDir! }
  })
  const runtime = ManagedRuntime.make(Layer.orDie(layer))
  try {
    return await runtime.runPromise(Effect.flatMap(SqlClient.SqlClient, (sql) => Effect.orDie(statement(sql))))
  } finally {
    await runtime.dispose()
  }
}

describe.each(BACKENDS)("persistence on %s", (backend) => {
  let db: TestDatabase

  beforeAll(async () => {
    db = await createTestDatabase(backend)
  }, 240_000)
  afterAll(async () => {
    await db?.dispose()
  }, 240_000)

  it("keeps keys, agents, scans and findings across a graceful restart and a kill -9", async () => {
    const first = await startServer(db.env)
    const key = first.bootstrapKey!
    const scanned = await request(first, "POST", "/v1/scan", { key, body: SCAN })
    expect(scanned.status, scanned.text).toBe(200)
    const result = scanned.body as { scan_id: string; agent_id: string; findings: Array<{ finding_hash: string }>; risk_score: number }
    expect(await first.stop("SIGTERM")).toBe(0)
    if (db.dataDir !== undefined) expect(existsSync(join(db.dataDir, LOCK_FILE))).toBe(false)

    const rows = await query(db, (sql) =>
      sql<{ scan_number: number; policy: string; risk_score: number; total_count: number; partial: boolean; findings: string }>`
        SELECT s.scan_number, s.policy, s.risk_score, s.total_count, s.partial,
               (SELECT count(*) FROM findings f WHERE f.scan_id = s.id) AS findings
        FROM scans s WHERE s.id = ${result.scan_id}`)
    expect(rows[0]).toMatchObject({ scan_number: 1, policy: "balanced", risk_score: result.risk_score, partial: false })
    expect(Number(rows[0]!.findings)).toBe(result.findings.length)
    expect(rows[0]!.total_count).toBe(result.findings.length)

    // restart: no new bootstrap key, the old key works, the agent keeps its id and numbering
    const second = await startServer(db.env)
    expect(second.bootstrapKey).toBeUndefined()
    const again = await request(second, "POST", "/v1/scan", { key, body: SCAN })
    expect(again.status).toBe(200)
    expect((again.body as { agent_id: string }).agent_id).toBe(result.agent_id)
    expect((again.body as { findings: Array<{ finding_hash: string }> }).findings.map((f) => f.finding_hash))
      .toEqual(result.findings.map((f) => f.finding_hash))

    // kill -9 right after a committed scan: the row survives and a stale lock is taken over
    const third = await request(second, "POST", "/v1/scan", { key, body: SCAN })
    expect(third.status).toBe(200)
    await second.stop("SIGKILL")
    if (db.dataDir !== undefined) expect(existsSync(join(db.dataDir, LOCK_FILE))).toBe(true)

    const fourth = await startServer(db.env)
    try {
      expect(fourth.bootstrapKey).toBeUndefined()
      expect((await request(fourth, "POST", "/v1/scan", { key, body: SCAN })).status).toBe(200)
    } finally {
      await fourth.stop()
    }
    const numbers = await query(db, (sql) =>
      sql<{ scan_number: number }>`
        SELECT s.scan_number FROM scans s JOIN agents a ON a.id = s.agent_id
        WHERE a.name = 'persisted-bot' ORDER BY s.scan_number`)
    expect(numbers.map((r) => r.scan_number)).toEqual([1, 2, 3, 4])
  }, 400_000)
})

describe("start-up checks", () => {
  let db: TestDatabase

  beforeAll(async () => {
    db = await createTestDatabase("embedded")
  }, 240_000)
  afterAll(async () => {
    await db?.dispose()
  }, 240_000)

  it("refuses a second server on the same embedded data directory, naming the holder", async () => {
    const holder = await startServer(db.env)
    try {
      const second = await runCli(["serve"], { ...db.env, PORT: "0" })
      expect(second.code).toBe(1)
      expect(second.stderr).toContain(`in use by another Vigil process (pid ${holder.pid})`)
      expectError(await request(holder, "GET", "/v1/nothing"), 404, "not_found")
    } finally {
      await holder.stop()
    }
  }, 240_000)

  it("stops with a clear message on a bad configuration value", async () => {
    for (const [name, value] of [["PORT", "eighty"], ["VIGIL_MAX_BODY_MB", "-1"], ["VIGIL_RATE_LIMIT", "1.5"], ["LOG_LEVEL", "loud"], ["DATABASE_URL", "mysql://x"]]) {
      const result = await runCli(["serve"], { ...db.env, [name!]: value! })
      expect(result.code, `${name}=${value}`).toBe(1)
      expect(result.stderr).toContain(`invalid configuration: ${name}=`)
    }
  }, 240_000)

  it("lists every configuration variable with its default in serve --help", async () => {
    const help = await runCli(["serve", "--help"], {})
    expect(help.code).toBe(0)
    for (const name of [
      "PORT", "HOST", "DATABASE_URL", "VIGIL_DATA_DIR", "VIGIL_WORKERS", "VIGIL_SCAN_BUDGET", "VIGIL_MAX_BODY_MB",
      "VIGIL_MAX_FILE_MB", "VIGIL_MAX_FILES", "VIGIL_RATE_LIMIT", "VIGIL_SESSION_TTL", "VIGIL_MAX_SESSION_MB", "LOG_LEVEL"
    ]) {
      expect(help.stdout).toMatch(new RegExp(`${name}\\s.*\\(default: [^)]+\\)`))
    }
  })
})
