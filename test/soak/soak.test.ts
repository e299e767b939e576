import { readFileSync } from "node:fs"
import { execFileSync } from "node:child_process"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { createTestDatabase, type TestDatabase } from "../support/databases.js"
import { request, type RunningServer, startServer, waitReady } from "../support/server.js"

/**
 * Sustained concurrent scans and suppression traffic on loopback for a bounded time (SOAK_SECONDS,
 * default 120): no failed request, memory of the server and its workers flat after warm-up; then a
 * burst against a low rate limit must be answered with 429 and Retry-After.
 */
const SECONDS = Number(process.env["SOAK_SECONDS"] ?? "120")
const CONCURRENCY = Number(process.env["SOAK_CONCURRENCY"] ?? "4")

const rssOfTree = (pid: number): number => {
  const pids = [pid]
  try {
    pids.push(...execFileSync("ps", ["-o", "pid=", "--ppid", String(pid)], { encoding: "utf8" }).split("\n").map((s) => Number.parseInt(s.trim(), 10)).filter(Number.isFinite))
  } catch {
    // no children
  }
  return pids.reduce((sum, p) => {
    try {
      const m = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${p}/status`, "utf8"))
      return sum + (m ? Number(m[1]) * 1024 : 0)
    } catch {
      return sum
    }
  }, 0)
}

const agentFiles = (i: number) =>
  Array.from({ length: 50 }, (_, f) => ({
    path: `agent${i % 5}/src/module${f}.${f % 3 === 0 ? "py" : f % 3 === 1 ? "ts" : "go"}`,
    content:
      f % 3 === 0
        ? `from langchain.tools import tool\n\n@tool\ndef run_${f}(expression: str) -> str:\n    return str(eval(expression))\n` + "# padding line\n".repeat(600)
        : f % 3 === 1
        ? `export const handler${f} = (input: string) => eval(input)\n` + "// padding line\n".repeat(600)
        : `package main\n\nfunc main() {}\n` + "// padding line\n".repeat(600)
  }))

let db: TestDatabase
let server: RunningServer
let orgId = ""

beforeAll(async () => {
  db = await createTestDatabase("embedded")
  server = await startServer({ ...db.env, VIGIL_RATE_LIMIT: "100000", VIGIL_WORKERS: "2" })
  await waitReady(server)
  orgId = /organisation "default", id ([0-9a-f-]{36})/.exec(server.output())?.[1] ?? ""
}, 180_000)

afterAll(async () => {
  await server.stop()
  await db.dispose()
})

describe("soak", () => {
  it(`sustains ${CONCURRENCY} concurrent clients for ${SECONDS}s without a failed request or a memory leak`, async () => {
    const key = server.bootstrapKey!
    const stats = { scans: 0, suppressionCalls: 0, failures: [] as Array<string>, latencies: [] as Array<number> }
    const samples: Array<{ at: number; rss: number }> = []
    const started = Date.now()
    const sampler = setInterval(() => samples.push({ at: Date.now() - started, rss: rssOfTree(server.pid) }), 1000)
    const client = async (c: number) => {
      let i = 0
      while (Date.now() - started < SECONDS * 1000) {
        i++
        const t0 = Date.now()
        const scan = await request(server, "POST", "/v1/scan", { key, body: { files: agentFiles(c * 1000 + i), agent_name: `soak-${c % 3}` } })
        stats.latencies.push(Date.now() - t0)
        stats.scans++
        if (scan.status !== 200) stats.failures.push(`scan ${scan.status} ${scan.text.slice(0, 120)}`)
        if (i % 3 === 0 && orgId !== "") {
          const created = await request(server, "POST", `/v1/orgs/${orgId}/suppressions`, {
            key,
            body: { pattern_id: "exec_eval", reason: "accepted_risk", file_path: `agent0/src/module${c}-${i}.py`, justification: "soak" }
          })
          const listed = await request(server, "GET", `/v1/orgs/${orgId}/suppressions?limit=20`, { key })
          stats.suppressionCalls += 2
          if (created.status !== 201 && created.status !== 200) stats.failures.push(`create suppression ${created.status} ${created.text.slice(0, 120)}`)
          if (listed.status !== 200) stats.failures.push(`list suppressions ${listed.status}`)
        }
      }
    }
    await Promise.all(Array.from({ length: CONCURRENCY }, (_, c) => client(c)))
    clearInterval(sampler)
    const sorted = [...stats.latencies].sort((a, b) => a - b)
    const pct = (p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0
    const warm = samples.filter((s) => s.at > (SECONDS * 1000) / 3)
    const firstThird = warm.slice(0, Math.max(1, Math.floor(warm.length / 2)))
    const lastThird = warm.slice(Math.floor(warm.length / 2))
    const avg = (xs: Array<{ rss: number }>) => xs.reduce((s, x) => s + x.rss, 0) / Math.max(1, xs.length)
    const growth = avg(lastThird) / Math.max(1, avg(firstThird))
    console.log(
      `soak: ${stats.scans} scans + ${stats.suppressionCalls} suppression calls in ${SECONDS}s at concurrency ${CONCURRENCY}; ` +
        `latency p50 ${pct(50)} ms p95 ${pct(95)} ms p99 ${pct(99)} ms; failures ${stats.failures.length}; ` +
        `RSS (server + workers) after warm-up ${Math.round(avg(firstThird) / 1048576)} MB -> ${Math.round(avg(lastThird) / 1048576)} MB (x${growth.toFixed(2)})`
    )
    expect(stats.failures).toEqual([])
    expect(stats.scans).toBeGreaterThan(CONCURRENCY)
    expect(growth).toBeLessThan(1.25)
  }, (SECONDS + 120) * 1000)

  it("answers a burst over the rate limit with 429 and Retry-After", async () => {
    const limited = await startServer({ ...(await createTestDatabase("embedded")).env, VIGIL_RATE_LIMIT: "5" })
    try {
      await waitReady(limited)
      const key = limited.bootstrapKey!
      const answers = await Promise.all(
        Array.from({ length: 20 }, () => request(limited, "POST", "/v1/scan", { key, body: { files: [{ path: "a.py", content: "x = 1\n" }] } }))
      )
      const limitedAnswers = answers.filter((a) => a.status === 429)
      console.log(`burst: ${answers.length} requests, ${limitedAnswers.length} answered 429`)
      expect(limitedAnswers.length).toBeGreaterThanOrEqual(15)
      for (const a of limitedAnswers) {
        expect(Number(a.headers.get("retry-after"))).toBeGreaterThan(0)
        expect(a.body).toMatchObject({ code: expect.any(String), error: expect.any(String) })
      }
      expect(answers.filter((a) => a.status !== 429 && a.status !== 200)).toEqual([])
    } finally {
      await limited.stop()
    }
  })
})
