import fc from "fast-check"
import { describe, expect, it } from "vitest"
import type { Finding } from "../../src/domain/Finding.js"
import { keptByPolicy } from "../../src/engine/Policy.js"
import { quickWins } from "../../src/engine/QuickWins.js"
import { riskScore } from "../../src/engine/RiskScore.js"

const severity = fc.constantFrom("CRITICAL" as const, "HIGH" as const, "MEDIUM" as const, "LOW" as const)
const tier = fc.constantFrom("vulnerability" as const, "risk_pattern" as const, "hardening" as const)
const finding = fc.record({
  severity,
  confidence: fc.double({ min: 0, max: 1, noNaN: true }),
  risk_tier: tier,
  pattern_id: fc.constantFrom("exec_eval", "sql_injection", "ssrf", "infinite_loop", "missing_audit_logging", "token_bombing", "code_execution"),
  line: fc.integer({ min: 1, max: 500 })
}).map((f): Finding => ({
  ...f,
  id: "f",
  pattern: f.pattern_id,
  file: "a.py",
  column: 1,
  message: "",
  code_snippet: "",
  cwe: "CWE-1",
  cvss: 5,
  owasp_category: "A03:2021",
  category: f.pattern_id.startsWith("missing") ? "governance" : "injection",
  finding_type: "vulnerability",
  remediation_hint: "",
  remediation_steps: [],
  compliance_mapping: f.pattern_id === "infinite_loop" ? { eu_ai_act_articles: ["Art. 14"] } : {},
  finding_hash: "sha256:x"
}))

describe("risk score", () => {
  it("is 0 without findings", () => expect(riskScore([])).toBe(0))

  it("stays within 0..100, never drops when a finding is added, and ignores order", () => {
    fc.assert(
      fc.property(fc.array(finding, { maxLength: 60 }), finding, (fs, extra) => {
        const score = riskScore(fs)
        expect(score).toBeGreaterThanOrEqual(0)
        expect(score).toBeLessThanOrEqual(100)
        expect(riskScore([...fs, extra])).toBeGreaterThanOrEqual(score)
        expect(riskScore([...fs].reverse())).toBe(score)
      })
    )
  })

  it("gives a single CRITICAL at confidence >= 0.8 at least 40", () => {
    fc.assert(
      fc.property(fc.double({ min: 0.8, max: 1, noNaN: true }), tier.filter((t) => t !== "hardening"), (confidence, risk_tier) => {
        expect(riskScore([{ severity: "CRITICAL", confidence, risk_tier }])).toBeGreaterThanOrEqual(40)
      })
    )
  })

  it("weighs hardening findings less and saturates at 100", () => {
    const base = { severity: "HIGH" as const, confidence: 0.9 }
    expect(riskScore([{ ...base, risk_tier: "hardening" }])).toBeLessThan(riskScore([{ ...base, risk_tier: "risk_pattern" }]))
    expect(riskScore(Array.from({ length: 200 }, () => ({ severity: "CRITICAL" as const, confidence: 1, risk_tier: "vulnerability" as const })))).toBe(100)
  })
})

describe("quick wins", () => {
  it("are at most five, one per rule, ordered by severity then confidence", () => {
    fc.assert(
      fc.property(fc.array(finding, { maxLength: 60 }), (fs) => {
        const wins = quickWins(fs, (id) => `fix ${id}`)
        expect(wins.length).toBeLessThanOrEqual(5)
        expect(new Set(wins.map((w) => w.pattern_id)).size).toBe(wins.length)
        expect(wins.map((w) => w.priority)).toEqual(wins.map((_, i) => i + 1))
        const rank = { CRITICAL: 3, HIGH: 2, MEDIUM: 1, LOW: 0 }
        for (let i = 1; i < wins.length; i++) expect(rank[wins[i - 1]!.severity]).toBeGreaterThanOrEqual(rank[wins[i]!.severity])
        for (const w of wins) expect(w.action).toBe(`fix ${w.pattern_id}`)
        expect(wins.length).toBe(Math.min(5, new Set(fs.map((f) => f.pattern_id)).size))
      })
    )
  })
})

describe("policies", () => {
  it("keep exactly what DESIGN says", () => {
    fc.assert(
      fc.property(finding, (f) => {
        expect(keptByPolicy("comprehensive")(f)).toBe(true)
        expect(keptByPolicy("low-noise")(f)).toBe(f.risk_tier === "vulnerability")
        expect(keptByPolicy("balanced")(f)).toBe(f.risk_tier !== "hardening")
        expect(keptByPolicy("eu-ai-act")(f)).toBe(f.risk_tier !== "hardening" || f.pattern_id === "infinite_loop")
        expect(keptByPolicy("governance")(f)).toBe(f.category === "governance" || f.pattern_id === "infinite_loop")
      })
    )
  })
})
