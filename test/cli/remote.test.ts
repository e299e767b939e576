import { existsSync, readFileSync, writeFileSync } from "node:fs"
import { createRequire } from "node:module"
import { type AddressInfo, createServer } from "node:net"
import { join } from "node:path"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { createTestDatabase, type TestDatabase } from "../support/databases.js"
import { type CliResult, ROOT, runCli, type RunningServer, startServer } from "../support/server.js"
import { allSecrets, bulkyRepository, secretRepository, writeTree } from "./support/fixtures.js"
import { type RecordedRequest, type RecordingProxy, startRecordingProxy } from "./support/recordingProxy.js"

/**
 * `vigil scan --server` as a process against a real server behind a recording proxy. The server runs
 * with small limits (3 files, 20 KB per request), so every scan here is split, and the CLI has to
 * learn the limits from the server's answers or respect the ones it is given.
 */

interface Finding {
  readonly pattern_id: string
  readonly file: string
  readonly line: number
  readonly column: number
  readonly severity: string
  readonly finding_hash: string
  readonly code_snippet: string
  readonly message: string
}
interface Result {
  readonly scan_id: string
  readonly scan_ids?: Array<string>
  readonly agent_name?: string
  readonly risk_score: number
  readonly summary: Record<string, number>
  readonly files_scanned: number
  readonly files_skipped?: number
  readonly findings: Array<Finding>
  readonly quick_wins?: Array<unknown>
}

const SERVER_LIMITS = { VIGIL_MAX_FILES: "3", VIGIL_MAX_BODY_MB: "0.02", VIGIL_RATE_LIMIT: "0" }
const ORG = "default"

let db: TestDatabase
let server: RunningServer
let proxy: RecordingProxy
let key: string

beforeAll(async () => {
  db = await createTestDatabase("embedded")
  server = await startServer({ ...db.env, ...SERVER_LIMITS })
  key = server.bootstrapKey!
  proxy = await startRecordingProxy(server.baseUrl)
}, 180_000)

afterAll(async () => {
  await proxy?.close()
  await server?.stop()
  await db?.dispose()
})

const remoteEnv = (extra: Record<string, string> = {}) => ({ VIGIL_SERVER: proxy.url, VIGIL_API_KEY: key, ...extra })

/** The CLI against the proxy; returns the run and the requests it made. */
const remote = async (args: ReadonlyArray<string>, env: Record<string, string> = remoteEnv()) => {
  const before = proxy.requests.length
  const run = await runCli(args, env)
  return { run, requests: proxy.requests.slice(before) }
}

const json = (run: CliResult): Result => {
  try {
    return JSON.parse(run.stdout) as Result
  } catch {
    throw new Error(`not JSON (exit ${run.code}):\n${run.stdout}\n${run.stderr}`)
  }
}

const scanRequests = (requests: ReadonlyArray<RecordedRequest>): Array<RecordedRequest> =>
  requests.filter((r) => r.method === "POST" && r.path === "/v1/scan")

const opens = (requests: ReadonlyArray<RecordedRequest>): Array<RecordedRequest> =>
  requests.filter((r) => r.method === "POST" && r.path === "/v1/scan-sessions")
const chunkRequests = (requests: ReadonlyArray<RecordedRequest>): Array<RecordedRequest> =>
  requests.filter((r) => r.method === "PUT" && /^\/v1\/scan-sessions\/[^/]+\/chunks\/[^/]+$/.test(r.path))
const completions = (requests: ReadonlyArray<RecordedRequest>): Array<RecordedRequest> =>
  requests.filter((r) => r.method === "POST" && /^\/v1\/scan-sessions\/[^/]+\/complete$/.test(r.path))
const sentFindings = (body: string): Array<Record<string, unknown>> => (JSON.parse(body) as { findings?: Array<Record<string, unknown>> }).findings ?? []

/** Runs `body` against a server without upload sessions (an older Vigil): the proxy answers them 404. */
const withoutSessions = async <A>(body: () => Promise<A>): Promise<A> => {
  proxy.blocked.push(/^\/v1\/scan-sessions/)
  try {
    return await body()
  } finally {
    proxy.blocked.length = 0
  }
}

const sentFiles = (body: string): Array<{ path: string; content: string }> => (JSON.parse(body) as { files: Array<{ path: string; content: string }> }).files

/** A port nothing listens on: bound by the OS, then released. */
const closedPort = (): Promise<number> =>
  new Promise((resolve) => {
    const probe = createServer()
    probe.listen(0, "127.0.0.1", () => {
      const { port } = probe.address() as AddressInfo
      probe.close(() => resolve(port))
    })
  })

const identity = (f: Finding) => `${f.pattern_id} ${f.file}:${f.line}:${f.column} ${f.severity} ${f.finding_hash}`

describe("vigil scan --server", () => {
  let repo = ""
  let local: Result
  let merged: Result

  beforeAll(async () => {
    repo = secretRepository()
    const run = await runCli(["scan", repo, "--format", "json"], {})
    expect(run.code, run.stderr).toBe(0)
    local = json(run)
  }, 180_000)

  it("never sends a secret, sends one upload session with the credential findings, and merges to the local result", async () => {
    const { run, requests } = await remote(["scan", repo, "--format", "json", "--fail-on", "critical", "--agent-name", "billing-bot"])
    // findings at CRITICAL: exit 1 (and not 2: the scan itself worked)
    expect(run.code, run.stderr).toBe(1)
    merged = json(run)

    // no secret in any byte the server received, whatever the file: scanned, copied, ignored or fixture
    expect(requests.length).toBeGreaterThan(0)
    for (const r of requests) for (const secret of allSecrets()) expect(r.body).not.toContain(secret)

    // one session: opened once, chunks under the limits the server announced (3 files, 20 KB), completed once
    expect(scanRequests(requests)).toHaveLength(0)
    expect(opens(requests).map((r) => r.status)).toEqual([201])
    expect(JSON.parse(opens(requests)[0]!.body)).toMatchObject({ agent_name: "billing-bot", policy: "balanced" })
    const chunks = chunkRequests(requests)
    expect(chunks.length).toBeGreaterThanOrEqual(2)
    for (const c of chunks) {
      expect(c.status).toBe(200)
      expect(sentFiles(c.body).length).toBeLessThanOrEqual(3)
      expect(Buffer.byteLength(c.body)).toBeLessThanOrEqual(20_000)
    }
    expect(new Set(chunks.map((c) => c.path)).size).toBe(chunks.length)
    expect(completions(requests).map((r) => r.status)).toEqual([200])
    expect(run.stderr).toContain(`server scan ${merged.scan_id} for agent "billing-bot"`)
    expect(merged.scan_ids).toBeUndefined()

    const uploaded = chunks.flatMap((r) => sentFiles(r.body))
    expect(uploaded.map((f) => f.path).sort()).toEqual(["agent/client.ts", "agent/config.py", "agent/keys.py", "agent/settings.yaml", "agent/workflow.json"])
    for (const f of uploaded) {
      expect(f.content.split("\n").length, f.path).toBe(readFileSync(join(repo, f.path), "utf8").split("\n").length)
    }
    const config = uploaded.find((f) => f.path === "agent/config.py")!.content.split("\n")
    expect(config[2]).toBe('OPENAI_KEY = "[REDACTED-openai_api_key]"; answer = eval(input())')
    expect(config[3]).toBe('client_secret = "[REDACTED-secret_assignment]"')

    // the credential findings travel with the chunk of their file: location, hash and masked text only
    const sent = chunks.flatMap((c) => {
      const paths = new Set(sentFiles(c.body).map((f) => f.path))
      const findings = sentFindings(c.body)
      for (const f of findings) expect(paths.has(f["file"] as string)).toBe(true)
      return findings
    })
    const localCredentials = local.findings.filter((f) => f.pattern_id === "hardcoded_credentials")
    expect(sent.map((f) => `${String(f["file"])}:${String(f["line"])}:${String(f["column"])} ${String(f["finding_hash"])}`).sort())
      .toEqual(localCredentials.map((f) => `${f.file}:${f.line}:${f.column} ${f.finding_hash}`).sort())
    for (const f of sent) {
      expect(f["finding_hash"]).toMatch(/^sha256:[0-9a-f]{64}$/)
      expect(String(f["code_snippet"])).toMatch(/\*\*\*\*/)
    }

    // merged: the same findings, lines, columns and hashes as the embedded engine on the original files
    expect(merged.findings.map(identity)).toEqual(local.findings.map(identity))
    expect(merged.summary).toEqual(local.summary)
    expect(merged.risk_score).toBe(local.risk_score)
    expect(merged.files_scanned).toBe(local.files_scanned)
    expect(merged.files_skipped).toBe(local.files_skipped)
    expect(merged.quick_wins).toEqual(local.quick_wins)
    expect(merged.agent_name).toBe("billing-bot")

    // the server stored the credential findings with its own: the diff of the stored scan has them all
    const diff = await fetch(`${server.baseUrl}/v1/scans/${merged.scan_id}/diff`, { headers: { authorization: `Bearer ${key}` } })
    const stored = (await diff.json()) as { diff: { new_findings: Array<Finding>; summary: { total_new: number } } }
    expect(stored.diff.summary.total_new).toBe(local.findings.length)
    expect(stored.diff.new_findings.filter((f) => f.pattern_id === "hardcoded_credentials").map((f) => f.finding_hash).sort())
      .toEqual(localCredentials.map((f) => f.finding_hash).sort())
    for (const secret of allSecrets()) expect(JSON.stringify(stored)).not.toContain(secret)
    for (const secret of allSecrets()) expect(run.stdout).not.toContain(secret)
    expect(run.stderr).toMatch(/9 secrets redacted before upload/)
  }, 300_000)

  it("falls back to one POST /v1/scan per chunk against a server without upload sessions, merging locally", async () => {
    const { run, requests } = await withoutSessions(() => remote(["scan", repo, "--format", "json", "--fail-on", "critical", "--agent-name", "billing-bot-fallback"]))
    // findings at CRITICAL: exit 1 (and not 2: the scan itself worked)
    expect(run.code, run.stderr).toBe(1)
    const merged = json(run)

    // no secret in any byte the server received, whatever the file: scanned, copied, ignored or fixture
    expect(requests.length).toBeGreaterThan(0)
    for (const r of requests) for (const secret of allSecrets()) expect(r.body).not.toContain(secret)

    // the server takes 3 files per request: the CLI learnt it from the 400 and split
    const scans = scanRequests(requests)
    expect(scans.map((r) => r.status)).toEqual([400, 200, 200])
    const uploaded = scans.slice(1).flatMap((r) => sentFiles(r.body))
    expect(uploaded.map((f) => f.path).sort()).toEqual(["agent/client.ts", "agent/config.py", "agent/keys.py", "agent/settings.yaml", "agent/workflow.json"])
    for (const f of uploaded) {
      expect(f.content.split("\n").length, f.path).toBe(readFileSync(join(repo, f.path), "utf8").split("\n").length)
    }
    const config = uploaded.find((f) => f.path === "agent/config.py")!.content.split("\n")
    expect(config[2]).toBe('OPENAI_KEY = "[REDACTED-openai_api_key]"; answer = eval(input())')
    expect(config[3]).toBe('client_secret = "[REDACTED-secret_assignment]"')
    expect(uploaded.find((f) => f.path === "agent/settings.yaml")!.content).toContain('aws_access_key_id: "[REDACTED-aws_access_key_id]"')
    expect(uploaded.find((f) => f.path === "agent/workflow.json")!.content).toContain('"value": "[REDACTED-')
    for (const s of scans.slice(1)) expect(JSON.parse(s.body)).toMatchObject({ agent_name: "billing-bot-fallback", policy: "balanced" })

    // merged: the same findings, lines, columns and hashes as the embedded engine on the original files
    expect(merged.findings.map(identity)).toEqual(local.findings.map(identity))
    expect(merged.summary).toEqual(local.summary)
    expect(merged.risk_score).toBe(local.risk_score)
    expect(merged.files_scanned).toBe(local.files_scanned)
    expect(merged.files_skipped).toBe(local.files_skipped)
    expect(merged.quick_wins).toEqual(local.quick_wins)
    expect(merged.agent_name).toBe("billing-bot-fallback")
    expect(opens(requests).map((r) => r.status)).toEqual([404])
    expect(run.stderr).toContain("the server has no upload sessions")
    expect(merged.scan_ids).toHaveLength(2)
    expect(merged.scan_id).toBe(merged.scan_ids![0])

    const at = (pattern: string, file: string) => merged.findings.filter((f) => f.pattern_id === pattern && f.file === file).map((f) => `${f.line}:${f.column}`)
    expect(at("hardcoded_credentials", "agent/config.py")).toEqual(["3:15", "4:18"])
    expect(at("hardcoded_credentials", "agent/keys.py")).toEqual(["3:1"])
    expect(at("hardcoded_credentials", "agent/settings.yaml")).toEqual(["3:22", "4:17"])
    expect(at("hardcoded_credentials", "agent/workflow.json").map((l) => l.split(":")[0])).toEqual(["20"])
    // the eval after the key: its column is the original one, not the one in the redacted text
    const evalColumn = readFileSync(join(repo, "agent/config.py"), "utf8").split("\n")[2]!.indexOf("eval(") + 1
    expect(at("exec_eval", "agent/config.py")).toContain(`3:${evalColumn}`)
    // the report itself shows masks, never the values
    for (const secret of allSecrets()) expect(run.stdout).not.toContain(secret)
    expect(run.stderr).toMatch(/9 secrets redacted before upload/)
  }, 300_000)

  it("writes SARIF that validates against the SARIF 2.1.0 schema, with the local credential results", async () => {
    const out = join(repo, "..", `vigil-${Date.now()}.sarif`)
    const { run } = await remote(["scan", repo, "--format", "sarif", "-o", out])
    expect(run.code, run.stderr).toBe(0)
    const sarif = JSON.parse(readFileSync(out, "utf8")) as { version: string; runs: Array<{ results: Array<{ ruleId: string; locations: Array<{ physicalLocation: { region: { startLine: number } } }> }> }> }
    expect(sarif.version).toBe("2.1.0")
    const credentialLines = sarif.runs[0]!.results.filter((r) => r.ruleId === "hardcoded_credentials").map((r) => r.locations[0]!.physicalLocation.region.startLine)
    expect(credentialLines.sort((a, b) => a - b)).toEqual([3, 3, 3, 4, 4, 20])
    for (const secret of allSecrets()) expect(readFileSync(out, "utf8")).not.toContain(secret)
    const schemaPath = [join(ROOT, "..", "shared", "reference", "sarif-schema-2.1.0.json"), join(ROOT, "test", "support", "sarif-schema-2.1.0.json")].find(existsSync)
    if (schemaPath === undefined) {
      console.warn("SARIF 2.1.0 schema not found: schema validation of remote SARIF output skipped")
      return
    }
    const require = createRequire(import.meta.url)
    const Ajv = require("ajv-draft-04") as new (o: object) => { compile: (s: object) => ((d: unknown) => boolean) & { errors?: unknown } }
    const addFormats = require("ajv-formats") as (a: unknown) => void
    const ajv = new Ajv({ strict: false, allErrors: true })
    addFormats(ajv)
    const validate = ajv.compile(JSON.parse(readFileSync(schemaPath, "utf8")) as object)
    expect(validate(sarif), JSON.stringify(validate.errors)).toBe(true)
  }, 300_000)
})

describe("chunking", () => {
  // 6 files of ~5 KB: over the server's 20 KB per request, and over its 3 files
  const bulky = bulkyRepository(6, 5000)

  const expectAllSix = (result: Result) => {
    expect(result.files_scanned).toBe(6)
    const evals = result.findings.filter((f) => f.pattern_id === "exec_eval")
    expect(evals.map((f) => `${f.file}:${f.line}`)).toEqual(Array.from({ length: 6 }, (_, i) => `bulk/module_0${i}.py:3`))
    expect(result.summary["total"]).toBe(result.findings.length)
  }

  it("gives one scan_id for a repository that needs several chunks", async () => {
    const { run, requests } = await remote(["scan", bulky, "--format", "json"])
    expect(run.code, run.stderr).toBe(0)
    const chunks = chunkRequests(requests)
    expect(chunks.length).toBeGreaterThanOrEqual(2)
    expect(chunks.map((c) => c.status).every((s) => s === 200)).toBe(true)
    expect(completions(requests)).toHaveLength(1)
    const result = json(run)
    expectAllSix(result)
    expect(result.scan_ids).toBeUndefined()
    // one stored scan holds every chunk's findings
    const diff = await fetch(`${server.baseUrl}/v1/scans/${result.scan_id}/diff`, { headers: { authorization: `Bearer ${key}` } })
    const body = (await diff.json()) as { diff: { head_scan_id: string; new_findings: Array<Finding>; unchanged_findings: Array<Finding> } }
    expect(body.diff.head_scan_id).toBe(result.scan_id)
    expect([...body.diff.new_findings, ...body.diff.unchanged_findings].filter((f) => f.pattern_id === "exec_eval")).toHaveLength(6)
  }, 300_000)

  it("does not count a retried chunk twice", async () => {
    // the server receives the first chunk, but the CLI sees a 503 and sends it again
    proxy.faults.push({ path: /\/chunks\//, afterForwarding: true, status: 503, headers: { "retry-after": "1" } })
    const { run, requests } = await remote(["scan", bulky, "--format", "json"])
    expect(run.code, run.stderr).toBe(0)
    const chunks = chunkRequests(requests)
    expect(chunks[0]!.status).toBe(503)
    expect(chunks[1]!.path).toBe(chunks[0]!.path)
    expect(chunks[1]!.body).toBe(chunks[0]!.body)
    expect(chunks[1]!.status).toBe(200)
    const result = json(run)
    expectAllSix(result)
    expect(result.findings.filter((f) => f.pattern_id === "exec_eval")).toHaveLength(6)
  }, 300_000)

  it("splits a request the server refuses as too large (413) and merges the parts", async () => {
    const { run, requests } = await withoutSessions(() => remote(["scan", bulky, "--format", "json"]))
    expect(run.code, run.stderr).toBe(0)
    const scans = scanRequests(requests)
    expect(scans[0]!.status).toBe(413)
    expect(scans.filter((r) => r.status === 200).length).toBeGreaterThanOrEqual(2)
    const sent = scans.filter((r) => r.status === 200).flatMap((r) => sentFiles(r.body).map((f) => f.path))
    expect(sent.sort()).toEqual(Array.from({ length: 6 }, (_, i) => `bulk/module_0${i}.py`))
    expectAllSix(json(run))
  }, 300_000)

  it("respects --max-files and --max-request-mb without being refused", async () => {
    const { run, requests } = await remote(["scan", bulky, "--format", "json", "--max-files", "2", "--max-request-mb", "0.012"])
    expect(run.code, run.stderr).toBe(0)
    const chunks = chunkRequests(requests)
    expect(chunks.map((r) => r.status)).toEqual([200, 200, 200])
    for (const r of chunks) {
      expect(sentFiles(r.body).length).toBeLessThanOrEqual(2)
      expect(Buffer.byteLength(r.body)).toBeLessThanOrEqual(12_000)
    }
    const result = json(run)
    expectAllSix(result)
    expect(result.scan_ids).toBeUndefined()

    const fallback = await withoutSessions(() => remote(["scan", bulky, "--format", "json", "--max-files", "2", "--max-request-mb", "0.012"]))
    expect(fallback.run.code, fallback.run.stderr).toBe(0)
    expect(scanRequests(fallback.requests).map((r) => r.status)).toEqual([200, 200, 200])
    expect(json(fallback.run).scan_ids).toHaveLength(3)
  }, 300_000)
})

describe("retries and exit codes", () => {
  const tiny = writeTree("tiny", { "bot/app.py": "def run(x):\n    return eval(x)\n" })

  it("retries 429 and 503 as Retry-After says, then succeeds with the same body", async () => {
    proxy.faults.push({ status: 429, headers: { "retry-after": "1" } }, { status: 503, headers: { "retry-after": "1" } })
    const started = Date.now()
    const { run, requests } = await remote(["scan", tiny, "--format", "json"])
    expect(run.code, run.stderr).toBe(0)
    const scans = opens(requests).map((r) => ({ ...r, status: r.status === 201 ? 200 : r.status }))
    expect(scans.map((r) => r.status)).toEqual([429, 503, 200])
    expect(scans[1]!.at - scans[0]!.at).toBeGreaterThanOrEqual(950)
    expect(scans[2]!.at - scans[1]!.at).toBeGreaterThanOrEqual(950)
    expect(new Set(scans.map((r) => r.body)).size).toBe(1)
    expect(Date.now() - started).toBeGreaterThanOrEqual(2000)
    expect(run.stderr).toMatch(/server answered 429/)
    expect(run.stderr).toMatch(/server answered 503/)
    expect(json(run).findings.map((f) => f.pattern_id)).toContain("exec_eval")
  }, 300_000)

  it("gives up after --retries with exit code 2 and says why", async () => {
    proxy.faults.push({ status: 503, headers: { "retry-after": "1" } }, { status: 503, headers: { "retry-after": "1" } })
    const { run, requests } = await remote(["scan", tiny, "--retries", "1"])
    expect(run.code).toBe(2)
    expect(opens(requests)).toHaveLength(2)
    expect(run.stderr).toMatch(/503 \(worker_unavailable: .*still busy after 1 retries/)
  }, 300_000)

  it("exits 2 with a clear message for a bad key, an unreachable server, a missing key or bad usage", async () => {
    const badKey = await remote(["scan", tiny], remoteEnv({ VIGIL_API_KEY: "vgl_not-a-real-key" }))
    expect(badKey.run.code).toBe(2)
    expect(badKey.run.stderr).toMatch(/401 \(auth_required: .*Check VIGIL_API_KEY/)

    const closed = await closedPort()
    const unreachable = await runCli(["scan", tiny, "--server", `http://127.0.0.1:${closed}`], { VIGIL_API_KEY: key })
    expect(unreachable.code).toBe(2)
    expect(unreachable.stderr).toContain(`cannot reach the Vigil server at http://127.0.0.1:${closed} (ECONNREFUSED)`)

    const noKey = await runCli(["scan", tiny, "--server", proxy.url], {})
    expect(noKey.code).toBe(2)
    expect(noKey.stderr).toMatch(/VIGIL_API_KEY is not set/)

    const badUrl = await runCli(["scan", tiny, "--server", "ftp://example"], { VIGIL_API_KEY: key })
    expect(badUrl.code).toBe(2)
    expect(badUrl.stderr).toMatch(/--server must be an http/)

    const badFormat = await runCli(["scan", tiny, "--format", "xml"], {})
    expect(badFormat.code).toBe(2)
    expect(badFormat.stdout + badFormat.stderr).toMatch(/table|json|sarif/)
  }, 300_000)
})

describe("vigil diff and vigil suppress", () => {
  const agent = writeTree("diff-bot", { "app.py": "def run(x):\n    return eval(x)\n" })
  let first = ""
  let second = ""

  const scanId = async (extraEnv: Record<string, string> = {}): Promise<Result> => {
    const { run } = await remote(["scan", agent, "--format", "json", "--agent-name", "diff-bot"], remoteEnv(extraEnv))
    expect(run.code, run.stderr).toBe(0)
    return json(run)
  }

  it("shows what a scan changed against the previous one, failing only on new findings", async () => {
    first = (await scanId()).scan_id
    // a tool: the model writes `cmd`, so the flow is proven and the finding CRITICAL
    writeFileSync(join(agent, "tool.py"), "from langchain_core.tools import tool\n\n\n@tool\ndef shell(cmd: str) -> str:\n    return eval(cmd)\n")
    second = (await scanId()).scan_id

    const table = await remote(["diff", second, "--fail-on", "high"])
    expect(table.run.code, table.run.stderr).toBe(1)
    expect(table.run.stdout).toMatch(new RegExp(`^REGRESSION: scan ${second} of agent "diff-bot" against scan ${first}`))
    expect(table.run.stdout).toMatch(/1 new \(1 critical\), 0 fixed, 1 unchanged/)
    expect(table.run.stdout).toMatch(/CRITICAL\s+tool\.py:6:\d+\s+exec_eval/)
    expect(table.requests.map((r) => r.path)).toEqual([`/v1/scans/${second}/diff`])

    const asJson = await remote(["diff", second, "--base", first, "--format", "json"])
    expect(asJson.run.code, asJson.run.stderr).toBe(0)
    const body = JSON.parse(asJson.run.stdout) as { diff: { status: string; base_scan_id: string; summary: { total_new: number } } }
    expect(body.diff).toMatchObject({ status: "REGRESSION", base_scan_id: first, summary: { total_new: 1 } })
    expect(asJson.requests.map((r) => r.path)).toEqual([`/v1/scans/${second}/diff?base=${first}`])

    const notAnId = await remote(["diff", "nope"])
    expect(notAnId.run.code).toBe(2)
    const unknown = await remote(["diff", "00000000-0000-4000-8000-000000000000"])
    expect(unknown.run.code).toBe(2)
    expect(unknown.run.stderr).toMatch(/404 \(not_found/)
  }, 300_000)

  it("creates, lists, exports and revokes suppressions; a suppression hides the finding from the next scan", async () => {
    const created = await remote(["suppress", "create", "--org", ORG, "--pattern", "exec_eval", "--reason", "accepted_risk", "--file", "tool.py", "--justification", "sandboxed, see ADR-7", "--expires", "30d", "--json"])
    expect(created.run.code, created.run.stderr).toBe(0)
    const suppression = JSON.parse(created.run.stdout) as { id: string; pattern_id: string; file_path: string; expires_at: string }
    expect(suppression).toMatchObject({ pattern_id: "exec_eval", file_path: "tool.py" })
    expect(Date.parse(suppression.expires_at) - Date.now()).toBeGreaterThan(29 * 86_400_000)
    expect(JSON.parse(created.requests[0]!.body)).toMatchObject({ pattern_id: "exec_eval", reason: "accepted_risk", file_path: "tool.py", justification: "sandboxed, see ADR-7" })

    const list = await remote(["suppress", "list"], remoteEnv({ VIGIL_ORG: ORG }))
    expect(list.run.code, list.run.stderr).toBe(0)
    expect(list.run.stdout).toMatch(new RegExp(`${suppression.id}\\s+exec_eval\\s+\\(all agents, tool\\.py\\)\\s+accepted_risk\\s+active`))

    const csv = await remote(["suppress", "export", "--org", ORG])
    expect(csv.run.code, csv.run.stderr).toBe(0)
    expect(csv.run.stdout.split(/\r?\n/)[0]).toBe("id,pattern_id,agent_id,file_path,line_number,reason,justification,expires_at,created_at,created_by")
    expect(csv.run.stdout).toContain(`${suppression.id},exec_eval,,tool.py,,accepted_risk,"sandboxed, see ADR-7"`)
    expect(csv.requests[0]!.headers["accept"]).toBe("text/csv")

    const hidden = await scanId()
    expect(hidden.findings.map((f) => f.file)).toEqual(["app.py"])

    const revoked = await remote(["suppress", "revoke", suppression.id, "--org", ORG])
    expect(revoked.run.code, revoked.run.stderr).toBe(0)
    expect(revoked.run.stdout).toMatch(new RegExp(`Revoked suppression ${suppression.id} at `))
    expect(revoked.requests.map((r) => `${r.method} ${r.path}`)).toEqual([`DELETE /v1/orgs/${ORG}/suppressions/${suppression.id}`])

    const after = await remote(["suppress", "list", "--org", ORG, "--json"])
    expect((JSON.parse(after.run.stdout) as { suppressions: Array<{ id: string }> }).suppressions.map((s) => s.id)).not.toContain(suppression.id)

    const noOrg = await runCli(["suppress", "list"], remoteEnv())
    expect(noOrg.code).toBe(2)
    expect(noOrg.stderr).toMatch(/--org/)
  }, 300_000)

  it("applies the organisation's suppressions to the credential findings made locally", async () => {
    const repo = secretRepository()
    const created = await remote(["suppress", "create", "--org", ORG, "--pattern", "hardcoded_credentials", "--reason", "false_positive", "--file", "agent/settings.yaml"])
    expect(created.run.code, created.run.stderr).toBe(0)
    const { run } = await remote(["scan", repo, "--format", "json", "--max-files", "3"], remoteEnv({ VIGIL_ORG: ORG }))
    expect(run.code, run.stderr).toBe(0)
    const files = json(run).findings.filter((f) => f.pattern_id === "hardcoded_credentials").map((f) => f.file)
    expect(files).not.toContain("agent/settings.yaml")
    expect(files).toContain("agent/config.py")
  }, 300_000)
})
