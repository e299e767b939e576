import { readFileSync } from "node:fs"
import { join } from "node:path"
import AjvDraft04 from "ajv-draft-04"
import addFormatsModule from "ajv-formats"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { BACKENDS, createTestDatabase, type TestDatabase } from "../support/databases.js"
import { expectError, expectScanResult, UUID } from "../support/shapes.js"
import { request, type RunningServer, startServer, waitReady } from "../support/server.js"

const Ajv = AjvDraft04.default
const addFormats = addFormatsModule.default

/** A small agent with known problems, a fixture directory and an unsupported file. */
const AGENT_FILES = [
  { path: "support-bot/agent.py", content: "import os\n\ndef run(answer):\n    return eval(input())\n" },
  { path: "support-bot/tools.js", content: "const express = require('express')\nfunction handler(req) {\n  return eval(req.body.code)\n}\n" },
  { path: "support-bot/tests/test_agent.py", content: "eval(input())\n" },
  { path: "support-bot/README.md", content: "# Support bot\n" }
]

describe.each(BACKENDS)("POST /v1/scan and the HTTP surface on %s", (backend) => {
  let db: TestDatabase
  let server: RunningServer
  let key: string

  beforeAll(async () => {
    db = await createTestDatabase(backend)
    server = await startServer(db.env)
    key = server.bootstrapKey!
    expect(key).toMatch(/^vgl_[A-Za-z0-9_-]{43}$/)
  }, 240_000)
  afterAll(async () => {
    await server?.stop()
    await db?.dispose()
  }, 240_000)

  const scan = (body: unknown, options: { key?: string } = {}) =>
    request(server, "POST", "/v1/scan", { key: options.key ?? key, body })

  describe("probes and documents", () => {
    it("answers /healthz and /readyz", async () => {
      const health = await request(server, "GET", "/healthz")
      expect(health.status).toBe(200)
      expect(health.body).toEqual({ status: "ok" })
      const answers = await waitReady(server)
      const ready = answers[answers.length - 1]!
      expect(ready.status).toBe(200)
      expect(ready.body).toEqual({ status: "ready", database: "ok", workers: "ok" })
      // while the worker pool starts, readiness is a 503 in the error shape
      for (const early of answers.slice(0, -1)) expectError(early, 503, "not_ready")
    })

    it("serves the OpenAPI document generated from the API definition", async () => {
      const doc = await request(server, "GET", "/v1/openapi.json")
      expect(doc.status).toBe(200)
      const spec = doc.body as { openapi: string; paths: Record<string, Record<string, unknown>>; components: { schemas: Record<string, unknown> } }
      expect(spec.openapi).toMatch(/^3\./)
      expect(Object.keys(spec.paths)).toEqual(expect.arrayContaining([
        "/v1/scan",
        "/healthz",
        "/readyz",
        "/v1/orgs",
        "/v1/orgs/{org_id}/keys",
        "/v1/orgs/{org_id}/keys/{key_id}"
      ]))
      expect(Object.keys(spec.paths["/v1/scan"]!)).toEqual(["post"])
      expect(doc.text).not.toContain("HttpApiDecodeError")
      for (const name of ["InvalidRequest", "AuthRequired", "PayloadTooLarge", "RateLimited", "WorkerUnavailableError"]) {
        expect(spec.components.schemas).toHaveProperty(name)
      }
    })

    it("sets security headers on every response, errors included", async () => {
      for (const response of [await request(server, "GET", "/healthz"), await request(server, "GET", "/nowhere")]) {
        expect(response.headers.get("x-content-type-options")).toBe("nosniff")
        expect(response.headers.get("cache-control")).toBe("no-store")
        expect(response.headers.get("x-frame-options")).toBe("DENY")
        expect(response.headers.get("content-type")).toMatch(/^application\/json/)
      }
    })
  })

  describe("routes", () => {
    it("answers unknown routes 404 in the error shape", async () => {
      expectError(await request(server, "GET", "/v1/nothing-here"), 404, "not_found")
      expectError(await request(server, "POST", "/", { body: {} }), 404, "not_found")
    })

    it("answers a known path with another method 405 with Allow", async () => {
      const response = await request(server, "GET", "/v1/scan")
      expectError(response, 405, "method_not_allowed")
      expect(response.headers.get("allow")).toBe("POST")
      expectError(await request(server, "PUT", "/healthz"), 405, "method_not_allowed")
    })
  })

  describe("authentication", () => {
    const body = { files: [{ path: "a.py", content: "x = 1\n" }] }

    it("requires an API key", async () => {
      const response = await request(server, "POST", "/v1/scan", { body })
      expectError(response, 401, "auth_required")
      expect(response.headers.get("www-authenticate")).toMatch(/^Bearer/)
    })

    it("rejects another scheme, a malformed key and an unknown key", async () => {
      expectError(await request(server, "POST", "/v1/scan", { body, headers: { authorization: `Basic ${key}` } }), 401, "auth_required")
      expectError(await request(server, "POST", "/v1/scan", { body, headers: { authorization: "Bearer" } }), 401, "auth_required")
      expectError(await scan(body, { key: "not-a-key" }), 401, "auth_required")
      expectError(await scan(body, { key: `vgl_${"A".repeat(43)}` }), 401, "auth_required")
      expectError(await scan(body, { key: key.slice(0, -1) + (key.endsWith("A") ? "B" : "A") }), 401, "auth_required")
    })

    it("checks the key before reading the body", async () => {
      expectError(await request(server, "POST", "/v1/scan", { rawBody: "{not json" }), 401, "auth_required")
    })
  })

  describe("request validation (400 invalid_request)", () => {
    const cases: ReadonlyArray<readonly [string, string | unknown]> = [
      ["malformed JSON", "{\"files\": [}"],
      ["an empty body", ""],
      ["a body that is not an object", [1, 2]],
      ["missing files", { policy: "balanced" }],
      ["files that is not an array", { files: "a.py" }],
      ["empty files", { files: [] }],
      ["an entry without path", { files: [{ content: "x" }] }],
      ["an entry without content", { files: [{ path: "a.py" }] }],
      ["an entry with an empty path", { files: [{ path: "", content: "x" }] }],
      ["an entry that is not an object", { files: ["a.py"] }],
      ["content that is not a string", { files: [{ path: "a.py", content: 42 }] }],
      ["an unknown policy", { files: [{ path: "a.py", content: "x" }], policy: "strict" }],
      ["an unknown output", { files: [{ path: "a.py", content: "x" }], output: "xml" }],
      ["an empty agent_name", { files: [{ path: "a.py", content: "x" }], agent_name: " " }]
    ]
    for (const [label, body] of cases) {
      it(`rejects ${label}`, async () => {
        const response = typeof body === "string"
          ? await request(server, "POST", "/v1/scan", { key, rawBody: body })
          : await scan(body)
        expectError(response, 400, "invalid_request")
      })
    }

    it("rejects a file over 5 MB and names it", async () => {
      const response = await scan({ files: [{ path: "big.py", content: "x".repeat(5_000_001) }] })
      expectError(response, 400, "invalid_request")
      expect((response.body as { error: string }).error).toContain("big.py")
    })

    it("accepts a file of exactly 5 MB", async () => {
      const response = await scan({ files: [{ path: "data/big.json", content: JSON.stringify("y".repeat(4_999_998)) }] })
      expect(response.status, response.text).toBe(200)
    })

    it("rejects more than 10,000 files", async () => {
      const files = Array.from({ length: 10_001 }, (_, i) => ({ path: `f${i}.txt`, content: "" }))
      expectError(await scan({ files }), 400, "invalid_request")
    })
  })

  describe("scan results", () => {
    it("reads a body of several MB intact: findings in its first and last files, at their lines", async () => {
      // the server copies a body with a Content-Length into a buffer that grows as bytes arrive
      const filler = "# padding line to make the body large enough to arrive in many pieces\n".repeat(500)
      const files = Array.from({ length: 120 }, (_, i) => ({ path: `bulk/m${i}.py`, content: `${filler}x = ${i}\n` }))
      files[0] = { path: "bulk/first.py", content: `${filler}def run():\n    return eval(input())\n` }
      files[files.length - 1] = { path: "bulk/last.py", content: `def run():\n    return eval(input())\n${filler}` }
      expect(JSON.stringify({ files }).length).toBeGreaterThan(4_000_000)
      const response = await scan({ files })
      expect(response.status).toBe(200)
      const findings = (response.body as { findings: Array<{ file: string; line: number; pattern_id: string }> }).findings
      const evals = findings.filter((f) => f.pattern_id === "exec_eval").map((f) => `${f.file}:${f.line}`).sort()
      expect(evals).toEqual(["bulk/first.py:502", "bulk/last.py:2"])
    })

    it("returns every field of the scan result, findings and quick wins with their types", async () => {
      const response = await scan({ files: AGENT_FILES })
      expect(response.status, response.text).toBe(200)
      const result = response.body as Record<string, unknown>
      expectScanResult(result)
      expect(result["agent_name"]).toBe("support-bot")
      expect(result["policy"]).toBe("balanced")
      expect(result["files_skipped"]).toBeGreaterThanOrEqual(2)
      expect(result["files_scanned"]).toBe(2)
      const findings = result["findings"] as Array<Record<string, unknown>>
      expect(findings.length).toBeGreaterThan(0)
      expect(findings.map((f) => f["pattern_id"])).toContain("exec_eval")
      expect(findings.every((f) => !String(f["file"]).includes("/tests/"))).toBe(true)
      expect("sarif" in result).toBe(false)
      expect(result["risk_score"] as number).toBeGreaterThan(0)
    })

    it("returns the same body for summary and detailed output", async () => {
      const summary = (await scan({ files: AGENT_FILES, output: "summary", agent_name: "same" })).body as Record<string, unknown>
      const detailed = (await scan({ files: AGENT_FILES, output: "detailed", agent_name: "same" })).body as Record<string, unknown>
      const strip = ({ agent_id: _a, created_at: _c, duration_ms: _d, scan_id: _s, ...rest }: Record<string, unknown>) => rest
      expect(Object.keys(detailed).sort()).toEqual(Object.keys(summary).sort())
      expect(strip(detailed)).toEqual(strip(summary))
    })

    it("adds a valid SARIF 2.1.0 log for output sarif", async () => {
      const response = await scan({ files: AGENT_FILES, output: "sarif" })
      expect(response.status, response.text).toBe(200)
      const result = response.body as Record<string, unknown>
      expectScanResult(result)
      const sarif = result["sarif"] as { version: string; runs: Array<{ results: Array<Record<string, unknown>>; tool: { driver: { rules: Array<{ id: string }> } } }> }
      const ajv = new Ajv({ allErrors: true, strict: false })
      addFormats(ajv)
      const validate = ajv.compile(JSON.parse(readFileSync(join(import.meta.dirname, "..", "support", "sarif-schema-2.1.0.json"), "utf8")) as object)
      const valid = validate(sarif)
      expect(validate.errors ?? [], JSON.stringify(validate.errors, null, 2)).toEqual([])
      expect(valid).toBe(true)
      expect(sarif.version).toBe("2.1.0")
      const findings = result["findings"] as Array<Record<string, unknown>>
      expect(sarif.runs[0]!.results).toHaveLength(findings.length)
      const ruleIds = new Set(sarif.runs[0]!.tool.driver.rules.map((r) => r.id))
      for (const r of sarif.runs[0]!.results) expect(ruleIds.has(r["ruleId"] as string)).toBe(true)
    })

    it("applies the policy: low-noise reports no more than comprehensive", async () => {
      const low = (await scan({ files: AGENT_FILES, policy: "low-noise" })).body as { findings: Array<unknown>; policy: string }
      const all = (await scan({ files: AGENT_FILES, policy: "comprehensive" })).body as { findings: Array<unknown> }
      expect(low.policy).toBe("low-noise")
      expect(low.findings.length).toBeLessThanOrEqual(all.findings.length)
    })

    it("returns zero findings and no quick wins for clean code", async () => {
      const response = await scan({ files: [{ path: "clean.py", content: "def add(a, b):\n    return a + b\n" }] })
      expect(response.status).toBe(200)
      const result = response.body as Record<string, unknown>
      expectScanResult(result)
      expect(result["findings"]).toEqual([])
      expect(result["risk_score"]).toBe(0)
      expect("quick_wins" in result).toBe(false)
      expect("files_skipped" in result).toBe(false)
    })
  })

  describe("agents", () => {
    it("names the agent from agent_name, else the shared first directory, else default", async () => {
      const named = (await scan({ files: [{ path: "x/a.py", content: "x = 1\n" }], agent_name: "billing-agent" })).body as Record<string, unknown>
      expect(named["agent_name"]).toBe("billing-agent")
      const shared = (await scan({
        files: [{ path: "crm/a.py", content: "x = 1\n" }, { path: "crm/tools/b.py", content: "y = 2\n" }]
      })).body as Record<string, unknown>
      expect(shared["agent_name"]).toBe("crm")
      const mixed = (await scan({
        files: [{ path: "crm/a.py", content: "x = 1\n" }, { path: "other/b.py", content: "y = 2\n" }]
      })).body as Record<string, unknown>
      expect(mixed["agent_name"]).toBe("default")
      const flat = (await scan({ files: [{ path: "main.py", content: "x = 1\n" }] })).body as Record<string, unknown>
      expect(flat["agent_name"]).toBe("default")
    })

    it("keeps one agent id per organisation and name", async () => {
      const first = (await scan({ files: [{ path: "a.py", content: "x = 1\n" }], agent_name: "stable" })).body as Record<string, unknown>
      const second = (await scan({ files: [{ path: "a.py", content: "x = 1\n" }], agent_name: "stable" })).body as Record<string, unknown>
      expect(first["agent_id"]).toMatch(UUID)
      expect(second["agent_id"]).toBe(first["agent_id"])
      expect(second["scan_id"]).not.toBe(first["scan_id"])
    })
  })
})
