import { writeFileSync } from "node:fs"
import { join } from "node:path"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { queryStore } from "../reliability/support/store.js"
import { BACKENDS, createTestDatabase, type TestDatabase } from "../support/databases.js"
import { type CliResult, runCli, type RunningServer, startServer } from "../support/server.js"
import { allSecrets, SECRETS, secretRepository, writeTree } from "./support/fixtures.js"
import { type RecordingProxy, startRecordingProxy } from "./support/recordingProxy.js"

/**
 * `vigil scan --server` with upload sessions, as a process, on both databases: one stored scan per
 * run with the credential findings made locally, so a key added between two scans is new in
 * `vigil diff` and can be suppressed; and no secret in any request body or database row.
 */

interface Finding {
  readonly pattern_id: string
  readonly file: string
  readonly line: number
  readonly finding_hash: string
}
interface Result {
  readonly scan_id: string
  readonly scan_ids?: ReadonlyArray<string>
  readonly findings: ReadonlyArray<Finding>
}
interface Diff {
  readonly diff: {
    readonly status: string
    readonly base_scan_id: string | null
    readonly summary: { readonly total_new: number; readonly total_fixed: number }
    readonly new_findings: ReadonlyArray<Finding>
  }
}

const parse = <A>(run: CliResult): A => {
  try {
    return JSON.parse(run.stdout) as A
  } catch {
    throw new Error(`not JSON (exit ${run.code}):\n${run.stdout}\n${run.stderr}`)
  }
}

describe.each(BACKENDS)("vigil scan --server with upload sessions on %s", (backend) => {
  let db: TestDatabase
  let server: RunningServer | undefined
  let proxy: RecordingProxy
  let key: string

  beforeAll(async () => {
    db = await createTestDatabase(backend)
    // small limits: 3 files and 20 KB per request, so every scan here takes several chunks
    server = await startServer({ ...db.env, VIGIL_MAX_FILES: "3", VIGIL_MAX_BODY_MB: "0.02", VIGIL_RATE_LIMIT: "0" })
    key = server.bootstrapKey!
    proxy = await startRecordingProxy(server.baseUrl)
  }, 240_000)
  afterAll(async () => {
    await proxy?.close()
    await server?.stop()
    await db?.dispose()
  }, 240_000)

  const cli = (args: ReadonlyArray<string>) => runCli(args, { VIGIL_SERVER: proxy.url, VIGIL_API_KEY: key })

  it("shows a key added between two scans as new in vigil diff, and a suppression hides it next time", async () => {
    const repo = writeTree("keys-bot", { "app.py": "def run(x):\n    return eval(x)\n", "util.py": "def add(a, b):\n    return a + b\n" })
    const scan = async (): Promise<Result> => {
      const run = await cli(["scan", repo, "--format", "json", "--agent-name", "keys-bot"])
      expect(run.code === 0 || run.code === 1, run.stderr).toBe(true)
      return parse<Result>(run)
    }
    const first = await scan()
    expect(first.findings.map((f) => f.pattern_id)).toEqual(["exec_eval"])

    writeFileSync(join(repo, "config.py"), `import os\n\nOPENAI_KEY = "${SECRETS.openai}"\n`)
    const second = await scan()
    expect(second.scan_ids).toBeUndefined()
    const key = second.findings.find((f) => f.pattern_id === "hardcoded_credentials" && f.file === "config.py")
    expect(key).toBeDefined()

    const diffRun = await cli(["diff", second.scan_id, "--format", "json"])
    expect(diffRun.code, diffRun.stderr).toBe(0)
    const diff = parse<Diff>(diffRun).diff
    expect(diff.base_scan_id).toBe(first.scan_id)
    expect(diff.summary).toMatchObject({ total_new: 1, total_fixed: 0 })
    expect(diff.new_findings.map((f) => `${f.pattern_id} ${f.file}:${f.line} ${f.finding_hash}`))
      .toEqual([`hardcoded_credentials config.py:3 ${key!.finding_hash}`])
    const table = await cli(["diff", second.scan_id, "--fail-on", "critical"])
    expect(table.code).toBe(1)
    expect(table.stdout).toMatch(/REGRESSION/)
    expect(table.stdout).toMatch(/CRITICAL\s+config\.py:3:\d+\s+hardcoded_credentials/)

    const suppressed = await cli(["suppress", "create", "--org", "default", "--pattern", "hardcoded_credentials", "--reason", "accepted_risk", "--hash", key!.finding_hash])
    expect(suppressed.code, suppressed.stderr).toBe(0)
    const third = await scan()
    expect(third.findings.map((f) => f.pattern_id)).toEqual(["exec_eval"])
    const after = parse<Diff>(await cli(["diff", third.scan_id, "--format", "json"])).diff
    expect(after.base_scan_id).toBe(second.scan_id)
    expect(after.summary).toMatchObject({ total_new: 0, total_fixed: 0 })
    expect(after.status).toBe("UNCHANGED")
  }, 300_000)

  it("never lets a secret value reach the server: not in a request body, not in a database row", async () => {
    const repo = secretRepository()
    const before = proxy.requests.length
    const run = await cli(["scan", repo, "--format", "json", "--agent-name", "vault-bot", "--fail-on", "critical"])
    expect(run.code, run.stderr).toBe(1)
    const result = parse<Result>(run)
    expect(result.findings.filter((f) => f.pattern_id === "hardcoded_credentials").length).toBeGreaterThanOrEqual(6)
    const chunks = proxy.requests.slice(before).filter((r) => r.method === "PUT")
    expect(chunks.length).toBeGreaterThanOrEqual(2)
    for (const r of proxy.requests) for (const secret of allSecrets()) expect(r.body, `${r.method} ${r.path}`).not.toContain(secret)

    // an open session holds files and client findings too: leave one open with the same chunks
    const auth = { authorization: `Bearer ${key}`, "content-type": "application/json" }
    const open = await fetch(`${server!.baseUrl}/v1/scan-sessions`, { method: "POST", headers: auth, body: "{}" })
    expect(open.status).toBe(201)
    const pending = (await open.json()) as { session_id: string }
    for (const [i, chunk] of chunks.entries()) {
      const put = await fetch(`${server!.baseUrl}/v1/scan-sessions/${pending.session_id}/chunks/${i}`, { method: "PUT", headers: auth, body: chunk.body })
      expect(put.status, await put.text()).toBe(200)
    }

    await server!.stop()
    server = undefined
    const tables = await queryStore(db, (sql) =>
      sql<{ table_name: string }>`SELECT table_name FROM information_schema.tables WHERE table_schema = 'public' AND table_type = 'BASE TABLE'`)
    const names = tables.map((t) => t.table_name)
    expect(names).toEqual(expect.arrayContaining(["scans", "findings", "scan_sessions", "scan_session_chunks", "scan_session_files"]))
    let rows = 0
    for (const name of names) {
      const dump = await queryStore(db, (sql) => sql<{ row: string }>`SELECT row_to_json(t)::text AS row FROM ${sql(name)} t`)
      rows += dump.length
      for (const { row } of dump) for (const secret of allSecrets()) expect(row, `a row of ${name}`).not.toContain(secret)
    }
    expect(rows).toBeGreaterThan(0)
    // the credential findings are stored, masked
    const stored = await queryStore(db, (sql) =>
      sql<{ code_snippet: string; files: number }>`
        SELECT f.code_snippet, (SELECT count(*)::int FROM scan_session_files) AS files FROM findings f
        JOIN scans s ON s.id = f.scan_id JOIN agents a ON a.id = s.agent_id
        WHERE a.name = 'vault-bot' AND f.pattern_id = 'hardcoded_credentials'`)
    expect(stored.length).toBe(result.findings.filter((f) => f.pattern_id === "hardcoded_credentials").length)
    expect(stored.some((r) => r.code_snippet.includes("****"))).toBe(true)
    expect(stored[0]!.files).toBeGreaterThan(0)
  }, 300_000)
})
