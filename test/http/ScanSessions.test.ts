import { createHash } from "node:crypto"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { queryStore } from "../reliability/support/store.js"
import { BACKENDS, createTestDatabase, type TestDatabase } from "../support/databases.js"
import { request, type RunningServer, startServer } from "../support/server.js"
import { expectError, expectScanResult, UUID } from "../support/shapes.js"

/**
 * Upload sessions (POST /v1/scan-sessions, PUT …/chunks/{chunk_id}, POST …/complete) against a real
 * server process, on PGlite and (with TEST_DATABASE_URL) PostgreSQL.
 */

interface Finding {
  readonly pattern_id: string
  readonly file: string
  readonly line: number
  readonly column: number
  readonly severity: string
  readonly finding_hash: string
  readonly code_snippet: string
}
interface ScanResult {
  readonly scan_id: string
  readonly agent_name: string
  readonly risk_score: number
  readonly summary: Record<string, number>
  readonly files_scanned: number
  readonly files_skipped?: number
  readonly findings: ReadonlyArray<Finding>
  readonly quick_wins?: ReadonlyArray<unknown>
}
interface Session {
  readonly session_id: string
  readonly chunks_received: number
  readonly files_received: number
  readonly findings_received: number
  readonly bytes_received: number
  readonly expires_at: string
  readonly limits: Record<string, number>
}
interface Receipt {
  readonly chunk_id: string
  readonly replayed: boolean
  readonly session: Session
}

const FILES = [
  // request data reaches eval: a proven flow, CRITICAL
  { path: "bot/agent.py", content: "from flask import request\n\ndef run():\n    return eval(request.args[\"x\"])\n" },
  { path: "bot/query.py", content: "def lookup(cursor, name):\n    cursor.execute(f\"SELECT * FROM users WHERE name = '{name}'\")\n" },
  { path: "bot/tools/shell.py", content: "import subprocess\n\ndef run(cmd):\n    return subprocess.run(cmd, shell=True)\n" },
  { path: "bot/tests/test_agent.py", content: "def test():\n    eval('1')\n" },
  { path: "bot/plain.py", content: "def add(a, b):\n    return a + b\n" }
]
/** as the CLI uploads it: the key replaced by a marker on the same line */
const KEYS_FILE = { path: "bot/keys.py", content: 'import os\nOPENAI_KEY = "[REDACTED-openai_api_key]"\n' }
const hashOf = (text: string): string => `sha256:${createHash("sha256").update(text).digest("hex")}`
const CLIENT_FINDING = {
  pattern_id: "hardcoded_credentials",
  file: "bot/keys.py",
  line: 2,
  column: 15,
  finding_hash: hashOf("client finding"),
  code_snippet: 'import os\nOPENAI_KEY = "sk-p****"'
}

const identity = (f: Finding) => `${f.pattern_id} ${f.file}:${f.line}:${f.column} ${f.severity} ${f.finding_hash}`

describe.each(BACKENDS)("upload sessions on %s", (backend) => {
  let db: TestDatabase
  let server: RunningServer
  let key: string

  const open = async (body: Record<string, unknown> = {}, k = key): Promise<Session> => {
    const response = await request(server, "POST", "/v1/scan-sessions", { key: k, body })
    expect(response.status, response.text).toBe(201)
    return response.body as Session
  }
  const put = (id: string, chunk: string, body: unknown, k = key) =>
    request(server, "PUT", `/v1/scan-sessions/${id}/chunks/${chunk}`, { key: k, body })
  const complete = (id: string, k = key) => request(server, "POST", `/v1/scan-sessions/${id}/complete`, { key: k })

  beforeAll(async () => {
    db = await createTestDatabase(backend)
    server = await startServer({ ...db.env, VIGIL_RATE_LIMIT: "0" })
    key = server.bootstrapKey!
  }, 240_000)
  afterAll(async () => {
    await server?.stop()
    await db?.dispose()
  }, 240_000)

  it("completes to the result of POST /v1/scan for the same files, as one stored scan", async () => {
    const direct = await request(server, "POST", "/v1/scan", { key, body: { files: FILES, agent_name: "same-bot" } })
    expect(direct.status, direct.text).toBe(200)
    const expected = direct.body as ScanResult

    const session = await open({ agent_name: "same-bot" })
    expect(session.session_id).toMatch(UUID)
    expect(session.limits).toMatchObject({ max_files_per_chunk: 10_000, max_file_bytes: 5_000_000, max_chunk_bytes: 100_000_000 })
    expect(Date.parse(session.expires_at) - Date.now()).toBeGreaterThan(3000 * 1000)
    for (const [i, file] of FILES.entries()) {
      const added = await put(session.session_id, `part-${i}`, { files: [file] })
      expect(added.status, added.text).toBe(200)
      expect((added.body as Receipt).session.files_received).toBe(i + 1)
    }
    const done = await complete(session.session_id)
    expect(done.status, done.text).toBe(200)
    expectScanResult(done.body as Record<string, unknown>)
    const result = done.body as ScanResult
    expect(result.scan_id).toMatch(UUID)
    expect(result.scan_id).not.toBe(expected.scan_id)
    expect(result.findings.map(identity)).toEqual(expected.findings.map(identity))
    expect(result.summary).toEqual(expected.summary)
    expect(result.risk_score).toBe(expected.risk_score)
    expect(result.files_scanned).toBe(expected.files_scanned)
    expect(result.files_skipped).toBe(expected.files_skipped)
    expect(result.quick_wins).toEqual(expected.quick_wins)

    // one stored scan, the agent's next: its diff against the direct scan is unchanged
    const diff = await request(server, "GET", `/v1/scans/${result.scan_id}/diff`, { key })
    expect(diff.status, diff.text).toBe(200)
    expect((diff.body as { diff: { base_scan_id: string; status: string } }).diff).toMatchObject({ base_scan_id: expected.scan_id, status: "UNCHANGED" })

    // completed: the session is gone
    expectError(await complete(session.session_id), 404, "not_found")
    expectError(await put(session.session_id, "late", { files: [FILES[0]] }), 404, "not_found")
    expectError(await request(server, "GET", `/v1/scan-sessions/${session.session_id}`, { key }), 404, "not_found")
  }, 240_000)

  it("receives a retried chunk once and refuses other content under a used chunk id", async () => {
    const session = await open({ agent_name: "retry-bot" })
    const first = await put(session.session_id, "c1", { files: FILES.slice(0, 2) })
    expect(first.status, first.text).toBe(200)
    expect(first.body as Receipt).toMatchObject({ chunk_id: "c1", replayed: false, session: { chunks_received: 1, files_received: 2 } })
    const again = await put(session.session_id, "c1", { files: FILES.slice(0, 2) })
    expect(again.status, again.text).toBe(200)
    expect(again.body as Receipt).toMatchObject({ replayed: true, session: { chunks_received: 1, files_received: 2, bytes_received: (first.body as Receipt).session.bytes_received } })
    expectError(await put(session.session_id, "c1", { files: FILES.slice(2, 3) }), 409, "already_exists")
    // a path arrives once per session
    expectError(await put(session.session_id, "c2", { files: [FILES[0]] }), 400, "invalid_request")
    const done = await complete(session.session_id)
    expect(done.status, done.text).toBe(200)
    const result = done.body as ScanResult
    expect(result.files_scanned).toBe(2)
    expect(result.findings.filter((f) => f.pattern_id === "exec_eval")).toHaveLength(1)
  }, 240_000)

  it("stores the client's findings like its own and checks them", async () => {
    const session = await open({ agent_name: "keys-bot" })
    const bad = async (finding: Record<string, unknown>, said: RegExp) => {
      const response = await put(session.session_id, "bad", { files: [KEYS_FILE], findings: [finding] })
      expectError(response, 400, "invalid_request")
      expect((response.body as { error: string }).error).toMatch(said)
    }
    await bad({ ...CLIENT_FINDING, pattern_id: "no_such_rule" }, /not a rule/)
    await bad({ ...CLIENT_FINDING, file: "bot/elsewhere.py" }, /not a file of this chunk/)
    await bad({ ...CLIENT_FINDING, finding_hash: "sha256:abc" }, /finding_hash/)
    await bad({ ...CLIENT_FINDING, line: 40 }, /line/)
    await bad({ ...CLIENT_FINDING, severity: "LOW" }, /never reports/)
    // nothing of the refused chunks was kept
    expect(((await request(server, "GET", `/v1/scan-sessions/${session.session_id}`, { key })).body as Session).files_received).toBe(0)

    const added = await put(session.session_id, "keys", { files: [KEYS_FILE, FILES[0]], findings: [CLIENT_FINDING] })
    expect(added.status, added.text).toBe(200)
    expect((added.body as Receipt).session.findings_received).toBe(1)
    const done = await complete(session.session_id)
    expect(done.status, done.text).toBe(200)
    const result = done.body as ScanResult
    const credential = result.findings.find((f) => f.pattern_id === "hardcoded_credentials")
    expect(credential).toMatchObject({ file: "bot/keys.py", line: 2, column: 15, severity: "CRITICAL", finding_hash: CLIENT_FINDING.finding_hash })
    expect(result.summary["total"]).toBe(result.findings.length)
    expect(result.summary["critical"]).toBe(2)
    expect((result.quick_wins ?? []).map((q) => (q as { pattern_id: string }).pattern_id)).toContain("hardcoded_credentials")

    // a suppression by its hash hides it from the next scan; the diff does not show it as fixed
    const suppressed = await request(server, "POST", "/v1/orgs/default/suppressions", {
      key,
      body: { pattern_id: "hardcoded_credentials", reason: "accepted_risk", finding_hash: CLIENT_FINDING.finding_hash }
    })
    expect(suppressed.status, suppressed.text).toBe(201)
    const next = await open({ agent_name: "keys-bot" })
    expect((await put(next.session_id, "keys", { files: [KEYS_FILE, FILES[0]], findings: [CLIENT_FINDING] })).status).toBe(200)
    const later = (await complete(next.session_id)).body as ScanResult
    expect(later.findings.map((f) => f.pattern_id)).toEqual(["exec_eval"])
    const diff = await request(server, "GET", `/v1/scans/${later.scan_id}/diff`, { key })
    expect((diff.body as { diff: { status: string; summary: { total_new: number; total_fixed: number } } }).diff)
      .toMatchObject({ status: "UNCHANGED", summary: { total_new: 0, total_fixed: 0 } })
  }, 240_000)

  it("answers 404 for another organisation's session, a malformed id and an empty session's completion is 400", async () => {
    const session = await open({ agent_name: "private-bot" })
    const created = await request(server, "POST", "/v1/orgs", { key, body: { slug: `other-${backend}` } })
    expect(created.status, created.text).toBe(201)
    const other = (created.body as { owner_key: { key: string } }).owner_key.key
    expectError(await request(server, "GET", `/v1/scan-sessions/${session.session_id}`, { key: other }), 404, "not_found")
    expectError(await put(session.session_id, "c1", { files: [FILES[0]] }, other), 404, "not_found")
    expectError(await complete(session.session_id, other), 404, "not_found")
    expectError(await request(server, "DELETE", `/v1/scan-sessions/${session.session_id}`, { key: other }), 404, "not_found")
    expectError(await request(server, "GET", "/v1/scan-sessions/not-a-uuid", { key }), 404, "not_found")
    expectError(await complete(session.session_id), 400, "invalid_request")
    // a chunk that is no JSON, or empty, is refused with the same messages as a scan request's body
    const broken = await request(server, "PUT", `/v1/scan-sessions/${session.session_id}/chunks/c2`, { key, rawBody: '{"files": [' })
    expectError(broken, 400, "invalid_request")
    expect((broken.body as { error: string }).error).toMatch(/^The request body is not valid JSON/)
    const empty = await request(server, "PUT", `/v1/scan-sessions/${session.session_id}/chunks/c3`, { key, rawBody: " " })
    expectError(empty, 400, "invalid_request")
    expect((empty.body as { error: string }).error).toBe("The request body is empty; send a JSON object.")
    expectError(await request(server, "POST", "/v1/scan-sessions", { key, body: { policy: "reckless" } }), 400, "invalid_request")
    expectError(await request(server, "POST", "/v1/scan-sessions", { body: {} }), 401, "auth_required")
    const discarded = await request(server, "DELETE", `/v1/scan-sessions/${session.session_id}`, { key })
    expect(discarded.status, discarded.text).toBe(200)
    expectError(await request(server, "GET", `/v1/scan-sessions/${session.session_id}`, { key }), 404, "not_found")
  }, 240_000)

  it("documents the endpoints in OpenAPI", async () => {
    const doc = (await request(server, "GET", "/v1/openapi.json")).body as { paths: Record<string, Record<string, unknown>> }
    expect(Object.keys(doc.paths["/v1/scan-sessions"] ?? {})).toContain("post")
    expect(Object.keys(doc.paths["/v1/scan-sessions/{session_id}/chunks/{chunk_id}"] ?? {})).toContain("put")
    expect(Object.keys(doc.paths["/v1/scan-sessions/{session_id}/complete"] ?? {})).toContain("post")
    expect(Object.keys(doc.paths["/v1/scan-sessions/{session_id}"] ?? {}).sort()).toEqual(["delete", "get"])
  }, 60_000)
})

describe.each(BACKENDS)("upload session limits and durability on %s", (backend) => {
  let db: TestDatabase

  beforeAll(async () => {
    db = await createTestDatabase(backend)
  }, 240_000)
  afterAll(async () => {
    await db?.dispose()
  }, 240_000)

  it("survives a restart, keeps to its total size, counts against the scan rate limit and expires", async () => {
    let server = await startServer({ ...db.env, VIGIL_SESSION_TTL: "600" })
    const key = server.bootstrapKey!
    const opened = await request(server, "POST", "/v1/scan-sessions", { key, body: { agent_name: "durable-bot" } })
    expect(opened.status, opened.text).toBe(201)
    const id = (opened.body as Session).session_id
    const first = await request(server, "PUT", `/v1/scan-sessions/${id}/chunks/1`, { key, body: { files: [FILES[0]] } })
    expect(first.status, first.text).toBe(200)

    // a restart in the middle of a session: the session and its chunk are in the database. The server
    // comes back with small limits: 3 KB chunks, 8 KB sessions, 2 scans a minute, sessions open 3 s
    expect(await server.stop("SIGTERM")).toBe(0)
    server = await startServer({ ...db.env, VIGIL_MAX_BODY_MB: "0.003", VIGIL_MAX_SESSION_MB: "0.008", VIGIL_RATE_LIMIT: "2", VIGIL_SESSION_TTL: "3" })
    try {
      const second = await request(server, "PUT", `/v1/scan-sessions/${id}/chunks/2`, { key, body: { files: [FILES[1]] } })
      expect(second.status, second.text).toBe(200)
      expect((second.body as Receipt).session.files_received).toBe(2)
      const done = await request(server, "POST", `/v1/scan-sessions/${id}/complete`, { key })
      expect(done.status, done.text).toBe(200)
      expect((done.body as ScanResult).files_scanned).toBe(2)
      expect((done.body as ScanResult).agent_name).toBe("durable-bot")
      expect((done.body as ScanResult).findings.map((f) => f.pattern_id)).toContain("exec_eval")

      // the rate limit counts per minute: start at the next minute, so the scans counted so far (the
      // session opened before the restart) are in another window and the counts below share one
      await new Promise((resolve) => setTimeout(resolve, 60_100 - (Date.now() % 60_000)))
      const big = await request(server, "POST", "/v1/scan-sessions", { key, body: { agent_name: "big-bot" } })
      expect(big.status, big.text).toBe(201) // the first scan of this minute
      const bigId = (big.body as Session).session_id
      expect((big.body as Session).limits).toMatchObject({ max_chunk_bytes: 3000, max_session_bytes: 8000 })
      const filler = (n: number) => ({ path: `bot/filler_${n}.py`, content: `# ${"x".repeat(2700)}\nVALUE = ${n}\n` })
      const putFiller = (n: number) => request(server, "PUT", `/v1/scan-sessions/${bigId}/chunks/${n}`, { key, body: { files: [filler(n)] } })
      const a = await putFiller(1)
      expect(a.status, a.text).toBe(200)
      expect((a.body as Receipt).session.bytes_received).toBeLessThanOrEqual(3000)
      // past 3,000 bytes the session is a second scan's worth: still within 2 a minute
      const b = await putFiller(2)
      expect(b.status, b.text).toBe(200)
      expect((b.body as Receipt).session.bytes_received).toBeGreaterThan(3000)
      // past 8,000 bytes in all: 413, and nothing is added
      const c = await putFiller(3)
      expectError(c, 413, "payload_too_large")
      expect((await request(server, "GET", `/v1/scan-sessions/${bigId}`, { key })).body as Session).toMatchObject({ chunks_received: 2 })
      // the key has used its 2 scans of this minute: a scan or another session is refused
      const limited = await request(server, "POST", "/v1/scan", { key, body: { files: [FILES[0]] } })
      expectError(limited, 429, "rate limited")
      expect(Number(limited.headers.get("retry-after"))).toBeGreaterThan(0)
      expectError(await request(server, "POST", "/v1/scan-sessions", { key, body: {} }), 429, "rate limited")
      // a retried chunk is answered without counting
      expect(((await putFiller(2)).body as Receipt).replayed).toBe(true)

      // 3 s after its last chunk the session has expired
      await new Promise((resolve) => setTimeout(resolve, 4000))
      expectError(await request(server, "GET", `/v1/scan-sessions/${bigId}`, { key }), 404, "not_found")
      expectError(await putFiller(4), 404, "not_found")
      expectError(await request(server, "POST", `/v1/scan-sessions/${bigId}/complete`, { key }), 404, "not_found")
    } finally {
      expect(await server.stop("SIGTERM")).toBe(0)
    }

    // one stored scan for the completed session; the expired one left none
    const scans = await queryStore(db, (sql) =>
      sql<{ name: string; n: number }>`SELECT a.name, count(*)::int AS n FROM scans s JOIN agents a ON a.id = s.agent_id GROUP BY a.name ORDER BY a.name`)
    expect(scans).toEqual([{ name: "durable-bot", n: 1 }])
    const left = await queryStore(db, (sql) => sql<{ n: number }>`SELECT count(*)::int AS n FROM scan_sessions WHERE id = ${id}`)
    expect(left[0]!.n).toBe(0)
  }, 300_000)
})
