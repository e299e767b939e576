import { spawn } from "node:child_process"
import { writeFileSync } from "node:fs"
import { join } from "node:path"
import { SqlClient } from "@effect/sql"
import { Effect, Exit, Layer, ManagedRuntime, Option, Redacted } from "effect"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import type { StoreSettings } from "../../src/config/AppConfig.js"
import type { Finding } from "../../src/domain/Finding.js"
import { hashApiKey } from "../../src/store/ApiKeySecret.js"
import { bootstrapOwnerKey } from "../../src/store/Bootstrap.js"
import { DatabaseLive } from "../../src/store/Database.js"
import { LOCK_FILE, lockDataDir } from "../../src/store/DataDirLock.js"
import { migrations } from "../../src/store/migrations/index.js"
import { RateLimitRepo } from "../../src/store/RateLimitRepo.js"
import { ScansRepo } from "../../src/store/ScansRepo.js"
import { TenancyRepo } from "../../src/store/TenancyRepo.js"
import { BACKENDS, createTestDatabase, tempDir, type TestDatabase } from "../support/databases.js"

const settingsOf = (db: TestDatabase): StoreSettings => ({
  database: db.url !== undefined
    ? { _tag: "Postgres", url: Redacted.make(db.url) }
    : { _tag: "Embedded", dataDir: db.dataDir! }
})

const storeLayer = (db: TestDatabase) =>
  Layer.mergeAll(TenancyRepo.Default, ScansRepo.Default, RateLimitRepo.Default).pipe(
    Layer.provideMerge(DatabaseLive(settingsOf(db)))
  )

const finding = (overrides: Partial<Finding> = {}): Finding => ({
  id: "F1",
  pattern_id: "exec_eval",
  pattern: "Dynamic code execution",
  severity: "CRITICAL",
  confidence: 0.9,
  file: "agent/main.py",
  line: 3,
  column: 5,
  message: "eval() on model output",
  code_snippet: "eval(answer)",
  cwe: "CWE-95",
  cvss: 9.8,
  owasp_category: "LLM05",
  category: "code_execution",
  risk_tier: "vulnerability",
  finding_type: "vulnerability",
  remediation_hint: "Do not evaluate model output",
  remediation_steps: ["Remove eval", "Parse with a safe parser"],
  compliance_mapping: { owasp_items: ["LLM05"], cwe_ids: ["CWE-95"] },
  finding_hash: "sha256:" + "a".repeat(64),
  ...overrides
})

describe.each(BACKENDS)("store on %s", (backend) => {
  let db: TestDatabase
  let runtime: ManagedRuntime.ManagedRuntime<TenancyRepo | ScansRepo | RateLimitRepo | SqlClient.SqlClient, unknown>
  const run = <A, E>(effect: Effect.Effect<A, E, TenancyRepo | ScansRepo | RateLimitRepo | SqlClient.SqlClient>) =>
    runtime.runPromise(effect)

  beforeAll(async () => {
    db = await createTestDatabase(backend)
    runtime = ManagedRuntime.make(storeLayer(db))
    await runtime.runPromise(Effect.void)
  })
  afterAll(async () => {
    await runtime?.dispose()
    await db?.dispose()
  })

  it("bootstraps one owner key on an empty database and none afterwards", async () => {
    const first = await run(bootstrapOwnerKey)
    expect(Option.isSome(first)).toBe(true)
    const created = Option.getOrThrow(first)
    expect(created.organisation.slug).toBe("default")
    expect(created.key.key).toMatch(/^vgl_[A-Za-z0-9_-]{43}$/)
    expect(created.key.role).toBe("owner")
    expect(Option.isNone(await run(bootstrapOwnerKey))).toBe(true)
  })

  it("stores only the SHA-256 of a key and finds the owner by it", async () => {
    const created = await run(Effect.flatMap(TenancyRepo, (t) =>
      t.provisionKey({ orgSlug: "acme", email: "Ana@Example.com", userName: "Ana", role: "admin" })
    ))
    expect(created.orgCreated).toBe(true)
    expect(created.key.email).toBe("ana@example.com")
    const stored = await run(Effect.flatMap(SqlClient.SqlClient, (sql) =>
      sql<{ key_hash: string }>`SELECT key_hash FROM api_keys WHERE id = ${created.key.id}`
    ))
    expect(stored[0]?.key_hash).toBe(hashApiKey(created.key.key))
    expect(JSON.stringify(stored)).not.toContain(created.key.key)
    const owner = await run(Effect.flatMap(TenancyRepo, (t) => t.findActiveKeyByHash(hashApiKey(created.key.key))))
    expect(Option.getOrThrow(owner)).toMatchObject({ orgSlug: "acme", email: "ana@example.com", role: "admin" })

    const again = await run(Effect.flatMap(TenancyRepo, (t) =>
      t.provisionKey({ orgSlug: "acme", email: "ana@example.com", userName: null, role: "member" })
    ))
    expect(again.orgCreated).toBe(false)
    expect(again.key.user_id).toBe(created.key.user_id)
  })

  it("revokes a key once; a revoked key no longer authenticates", async () => {
    const created = await run(Effect.flatMap(TenancyRepo, (t) =>
      t.provisionKey({ orgSlug: "revokers", email: "rev@example.com", userName: null, role: "member" })
    ))
    const revoked = await run(Effect.flatMap(TenancyRepo, (t) => t.revokeKey(created.key.id, null)))
    expect(revoked.id).toBe(created.key.id)
    const owner = await run(Effect.flatMap(TenancyRepo, (t) => t.findActiveKeyByHash(hashApiKey(created.key.key))))
    expect(Option.isNone(owner)).toBe(true)
    const second = await runtime.runPromiseExit(Effect.flatMap(TenancyRepo, (t) => t.revokeKey(created.key.id, null)))
    expect(Exit.isFailure(second) && JSON.stringify(second.cause)).toContain("KeyAlreadyRevoked")
    const missing = await runtime.runPromiseExit(
      Effect.flatMap(TenancyRepo, (t) => t.revokeKey("00000000-0000-4000-8000-000000000000", null))
    )
    expect(Exit.isFailure(missing) && JSON.stringify(missing.cause)).toContain("KeyNotFound")
  })

  it("numbers scans per agent and stores every finding field", async () => {
    const { key } = await run(Effect.flatMap(TenancyRepo, (t) =>
      t.provisionKey({ orgSlug: "scanners", email: "s@example.com", userName: null, role: "owner" })
    ))
    const record = (agentName: string, findings: ReadonlyArray<Finding>) =>
      run(Effect.flatMap(ScansRepo, (s) =>
        s.record({
          orgId: key.org_id,
          agentName,
          apiKeyId: key.id,
          userId: key.user_id,
          policy: "balanced",
          output: "summary",
          riskScore: 42,
          summary: { total: findings.length, critical: findings.length, high: 0, medium: 0, low: 0 },
          filesScanned: 1,
          filesSkipped: 0,
          partial: false,
          warning: null,
          durationMs: 12,
          startedAt: new Date(),
          findings,
          ruleVersion: () => "v1"
        })
      ))
    const first = await record("bot", [finding(), finding({ id: "F2", line: 9 })])
    const second = await record("bot", [])
    const other = await record("other", [])
    expect([first.scanNumber, second.scanNumber, other.scanNumber]).toEqual([1, 2, 1])
    expect(second.agentId).toBe(first.agentId)
    expect(other.agentId).not.toBe(first.agentId)
    expect(Number.isNaN(Date.parse(first.createdAt))).toBe(false)

    const rows = await run(Effect.flatMap(SqlClient.SqlClient, (sql) =>
      sql<Record<string, unknown>>`SELECT * FROM findings WHERE scan_id = ${first.scanId} ORDER BY position`
    ))
    expect(rows).toHaveLength(2)
    expect(rows[0]).toMatchObject({
      finding_id: "F1",
      finding_hash: finding().finding_hash,
      pattern_id: "exec_eval",
      severity: "CRITICAL",
      confidence: 0.9,
      file_path: "agent/main.py",
      line_number: 3,
      column_number: 5,
      cvss: 9.8,
      remediation_steps: ["Remove eval", "Parse with a safe parser"],
      compliance_mapping: { owasp_items: ["LLM05"], cwe_ids: ["CWE-95"] },
      rule_version: "v1"
    })
    const byHash = await run(Effect.flatMap(SqlClient.SqlClient, (sql) =>
      sql<{ n: string }>`SELECT count(*) AS n FROM findings WHERE finding_hash = ${finding().finding_hash}`
    ))
    expect(Number(byHash[0]?.n)).toBe(2)
  })

  it("counts rate-limit hits per key and window", async () => {
    const keyId = "11111111-1111-4111-8111-111111111111"
    const decisions = []
    for (let i = 0; i < 3; i++) decisions.push(await run(Effect.flatMap(RateLimitRepo, (r) => r.hit(keyId, 2))))
    expect(decisions.map((d) => d.allowed)).toEqual([true, true, false])
    for (const d of decisions) {
      expect(d.retryAfterSeconds).toBeGreaterThanOrEqual(1)
      expect(d.retryAfterSeconds).toBeLessThanOrEqual(60)
    }
  })

  it("runs the migrations idempotently when the database is opened again", async () => {
    if (backend !== "postgres") return // the embedded directory is held by this suite's runtime
    const again = ManagedRuntime.make(storeLayer(db))
    const count = await again.runPromise(Effect.flatMap(SqlClient.SqlClient, (sql) =>
      sql<{ n: string }>`SELECT count(*) AS n FROM effect_sql_migrations`
    ))
    const known = await Effect.runPromise(migrations)
    expect(Number(count[0]?.n)).toBe(known.length)
    await again.dispose()
  })
})

describe("embedded data directory lock", () => {
  const exitedPid = (): Promise<number> =>
    new Promise((resolve) => {
      const child = spawn(process.execPath, ["-e", ""])
      child.on("exit", () => resolve(child.pid!))
    })

  it("refuses a directory held by a live process", async () => {
    const dir = tempDir("lock")
    const holder = spawn(process.execPath, ["-e", "setTimeout(() => {}, 30000)"])
    try {
      writeFileSync(join(dir, LOCK_FILE), `${holder.pid}\n`)
      const exit = await Effect.runPromiseExit(Effect.scoped(lockDataDir(dir)))
      expect(Exit.isFailure(exit) && JSON.stringify(exit.cause)).toContain("DataDirLocked")
    } finally {
      holder.kill("SIGKILL")
    }
  })

  it("takes over a lock left by a dead process", async () => {
    const dir = tempDir("lock")
    writeFileSync(join(dir, LOCK_FILE), `${await exitedPid()}\n`)
    const exit = await Effect.runPromiseExit(Effect.scoped(lockDataDir(dir)))
    expect(Exit.isSuccess(exit)).toBe(true)
  })

  it("keeps committed rows across a reopen of the embedded database", async () => {
    const dir = tempDir("reopen")
    const settings: StoreSettings = { database: { _tag: "Embedded", dataDir: dir } }
    const layer = TenancyRepo.Default.pipe(Layer.provideMerge(DatabaseLive(settings)))
    const first = ManagedRuntime.make(layer)
    const created = Option.getOrThrow(await first.runPromise(bootstrapOwnerKey))
    await first.dispose()
    const second = ManagedRuntime.make(layer)
    const owner = await second.runPromise(Effect.flatMap(TenancyRepo, (t) => t.findActiveKeyByHash(hashApiKey(created.key.key))))
    expect(Option.isSome(owner)).toBe(true)
    await second.dispose()
  })
})
