import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { parseCsv } from "../../src/report/Csv.js"
import { BACKENDS, createTestDatabase, type TestDatabase } from "../support/databases.js"
import { expectError, UUID } from "../support/shapes.js"
import { request, type RunningServer, startServer } from "../support/server.js"
import {
  createKey,
  type CreatedKey,
  createOrg,
  created,
  type ScanBody,
  scanAgent,
  sleep,
  type SuppressionBody,
  suppressionsApi
} from "../support/suppressions.js"

const ISO = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/
const SUP_ID = /^sup_[0-9a-f]{32}$/
const UNKNOWN_ID = `sup_${"0".repeat(32)}`
const CSV_HEADER = ["id", "pattern_id", "agent_id", "file_path", "line_number", "reason", "justification", "expires_at", "created_at", "created_by"]

interface ListBody {
  readonly suppressions: ReadonlyArray<SuppressionBody>
  readonly total: number
  readonly has_more: boolean
}

const inFuture = (ms: number): string => new Date(Date.now() + ms).toISOString()

describe.each(BACKENDS)("suppressions over HTTP on %s", (backend) => {
  let db: TestDatabase
  let server: RunningServer
  let owner: string
  let admin: CreatedKey
  let member: CreatedKey
  let scan: ScanBody
  let api: ReturnType<typeof suppressionsApi>
  let slugCount = 0
  /** a fresh organisation per test that needs exact counts */
  const freshOrg = () => createOrg(server, owner, `s-${backend}-${++slugCount}`)

  beforeAll(async () => {
    db = await createTestDatabase(backend)
    server = await startServer({ ...db.env, VIGIL_RATE_LIMIT: "0" })
    owner = server.bootstrapKey!
    admin = await createKey(server, owner, "default", { email: "ada@example.com", name: "Ada Admin", role: "admin" })
    member = await createKey(server, owner, "default", { email: "max@example.com", name: "Max Member", role: "member" })
    scan = await scanAgent(server, owner, "bot")
    api = suppressionsApi(server, "default")
  })
  afterAll(async () => {
    await server?.stop()
    await db?.dispose()
  })

  const exec = () => scan.findings.filter((f) => f.pattern_id === "exec_eval")

  describe("create and get", () => {
    it("creates a suppression with every field, resolving aliases and normalising the path", async () => {
      const f = exec()[0]!
      const body = await created(api.create(admin.key, {
        pattern_id: "universal_exec_eval",
        reason: "false_positive",
        agent_id: scan.agent_id,
        file_path: `./${f.file}`,
        line_number: f.line,
        finding_hash: f.finding_hash,
        justification: "input() is a fixed test harness",
        expires_at: "2099-01-01T00:00:00Z"
      }))
      expect(body.id).toMatch(SUP_ID)
      expect(body).toMatchObject({
        pattern_id: "exec_eval",
        pattern_title: expect.any(String),
        pattern_severity: "CRITICAL",
        agent_id: scan.agent_id,
        agent_name: "bot",
        file_path: f.file,
        line_number: f.line,
        finding_hash: f.finding_hash,
        reason: "false_positive",
        justification: "input() is a fixed test harness",
        expires_at: "2099-01-01T00:00:00.000Z",
        state: "active",
        is_active: true,
        created_by: { id: admin.user_id, email: "ada@example.com", name: "Ada Admin" },
        revoked_at: null,
        revoked_by: null
      })
      expect(body["created_at"]).toMatch(ISO)
      expect(body["updated_at"]).toMatch(ISO)

      const got = await api.get(member.key, body.id)
      expect(got.status, got.text).toBe(200)
      expect(got.body).toEqual(body)
    })

    it("defaults the optional fields to null (all agents, all files, permanent)", async () => {
      const body = await created(api.create(owner, { pattern_id: "sql_injection", reason: "accepted_risk" }))
      expect(body).toMatchObject({
        agent_id: null,
        agent_name: null,
        file_path: null,
        line_number: null,
        finding_hash: null,
        justification: null,
        expires_at: null,
        is_active: true
      })
      expect((body["created_by"] as { email: string }).email).toBe("owner@localhost")
      expect((await api.revoke(owner, body.id)).status).toBe(200)
    })

    it("answers the SPEC's creation errors", async () => {
      expectError(await api.create(admin.key, { pattern_id: "exec_eval", reason: "because" }), 400, "invalid_reason")
      expectError(await api.create(admin.key, { pattern_id: "no_such_rule", reason: "wont_fix" }), 400, "invalid_pattern")
      expectError(await api.create(member.key, { pattern_id: "exec_eval", reason: "wont_fix" }), 403, "insufficient_role")
      const body = { pattern_id: "exec_eval", reason: "wont_fix", file_path: "dup/x.py" }
      const first = await created(api.create(admin.key, body))
      const again = await api.create(owner, { ...body, pattern_id: "tainted_eval", file_path: "./dup/x.py" })
      expectError(again, 409, "already_suppressed")
      expect((again.body as { error: string }).error).toContain(first.id)
      // another scope is free, and so is the same scope once the first is revoked
      await created(api.create(admin.key, { ...body, line_number: 2 }))
      expect((await api.revoke(admin.key, first.id)).status).toBe(200)
      await created(api.create(admin.key, body))
    })

    it("rejects malformed bodies with invalid_request, unknown and malformed suppression ids with not_found", async () => {
      const ok = { pattern_id: "exec_eval", reason: "wont_fix" }
      for (const bad of [
        {},
        { reason: "wont_fix" },
        { ...ok, agent_id: "not-a-uuid" },
        { ...ok, line_number: 0 },
        { ...ok, line_number: 3 },
        { ...ok, file_path: "a.py", line_number: "3" },
        { ...ok, finding_hash: "md5:abc" },
        { ...ok, expires_at: "next week" },
        { ...ok, expires_at: "2001-01-01T00:00:00Z" },
        { ...ok, justification: 42 }
      ]) {
        expectError(await api.create(admin.key, bad), 400, "invalid_request")
      }
      expectError(await request(server, "POST", api.base, { key: admin.key, rawBody: "{" }), 400, "invalid_request")
      expectError(await request(server, "POST", api.base, { key: admin.key, rawBody: "[1]" }), 400, "invalid_request")
      expectError(await api.create(admin.key, { ...ok, agent_id: "00000000-0000-4000-8000-000000000000" }), 404, "not_found")
      expectError(await api.get(owner, UNKNOWN_ID), 404, "not_found")
      expectError(await api.revoke(owner, UNKNOWN_ID), 404, "not_found")
      // an id that cannot exist is unknown too: 404, never a hint about the id format
      for (const malformed of ["123", "sup_XYZ", "nope", `sup_doesnotexist${"0".repeat(20)}`, `sup_${"A".repeat(32)}`, `sup_${"0".repeat(33)}`]) {
        expectError(await api.get(owner, malformed), 404, "not_found")
        expectError(await api.revoke(owner, malformed), 404, "not_found")
        expectError(await api.revoke(member.key, malformed), 404, "not_found")
      }
      expectError(await request(server, "GET", "/v1/orgs/Not_A_Slug!/suppressions", { key: owner }), 400, "invalid_request")
      expectError(await request(server, "GET", api.base), 401, "auth_required")
      expectError(await request(server, "PUT", `${api.base}/${UNKNOWN_ID}`, { key: owner }), 405, "method_not_allowed")
    })
  })

  describe("revoke and roles", () => {
    it("revokes softly: 409 the second time, and the record stays with its audit trail", async () => {
      const s = await created(api.create(owner, { pattern_id: "exec_eval", reason: "mitigated", file_path: "rev/a.py" }))
      const revoked = await api.revoke(admin.key, s.id)
      expect(revoked.status, revoked.text).toBe(200)
      expect(revoked.body).toEqual({ id: s.id, revoked_at: expect.stringMatching(ISO), revoked_by: { id: admin.user_id, email: "ada@example.com" } })
      expectError(await api.revoke(owner, s.id), 409, "already_revoked")

      const got = (await api.get(owner, s.id)).body as SuppressionBody
      expect(got).toMatchObject({
        state: "revoked",
        is_active: false,
        revoked_at: (revoked.body as { revoked_at: string }).revoked_at,
        revoked_by: { id: admin.user_id, email: "ada@example.com", name: "Ada Admin" },
        created_by: { email: "owner@localhost" }
      })
      expect(Date.parse(got["updated_at"] as string)).toBeGreaterThanOrEqual(Date.parse(got["created_at"] as string))

      const active = (await api.list(owner, "?limit=200")).body as ListBody
      expect(active.suppressions.some((x) => x.id === s.id)).toBe(false)
      const all = (await api.list(owner, "?limit=200&include_revoked=true")).body as ListBody
      expect(all.suppressions.find((x) => x.id === s.id)?.state).toBe("revoked")
    })

    it("lets members read everything but create nothing; revoke needs owner, admin or the creator", async () => {
      const s = await created(api.create(admin.key, { pattern_id: "exec_eval", reason: "wont_fix", file_path: "roles/a.py" }))
      for (const r of [
        await api.list(member.key),
        await api.get(member.key, s.id),
        await api.check(member.key, { pattern_id: "exec_eval" }),
        await api.exportCsv(member.key),
        await api.stats(member.key)
      ]) {
        expect(r.status, r.text).toBe(200)
      }
      expectError(await api.bulk(member.key, { suppressions: [{ pattern_id: "exec_eval", reason: "wont_fix" }] }), 403, "insufficient_role")
      expectError(await api.revoke(member.key, s.id), 403, "forbidden")
      expect(((await api.get(owner, s.id)).body as SuppressionBody).is_active).toBe(true)

      // the creator may revoke with a member key of the same user
      const creatorAsMember = await createKey(server, owner, "default", { email: "ada@example.com", role: "member" })
      const revoked = await api.revoke(creatorAsMember.key, s.id)
      expect(revoked.status, revoked.text).toBe(200)

      // an admin may revoke the owner's
      const byOwner = await created(api.create(owner, { pattern_id: "exec_eval", reason: "wont_fix", file_path: "roles/b.py" }))
      expect((await api.revoke(admin.key, byOwner.id)).status).toBe(200)
    })

    it("never shows another organisation's suppressions (404)", async () => {
      const acme = await createOrg(server, owner, `acme-${backend}`)
      const s = await created(api.create(owner, { pattern_id: "exec_eval", reason: "wont_fix", file_path: "private/a.py" }))
      const foreign = suppressionsApi(server, "default")
      expectError(await foreign.list(acme.key), 404, "not_found")
      expectError(await foreign.get(acme.key, s.id), 404, "not_found")
      expectError(await foreign.revoke(acme.key, s.id), 404, "not_found")
      expectError(await foreign.create(acme.key, { pattern_id: "exec_eval", reason: "wont_fix" }), 404, "not_found")
      expectError(await foreign.check(acme.key, { pattern_id: "exec_eval" }), 404, "not_found")
      expectError(await foreign.bulk(acme.key, { suppressions: [] }), 404, "not_found")
      expectError(await foreign.exportCsv(acme.key), 404, "not_found")
      expectError(await foreign.stats(acme.key), 404, "not_found")
      // through its own path the id is unknown too, and its list does not contain it
      const own = suppressionsApi(server, acme.id)
      expectError(await own.get(acme.key, s.id), 404, "not_found")
      expectError(await own.revoke(acme.key, s.id), 404, "not_found")
      expect(((await own.list(acme.key, "?include_revoked=true&include_expired=true")).body as ListBody).total).toBe(0)
      // an agent of another organisation cannot be scoped
      expectError(await own.create(acme.key, { pattern_id: "exec_eval", reason: "wont_fix", agent_id: scan.agent_id }), 404, "not_found")
    })
  })

  describe("list", () => {
    it("filters by agent, pattern (aliases too), reason and file path prefix", async () => {
      const org = await freshOrg()
      const o = suppressionsApi(server, org.id)
      const agent = (await scanAgent(server, org.key, "bot")).agent_id
      const a = await created(o.create(org.key, { pattern_id: "exec_eval", reason: "wont_fix", agent_id: agent, file_path: "src/a.py" }))
      const b = await created(o.create(org.key, { pattern_id: "sql_injection", reason: "mitigated", file_path: "src/db/q.py" }))
      const c = await created(o.create(org.key, { pattern_id: "hardcoded_credentials", reason: "accepted_risk", file_path: "src2/k.py" }))
      const d = await created(o.create(org.key, { pattern_id: "exec_eval", reason: "false_positive" }))
      const ids = async (query: string) => {
        const r = await o.list(org.key, query)
        expect(r.status, r.text).toBe(200)
        const body = r.body as ListBody
        expect(body.total).toBe(body.suppressions.length)
        return body.suppressions.map((s) => s.id).sort()
      }
      expect(await ids("")).toEqual([a.id, b.id, c.id, d.id].sort())
      expect(await ids(`?agent_id=${agent}`)).toEqual([a.id])
      expect(await ids(`?agent_id=${agent.toUpperCase()}`)).toEqual([a.id])
      expect(await ids("?agent_id=00000000-0000-4000-8000-000000000000")).toEqual([])
      expect(await ids("?pattern_id=exec_eval")).toEqual([a.id, d.id].sort())
      expect(await ids("?pattern_id=universal_exec_eval")).toEqual([a.id, d.id].sort())
      expect(await ids("?reason=mitigated")).toEqual([b.id])
      expect(await ids("?file_path=src/")).toEqual([a.id, b.id].sort())
      expect(await ids("?file_path=src")).toEqual([a.id, b.id, c.id].sort())
      expect(await ids("?file_path=./src/db")).toEqual([b.id])
      expect(await ids("?pattern_id=exec_eval&reason=wont_fix&file_path=src/")).toEqual([a.id])
    })

    it("pages with limit and offset, newest first, and reports total and has_more", async () => {
      const org = await freshOrg()
      const o = suppressionsApi(server, org.id)
      const bulk = await o.bulk(org.key, {
        suppressions: Array.from({ length: 7 }, (_, i) => ({ pattern_id: "exec_eval", reason: "wont_fix", file_path: `p/${i}.py` }))
      })
      expect(bulk.status, bulk.text).toBe(200)
      const pages = []
      for (const offset of [0, 3, 6]) {
        const page = (await o.list(org.key, `?limit=3&offset=${offset}`)).body as ListBody
        expect(page.total).toBe(7)
        pages.push(page)
      }
      expect(pages.map((p) => p.suppressions.length)).toEqual([3, 3, 1])
      expect(pages.map((p) => p.has_more)).toEqual([true, true, false])
      const seen = pages.flatMap((p) => p.suppressions.map((s) => s.id))
      expect(new Set(seen).size).toBe(7)
      const times = pages.flatMap((p) => p.suppressions.map((s) => Date.parse(s["created_at"] as string)))
      expect([...times].sort((x, y) => y - x)).toEqual(times)

      const past = (await o.list(org.key, "?offset=7")).body as ListBody
      expect(past).toEqual({ suppressions: [], total: 7, has_more: false })
      const far = (await o.list(org.key, "?offset=1000&limit=200")).body as ListBody
      expect(far).toEqual({ suppressions: [], total: 7, has_more: false })
      const all = (await o.list(org.key, "?limit=200")).body as ListBody
      expect(all.suppressions.length).toBe(7)
      expect(((await o.list(org.key, "?limit=1")).body as ListBody).has_more).toBe(true)
      const byDefault = (await o.list(org.key)).body as ListBody
      expect(byDefault).toMatchObject({ total: 7, has_more: false })
    })

    it("rejects bad query parameters with invalid_request", async () => {
      for (const query of [
        "?limit=0",
        "?limit=201",
        "?limit=-1",
        "?limit=abc",
        "?limit=1.5",
        "?offset=-1",
        "?offset=1.5",
        "?offset=x",
        "?include_expired=yes",
        "?include_revoked=1",
        "?agent_id=bot",
        "?pattern_id=no_such_rule",
        "?reason=bad",
        "?limit=1&limit=2"
      ]) {
        expectError(await api.list(owner, query), 400, "invalid_request")
      }
      expect((await api.list(owner, "?limit=200&offset=0&include_expired=false&include_revoked=true")).status).toBe(200)
      expectError(await api.exportCsv(owner, "?include_revoked=maybe"), 400, "invalid_request")
    })
  })

  describe("check", () => {
    it("says whether a finding would be suppressed, and by which suppression", async () => {
      const org = await freshOrg()
      const o = suppressionsApi(server, org.id)
      const bot = await scanAgent(server, org.key, "bot")
      const f = bot.findings.find((x) => x.pattern_id === "sql_injection")!
      const facts = { pattern_id: f.pattern_id, agent_id: bot.agent_id, file_path: f.file, line_number: f.line, finding_hash: f.finding_hash }
      expect((await o.check(org.key, facts)).body).toEqual({ is_suppressed: false, suppression: null })

      const broad = await created(o.create(org.key, { pattern_id: "sql_injection", reason: "accepted_risk", justification: "legacy" }))
      const exact = await created(o.create(org.key, {
        pattern_id: "sql_injection",
        reason: "mitigated",
        finding_hash: f.finding_hash,
        expires_at: "2099-06-01T12:00:00Z",
        justification: "WAF in front"
      }))
      const answer = await o.check(org.key, facts)
      expect(answer.status, answer.text).toBe(200)
      // the most specific active suppression is reported
      expect(answer.body).toEqual({
        is_suppressed: true,
        suppression: {
          id: exact.id,
          reason: "mitigated",
          justification: "WAF in front",
          expires_at: "2099-06-01T12:00:00.000Z",
          created_by: { email: "owner@localhost" }
        }
      })
      expect(await o.revoke(org.key, exact.id)).toMatchObject({ status: 200 })
      expect(((await o.check(org.key, facts)).body as { suppression: { id: string } }).suppression.id).toBe(broad.id)
      expect(((await o.check(org.key, { pattern_id: "exec_eval" })).body as { is_suppressed: boolean }).is_suppressed).toBe(false)

      expectError(await o.check(org.key, { pattern_id: "nope" }), 400, "invalid_pattern")
      expectError(await o.check(org.key, {}), 400, "invalid_request")
      expectError(await o.check(org.key, { pattern_id: "sql_injection", line_number: -2 }), 400, "invalid_request")
      expectError(await o.check(org.key, { pattern_id: "sql_injection", agent_id: "x" }), 400, "invalid_request")
    })
  })

  describe("bulk", () => {
    it("creates the valid entries and names each failed entry with its index, code and reason", async () => {
      const org = await freshOrg()
      const o = suppressionsApi(server, org.id)
      const response = await o.bulk(org.key, {
        suppressions: [
          { pattern_id: "exec_eval", reason: "wont_fix", file_path: "b/1.py" },
          { pattern_id: "no_such_rule", reason: "wont_fix" },
          { pattern_id: "universal_hardcoded_credentials", reason: "mitigated" },
          { pattern_id: "exec_eval", reason: "sometimes" },
          { pattern_id: "exec_eval", reason: "wont_fix", file_path: "./b/1.py" },
          "not an object",
          { pattern_id: "exec_eval", reason: "wont_fix", agent_id: "00000000-0000-4000-8000-000000000000" },
          { pattern_id: "sql_injection", reason: "false_positive", line_number: 0, file_path: "x.py" }
        ]
      })
      expect(response.status, response.text).toBe(200)
      const body = response.body as { created: Array<{ id: string; pattern_id: string; status: string }>; errors: Array<{ index: number; code: string; error: string }> }
      expect(body.created.map((c) => c.pattern_id)).toEqual(["exec_eval", "hardcoded_credentials"])
      for (const c of body.created) {
        expect(c.id).toMatch(SUP_ID)
        expect(c.status).toBe("created")
      }
      expect(body.errors.map((e) => [e.index, e.code])).toEqual([
        [1, "invalid_pattern"],
        [3, "invalid_reason"],
        [4, "already_suppressed"],
        [5, "invalid_request"],
        [6, "not_found"],
        [7, "invalid_request"]
      ])
      for (const e of body.errors) expect(e.error).toContain(`suppressions[${e.index}]`)
      const listed = (await o.list(org.key)).body as ListBody
      expect(listed.suppressions.map((s) => s.id).sort()).toEqual(body.created.map((c) => c.id).sort())
    })

    it("limits a request to 500 entries and rejects bodies without entries", async () => {
      const org = await freshOrg()
      const o = suppressionsApi(server, org.id)
      const entry = (i: number) => ({ pattern_id: "exec_eval", reason: "wont_fix", file_path: `m/${i}.py` })
      expectError(await o.bulk(org.key, { suppressions: Array.from({ length: 501 }, (_, i) => entry(i)) }), 400, "invalid_request")
      expectError(await o.bulk(org.key, { suppressions: [] }), 400, "invalid_request")
      expectError(await o.bulk(org.key, { items: [entry(1)] }), 400, "invalid_request")
      expectError(await o.bulk(org.key, [entry(1)]), 400, "invalid_request")
      const max = await o.bulk(org.key, { suppressions: Array.from({ length: 500 }, (_, i) => entry(i)) })
      expect(max.status, max.text.slice(0, 300)).toBe(200)
      expect((max.body as { created: unknown[]; errors: unknown[] }).created.length).toBe(500)
      expect((max.body as { errors: unknown[] }).errors).toEqual([])
      expect(((await o.list(org.key, "?limit=1")).body as ListBody).total).toBe(500)
    })
  })

  describe("export", () => {
    it("writes CSV with exactly the SPEC's columns, in order, RFC 4180 quoting and text/csv", async () => {
      const org = await freshOrg()
      const o = suppressionsApi(server, org.id)
      const agent = (await scanAgent(server, org.key, "bot")).agent_id
      const tricky = "Reviewed by \"sec\", see ticket 12,\nsecond line"
      const s1 = await created(o.create(org.key, {
        pattern_id: "exec_eval",
        reason: "accepted_risk",
        agent_id: agent,
        file_path: "bot/tools.js",
        line_number: 3,
        justification: tricky,
        expires_at: "2099-01-01T00:00:00Z"
      }))
      const s2 = await created(o.create(org.key, { pattern_id: "sql_injection", reason: "wont_fix", justification: "=cmd|' /C calc'!A0" }))
      const revoked = await created(o.create(org.key, { pattern_id: "ssrf", reason: "mitigated" }))
      await o.revoke(org.key, revoked.id)

      const response = await o.exportCsv(org.key)
      expect(response.status, response.text).toBe(200)
      expect(response.headers.get("content-type")).toMatch(/^text\/csv\b/)
      expect(response.text.startsWith(`${CSV_HEADER.join(",")}\r\n`)).toBe(true)
      expect(response.text).toContain(`"Reviewed by ""sec"", see ticket 12,\nsecond line"`)
      const rows = parseCsv(response.text)
      expect(rows[0]).toEqual(CSV_HEADER)
      expect(rows.length).toBe(3)
      expect(rows[1]).toEqual([
        s1.id,
        "exec_eval",
        agent,
        "bot/tools.js",
        "3",
        "accepted_risk",
        tricky,
        "2099-01-01T00:00:00.000Z",
        s1["created_at"],
        "owner@localhost"
      ])
      // a justification a spreadsheet would run as a formula is exported as text
      expect(rows[2]).toEqual([s2.id, "sql_injection", "", "", "", "wont_fix", "'=cmd|' /C calc'!A0", "", s2["created_at"], "owner@localhost"])

      const withRevoked = parseCsv((await o.exportCsv(org.key, "?include_revoked=true")).text)
      expect(withRevoked.map((r) => r[0])).toContain(revoked.id)
      const filtered = parseCsv((await o.exportCsv(org.key, "?pattern_id=sql_injection")).text)
      expect(filtered.slice(1).map((r) => r[0])).toEqual([s2.id])

      const empty = await suppressionsApi(server, (await freshOrg()).id).exportCsv(org.key)
      expect(empty.status).toBe(404)
    })
  })

  describe("states and statistics", () => {
    it("expires by time with no job: hidden from lists and checks, counted as expired, scope free again", async () => {
      const org = await freshOrg()
      const o = suppressionsApi(server, org.id)
      const scope = { pattern_id: "exec_eval", file_path: "bot/agent.py" }
      const s = await created(o.create(org.key, { ...scope, reason: "accepted_risk", expires_at: inFuture(1500) }))
      expect(s.state).toBe("active")
      expect(((await o.check(org.key, scope)).body as { is_suppressed: boolean }).is_suppressed).toBe(true)
      expectError(await o.create(org.key, { ...scope, reason: "wont_fix" }), 409, "already_suppressed")

      await sleep(2000)
      const got = (await o.get(org.key, s.id)).body as SuppressionBody
      expect(got).toMatchObject({ state: "expired", is_active: false, revoked_at: null })
      expect(((await o.list(org.key)).body as ListBody).total).toBe(0)
      const withExpired = (await o.list(org.key, "?include_expired=true")).body as ListBody
      expect(withExpired.suppressions.map((x) => [x.id, x.state])).toEqual([[s.id, "expired"]])
      expect(((await o.list(org.key, "?include_revoked=true")).body as ListBody).total).toBe(0)
      expect((await o.check(org.key, scope)).body).toEqual({ is_suppressed: false, suppression: null })
      expect(await o.stats(org.key)).toMatchObject({ body: { total_active: 0, total_expired: 1, total_revoked: 0 } })

      const again = await created(o.create(org.key, { ...scope, reason: "wont_fix" }))
      expect(again.state).toBe("active")

      // revoking an expired suppression is allowed and recorded: it becomes revoked
      const revoked = await o.revoke(org.key, s.id)
      expect(revoked.status, revoked.text).toBe(200)
      expect(((await o.get(org.key, s.id)).body as SuppressionBody).state).toBe("revoked")
      expectError(await o.revoke(org.key, s.id), 409, "already_revoked")
    })

    it("counts by state, reason and pattern (top ten plus other) and what expires within 30 days", async () => {
      const org = await freshOrg()
      const o = suppressionsApi(server, org.id)
      const empty = await o.stats(org.key)
      expect(empty.status, empty.text).toBe(200)
      expect(empty.body).toEqual({
        total_active: 0,
        total_expired: 0,
        total_revoked: 0,
        by_reason: { false_positive: 0, accepted_risk: 0, wont_fix: 0, mitigated: 0 },
        by_pattern: { other: 0 },
        expiring_soon: 0,
        expiring_soon_threshold_days: 30
      })

      const rules = [
        "exec_eval", "sql_injection", "hardcoded_credentials", "ssrf", "path_traversal", "code_execution",
        "infinite_loop", "workflow_cycle", "prompt_template", "token_bombing", "unsafe_deserialization", "system_prompt_leak"
      ]
      // exec_eval x3, sql_injection x2, the ten others once: two of those fall into `other`
      const entries = [
        ...rules.map((pattern_id) => ({ pattern_id, reason: "wont_fix" })),
        { pattern_id: "exec_eval", reason: "false_positive", file_path: "a.py" },
        { pattern_id: "exec_eval", reason: "mitigated", file_path: "b.py", expires_at: inFuture(10 * 86_400_000) },
        { pattern_id: "sql_injection", reason: "accepted_risk", file_path: "c.py", expires_at: inFuture(60 * 86_400_000) }
      ]
      const bulk = await o.bulk(org.key, { suppressions: entries })
      expect((bulk.body as { errors: unknown[] }).errors).toEqual([])
      const toRevoke = (bulk.body as { created: Array<{ id: string; pattern_id: string }> }).created.find((c) => c.pattern_id === "ssrf")!
      await o.revoke(org.key, toRevoke.id)

      const stats = (await o.stats(org.key)).body as {
        total_active: number
        total_revoked: number
        by_reason: Record<string, number>
        by_pattern: Record<string, number>
        expiring_soon: number
      }
      expect(stats.total_active).toBe(14)
      expect(stats.total_revoked).toBe(1)
      expect(stats.by_reason).toEqual({ false_positive: 1, accepted_risk: 1, wont_fix: 11, mitigated: 1 })
      expect(stats.expiring_soon).toBe(1)
      expect(Object.keys(stats.by_pattern).length).toBe(11)
      expect(stats.by_pattern["exec_eval"]).toBe(3)
      expect(stats.by_pattern["sql_injection"]).toBe(2)
      expect(stats.by_pattern["ssrf"]).toBeUndefined()
      expect(stats.by_pattern["other"]).toBe(1)
      expect(Object.values(stats.by_pattern).reduce((a, b) => a + b, 0)).toBe(14)
    })
  })

  it("documents the endpoints in the OpenAPI document", async () => {
    const doc = (await request(server, "GET", "/v1/openapi.json")).body as { paths: Record<string, Record<string, unknown>> }
    expect(Object.keys(doc.paths["/v1/orgs/{org_id}/suppressions"]!).sort()).toEqual(["get", "post"])
    expect(Object.keys(doc.paths["/v1/orgs/{org_id}/suppressions/{suppression_id}"]!).sort()).toEqual(["delete", "get"])
    for (const path of ["check", "bulk", "export", "stats"]) {
      expect(doc.paths[`/v1/orgs/{org_id}/suppressions/${path}`], path).toBeDefined()
    }
    expect(UUID.test(scan.agent_id)).toBe(true)
  })
})
