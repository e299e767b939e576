import { execFileSync } from "node:child_process"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { createTestDatabase, type TestDatabase } from "../support/databases.js"
import { request, type RunningServer, startServer, waitReady } from "../support/server.js"

/** Analysis worker processes of a server: its children running the pool's entry. */
const workerPids = (serverPid: number): Array<number> => {
  try {
    return execFileSync("ps", ["-o", "pid=,args=", "--ppid", String(serverPid)], { encoding: "utf8" })
      .split("\n")
      .filter((l) => l.includes("worker-main"))
      .map((l) => Number.parseInt(l.trim(), 10))
      .filter((n) => Number.isFinite(n))
  } catch {
    return []
  }
}

let db: TestDatabase
let server: RunningServer
const faults = { killed: 0, scans: 0 }

beforeAll(async () => {
  db = await createTestDatabase("embedded")
  server = await startServer({ ...db.env, VIGIL_WORKERS: "2", VIGIL_RATE_LIMIT: "10000" })
  await waitReady(server)
}, 180_000)

afterAll(async () => {
  console.log(`worker faults: ${faults.killed} workers killed during ${faults.scans} scans`)
  await server.stop()
  await db.dispose()
})

const heavyFiles = Array.from({ length: 120 }, (_, i) => ({
  path: `agent/mod${i}.py`,
  content: `def tool_${i}(expression):\n    return eval(expression)\n`.repeat(300)
}))

describe("analysis worker faults", () => {
  it("a worker killed mid-scan costs a transparent retry (or a 503), the pool replaces it, and later scans succeed", async () => {
    const before = workerPids(server.pid)
    expect(before.length).toBe(2)
    const key = server.bootstrapKey!
    const inflight = request(server, "POST", "/v1/scan", { key, body: { files: heavyFiles, policy: "comprehensive" } })
    await new Promise((resolve) => setTimeout(resolve, 400))
    for (const pid of workerPids(server.pid)) {
      process.kill(pid, "SIGKILL")
      faults.killed++
    }
    const answer = await inflight
    faults.scans++
    expect([200, 503]).toContain(answer.status)
    if (answer.status === 200) {
      const body = answer.body as { findings: Array<unknown>; files_scanned: number }
      expect(body.files_scanned + ((body as { files_skipped?: number }).files_skipped ?? 0)).toBe(120)
    } else {
      expect(answer.body).toMatchObject({ code: "worker_unavailable" })
    }
    for (let i = 0; i < 3; i++) {
      const next = await request(server, "POST", "/v1/scan", { key, body: { files: [{ path: "agent/a.py", content: "eval(user_input)\n" }] } })
      faults.scans++
      expect(next.status).toBe(200)
      expect((next.body as { findings: Array<unknown> }).findings.length).toBe(1)
    }
    const after = workerPids(server.pid)
    expect(after.length).toBe(2)
    expect(after.some((p) => before.includes(p))).toBe(false)
    expect((await request(server, "GET", "/readyz")).status).toBe(200)
  }, 180_000)
})
