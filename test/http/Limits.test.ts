import { request as httpRequest } from "node:http"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { BACKENDS, createTestDatabase, TEST_DATABASE_URL, type TestDatabase } from "../support/databases.js"
import { expectError, expectScanResult } from "../support/shapes.js"
import { request, type RunningServer, startServer } from "../support/server.js"

/** Sends a scan body of `totalBytes` (a JSON object with one huge file), with or without Content-Length. */
const sendLargeBody = (
  server: RunningServer,
  key: string,
  totalBytes: number,
  framing: "content-length" | "chunked"
): Promise<{ status: number; body: unknown }> =>
  new Promise((resolve, reject) => {
    const url = new URL("/v1/scan", server.baseUrl)
    const headers: Record<string, string> = { authorization: `Bearer ${key}`, "content-type": "application/json" }
    if (framing === "content-length") headers["content-length"] = String(totalBytes)
    const req = httpRequest({ method: "POST", hostname: url.hostname, port: url.port, path: url.pathname, headers })
    let answered = false
    req.on("response", (res) => {
      const chunks: Array<Buffer> = []
      res.on("data", (c: Buffer) => chunks.push(c))
      res.on("end", () => {
        answered = true
        const text = Buffer.concat(chunks).toString("utf8")
        resolve({ status: res.statusCode ?? 0, body: text === "" ? undefined : JSON.parse(text) })
        req.destroy()
      })
    })
    req.on("error", (error) => {
      if (!answered) reject(error)
    })
    const prefix = Buffer.from('{"files":[{"path":"big.py","content":"')
    const suffix = Buffer.from('"}]}')
    const block = Buffer.alloc(1 << 20, "a")
    let remaining = totalBytes - prefix.length - suffix.length
    req.write(prefix)
    const pump = () => {
      while (remaining > 0 && !answered && !req.destroyed) {
        const piece = remaining >= block.length ? block : block.subarray(0, remaining)
        remaining -= piece.length
        if (!req.write(piece)) {
          req.once("drain", pump)
          return
        }
      }
      if (remaining === 0 && !answered && !req.destroyed) req.end(suffix)
    }
    pump()
  })

const HUNDRED_AND_ONE_MB = 101 * 1_000_000

/** A fresh member key in the default organisation, so each attempt starts with an empty counter. */
const newKey = async (server: RunningServer, owner: string): Promise<string> => {
  const created = await request(server, "POST", "/v1/orgs/default/keys", {
    key: owner,
    body: { email: `limit-${Math.random().toString(36).slice(2)}@example.com`, role: "member" }
  })
  expect(created.status, created.text).toBe(201)
  return (created.body as { key: string }).key
}

/**
 * Rate-limit windows are clock minutes (the database's clock, the same machine here). An attempt
 * that straddles a minute boundary counts in two windows, so it is run again, once.
 */
const inOneWindow = async <A>(attempt: () => Promise<A>): Promise<A> => {
  for (let tries = 1; ; tries++) {
    const minute = Math.floor(Date.now() / 60_000)
    const result = await attempt()
    if (Math.floor(Date.now() / 60_000) === minute || tries === 2) return result
  }
}

describe.each(BACKENDS)("limits on %s", (backend) => {
  let db: TestDatabase
  let server: RunningServer
  let key: string

  beforeAll(async () => {
    db = await createTestDatabase(backend)
    server = await startServer({ ...db.env, VIGIL_RATE_LIMIT: "0" })
    key = server.bootstrapKey!
  }, 240_000)
  afterAll(async () => {
    await server?.stop()
    await db?.dispose()
  }, 240_000)

  const stillHealthy = async () => {
    expect((await request(server, "GET", "/healthz")).status).toBe(200)
    const small = await request(server, "POST", "/v1/scan", { key, body: { files: [{ path: "a.py", content: "x = 1\n" }] } })
    expect(small.status, small.text).toBe(200)
    expectScanResult(small.body as Record<string, unknown>)
  }

  it("answers a 101 MB body with Content-Length 413 before reading it, and keeps serving", async () => {
    const response = await sendLargeBody(server, key, HUNDRED_AND_ONE_MB, "content-length")
    expect(response.status).toBe(413)
    expect(response.body).toEqual({ code: "payload_too_large", error: expect.any(String) })
    await stillHealthy()
  })

  it("answers a chunked 101 MB body 413 once it passes the limit, and keeps serving", async () => {
    const response = await sendLargeBody(server, key, HUNDRED_AND_ONE_MB, "chunked")
    expect(response.status).toBe(413)
    expect(response.body).toEqual({ code: "payload_too_large", error: expect.any(String) })
    await stillHealthy()
  })

  it("checks the declared size before the key", async () => {
    const response = await sendLargeBody(server, "not-a-key", HUNDRED_AND_ONE_MB, "content-length")
    expect(response.status).toBe(413)
  })
})

describe("rate limiting and the time budget", () => {
  let db: TestDatabase
  let server: RunningServer

  beforeAll(async () => {
    db = await createTestDatabase("embedded")
    // a 1 ms budget: every scan runs out of time
    server = await startServer({ ...db.env, VIGIL_RATE_LIMIT: "3", VIGIL_SCAN_BUDGET: "0.001" })
  }, 240_000)

  it("marks a scan that ran out of time partial, with a warning", async () => {
    const owner = server.bootstrapKey!
    const created = await request(server, "POST", "/v1/orgs/default/keys", { key: owner, body: { email: "budget@example.com", role: "member" } })
    const key = (created.body as { key: string }).key
    const files = Array.from({ length: 50 }, (_, i) => ({ path: `agent/m${i}.py`, content: "def f(x):\n    return eval(x)\n" }))
    const response = await request(server, "POST", "/v1/scan", { key, body: { files } })
    expect(response.status, response.text).toBe(200)
    const result = response.body as Record<string, unknown>
    expectScanResult(result)
    expect(result["partial_results"]).toBe(true)
    expect(result["warning"]).toMatch(/VIGIL_SCAN_BUDGET|budget/)
  })
  afterAll(async () => {
    await server?.stop()
    await db?.dispose()
  }, 240_000)

  it("answers 429 with Retry-After once a key passes its scans per minute; other keys are unaffected", async () => {
    const owner = server.bootstrapKey!
    const body = { files: [{ path: "a.py", content: "x = 1\n" }] }
    const { limited, statuses } = await inOneWindow(async () => {
      const key = await newKey(server, owner)
      const statuses = []
      for (let i = 0; i < 3; i++) statuses.push((await request(server, "POST", "/v1/scan", { key, body })).status)
      const limited = await request(server, "POST", "/v1/scan", { key, body })
      return { limited, statuses }
    })
    expect(statuses).toEqual([200, 200, 200])
    expectError(limited, 429, "rate limited")
    const retryAfter = Number(limited.headers.get("retry-after"))
    expect(Number.isInteger(retryAfter)).toBe(true)
    expect(retryAfter).toBeGreaterThanOrEqual(1)
    expect(retryAfter).toBeLessThanOrEqual(60)

    const other = await request(server, "POST", "/v1/scan", { key: await newKey(server, owner), body })
    expect(other.status).toBe(200)
  })
})

describe.skipIf(TEST_DATABASE_URL === undefined)("rate limits shared by replicas on one PostgreSQL", () => {
  let db: TestDatabase
  let first: RunningServer
  let second: RunningServer

  beforeAll(async () => {
    db = await createTestDatabase("postgres")
    first = await startServer({ ...db.env, VIGIL_RATE_LIMIT: "3" })
    second = await startServer({ ...db.env, VIGIL_RATE_LIMIT: "3" })
  }, 240_000)
  afterAll(async () => {
    await first?.stop()
    await second?.stop()
    await db?.dispose()
  }, 240_000)

  it("counts one key's scans across replicas, and only one bootstrap key is made", async () => {
    expect(first.bootstrapKey).toBeDefined()
    expect(second.bootstrapKey).toBeUndefined()
    const body = { files: [{ path: "a.py", content: "x = 1\n" }] }
    const statuses = await inOneWindow(async () => {
      const key = await newKey(first, first.bootstrapKey!)
      const statuses = []
      for (const replica of [first, second, first, second]) {
        statuses.push((await request(replica, "POST", "/v1/scan", { key, body })).status)
      }
      return statuses
    })
    expect(statuses).toEqual([200, 200, 200, 429])
  })
})

describe("worker availability", () => {
  let db: TestDatabase
  let server: RunningServer

  beforeAll(async () => {
    db = await createTestDatabase("embedded")
    // one worker and a one-batch backlog: a second scan while a large one is queued is refused
    server = await startServer({ ...db.env, VIGIL_WORKERS: "1", VIGIL_MAX_QUEUE: "1", VIGIL_RATE_LIMIT: "0" })
  }, 240_000)
  afterAll(async () => {
    await server?.stop()
    await db?.dispose()
  }, 240_000)

  it("answers 503 worker_unavailable with Retry-After when no worker can take the scan", async () => {
    const key = server.bootstrapKey!
    // functions the prefilter keeps (they call a sink: a constant argv, so no finding), enough of them
    // that the one worker is still busy with this scan when the second arrives
    const line = "def handler(x):\n    total = 0\n    for i in range(10):\n        total += i * len(str(x))\n    subprocess.run([\"echo\", str(total)])\n    return total\n"
    const files = Array.from({ length: 800 }, (_, i) => ({ path: `big/m${i}.py`, content: `import subprocess\n${line.repeat(40)}` }))
    const large = request(server, "POST", "/v1/scan", { key, body: { files } })
    await new Promise((resolve) => setTimeout(resolve, 1500))
    const small = Array.from({ length: 100 }, (_, i) => ({ path: `s/m${i}.py`, content: "x = 1\n" }))
    const refused = await request(server, "POST", "/v1/scan", { key, body: { files: small } })
    expectError(refused, 503, "worker_unavailable")
    expect(refused.headers.get("retry-after")).toBe("5")
    const done = await large
    expect(done.status, done.text.slice(0, 300)).toBe(200)
  }, 300_000)
})
