import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { BACKENDS, createTestDatabase, type TestDatabase } from "../support/databases.js"
import { expectError, expectScanResult } from "../support/shapes.js"
import { type JsonResponse, request, type RunningServer, startServer } from "../support/server.js"

/**
 * The legacy multipart endpoint POST /api/v1/scan: a metadata part with contract_version, then one
 * part per file, answered by the same pipeline as POST /v1/scan.
 */

const FILES = [
  { path: "support-bot/agent.py", content: "import os\n\ndef run(answer):\n    return eval(input())\n" },
  { path: "support-bot/tools.js", content: "function handler(req) {\n  return eval(req.body.code)\n}\n" },
  { path: "support-bot/tests/test_agent.py", content: "eval(input())\n" },
  { path: "support-bot/naïve name.py", content: "exec(input())\n" }
]

const asResponse = async (response: Response): Promise<JsonResponse> => {
  const text = await response.text()
  let body: unknown
  try {
    body = JSON.parse(text)
  } catch {
    body = undefined
  }
  return { status: response.status, headers: response.headers, body, text }
}

/** The error shape, and the message saying what is wrong. */
const expectRefused = (response: JsonResponse, status: number, code: string, message?: RegExp): void => {
  expectError(response, status, code)
  if (message !== undefined) expect((response.body as { error: string }).error).toMatch(message)
}

/** What an older client sends: a FormData body (fetch writes the multipart framing). */
const legacyForm = (metadata: unknown, files: ReadonlyArray<{ path: string; content: string }>): FormData => {
  const form = new FormData()
  form.append("metadata", new Blob([JSON.stringify(metadata)], { type: "application/json" }))
  for (const f of files) form.append("file", new Blob([f.content], { type: "text/plain" }), f.path)
  return form
}

/** A body written by hand, for framing details FormData does not produce. */
const rawMultipart = (boundary: string, parts: ReadonlyArray<{ headers: ReadonlyArray<string>; body: string }>): string =>
  parts.map((p) => `--${boundary}\r\n${p.headers.join("\r\n")}\r\n\r\n${p.body}\r\n`).join("") + `--${boundary}--\r\n`

describe.each(BACKENDS)("POST /api/v1/scan (legacy multipart) on %s", (backend) => {
  let db: TestDatabase
  let server: RunningServer
  let key: string

  beforeAll(async () => {
    db = await createTestDatabase(backend)
    server = await startServer({ ...db.env, VIGIL_MAX_BODY_MB: "0.05", VIGIL_MAX_FILES: "10", VIGIL_RATE_LIMIT: "0" })
    key = server.bootstrapKey!
  }, 180_000)
  afterAll(async () => {
    await server?.stop()
    await db?.dispose()
  })

  const post = async (body: FormData | string, headers: Record<string, string> = {}, auth = true) =>
    asResponse(
      await fetch(`${server.baseUrl}/api/v1/scan`, {
        method: "POST",
        headers: { ...(auth ? { authorization: `Bearer ${key}` } : {}), ...headers },
        body
      })
    )

  it("scans the file parts like POST /v1/scan scans the same files", async () => {
    const legacy = await post(legacyForm({ contract_version: 1, agent_name: "legacy-bot", policy: "balanced" }, FILES))
    expect(legacy.status, legacy.text).toBe(200)
    expectScanResult(legacy.body as Record<string, unknown>)
    const modern = await request(server, "POST", "/v1/scan", { key, body: { files: FILES, agent_name: "modern-bot", policy: "balanced" } })
    expect(modern.status).toBe(200)
    const pick = (r: JsonResponse) => {
      const b = r.body as { findings: Array<{ pattern_id: string; file: string; line: number; finding_hash: string }>; summary: unknown; risk_score: number; files_scanned: number; files_skipped: number }
      return { findings: b.findings.map((f) => [f.pattern_id, f.file, f.line, f.finding_hash]), summary: b.summary, risk: b.risk_score, scanned: b.files_scanned, skipped: b.files_skipped }
    }
    expect(pick(legacy)).toEqual(pick(modern))
    const body = legacy.body as { agent_name: string; files_scanned: number; files_skipped: number; findings: Array<{ file: string }> }
    expect(body.agent_name).toBe("legacy-bot")
    expect(body.files_scanned).toBe(3)
    expect(body.files_skipped).toBe(1)
    // a non-ASCII path arrives intact
    expect(body.findings.map((f) => f.file)).toContain("support-bot/naïve name.py")
  })

  it("reads RFC 8187 filename* and a contract_version given as a string", async () => {
    const boundary = "vigil-test-boundary"
    const body = rawMultipart(boundary, [
      { headers: ["Content-Disposition: form-data; name=\"metadata\"", "Content-Type: application/json"], body: JSON.stringify({ contract_version: "1" }) },
      {
        headers: ["Content-Disposition: form-data; name=\"file\"; filename=\"fallback.py\"; filename*=UTF-8''agent%2Fr%C3%A9sum%C3%A9.py"],
        body: "def run(x):\n    return eval(x)\n"
      }
    ])
    const r = await post(body, { "content-type": `multipart/form-data; boundary="${boundary}"` })
    expect(r.status, r.text).toBe(200)
    expect((r.body as { findings: Array<{ file: string; line: number }> }).findings.map((f) => `${f.file}:${f.line}`)).toEqual(["agent/résumé.py:2"])
  })

  it("refuses what is not the contract, each with a message", async () => {
    expectRefused(await post(legacyForm({ contract_version: 2 }, FILES)), 400, "invalid_request", /Unsupported contract_version 2; this server supports 1/)
    expectRefused(await post(legacyForm({ agent_name: "x" }, FILES)), 400, "invalid_request", /contract_version is required/)
    expectRefused(await post(legacyForm({ contract_version: 1 }, [])), 400, "invalid_request", /files must not be empty/)
    expectRefused(await post(legacyForm({ contract_version: 1, policy: "paranoid" }, FILES)), 400, "invalid_request", /Unknown policy/)

    const filesFirst = new FormData()
    filesFirst.append("file", new Blob(["x = 1\n"]), "a.py")
    filesFirst.append("metadata", new Blob([JSON.stringify({ contract_version: 1 })]))
    expectRefused(await post(filesFirst), 400, "invalid_request", /first part must be the request metadata/)

    const boundary = "b0undary"
    const noFilename = rawMultipart(boundary, [
      { headers: ["Content-Disposition: form-data; name=\"metadata\""], body: "{\"contract_version\":1}" },
      { headers: ["Content-Disposition: form-data; name=\"file\""], body: "x = 1" }
    ])
    expectRefused(await post(noFilename, { "content-type": `multipart/form-data; boundary=${boundary}` }), 400, "invalid_request", /Part 2 has no filename/)
    const truncated = noFilename.slice(0, noFilename.lastIndexOf(`--${boundary}`) - 2)
    expectRefused(await post(truncated, { "content-type": `multipart/form-data; boundary=${boundary}` }), 400, "invalid_request", /truncated/)
    expectRefused(await post("{\"files\":[]}", { "content-type": "application/json" }), 400, "invalid_request", /multipart\/form-data/)

    const tooMany = Array.from({ length: 11 }, (_, i) => ({ path: `f${i}.py`, content: "x = 1\n" }))
    expectRefused(await post(legacyForm({ contract_version: 1 }, tooMany)), 400, "invalid_request", /more than 11 parts/)
  })

  it("shares authentication, the body limit and method handling with the public API", async () => {
    expectRefused(await post(legacyForm({ contract_version: 1 }, FILES), {}, false), 401, "auth_required")
    const big = [{ path: "big.py", content: "#".repeat(60_000) }]
    expectRefused(await post(legacyForm({ contract_version: 1 }, big)), 413, "payload_too_large")
    const get = await request(server, "GET", "/api/v1/scan", { key })
    expectRefused(get, 405, "method_not_allowed")
    expect(get.headers.get("allow")).toBe("POST")
  })

  it("is not in the public OpenAPI document", async () => {
    const doc = await request(server, "GET", "/v1/openapi.json")
    expect(Object.keys((doc.body as { paths: Record<string, unknown> }).paths)).not.toContain("/api/v1/scan")
  })
})
