import fc from "fast-check"
import { describe, expect, it } from "vitest"
import { cvss31BaseScore, parseCvss31, roundUp, severityBand } from "../src/catalogue/cvss.js"

// standards.md §9.3, checked against FIRST's calculator
const WORKED_VECTORS: ReadonlyArray<readonly [string, number]> = [
  ["AV:N/AC:L/PR:N/UI:N/S:U/C:H/I:H/A:H", 9.8],
  ["AV:N/AC:L/PR:N/UI:N/S:C/C:H/I:H/A:H", 10.0],
  ["AV:N/AC:L/PR:L/UI:N/S:C/C:H/I:H/A:H", 9.9],
  ["AV:N/AC:L/PR:N/UI:N/S:U/C:H/I:H/A:N", 9.1],
  ["AV:N/AC:L/PR:L/UI:N/S:U/C:H/I:H/A:H", 8.8],
  ["AV:N/AC:L/PR:N/UI:N/S:C/C:H/I:N/A:N", 8.6],
  ["AV:N/AC:L/PR:N/UI:N/S:U/C:H/I:L/A:N", 8.2],
  ["AV:N/AC:L/PR:L/UI:N/S:U/C:H/I:H/A:N", 8.1],
  ["AV:N/AC:L/PR:L/UI:N/S:C/C:H/I:N/A:N", 7.7],
  ["AV:N/AC:L/PR:N/UI:N/S:U/C:H/I:N/A:N", 7.5],
  ["AV:N/AC:L/PR:N/UI:N/S:U/C:N/I:N/A:H", 7.5],
  ["AV:N/AC:H/PR:N/UI:N/S:U/C:H/I:H/A:N", 7.4],
  ["AV:N/AC:L/PR:N/UI:N/S:U/C:L/I:L/A:N", 6.5],
  ["AV:N/AC:L/PR:L/UI:N/S:U/C:N/I:N/A:H", 6.5],
  ["AV:N/AC:L/PR:N/UI:R/S:C/C:L/I:L/A:N", 6.1],
  ["AV:L/AC:L/PR:L/UI:N/S:U/C:H/I:N/A:N", 5.5],
  ["AV:N/AC:L/PR:L/UI:N/S:U/C:L/I:L/A:N", 5.4],
  ["AV:N/AC:L/PR:N/UI:N/S:U/C:L/I:N/A:N", 5.3],
  ["AV:N/AC:L/PR:N/UI:N/S:U/C:N/I:L/A:N", 5.3],
  ["AV:N/AC:L/PR:N/UI:N/S:U/C:N/I:N/A:L", 5.3],
  // rule-catalogue.md §2.1 vectors not in the table above
  ["AV:N/AC:H/PR:N/UI:N/S:U/C:N/I:H/A:N", 5.9]
]

describe("cvss31BaseScore", () => {
  it.each(WORKED_VECTORS)("CVSS:3.1/%s scores %d", (metrics, expected) => {
    expect(cvss31BaseScore(`CVSS:3.1/${metrics}`)).toBe(expected)
  })

  it("scores 0 when there is no impact", () => {
    expect(cvss31BaseScore("CVSS:3.1/AV:N/AC:L/PR:N/UI:N/S:C/C:N/I:N/A:N")).toBe(0)
  })

  it("accepts the base metrics in another order", () => {
    expect(cvss31BaseScore("CVSS:3.1/S:U/AV:N/AC:L/PR:N/UI:N/A:H/I:H/C:H")).toBe(9.8)
  })

  it.each([
    ["", "must start with"],
    ["AV:N/AC:L/PR:N/UI:N/S:U/C:H/I:H/A:H", "must start with"],
    ["CVSS:3.0/AV:N/AC:L/PR:N/UI:N/S:U/C:H/I:H/A:H", "must start with"],
    ["CVSS:3.1/AV:N/AC:L/PR:N/UI:N/S:U/C:H/I:H", "lacks base metric(s) A"],
    ["CVSS:3.1/AV:N/AC:L/PR:N/UI:N/S:U/C:H/I:H/A:H/A:H", "given twice"],
    ["CVSS:3.1/AV:X/AC:L/PR:N/UI:N/S:U/C:H/I:H/A:H", "invalid value \"X\""],
    ["CVSS:3.1/AV:N/AC:L/PR:N/UI:N/S:U/C:H/I:H/A:H/E:F", "non-base CVSS metric \"E\""],
    ["CVSS:3.1/AV:N/AC:L/PR:N/UI:N/S:U/C:H/I:H/A:toString", "invalid value"],
    ["CVSS:3.1/constructor:N/AC:L/PR:N/UI:N/S:U/C:H/I:H/A:H", "non-base CVSS metric"],
    ["CVSS:3.1/AV:N/AC:L/PR:N/UI:N/S:U/C:H/I:H/A:H/", "malformed CVSS metric"],
    ["CVSS:3.1/AV:N:N/AC:L/PR:N/UI:N/S:U/C:H/I:H/A:H", "malformed CVSS metric"]
  ])("rejects %j", (vector, message) => {
    const result = parseCvss31(vector)
    expect(result.ok).toBe(false)
    if (!result.ok) expect(result.error).toContain(message)
    expect(() => cvss31BaseScore(vector)).toThrow(message)
  })
})

describe("roundUp", () => {
  it("does not bump values that are whole tenths up to float noise", () => {
    expect(roundUp(4.000000000000001)).toBe(4.0)
    expect(roundUp(4.02)).toBe(4.1)
    expect(roundUp(10)).toBe(10)
  })
})

describe("severityBand", () => {
  it.each([
    [0, "NONE"],
    [0.1, "LOW"],
    [3.9, "LOW"],
    [4.0, "MEDIUM"],
    [6.9, "MEDIUM"],
    [7.0, "HIGH"],
    [8.9, "HIGH"],
    [9.0, "CRITICAL"],
    [10.0, "CRITICAL"]
  ] as const)("%d is %s", (score, band) => {
    expect(severityBand(score)).toBe(band)
  })
})

describe("cvss31BaseScore properties", () => {
  const impactLevels = ["N", "L", "H"] as const
  const vectorParts = fc.record({
    AV: fc.constantFrom("N", "A", "L", "P"),
    AC: fc.constantFrom("L", "H"),
    PR: fc.constantFrom("N", "L", "H"),
    UI: fc.constantFrom("N", "R"),
    S: fc.constantFrom("U", "C"),
    C: fc.constantFrom(...impactLevels),
    I: fc.constantFrom(...impactLevels),
    A: fc.constantFrom(...impactLevels)
  })
  type Parts = typeof vectorParts extends fc.Arbitrary<infer T> ? T : never
  const toVector = (p: Parts): string =>
    `CVSS:3.1/AV:${p.AV}/AC:${p.AC}/PR:${p.PR}/UI:${p.UI}/S:${p.S}/C:${p.C}/I:${p.I}/A:${p.A}`

  it("lies in [0, 10] with at most one decimal", () => {
    fc.assert(
      fc.property(vectorParts, (parts) => {
        const score = cvss31BaseScore(toVector(parts))
        expect(score).toBeGreaterThanOrEqual(0)
        expect(score).toBeLessThanOrEqual(10)
        expect(Math.round(score * 10) / 10).toBe(score)
      }),
      { numRuns: 500 }
    )
  })

  it("never decreases when a C, I or A metric goes up", () => {
    fc.assert(
      fc.property(vectorParts, fc.constantFrom("C", "I", "A"), (parts, metric) => {
        const level = impactLevels.indexOf(parts[metric])
        const higher = impactLevels[level + 1]
        fc.pre(higher !== undefined)
        const raised = { ...parts, [metric]: higher }
        expect(cvss31BaseScore(toVector(raised))).toBeGreaterThanOrEqual(cvss31BaseScore(toVector(parts)))
      }),
      { numRuns: 500 }
    )
  })

  it("is positive exactly when some impact metric is not N", () => {
    fc.assert(
      fc.property(vectorParts, (parts) => {
        const anyImpact = parts.C !== "N" || parts.I !== "N" || parts.A !== "N"
        expect(cvss31BaseScore(toVector(parts)) > 0).toBe(anyImpact)
      })
    )
  })
})
