import { execFileSync } from "node:child_process"
import { randomUUID } from "node:crypto"
import { readFileSync } from "node:fs"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { BACKENDS, createTestDatabase, type TestDatabase } from "../support/databases.js"
import { type JsonResponse, request, type RunningServer, startServer, waitReady } from "../support/server.js"
import { queryStore, seededRandom } from "./support/store.js"

/**
 * Durability (issue 10, item 5). On each database, several clients send scans, suppression creates,
 * bulk creates and revocations at once; the server is killed with SIGKILL at a random moment while
 * they run, restarted on the same data directory or database, and this repeats. At the end every
 * write that was acknowledged (a 2xx received before the kill) must be there as acknowledged, no
 * scan may be visible with only part of its findings (checked through the diff endpoint for every
 * stored scan, and on the rows), bulk requests are all-or-nothing, and the server works normally.
 *
 * DURABILITY_KILLS (default 4) and DURABILITY_SEED replay or extend a run.
 */

const KILLS = Number(process.env["DURABILITY_KILLS"] ?? "4")
const SEED = Number(process.env["DURABILITY_SEED"] ?? String(Date.now() % 2_147_483_647))
const CLIENTS = 4
const ORG = "default"
const SUPPRESSIONS = `/v1/orgs/${ORG}/suppressions`

/**
 * Each agent's scans have exactly k findings (k eval calls), so a visible scan of agent dur-k<k> with
 * another count is half-written. 2100 findings take three INSERT statements (1000 rows each).
 */
const AGENT_SIZES = [0, 1, 2, 3, 5, 8, 2100] as const
const agentName = (k: number): string => `dur-k${k}`
const scanBody = (k: number, salt: string) => ({
  agent_name: agentName(k),
  files: [{
    path: `${agentName(k)}/agent.py`,
    content: Array.from({ length: k }, (_, i) => `def tool_${i}(x):\n    return eval(input())\n`).join("") + `# ${salt}\n`
  }]
})

interface HeadFinding {
  readonly finding_hash: string
}
interface ScanResult {
  readonly scan_id: string
  readonly agent_name: string
  readonly risk_score: number
  readonly summary: { readonly total: number }
  readonly findings: ReadonlyArray<HeadFinding>
}
interface DiffBody {
  readonly diff: {
    readonly base_scan_id: string | null
    readonly head_scan_id: string
    readonly summary: { readonly head_risk_score: number }
    readonly new_findings: ReadonlyArray<HeadFinding>
    readonly unchanged_findings: ReadonlyArray<HeadFinding>
  }
}

interface AckedScan {
  readonly id: string
  readonly k: number
  readonly total: number
  readonly riskScore: number
  readonly hashes: ReadonlyArray<string>
}

interface KnownSuppression {
  readonly id: string
  readonly filePath: string
  readonly client: number
  /** no: never revoked; acked: revocation acknowledged; maybe: the revocation was cut by a kill */
  revoked: "no" | "acked" | "maybe" | "pending"
}

interface Ledger {
  readonly scans: Map<string, AckedScan>
  scansCut: number
  readonly suppressions: Map<string, KnownSuppression>
  readonly createsCut: Array<string>
  readonly bulks: Array<{ readonly prefix: string; readonly n: number; ids: ReadonlyArray<string> | undefined }>
  revokesAcked: number
  revokesCut: number
  /** answers that were neither 2xx nor the documented 503 of a full queue: must stay empty */
  readonly unexpected: Array<string>
  /** transport failures while the server was supposed to be alive: must stay empty */
  readonly transport: Array<string>
  rejected503: number
}

const newLedger = (): Ledger => ({
  scans: new Map(),
  scansCut: 0,
  suppressions: new Map(),
  createsCut: [],
  bulks: [],
  revokesAcked: 0,
  revokesCut: 0,
  unexpected: [],
  transport: [],
  rejected503: 0
})

const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms))

const childPids = (pid: number): Array<number> => {
  try {
    return execFileSync("ps", ["-o", "pid=", "--ppid", String(pid)], { encoding: "utf8" })
      .split("\n").map((s) => Number.parseInt(s.trim(), 10)).filter(Number.isFinite)
  } catch {
    return []
  }
}

/** Alive and not a zombie waiting for its (new) parent to reap it. */
const running = (pid: number): boolean => {
  try {
    return !/^State:\s+Z/m.test(readFileSync(`/proc/${pid}/status`, "utf8"))
  } catch {
    return false
  }
}

describe.each(BACKENDS)("durability under SIGKILL on %s", (backend) => {
  let db: TestDatabase
  let server: RunningServer | undefined
  let key = ""
  const random = seededRandom(SEED + (backend === "postgres" ? 1 : 0))
  const ledger = newLedger()
  const figures = { kills: 0, orphanWorkers: 0, requestsSent: 0, requestsAcked: 0, committedWithoutAck: { scans: 0, creates: 0, bulks: 0 } }

  beforeAll(async () => {
    db = await createTestDatabase(backend)
  }, 240_000)
  afterAll(async () => {
    if (server !== undefined) await server.stop("SIGKILL")
    await db?.dispose()
  }, 240_000)

  const start = async (): Promise<RunningServer> => {
    const started = await startServer({ ...db.env, VIGIL_RATE_LIMIT: "0", VIGIL_WORKERS: "1" }, { timeoutMs: 240_000 })
    if (started.bootstrapKey !== undefined) key = started.bootstrapKey
    const ready = await waitReady(started, 240_000)
    expect(ready.at(-1)?.status, started.output()).toBe(200)
    return started
  }

  /** One client: random writes until the server is gone. Everything it learns goes to the ledger. */
  const client = async (target: RunningServer, c: number, round: number, alive: { value: boolean }): Promise<void> => {
    let i = 0
    while (alive.value) {
      i++
      const draw = random()
      const send = async (what: string, method: string, path: string, body?: unknown): Promise<JsonResponse | undefined> => {
        figures.requestsSent++
        try {
          const response = await request(target, method, path, { key, ...(body !== undefined ? { body } : {}) })
          if (response.status === 503 && (response.body as { code?: string } | undefined)?.code === "worker_unavailable") {
            ledger.rejected503++
            return response
          }
          if (response.status < 200 || response.status > 299) ledger.unexpected.push(`${what}: ${response.status} ${response.text.slice(0, 200)}`)
          else figures.requestsAcked++
          return response
        } catch (error) {
          if (alive.value) ledger.transport.push(`${what}: ${String(error)}`)
          return undefined
        }
      }
      if (draw < 0.4) {
        // client 0 favours the big scan, so a kill often lands while one is analysed or written
        const k = random() < (c === 0 ? 0.5 : 0.05) ? 2100 : AGENT_SIZES[Math.floor(random() * (AGENT_SIZES.length - 1))]!
        const response = await send("scan", "POST", "/v1/scan", scanBody(k, `${round}-${c}-${i}`))
        if (response?.status === 200) {
          const r = response.body as ScanResult
          ledger.scans.set(r.scan_id, {
            id: r.scan_id,
            k,
            total: r.summary.total,
            riskScore: r.risk_score,
            hashes: r.findings.map((f) => f.finding_hash)
          })
        } else if (response === undefined) ledger.scansCut++
      } else if (draw < 0.7) {
        const filePath = `dur-sup/${round}-${c}-${i}.py`
        const response = await send("create", "POST", SUPPRESSIONS, {
          pattern_id: "exec_eval",
          reason: "accepted_risk",
          file_path: filePath,
          justification: `durability round ${round}`
        })
        if (response?.status === 201) {
          const id = (response.body as { id: string }).id
          ledger.suppressions.set(id, { id, filePath, client: c, revoked: "no" })
        } else if (response === undefined) ledger.createsCut.push(filePath)
      } else if (draw < 0.8) {
        const prefix = `dur-bulk/${randomUUID()}/`
        const n = 2 + Math.floor(random() * 5)
        const bulk: Ledger["bulks"][number] = { prefix, n, ids: undefined }
        ledger.bulks.push(bulk)
        const response = await send("bulk", "POST", `${SUPPRESSIONS}/bulk`, {
          suppressions: Array.from({ length: n }, (_, j) => ({ pattern_id: "sql_injection", reason: "mitigated", file_path: `${prefix}${j}.py` }))
        })
        if (response?.status === 200) {
          const body = response.body as { created: ReadonlyArray<{ id: string }>; errors: ReadonlyArray<unknown> }
          if (body.errors.length > 0 || body.created.length !== n) ledger.unexpected.push(`bulk: ${response.text.slice(0, 300)}`)
          bulk.ids = body.created.map((x) => x.id)
          body.created.forEach((x, j) => ledger.suppressions.set(x.id, { id: x.id, filePath: `${prefix}${j}.py`, client: c, revoked: "no" }))
        }
      } else {
        // revoke one of this client's own suppressions, so two clients never race for the same one
        const candidate = [...ledger.suppressions.values()].find((s) => s.client === c && s.revoked === "no")
        if (candidate === undefined) continue
        candidate.revoked = "pending"
        const response = await send("revoke", "DELETE", `${SUPPRESSIONS}/${candidate.id}`)
        if (response?.status === 200) {
          candidate.revoked = "acked"
          ledger.revokesAcked++
        } else if (response === undefined) {
          candidate.revoked = "maybe"
          ledger.revokesCut++
        } else candidate.revoked = "maybe"
      }
    }
  }

  const acknowledged = (): number =>
    ledger.scans.size + [...ledger.suppressions.values()].length + ledger.revokesAcked

  it(`keeps every acknowledged write across ${KILLS} SIGKILLs at random moments, with no half-written scan`, async () => {
    console.log(`durability on ${backend}: seed ${SEED} of the random choices (DURABILITY_SEED=${SEED})`)
    for (let round = 1; round <= KILLS; round++) {
      server = await start()
      const target = server
      const workers = childPids(target.pid)
      const alive = { value: true }
      const before = acknowledged()
      const clients = Array.from({ length: CLIENTS }, (_, c) => client(target, c, round, alive))
      // a random moment once traffic is flowing: after a few acknowledged writes, then 0-3 s more
      const until = Date.now() + 120_000
      while (acknowledged() - before < 3 && Date.now() < until) await sleep(20)
      await sleep(Math.floor(random() * 3000))
      alive.value = false
      await target.stop("SIGKILL")
      server = undefined
      figures.kills++
      await Promise.all(clients)
      // the analysis workers notice the parent is gone and exit; none may outlive it
      const deadline = Date.now() + 30_000
      while (workers.some(running) && Date.now() < deadline) await sleep(100)
      figures.orphanWorkers += workers.filter(running).length
    }
    expect(ledger.transport, "transport failures while the server was up").toEqual([])
    expect(ledger.unexpected, "answers other than 2xx").toEqual([])
    expect(figures.orphanWorkers, "analysis workers that outlived a killed server").toBe(0)

    // restart on the same data: everything acknowledged is there, exactly
    server = await start()
    const live = server
    let lost = 0
    const diffOf = async (id: string): Promise<DiffBody["diff"] | undefined> => {
      const response = await request(live, "GET", `/v1/scans/${id}/diff`, { key })
      if (response.status !== 200) {
        lost++
        expect.soft(response.status, `scan ${id}: ${response.text.slice(0, 200)}`).toBe(200)
        return undefined
      }
      return (response.body as DiffBody).diff
    }
    const headHashes = (d: DiffBody["diff"]): Array<string> =>
      [...d.new_findings, ...d.unchanged_findings].map((f) => f.finding_hash).sort()

    for (const scan of ledger.scans.values()) {
      const diff = await diffOf(scan.id)
      if (diff === undefined) continue
      expect(diff.head_scan_id).toBe(scan.id)
      expect(headHashes(diff).length, `scan ${scan.id} of ${agentName(scan.k)}`).toBe(scan.total)
      expect(headHashes(diff)).toEqual([...scan.hashes].sort())
      expect(diff.summary.head_risk_score).toBe(scan.riskScore)
    }

    // every stored scan, acknowledged or not, through each agent's chain of diffs from a fresh scan
    let stored = 0
    for (const k of AGENT_SIZES) {
      const fresh = await request(live, "POST", "/v1/scan", { key, body: scanBody(k, "after-restart") })
      expect(fresh.status, fresh.text.slice(0, 300)).toBe(200)
      expect((fresh.body as ScanResult).summary.total).toBe(k)
      const visited = new Set<string>()
      let id: string | null = (fresh.body as ScanResult).scan_id
      while (id !== null) {
        const diff: DiffBody["diff"] | undefined = await diffOf(id)
        if (diff === undefined) break
        expect(headHashes(diff).length, `stored scan ${id} of ${agentName(k)} has a part of its findings`).toBe(k)
        visited.add(id)
        id = diff.base_scan_id
      }
      visited.delete((fresh.body as ScanResult).scan_id)
      const acked = [...ledger.scans.values()].filter((s) => s.k === k)
      for (const s of acked) expect(visited.has(s.id), `acknowledged scan ${s.id} in the chain of ${agentName(k)}`).toBe(true)
      stored += visited.size
      figures.committedWithoutAck.scans += visited.size - acked.length
    }

    // suppressions: acknowledged creates and revocations as acknowledged
    for (const s of ledger.suppressions.values()) {
      const response = await request(live, "GET", `${SUPPRESSIONS}/${s.id}`, { key })
      if (response.status !== 200) {
        lost++
        expect.soft(response.status, `acknowledged suppression ${s.id}: ${response.text}`).toBe(200)
        continue
      }
      const body = response.body as { file_path: string; is_active: boolean; revoked_at: string | null }
      expect(body.file_path).toBe(s.filePath)
      if (s.revoked === "acked") {
        expect(body.is_active, `acknowledged revocation of ${s.id}`).toBe(false)
        expect(body.revoked_at).not.toBeNull()
        if (body.is_active) lost++
      } else if (s.revoked === "no") expect(body.is_active, `${s.id} was never revoked`).toBe(true)
      else expect(body.is_active === (body.revoked_at === null)).toBe(true)
    }

    const listed = async (prefix: string): Promise<{ total: number; ids: Array<string> }> => {
      const query = `?file_path=${encodeURIComponent(prefix)}&include_revoked=true&limit=200`
      const response = await request(live, "GET", `${SUPPRESSIONS}${query}`, { key })
      expect(response.status, response.text).toBe(200)
      const body = response.body as { total: number; suppressions: Array<{ id: string }> }
      return { total: body.total, ids: body.suppressions.map((x) => x.id).sort() }
    }
    // a bulk request is one transaction: all of its entries or none, acknowledged ones all
    for (const bulk of ledger.bulks) {
      const found = await listed(bulk.prefix)
      if (bulk.ids !== undefined) expect(found.ids).toEqual([...bulk.ids].sort())
      else {
        expect([0, bulk.n], `bulk ${bulk.prefix} cut by a kill: all or nothing`).toContain(found.total)
        if (found.total > 0) figures.committedWithoutAck.bulks++
      }
    }
    for (const filePath of ledger.createsCut) {
      const found = await listed(filePath)
      expect(found.total).toBeLessThanOrEqual(1)
      figures.committedWithoutAck.creates += found.total
    }

    // and it serves normally: writes, reads, statistics that add up
    const created = await request(live, "POST", SUPPRESSIONS, { key, body: { pattern_id: "exec_eval", reason: "wont_fix", file_path: "dur-after/x.py" } })
    expect(created.status, created.text).toBe(201)
    const stats = (await request(live, "GET", `${SUPPRESSIONS}/stats`, { key })).body as { total_active: number; total_revoked: number; total_expired: number }
    const all = await request(live, "GET", `${SUPPRESSIONS}?include_revoked=true&include_expired=true&limit=1`, { key })
    expect(stats.total_active + stats.total_revoked + stats.total_expired).toBe((all.body as { total: number }).total)
    expect(await live.stop("SIGTERM")).toBe(0)
    server = undefined

    // the rows: every scan holds exactly its counted findings, and each agent's numbers are gap-free
    const scans = await queryStore(db, (sql) =>
      sql<{ id: string; total_count: number; critical_count: number; rows: string }>`
        SELECT s.id, s.total_count, s.critical_count, (SELECT count(*) FROM findings f WHERE f.scan_id = s.id) AS rows
        FROM scans s`)
    for (const s of scans) {
      expect(Number(s.rows), `scan ${s.id}`).toBe(s.total_count)
      expect(s.critical_count).toBe(s.total_count)
    }
    const agents = await queryStore(db, (sql) =>
      sql<{ name: string; scan_count: number; scans: string; top: number | null }>`
        SELECT a.name, a.scan_count, (SELECT count(*) FROM scans s WHERE s.agent_id = a.id) AS scans,
               (SELECT max(s.scan_number) FROM scans s WHERE s.agent_id = a.id) AS top
        FROM agents a`)
    for (const a of agents) {
      expect(Number(a.scans), `scans of ${a.name}`).toBe(a.scan_count)
      expect(a.top).toBe(a.scan_count)
    }
    expect(scans.length).toBe(stored + AGENT_SIZES.length)

    const suppressionsAcked = ledger.suppressions.size
    const findings = [...ledger.scans.values()].reduce((n, s) => n + s.total, 0)
    console.log(
      `durability on ${backend}: ${figures.kills} SIGKILLs, ${figures.requestsSent} write requests sent by ${CLIENTS} clients, ${figures.requestsAcked} acknowledged; ` +
        `acknowledged: ${ledger.scans.size} scans (${findings} findings), ${suppressionsAcked} suppressions ` +
        `(${ledger.bulks.filter((b) => b.ids !== undefined).length} bulk requests), ${ledger.revokesAcked} revocations = ${acknowledged()} writes; ` +
        `cut by a kill: ${ledger.scansCut} scans, ${ledger.createsCut.length} creates, ${ledger.bulks.filter((b) => b.ids === undefined).length} bulks, ` +
        `${ledger.revokesCut} revocations (committed anyway, complete: ${figures.committedWithoutAck.scans} scans, ` +
        `${figures.committedWithoutAck.creates} creates, ${figures.committedWithoutAck.bulks} bulks); ` +
        `${scans.length} scans on disk, none half-written; 503 worker_unavailable: ${ledger.rejected503}; data lost: ${lost}`
    )
    expect(lost).toBe(0)
  }, 1_200_000)
})
