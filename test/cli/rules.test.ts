import { spawn } from "node:child_process"
import { cpSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { describe, expect, it } from "vitest"
import { packageRoot } from "../../src/catalogue/paths.js"

/** Async, so the test worker stays responsive while the CLI runs (spawnSync starves vitest's RPC). */
const vigil = (...args: Array<string>): Promise<{ status: number | null; stdout: string; stderr: string }> =>
  new Promise((resolve) => {
    const child = spawn(process.execPath, [join(packageRoot(), "bin", "vigil.mjs"), ...args], { stdio: ["ignore", "pipe", "pipe"], timeout: 120_000 })
    let stdout = ""
    let stderr = ""
    child.stdout.on("data", (chunk: Buffer) => (stdout += chunk.toString("utf8")))
    child.stderr.on("data", (chunk: Buffer) => (stderr += chunk.toString("utf8")))
    child.on("close", (status) => resolve({ status, stdout, stderr }))
  })

describe("vigil rules", () => {
  it("validates and tests the shipped catalogue", async () => {
    expect((await vigil("rules", "validate")).stdout).toMatch(/catalogue is valid: \d+ rules/)
    const test = await vigil("rules", "test")
    expect(test.status).toBe(0)
    expect(test.stdout).toMatch(/\d+ rules, \d+ example files, \d+ annotated lines: \d+ passed, 0 failed/)
  })

  it("fails a rule whose example is not reported, naming the file and line", async () => {
    const dir = mkdtempSync(join(tmpdir(), "vigil-rules-cli-"))
    cpSync(join(packageRoot(), "rules", "exec_eval"), join(dir, "exec_eval"), { recursive: true })
    const example = join(dir, "exec_eval", "examples", "eval.py")
    writeFileSync(example, readFileSync(example, "utf8") + "\n# ruleid: exec_eval\nprint('not an eval')\n")
    const r = await vigil("rules", "test", "--rules-dir", dir)
    expect(r.status).toBe(1)
    expect(r.stderr).toMatch(/FAIL exec_eval .*eval\.py:\d+: expected exec_eval on line \d+, got nothing/)
  })

  it("rejects a malformed catalogue with file, line and key path", async () => {
    const dir = mkdtempSync(join(tmpdir(), "vigil-rules-cli-"))
    cpSync(join(packageRoot(), "rules", "exec_eval"), join(dir, "exec_eval"), { recursive: true })
    const file = join(dir, "exec_eval", "rule.yaml")
    writeFileSync(file, readFileSync(file, "utf8").replace("severity: CRITICAL", "severity: SEVERE"))
    const r = await vigil("rules", "validate", "--rules-dir", dir)
    expect(r.status).not.toBe(0)
    expect(r.stderr).toMatch(/rule\.yaml:\d+ \$\.severity/)
  })
})
