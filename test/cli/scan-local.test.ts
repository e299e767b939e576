import { spawn } from "node:child_process"
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs"
import { createRequire } from "node:module"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { beforeAll, describe, expect, it } from "vitest"
import { packageRoot } from "../../src/catalogue/paths.js"

/** `vigil scan` as a user runs it: the built CLI as a process (npm test builds dist/ first). */
/** Async, so the test worker stays responsive while the CLI runs (spawnSync starves vitest's RPC). */
const vigil = (...args: Array<string>): Promise<{ status: number | null; stdout: string; stderr: string }> =>
  new Promise((resolve) => {
    const child = spawn(process.execPath, [join(packageRoot(), "bin", "vigil.mjs"), ...args], { stdio: ["ignore", "pipe", "pipe"], timeout: 60_000 })
    let stdout = ""
    let stderr = ""
    child.stdout.on("data", (chunk: Buffer) => (stdout += chunk.toString("utf8")))
    child.stderr.on("data", (chunk: Buffer) => (stderr += chunk.toString("utf8")))
    child.on("close", (status) => resolve({ status, stdout, stderr }))
  })

let repo = ""
beforeAll(() => {
  repo = mkdtempSync(join(tmpdir(), "vigil-cli-"))
  mkdirSync(join(repo, "agent"))
  mkdirSync(join(repo, "tests"))
  writeFileSync(join(repo, "agent", "tools.py"), "from langchain.tools import tool\n\n@tool\ndef calc(expression: str) -> str:\n    return str(eval(expression))\n")
  // request data reaches eval: a proven flow, so CRITICAL
  writeFileSync(join(repo, "agent", "server.ts"), "import express from \"express\"\nconst app = express()\napp.post(\"/run\", (req, res) => res.send(String(eval(req.body.code))))\n")
  writeFileSync(join(repo, "agent", "config.yaml"), "name: demo\n")
  writeFileSync(join(repo, "agent", "notes.md"), "eval(x)\n")
  writeFileSync(join(repo, "tests", "test_tools.py"), "eval(x)\n")
  writeFileSync(join(repo, "agent", "blob.py"), Buffer.from([0, 1, 2, 3]))
})

describe("vigil scan (local)", () => {
  it("prints findings grouped by severity with file:line and quick wins", async () => {
    const r = await vigil("scan", repo)
    expect(r.status).toBe(0)
    expect(r.stdout).toContain("CRITICAL")
    expect(r.stdout).toMatch(/3 files scanned/)
    expect(r.stdout).toMatch(/agent\/tools\.py:5:\d+\s+exec_eval/)
    expect(r.stdout).toMatch(/agent\/server\.ts:3:\d+\s+exec_eval/)
    expect(r.stdout).toContain("Quick wins")
    expect(r.stdout).not.toContain("test_tools.py:")
  })

  it("writes the SPEC scan result as JSON", async () => {
    const out = join(repo, "result.json")
    const r = await vigil("scan", repo, "--format", "json", "-o", out)
    expect(r.status).toBe(0)
    const result = JSON.parse(readFileSync(out, "utf8"))
    expect(result).toMatchObject({ success: true, files_scanned: 3, summary: { total: 2, critical: 2 } })
    expect(result.files_skipped).toBe(2)
    expect(result.findings[0]).toHaveProperty("finding_hash")
    expect(result.risk_score).toBeGreaterThanOrEqual(40)
  })

  it("writes SARIF that validates against the SARIF 2.1.0 schema", async () => {
    const r = await vigil("scan", join(repo, "agent"), "--format", "sarif")
    expect(r.status).toBe(0)
    const sarif = JSON.parse(r.stdout)
    expect(sarif.version).toBe("2.1.0")
    expect(sarif.runs[0].results.length).toBe(2)
    // the official schema, committed with the tests
    const schemaPath = join(packageRoot(), "test", "support", "sarif-schema-2.1.0.json")
    const require = createRequire(import.meta.url)
    const Ajv = require("ajv-draft-04") as new (o: object) => { compile: (s: object) => ((d: unknown) => boolean) & { errors?: unknown } }
    const addFormats = require("ajv-formats") as (a: unknown) => void
    const ajv = new Ajv({ strict: false, allErrors: true })
    addFormats(ajv)
    const validate = ajv.compile(JSON.parse(readFileSync(schemaPath, "utf8")))
    expect(validate(sarif), JSON.stringify(validate.errors)).toBe(true)
  })

  it("exits 1 at or above --fail-on, 0 below it", async () => {
    expect((await vigil("scan", repo, "--fail-on", "critical")).status).toBe(1)
    expect((await vigil("scan", join(repo, "agent", "config.yaml"), "--fail-on", "low")).status).toBe(0)
  })

  it("exits non-zero with a clear message for a missing path", async () => {
    const r = await vigil("scan", join(repo, "nope"))
    expect(r.status).not.toBe(0)
    expect(r.stderr + r.stdout).toMatch(/nope/)
  })
})
