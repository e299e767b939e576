import fc from "fast-check"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { createTestDatabase, type TestDatabase } from "../support/databases.js"
import { request, type RunningServer, startServer, waitReady } from "../support/server.js"

/**
 * Fuzzing the HTTP API (bounded): random and mutated bodies and query strings. The server must never
 * answer 500, never leak a stack trace, always answer `{code, error}` or a valid result, and stay up.
 */
let db: TestDatabase
let server: RunningServer
let key = ""
const stats = { requests: 0, byStatus: new Map<number, number>() }

beforeAll(async () => {
  db = await createTestDatabase("embedded")
  server = await startServer({ ...db.env, VIGIL_RATE_LIMIT: "100000", VIGIL_SCAN_BUDGET: "20" })
  key = server.bootstrapKey!
  await waitReady(server)
}, 120_000)

afterAll(async () => {
  console.log(`fuzz: ${stats.requests} requests, statuses ${JSON.stringify(Object.fromEntries(stats.byStatus))}`)
  await server.stop()
  await db.dispose()
})

const STACK = /\bat [\w.<>]+ \(|node:internal|\.ts:\d+:\d+|\.js:\d+:\d+/

/** Sends a request and checks the invariants every answer must satisfy. */
const probe = async (method: string, path: string, body?: string | Uint8Array, headers: Record<string, string> = {}) => {
  const response = await fetch(server.baseUrl + path, {
    method,
    headers: { authorization: `Bearer ${key}`, "content-type": "application/json", ...headers },
    ...(body !== undefined ? { body } : {})
  })
  const text = await response.text()
  stats.requests++
  stats.byStatus.set(response.status, (stats.byStatus.get(response.status) ?? 0) + 1)
  expect(response.status, text.slice(0, 300)).not.toBe(500)
  expect(response.status).toBeLessThan(600)
  expect(text).not.toMatch(STACK)
  if (response.status === 204) return
  const parsed = JSON.parse(text) as Record<string, unknown>
  if (response.status >= 400) {
    expect(typeof parsed["code"]).toBe("string")
    expect(typeof parsed["error"]).toBe("string")
  } else if (path.startsWith("/v1/scan")) {
    expect(parsed["success"]).toBe(true)
    expect(Array.isArray(parsed["findings"])).toBe(true)
  }
}

const oddString = fc.oneof(
  fc.string({ unit: "binary", maxLength: 200 }),
  fc.constantFrom("../../etc/passwd", "/etc/shadow", "C:\\Windows\\win.ini", "a\u0000b.py", "\u202Eevil.py", "💥.ts", "", " ", "tests/../agent.py", "%2e%2e/x.py"),
  fc.string({ unit: "grapheme", maxLength: 50 })
)
const fileEntry = fc.record({ path: oddString, content: fc.oneof(fc.string({ unit: "binary", maxLength: 500 }), fc.constant("eval(user_input)\n")) }, { requiredKeys: [] })
const scanBody = fc.oneof(
  fc.record({ files: fc.array(fileEntry, { maxLength: 5 }), policy: fc.oneof(fc.constantFrom("balanced", "low-noise", "comprehensive", "governance", "eu-ai-act"), oddString), output: fc.oneof(fc.constantFrom("summary", "detailed", "sarif"), oddString) }, { requiredKeys: [] }),
  fc.record({ files: fc.array(fc.record({ path: fc.constantFrom("agent.py", "x/agent.ts", "flow.json", "app.yaml"), content: fc.string({ maxLength: 300 }) }), { minLength: 1, maxLength: 4 }) }),
  fc.jsonValue({ maxDepth: 4 }),
  fc.anything({ maxDepth: 3 }).map((v) => ({ files: v }))
)

describe("HTTP fuzzing", () => {
  it("answers random scan bodies with {code, error} or a valid result", async () => {
    await fc.assert(fc.asyncProperty(scanBody, async (body) => probe("POST", "/v1/scan", JSON.stringify(body))), { numRuns: 200 })
  }, 300_000)

  it("answers mutated raw bodies: truncated JSON, invalid UTF-8 bytes, deep nesting, huge strings", async () => {
    const valid = JSON.stringify({ files: [{ path: "a.py", content: "eval(x)\n" }] })
    await fc.assert(
      fc.asyncProperty(fc.nat(valid.length), fc.uint8Array({ maxLength: 16 }), async (cut, bytes) => {
        await probe("POST", "/v1/scan", valid.slice(0, cut))
        const mutated = Buffer.concat([Buffer.from(valid.slice(0, cut)), Buffer.from(bytes), Buffer.from(valid.slice(cut))])
        await probe("POST", "/v1/scan", mutated)
      }),
      { numRuns: 100 }
    )
    await probe("POST", "/v1/scan", "[".repeat(10_000) + "]".repeat(10_000))
    await probe("POST", "/v1/scan", `{"files":${"[".repeat(10_000)}${"]".repeat(10_000)}}`)
    await probe("POST", "/v1/scan", JSON.stringify({ files: [{ path: "big.py", content: "x".repeat(4_000_000) }] }))
    await probe("POST", "/v1/scan", Buffer.from([0xff, 0xfe, 0x00, 0xc3, 0x28, 0xa0, 0xa1]))
    await probe("POST", "/v1/scan", JSON.stringify({ files: [{ path: "a.py", content: "\ud800\udfff\ud800" }] }))
  }, 300_000)

  it("answers random paths, methods and query strings", async () => {
    const segment = fc.oneof(fc.constantFrom("v1", "scans", "orgs", "keys", "suppressions", "diff", "openapi.json", "..", "%00", "healthz"), fc.uuid(), fc.string({ maxLength: 12 }))
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom("GET", "POST", "PUT", "DELETE", "PATCH"),
        fc.array(segment, { minLength: 1, maxLength: 5 }),
        fc.dictionary(fc.constantFrom("base", "limit", "offset", "include_expired", "agent_id", "x"), fc.string({ maxLength: 20 })),
        async (method, segments, query) => {
          const qs = new URLSearchParams(query).toString()
          const path = "/" + segments.map((s) => encodeURIComponent(s)).join("/") + (qs === "" ? "" : `?${qs}`)
          await probe(method, path, method === "GET" || method === "DELETE" ? undefined : "{}")
        }
      ),
      { numRuns: 200 }
    )
  }, 300_000)

  it("is still healthy afterwards", async () => {
    expect((await request(server, "GET", "/healthz")).status).toBe(200)
    const scan = await request(server, "POST", "/v1/scan", { key, body: { files: [{ path: "agent.py", content: "eval(user_input)\n" }] } })
    expect(scan.status).toBe(200)
  })
})
