import fc from "fast-check"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { riskScore } from "../../src/engine/RiskScore.js"
import { BACKENDS, createTestDatabase, type TestDatabase } from "../support/databases.js"
import { expectScanResult } from "../support/shapes.js"
import { type RunningServer, startServer } from "../support/server.js"
import {
  createOrg,
  created,
  type Finding,
  type ScanBody,
  scanAgent,
  type SuppressionBody,
  suppressionsApi
} from "../support/suppressions.js"

/** Suppressions against real scans: what a scan shows must agree with `check` and the list. */

interface Scope {
  readonly pattern_id: string
  readonly agent_id: string | null
  readonly file_path: string | null
  readonly line_number: number | null
  readonly finding_hash: string | null
}

const ALIASES: Record<string, string> = {
  exec_eval: "tainted_eval",
  sql_injection: "universal_sql_injection",
  hardcoded_credentials: "secret_leak"
}

/** The test's own statement of the rule, independent of the server's matcher. */
const hides = (s: Scope, f: Finding, agentId: string): boolean =>
  s.pattern_id === f.pattern_id &&
  (s.agent_id === null || s.agent_id === agentId) &&
  (s.file_path === null || s.file_path === f.file) &&
  (s.line_number === null || s.line_number === f.line) &&
  (s.finding_hash === null || s.finding_hash === f.finding_hash)

const sameScope = (a: Scope, b: Scope): boolean =>
  a.pattern_id === b.pattern_id && a.agent_id === b.agent_id && a.file_path === b.file_path &&
  a.line_number === b.line_number && a.finding_hash === b.finding_hash

const hashes = (findings: ReadonlyArray<Finding>): Array<string> => findings.map((f) => f.finding_hash).sort()
const patterns = (findings: ReadonlyArray<{ pattern_id: string }>): Array<string> => [...new Set(findings.map((f) => f.pattern_id))].sort()

/** A later scan shows exactly the baseline minus what the active scopes hide, and counts only that. */
const expectScanShows = (result: ScanBody, baseline: ScanBody, visible: ReadonlyArray<Finding>): void => {
  expectScanResult(result as unknown as Record<string, unknown>)
  expect(hashes(result.findings)).toEqual(hashes(visible))
  expect(result.summary.total).toBe(visible.length)
  expect(result.summary.critical).toBe(visible.filter((f) => f.severity === "CRITICAL").length)
  expect(result.summary.high).toBe(visible.filter((f) => f.severity === "HIGH").length)
  expect(result.risk_score).toBe(riskScore(visible))
  expect(patterns(result.quick_wins ?? [])).toEqual(patterns(visible))
  expect(result.agent_id).toBe(baseline.agent_id)
}

describe.each(BACKENDS)("suppressions and scans on %s", (backend) => {
  let db: TestDatabase
  let server: RunningServer
  let owner: string
  let orgCount = 0
  const freshOrg = () => createOrg(server, owner, `scan-${backend}-${++orgCount}`)

  beforeAll(async () => {
    db = await createTestDatabase(backend)
    server = await startServer({ ...db.env, VIGIL_RATE_LIMIT: "0" })
    owner = server.bootstrapKey!
  })
  afterAll(async () => {
    await server?.stop()
    await db?.dispose()
  })

  it("hides suppressed findings from later scans (summary, score, quick wins) and shows them again after revoke", async () => {
    const org = await freshOrg()
    const api = suppressionsApi(server, org.id)
    const bot = await scanAgent(server, org.key, "bot")
    const other = await scanAgent(server, org.key, "other")
    expect(patterns(bot.findings)).toEqual(["exec_eval", "hardcoded_credentials", "sql_injection"])
    const secret = bot.findings.find((f) => f.pattern_id === "hardcoded_credentials")!

    // one finding by its hash: the only finding of its rule, so its quick win goes too
    const byHash = await created(api.create(org.key, { pattern_id: "secret_leak", reason: "false_positive", finding_hash: secret.finding_hash }))
    let visible = bot.findings.filter((f) => f.finding_hash !== secret.finding_hash)
    const afterHash = await scanAgent(server, org.key, "bot")
    expectScanShows(afterHash, bot, visible)
    expect(afterHash.risk_score).toBeLessThanOrEqual(bot.risk_score)
    expect(afterHash.quick_wins?.some((q) => q.pattern_id === "hardcoded_credentials")).toBe(false)

    // a whole file for one rule
    await created(api.create(org.key, { pattern_id: "exec_eval", reason: "mitigated", file_path: "bot/agent.py" }))
    visible = visible.filter((f) => !(f.pattern_id === "exec_eval" && f.file === "bot/agent.py"))
    expectScanShows(await scanAgent(server, org.key, "bot"), bot, visible)

    // one agent only: the other agent's findings of that rule stay
    await created(api.create(org.key, { pattern_id: "sql_injection", reason: "accepted_risk", agent_id: other.agent_id }))
    expectScanShows(await scanAgent(server, org.key, "bot"), bot, visible)
    // the file and hash scopes name bot's files, so only the agent-scoped rule is hidden for other
    const otherVisible = other.findings.filter((f) => f.pattern_id !== "sql_injection")
    expectScanShows(await scanAgent(server, org.key, "other"), other, otherVisible)

    // revoked: the finding and its quick win come back
    expect((await api.revoke(org.key, byHash.id)).status).toBe(200)
    visible = [...visible, secret]
    const afterRevoke = await scanAgent(server, org.key, "bot")
    expectScanShows(afterRevoke, bot, visible)
    expect(afterRevoke.quick_wins?.some((q) => q.pattern_id === "hardcoded_credentials")).toBe(true)
  })

  it("keeps check, the list and scans consistent under random create/revoke sequences (property)", async () => {
    type Op =
      | { readonly kind: "create"; readonly finding: number; readonly agent: number; readonly shape: number; readonly alias: boolean }
      | { readonly kind: "revoke"; readonly pick: number }
    const op: fc.Arbitrary<Op> = fc.oneof(
      { weight: 3, arbitrary: fc.record({ kind: fc.constant("create" as const), finding: fc.nat(), agent: fc.nat(2), shape: fc.nat(4), alias: fc.boolean() }) },
      { weight: 1, arbitrary: fc.record({ kind: fc.constant("revoke" as const), pick: fc.nat() }) }
    )
    const reasons = ["false_positive", "accepted_risk", "wont_fix", "mitigated"]

    await fc.assert(
      fc.asyncProperty(fc.array(op, { minLength: 1, maxLength: 8 }), async (ops) => {
        const org = await freshOrg()
        const api = suppressionsApi(server, org.id)
        const baselines = [await scanAgent(server, org.key, "bot"), await scanAgent(server, org.key, "other")]
        // scopes are drawn from both agents' findings (same code, other paths and hashes)
        const findings = baselines.flatMap((b) => b.findings)
        const model: Array<{ id: string; scope: Scope; revoked: boolean }> = []

        for (const [step, o] of ops.entries()) {
          if (o.kind === "create") {
            const f = findings[o.finding % findings.length]!
            const agentId = o.agent === 0 ? null : baselines[o.agent - 1]!.agent_id
            const scope: Scope = {
              pattern_id: f.pattern_id,
              agent_id: agentId,
              file_path: o.shape === 1 || o.shape === 2 ? f.file : null,
              line_number: o.shape === 2 ? f.line : null,
              finding_hash: o.shape === 3 ? f.finding_hash : null
            }
            const body = {
              ...scope,
              pattern_id: o.alias ? ALIASES[f.pattern_id] ?? f.pattern_id : f.pattern_id,
              reason: reasons[step % reasons.length]
            }
            const response = await api.create(org.key, body)
            if (model.some((m) => !m.revoked && sameScope(m.scope, scope))) {
              expect(response.status, response.text).toBe(409)
            } else {
              expect(response.status, response.text).toBe(201)
              expect((response.body as SuppressionBody).pattern_id).toBe(f.pattern_id)
              model.push({ id: (response.body as SuppressionBody).id, scope, revoked: false })
            }
          } else if (model.length > 0) {
            const target = model[o.pick % model.length]!
            const response = await api.revoke(org.key, target.id)
            expect(response.status, response.text).toBe(target.revoked ? 409 : 200)
            target.revoked = true
          }
        }

        const active = model.filter((m) => !m.revoked)
        const listed = (await api.list(org.key, "?limit=200")).body as { suppressions: Array<SuppressionBody>; total: number }
        expect(listed.suppressions.map((s) => s.id).sort()).toEqual(active.map((m) => m.id).sort())
        expect(listed.total).toBe(active.length)
        const everything = (await api.list(org.key, "?limit=200&include_revoked=true")).body as { suppressions: Array<SuppressionBody> }
        expect(everything.suppressions.map((s) => [s.id, s.state]).sort()).toEqual(
          model.map((m) => [m.id, m.revoked ? "revoked" : "active"]).sort()
        )

        for (const baseline of baselines) {
          const hidden = (f: Finding) => active.some((m) => hides(m.scope, f, baseline.agent_id))
          for (const f of baseline.findings) {
            const answer = await api.check(org.key, {
              pattern_id: f.pattern_id,
              agent_id: baseline.agent_id,
              file_path: f.file,
              line_number: f.line,
              finding_hash: f.finding_hash
            })
            const body = answer.body as { is_suppressed: boolean; suppression: { id: string } | null }
            expect(body.is_suppressed, `${f.pattern_id} ${f.file}:${f.line}`).toBe(hidden(f))
            if (body.suppression !== null) {
              const by = active.find((m) => m.id === body.suppression!.id)
              expect(by !== undefined && hides(by.scope, f, baseline.agent_id)).toBe(true)
            }
          }
          const agentName = baseline === baselines[0] ? "bot" : "other"
          expectScanShows(await scanAgent(server, org.key, agentName), baseline, baseline.findings.filter((f) => !hidden(f)))
        }
      }),
      { numRuns: 12, endOnFailure: true }
    )
  }, 300_000)
})
