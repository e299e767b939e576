import { spawnSync } from "node:child_process"
import { cpSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { describe, expect, it } from "vitest"
import { packageRoot } from "../../src/catalogue/paths.js"

const vigil = (...args: Array<string>) =>
  spawnSync(process.execPath, [join(packageRoot(), "bin", "vigil.mjs"), ...args], { encoding: "utf8", timeout: 120_000 })

describe("vigil rules", () => {
  it("validates and tests the shipped catalogue", () => {
    expect(vigil("rules", "validate").stdout).toMatch(/catalogue is valid: \d+ rules/)
    const test = vigil("rules", "test")
    expect(test.status).toBe(0)
    expect(test.stdout).toMatch(/\d+ rules, \d+ example files, \d+ annotated lines: \d+ passed, 0 failed/)
  })

  it("fails a rule whose example is not reported, naming the file and line", () => {
    const dir = mkdtempSync(join(tmpdir(), "vigil-rules-cli-"))
    cpSync(join(packageRoot(), "rules", "exec_eval"), join(dir, "exec_eval"), { recursive: true })
    const example = join(dir, "exec_eval", "examples", "eval.py")
    writeFileSync(example, readFileSync(example, "utf8") + "\n# ruleid: exec_eval\nprint('not an eval')\n")
    const r = vigil("rules", "test", "--rules-dir", dir)
    expect(r.status).toBe(1)
    expect(r.stderr).toMatch(/FAIL exec_eval .*eval\.py:\d+: expected exec_eval on line \d+, got nothing/)
  })

  it("rejects a malformed catalogue with file, line and key path", () => {
    const dir = mkdtempSync(join(tmpdir(), "vigil-rules-cli-"))
    cpSync(join(packageRoot(), "rules", "exec_eval"), join(dir, "exec_eval"), { recursive: true })
    const file = join(dir, "exec_eval", "rule.yaml")
    writeFileSync(file, readFileSync(file, "utf8").replace("severity: CRITICAL", "severity: SEVERE"))
    const r = vigil("rules", "validate", "--rules-dir", dir)
    expect(r.status).not.toBe(0)
    expect(r.stderr).toMatch(/rule\.yaml:\d+ \$\.severity/)
  })
})
