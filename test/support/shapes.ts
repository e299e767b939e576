import { expect } from "vitest"

/** Field-by-field checks of the SPEC tables (Finding, Quick win, Scan result), types included. */

export const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/
const SEVERITIES = ["CRITICAL", "HIGH", "MEDIUM", "LOW"]
const COMPLIANCE_KEYS = ["owasp_items", "owasp_agentic", "eu_ai_act_articles", "nist_categories", "iso_42001_clauses", "cwe_ids"]

const isInt = (u: unknown): boolean => typeof u === "number" && Number.isInteger(u)

export const expectFinding = (f: Record<string, unknown>): void => {
  const where = JSON.stringify(f).slice(0, 300)
  for (const key of [
    "id", "pattern_id", "pattern", "file", "message", "code_snippet", "cwe", "owasp_category",
    "category", "risk_tier", "finding_type", "remediation_hint"
  ]) {
    expect(typeof f[key], `${key} in ${where}`).toBe("string")
  }
  expect(SEVERITIES).toContain(f["severity"])
  expect(typeof f["confidence"]).toBe("number")
  expect(f["confidence"] as number).toBeGreaterThanOrEqual(0)
  expect(f["confidence"] as number).toBeLessThanOrEqual(1)
  expect(isInt(f["line"]), `line in ${where}`).toBe(true)
  expect(isInt(f["column"]), `column in ${where}`).toBe(true)
  expect(f["line"] as number).toBeGreaterThanOrEqual(1)
  expect(typeof f["cvss"]).toBe("number")
  expect(["vulnerability", "risk_pattern", "hardening"]).toContain(f["risk_tier"])
  expect(Array.isArray(f["remediation_steps"])).toBe(true)
  for (const step of f["remediation_steps"] as Array<unknown>) expect(typeof step).toBe("string")
  const mapping = f["compliance_mapping"] as Record<string, unknown>
  expect(typeof mapping).toBe("object")
  for (const [key, value] of Object.entries(mapping)) {
    expect(COMPLIANCE_KEYS).toContain(key)
    expect(Array.isArray(value)).toBe(true)
    for (const item of value as Array<unknown>) expect(typeof item).toBe("string")
  }
  expect(f["finding_hash"]).toMatch(/^sha256:[0-9a-f]{64}$/)
}

export const expectQuickWin = (q: Record<string, unknown>): void => {
  expect(isInt(q["priority"])).toBe(true)
  expect(typeof q["action"]).toBe("string")
  expect(typeof q["pattern_id"]).toBe("string")
  expect(SEVERITIES).toContain(q["severity"])
  expect(typeof q["file"]).toBe("string")
  expect(isInt(q["line"])).toBe(true)
}

export const expectScanResult = (r: Record<string, unknown>): void => {
  expect(r["success"]).toBe(true)
  expect(r["scan_id"]).toMatch(UUID)
  expect(r["agent_id"]).toMatch(UUID)
  expect(typeof r["agent_name"]).toBe("string")
  expect(Number.isNaN(Date.parse(r["created_at"] as string))).toBe(false)
  expect(isInt(r["risk_score"])).toBe(true)
  expect(r["risk_score"] as number).toBeGreaterThanOrEqual(0)
  expect(r["risk_score"] as number).toBeLessThanOrEqual(100)
  const summary = r["summary"] as Record<string, unknown>
  for (const key of ["total", "critical", "high", "medium", "low"]) expect(isInt(summary[key]), `summary.${key}`).toBe(true)
  const findings = r["findings"] as Array<Record<string, unknown>>
  expect(Array.isArray(findings)).toBe(true)
  expect(summary["total"]).toBe(findings.length)
  for (const severity of SEVERITIES) {
    expect(summary[severity.toLowerCase()]).toBe(findings.filter((f) => f["severity"] === severity).length)
  }
  for (const f of findings) expectFinding(f)
  expect(new Set(findings.map((f) => f["id"])).size).toBe(findings.length)
  expect(isInt(r["files_scanned"])).toBe(true)
  if ("files_skipped" in r) {
    expect(isInt(r["files_skipped"])).toBe(true)
    expect(r["files_skipped"] as number).toBeGreaterThan(0)
  }
  if (findings.length > 0) {
    const wins = r["quick_wins"] as Array<Record<string, unknown>>
    expect(Array.isArray(wins)).toBe(true)
    expect(wins.length).toBeGreaterThan(0)
    expect(wins.length).toBeLessThanOrEqual(5)
    for (const q of wins) expectQuickWin(q)
    expect(new Set(wins.map((q) => q["pattern_id"])).size).toBe(wins.length)
  } else {
    expect(r["risk_score"]).toBe(0)
  }
  if ("partial_results" in r) {
    expect(r["partial_results"]).toBe(true)
    expect(typeof r["warning"]).toBe("string")
  } else {
    expect("warning" in r).toBe(false)
  }
  for (const [key, value] of Object.entries(r)) expect(value, `${key} must be absent rather than null`).not.toBeNull()
}

/** Every error body is exactly {code, error}. */
export const expectError = (response: { status: number; body: unknown; text: string }, status: number, code: string): void => {
  expect(response.status, response.text).toBe(status)
  expect(response.body, response.text).toEqual({ code, error: expect.any(String) })
  expect(((response.body as { error: string }).error).length).toBeGreaterThan(0)
}
