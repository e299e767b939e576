import { randomBytes } from "node:crypto"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { BACKENDS, createTestDatabase, type TestDatabase } from "../support/databases.js"
import { request, type RunningServer, startServer } from "../support/server.js"
import { expectError, expectFinding, UUID } from "../support/shapes.js"

/** GET /v1/scans/{id}/diff against a real server process, on PGlite and (with TEST_DATABASE_URL) PostgreSQL. */

// Realistic vulnerable code the shipped rules flag (balanced policy): CRITICAL, HIGH, MEDIUM.
const HEADER = "import random\nimport string\n\nfrom flask import request\n\nALPHABET = string.ascii_letters + string.digits\n"
const EVAL = "def handle():\n    return eval(request.args[\"expr\"])\n"
const EVAL_REFORMATTED = "def handle():\n    return eval(  request.args[\"expr\"]  )\n"
const SQL = "def lookup(cursor, name):\n    cursor.execute(f\"SELECT * FROM users WHERE name = '{name}'\")\n    return cursor.fetchall()\n"
const RANDOM = "def make_key(user_id):\n    api_key = \"sk-\" + \"\".join(random.choices(ALPHABET, k=32))\n    return api_key\n"
const RANDOM_CHANGED = "def make_key(user_id):\n    api_key = \"sk-\" + \"\".join(random.choices(ALPHABET, k=40))\n    return api_key\n"
const PLAIN = "def add(a, b):\n    return a + b\n"

const source = (...blocks: ReadonlyArray<string>): string => HEADER + blocks.map((b) => "\n\n" + b).join("")

interface Finding {
  readonly pattern_id: string
  readonly severity: string
  readonly line: number
  readonly finding_hash: string
  readonly json_path?: string
}
interface ScanResult {
  readonly scan_id: string
  readonly agent_id: string
  readonly agent_name: string
  readonly created_at: string
  readonly risk_score: number
  readonly findings: ReadonlyArray<Finding>
}
interface DiffBody {
  readonly base_scan_id: string | null
  readonly base_scan_time: string | null
  readonly head_scan_id: string
  readonly head_scan_time: string
  readonly agent_id: string
  readonly agent_name: string
  readonly status: string
  readonly summary: {
    readonly total_new: number
    readonly total_fixed: number
    readonly total_unchanged: number
    readonly new_by_severity: Record<string, number>
    readonly fixed_by_severity: Record<string, number>
    readonly base_risk_score: number
    readonly head_risk_score: number
    readonly risk_delta: number
  }
  readonly new_findings: ReadonlyArray<Finding>
  readonly fixed_findings: ReadonlyArray<Finding>
  readonly unchanged_findings: ReadonlyArray<Finding>
}

const SEVERITY_KEYS = ["CRITICAL", "HIGH", "LOW", "MEDIUM"]
const isIso = (s: unknown): boolean => typeof s === "string" && new Date(s).toISOString() === s
const tally = (c: number, h: number, m: number, l: number) => ({ CRITICAL: c, HIGH: h, MEDIUM: m, LOW: l })

/** The whole documented shape, every finding complete; returns the diff. */
const expectDiff = (response: { status: number; body: unknown; text: string }): DiffBody => {
  expect(response.status, response.text).toBe(200)
  const body = response.body as { success: boolean; diff: DiffBody }
  expect(Object.keys(body).sort()).toEqual(["diff", "success"])
  expect(body.success).toBe(true)
  const d = body.diff
  expect(Object.keys(d).sort()).toEqual([
    "agent_id", "agent_name", "base_scan_id", "base_scan_time", "fixed_findings", "head_scan_id", "head_scan_time",
    "new_findings", "status", "summary", "unchanged_findings"
  ])
  expect(d.head_scan_id).toMatch(UUID)
  expect(isIso(d.head_scan_time)).toBe(true)
  if (d.base_scan_id === null) expect(d.base_scan_time).toBeNull()
  else {
    expect(d.base_scan_id).toMatch(UUID)
    expect(isIso(d.base_scan_time)).toBe(true)
  }
  expect(["REGRESSION", "IMPROVED", "CHANGED", "UNCHANGED"]).toContain(d.status)
  expect(Object.keys(d.summary.new_by_severity).sort()).toEqual(SEVERITY_KEYS)
  expect(Object.keys(d.summary.fixed_by_severity).sort()).toEqual(SEVERITY_KEYS)
  expect(d.summary.total_new).toBe(d.new_findings.length)
  expect(d.summary.total_fixed).toBe(d.fixed_findings.length)
  expect(d.summary.total_unchanged).toBe(d.unchanged_findings.length)
  expect(d.summary.risk_delta).toBe(d.summary.head_risk_score - d.summary.base_risk_score)
  for (const f of [...d.new_findings, ...d.fixed_findings, ...d.unchanged_findings]) expectFinding(f as unknown as Record<string, unknown>)
  return d
}

const only = (findings: ReadonlyArray<Finding>, patternId: string): Finding => {
  const matching = findings.filter((f) => f.pattern_id === patternId)
  expect(matching, patternId).toHaveLength(1)
  return matching[0]!
}

describe.each(BACKENDS)("GET /v1/scans/{id}/diff on %s", (backend) => {
  let db: TestDatabase
  let server: RunningServer
  let key: string
  let otherKey: string
  let otherScan: ScanResult

  const scan = async (agent: string, content: string, options: { key?: string; path?: string } = {}): Promise<ScanResult> => {
    const response = await request(server, "POST", "/v1/scan", {
      key: options.key ?? key,
      body: { agent_name: agent, files: [{ path: options.path ?? "app.py", content }] }
    })
    expect(response.status, response.text).toBe(200)
    return response.body as ScanResult
  }
  const diff = (id: string, options: { base?: string; key?: string | null; query?: string } = {}) =>
    request(server, "GET", `/v1/scans/${id}/diff${options.query ?? (options.base !== undefined ? `?base=${options.base}` : "")}`,
      options.key === null ? {} : { key: options.key ?? key })

  beforeAll(async () => {
    db = await createTestDatabase(backend)
    server = await startServer(db.env)
    key = server.bootstrapKey!
    const org = await request(server, "POST", "/v1/orgs", { key, body: { slug: `other-${randomBytes(4).toString("hex")}` } })
    expect(org.status, org.text).toBe(201)
    otherKey = (org.body as { owner_key: { key: string } }).owner_key.key
    otherScan = await scan("support-bot", source(EVAL), { key: otherKey })
  }, 120_000)
  afterAll(async () => {
    await server?.stop()
    await db?.dispose()
  })

  it("is in the OpenAPI document", async () => {
    const doc = (await request(server, "GET", "/v1/openapi.json")).body as { paths: Record<string, Record<string, unknown>> }
    expect(Object.keys(doc.paths["/v1/scans/{id}/diff"]!)).toEqual(["get"])
  })

  describe("the first-scan rule", () => {
    it("has no base, every finding new and complete, nothing unchanged", async () => {
      const head = await scan("first-bot", source(EVAL, SQL))
      expect(head.findings).toHaveLength(2)
      const d = expectDiff(await diff(head.scan_id))
      expect(d).toMatchObject({
        base_scan_id: null,
        base_scan_time: null,
        head_scan_id: head.scan_id,
        head_scan_time: head.created_at,
        agent_id: head.agent_id,
        agent_name: "first-bot",
        status: "REGRESSION"
      })
      // the same objects as in the scan result, field for field
      expect(d.new_findings).toEqual(head.findings)
      expect(d.summary).toEqual({
        total_new: 2,
        total_fixed: 0,
        total_unchanged: 0,
        new_by_severity: tally(1, 1, 0, 0),
        fixed_by_severity: tally(0, 0, 0, 0),
        base_risk_score: 0,
        head_risk_score: head.risk_score,
        risk_delta: head.risk_score
      })
    })

    it("returns a finding in a JSON file with its json_path, as the scan did", async () => {
      const config = JSON.stringify({ mcpServers: { "host shell": { command: "npx", args: ["-y", "@wonderwhy-er/desktop-commander@0.2.3"] } } }, null, 2)
      const head = await scan("config-bot", config, { path: ".cursor/mcp.json" })
      expect(head.findings.map((f) => f.json_path)).toEqual(["$.mcpServers[\"host shell\"].args[1]"])
      const d = expectDiff(await diff(head.scan_id))
      expect(d.new_findings).toEqual(head.findings)
    })

    it("is UNCHANGED for a clean first scan", async () => {
      const head = await scan("clean-bot", source(PLAIN))
      const d = expectDiff(await diff(head.scan_id))
      expect(d.base_scan_id).toBeNull()
      expect(d.status).toBe("UNCHANGED")
      expect(d.summary.new_by_severity).toEqual(tally(0, 0, 0, 0))
    })
  })

  describe("against the previous scan of the agent", () => {
    // one agent's history: each scan's diff against the one before
    const scans: Array<ScanResult> = []
    beforeAll(async () => {
      scans.push(await scan("history-bot", source(EVAL)))
      // lines above, whitespace inside the call, the function moved below another one
      scans.push(await scan("history-bot", "# a comment\n\n\n" + source(PLAIN, EVAL_REFORMATTED)))
      scans.push(await scan("history-bot", source(EVAL, SQL)))
      scans.push(await scan("history-bot", source(SQL)))
      scans.push(await scan("history-bot", source(SQL, RANDOM)))
      scans.push(await scan("history-bot", source(SQL, RANDOM_CHANGED)))
    }, 120_000)

    it("finds nothing new or fixed after line shifts, reformatting and a moved function (UNCHANGED)", async () => {
      const [s1, s2] = scans as [ScanResult, ScanResult]
      expect(only(s2.findings, "exec_eval").line).not.toBe(only(s1.findings, "exec_eval").line)
      const d = expectDiff(await diff(s2.scan_id))
      expect(d).toMatchObject({ base_scan_id: s1.scan_id, base_scan_time: s1.created_at, status: "UNCHANGED" })
      expect(d.unchanged_findings).toEqual(s2.findings)
      expect(d.summary).toMatchObject({ total_new: 0, total_fixed: 0, total_unchanged: 1, risk_delta: 0 })
    })

    it("reports a new HIGH finding as a REGRESSION", async () => {
      const [, s2, s3] = scans as [ScanResult, ScanResult, ScanResult]
      const d = expectDiff(await diff(s3.scan_id))
      expect(d.base_scan_id).toBe(s2.scan_id)
      expect(d.status).toBe("REGRESSION")
      expect(d.new_findings).toEqual([only(s3.findings, "sql_injection")])
      expect(d.unchanged_findings).toEqual([only(s3.findings, "exec_eval")])
      expect(d.summary).toMatchObject({ new_by_severity: tally(0, 1, 0, 0), fixed_by_severity: tally(0, 0, 0, 0) })
      expect(d.summary.risk_delta).toBe(s3.risk_score - s2.risk_score)
      expect(d.summary.risk_delta).toBeGreaterThan(0)
    })

    it("reports a fixed CRITICAL finding as IMPROVED", async () => {
      const [, , s3, s4] = scans as [ScanResult, ScanResult, ScanResult, ScanResult]
      const d = expectDiff(await diff(s4.scan_id))
      expect(d.status).toBe("IMPROVED")
      // fixed findings as the base scan had them
      expect(d.fixed_findings).toEqual([only(s3.findings, "exec_eval")])
      expect(d.new_findings).toEqual([])
      expect(d.summary).toMatchObject({ fixed_by_severity: tally(1, 0, 0, 0), base_risk_score: s3.risk_score, head_risk_score: s4.risk_score })
      expect(d.summary.risk_delta).toBeLessThan(0)
    })

    it("reports new MEDIUM findings only as CHANGED", async () => {
      const [, , , , s5] = scans as [ScanResult, ScanResult, ScanResult, ScanResult, ScanResult]
      const d = expectDiff(await diff(s5.scan_id))
      expect(d.status).toBe("CHANGED")
      expect(d.new_findings).toEqual([only(s5.findings, "insecure_random_generation")])
      expect(d.summary).toMatchObject({ total_new: 1, total_fixed: 0, total_unchanged: 1, new_by_severity: tally(0, 0, 1, 0) })
    })

    it("treats a change of the flagged code itself as fixed + new", async () => {
      const [, , , , s5, s6] = scans as [ScanResult, ScanResult, ScanResult, ScanResult, ScanResult, ScanResult]
      const d = expectDiff(await diff(s6.scan_id))
      expect(d.fixed_findings).toEqual([only(s5.findings, "insecure_random_generation")])
      expect(d.new_findings).toEqual([only(s6.findings, "insecure_random_generation")])
      expect(d.new_findings[0]!.finding_hash).not.toBe(d.fixed_findings[0]!.finding_hash)
      expect(d.status).toBe("CHANGED")
    })

    it("takes the previous scan of the same agent, not the latest scan of the organisation", async () => {
      const a1 = await scan("interleaved-a", source(EVAL))
      const b1 = await scan("interleaved-b", source(SQL))
      const a2 = await scan("interleaved-a", source(EVAL))
      expect(expectDiff(await diff(a2.scan_id)).base_scan_id).toBe(a1.scan_id)
      expect(expectDiff(await diff(b1.scan_id)).base_scan_id).toBeNull()
      // and the earlier scan never takes a later one as its base
      expect(expectDiff(await diff(a1.scan_id)).base_scan_id).toBeNull()
    })
  })

  describe("an explicit base", () => {
    it("may be any earlier scan of the agent", async () => {
      const first = await scan("explicit-bot", source(EVAL, SQL))
      await scan("explicit-bot", source(EVAL))
      const third = await scan("explicit-bot", source(EVAL, RANDOM))
      const d = expectDiff(await diff(third.scan_id, { base: first.scan_id }))
      expect(d).toMatchObject({ base_scan_id: first.scan_id, base_scan_time: first.created_at, head_scan_id: third.scan_id })
      expect(d.fixed_findings).toEqual([only(first.findings, "sql_injection")])
      expect(d.new_findings).toEqual([only(third.findings, "insecure_random_generation")])
      expect(d.unchanged_findings).toEqual([only(third.findings, "exec_eval")])
      expect(d.status).toBe("IMPROVED")
    })

    it("may be another agent's scan when given explicitly", async () => {
      const other = await scan("base-agent", source(EVAL, SQL))
      const head = await scan("head-agent", source(EVAL))
      expect(head.agent_id).not.toBe(other.agent_id)
      const d = expectDiff(await diff(head.scan_id, { base: other.scan_id }))
      expect(d).toMatchObject({ base_scan_id: other.scan_id, agent_id: head.agent_id, agent_name: "head-agent" })
      // same path and code: the hashes match across agents
      expect(d.unchanged_findings).toEqual(head.findings)
      expect(d.fixed_findings).toEqual([only(other.findings, "sql_injection")])
    })

    it("compared with the scan itself, everything is unchanged", async () => {
      const head = await scan("self-bot", source(EVAL, SQL, RANDOM))
      const d = expectDiff(await diff(head.scan_id, { base: head.scan_id }))
      expect(d.base_scan_id).toBe(head.scan_id)
      expect(d.unchanged_findings).toEqual(head.findings)
      expect(d.summary).toMatchObject({ total_new: 0, total_fixed: 0, total_unchanged: 3, risk_delta: 0 })
      expect(d.status).toBe("UNCHANGED")
    })

    it("accepts ids in upper case", async () => {
      const head = await scan("case-bot", source(EVAL))
      const d = expectDiff(await diff(head.scan_id.toUpperCase(), { base: head.scan_id.toUpperCase() }))
      expect(d.head_scan_id).toBe(head.scan_id)
      expect(d.base_scan_id).toBe(head.scan_id)
    })
  })

  describe("errors", () => {
    let mine: ScanResult
    beforeAll(async () => {
      mine = await scan("errors-bot", source(EVAL))
    })

    it("401 auth_required without a key or with an unknown one", async () => {
      expectError(await diff(mine.scan_id, { key: null }), 401, "auth_required")
      expectError(await diff(mine.scan_id, { key: `vgl_${"A".repeat(43)}` }), 401, "auth_required")
      // authentication comes first: a malformed id without a key is still 401
      expectError(await diff("not-a-uuid", { key: null }), 401, "auth_required")
    })

    it("400 invalid_request for a malformed id or base", async () => {
      expectError(await diff("not-a-uuid"), 400, "invalid_request")
      expectError(await diff(`${mine.scan_id}x`), 400, "invalid_request")
      expectError(await diff(mine.scan_id, { base: "nope" }), 400, "invalid_request")
      expectError(await diff(mine.scan_id, { query: "?base=" }), 400, "invalid_request")
      expectError(await diff(mine.scan_id, { query: `?base=${mine.scan_id}&base=${mine.scan_id}` }), 400, "invalid_request")
    })

    it("404 not_found for an unknown scan or base", async () => {
      const unknown = "00000000-0000-4000-8000-000000000000"
      expectError(await diff(unknown), 404, "not_found")
      expectError(await diff(mine.scan_id, { base: unknown }), 404, "not_found")
    })

    it("404 not_found for another organisation's scan, as head or as base, both ways", async () => {
      expectError(await diff(otherScan.scan_id), 404, "not_found")
      expectError(await diff(mine.scan_id, { base: otherScan.scan_id }), 404, "not_found")
      expectError(await diff(mine.scan_id, { key: otherKey }), 404, "not_found")
      // the other organisation sees its own scan
      expect(expectDiff(await diff(otherScan.scan_id, { key: otherKey })).head_scan_id).toBe(otherScan.scan_id)
    })

    it("405 for another method", async () => {
      const response = await request(server, "POST", `/v1/scans/${mine.scan_id}/diff`, { key })
      expectError(response, 405, "method_not_allowed")
      expect(response.headers.get("allow")).toBe("GET")
    })
  })

  describe("suppressions", () => {
    it("hide a finding on both sides while active, and count again once revoked", async () => {
      await scan("suppressed-bot", source(EVAL))
      const head = await scan("suppressed-bot", source(EVAL, RANDOM))
      const before = expectDiff(await diff(head.scan_id))
      expect(before.summary).toMatchObject({ total_new: 1, total_unchanged: 1 })

      const created = await request(server, "POST", "/v1/orgs/default/suppressions", {
        key,
        body: { pattern_id: "exec_eval", agent_id: head.agent_id, reason: "accepted_risk", justification: "sandboxed" }
      })
      expect(created.status, created.text).toBeLessThan(300)
      const during = expectDiff(await diff(head.scan_id))
      expect([...during.new_findings, ...during.fixed_findings, ...during.unchanged_findings].map((f) => f.pattern_id))
        .toEqual(["insecure_random_generation"])
      expect(during.summary).toMatchObject({ total_new: 1, total_unchanged: 0, total_fixed: 0, base_risk_score: 0 })
      expect(during.summary.head_risk_score).toBeLessThan(head.risk_score)
      expect(during.status).toBe("CHANGED")
      // scoped to this agent: another agent's diff still shows its eval
      const elsewhere = await scan("unsuppressed-bot", source(EVAL))
      expect(expectDiff(await diff(elsewhere.scan_id)).summary.total_new).toBe(1)

      const id = (created.body as { id: string }).id
      const revoked = await request(server, "DELETE", `/v1/orgs/default/suppressions/${id}`, { key })
      expect(revoked.status, revoked.text).toBe(200)
      expect(expectDiff(await diff(head.scan_id)).summary).toEqual(before.summary)
    })
  })
})
