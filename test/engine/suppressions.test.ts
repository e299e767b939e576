import { Either } from "effect"
import fc from "fast-check"
import { describe, expect, it } from "vitest"
import {
  factsOf,
  type FindingFacts,
  matcherFor,
  sameScope,
  scopeMatches,
  specificity,
  stateAt,
  type SuppressionScope
} from "../../src/engine/SuppressionMatch.js"
import {
  bulkEntries,
  parsePage,
  parseQuery,
  validateCheckInput,
  validateSuppressionInput
} from "../../src/http/suppressionRequest.js"
import { csvField, neutraliseFormula, parseCsv, renderCsv } from "../../src/report/Csv.js"

const HASH = `sha256:${"a".repeat(64)}`
const AGENT = "11111111-1111-4111-8111-111111111111"
const resolve = (id: string): string | undefined =>
  id === "exec_eval" || id === "universal_exec_eval" ? "exec_eval" : id === "sql_injection" ? "sql_injection" : undefined

const scope = (over: Partial<SuppressionScope> = {}): SuppressionScope => ({
  pattern_id: "exec_eval",
  agent_id: null,
  file_path: null,
  line_number: null,
  finding_hash: null,
  ...over
})

const facts = (over: Partial<FindingFacts> = {}): FindingFacts => ({
  pattern_id: "exec_eval",
  agent_id: AGENT,
  file_path: "src/a.py",
  line_number: 3,
  finding_hash: HASH,
  ...over
})

describe("scope matching", () => {
  it("matches when every field the suppression sets equals the finding's; null means any", () => {
    expect(scopeMatches(scope(), facts())).toBe(true)
    expect(scopeMatches(scope({ pattern_id: "sql_injection" }), facts())).toBe(false)
    expect(scopeMatches(scope({ agent_id: AGENT }), facts())).toBe(true)
    expect(scopeMatches(scope({ agent_id: "22222222-2222-4222-8222-222222222222" }), facts())).toBe(false)
    expect(scopeMatches(scope({ file_path: "src/a.py" }), facts())).toBe(true)
    expect(scopeMatches(scope({ file_path: "src/b.py" }), facts())).toBe(false)
    expect(scopeMatches(scope({ file_path: "src/a.py", line_number: 3 }), facts())).toBe(true)
    expect(scopeMatches(scope({ file_path: "src/a.py", line_number: 4 }), facts())).toBe(false)
    expect(scopeMatches(scope({ finding_hash: HASH }), facts())).toBe(true)
    expect(scopeMatches(scope({ finding_hash: `sha256:${"b".repeat(64)}` }), facts())).toBe(false)
  })

  it("never matches a set scope field the finding does not know", () => {
    expect(scopeMatches(scope({ agent_id: AGENT }), facts({ agent_id: null }))).toBe(false)
    expect(scopeMatches(scope({ file_path: "src/a.py" }), facts({ file_path: null }))).toBe(false)
    expect(scopeMatches(scope({ finding_hash: HASH }), facts({ finding_hash: null }))).toBe(false)
    expect(scopeMatches(scope(), facts({ agent_id: null, file_path: null, line_number: null, finding_hash: null }))).toBe(true)
  })

  it("compares file paths in the findings' spelling", () => {
    expect(scopeMatches(scope({ file_path: "src/a.py" }), facts({ file_path: "./src\\a.py" }))).toBe(true)
  })

  it("indexes by pattern without changing the verdict (property)", () => {
    const field = <A>(values: ReadonlyArray<A>) => fc.option(fc.constantFrom(...values), { nil: null })
    const scopeArb = fc.record({
      pattern_id: fc.constantFrom("exec_eval", "sql_injection"),
      agent_id: field([AGENT, "22222222-2222-4222-8222-222222222222"]),
      file_path: field(["a.py", "b.py"]),
      line_number: field([1, 2]),
      finding_hash: field([HASH, `sha256:${"c".repeat(64)}`])
    })
    const findingArb = fc.record({
      pattern_id: fc.constantFrom("exec_eval", "sql_injection"),
      file: fc.constantFrom("a.py", "b.py"),
      line: fc.constantFrom(1, 2),
      finding_hash: fc.constantFrom(HASH, `sha256:${"c".repeat(64)}`)
    })
    fc.assert(
      fc.property(fc.array(scopeArb, { maxLength: 8 }), findingArb, field([AGENT]), (scopes, finding, agentId) => {
        const expected = scopes.some((s) => scopeMatches(s, factsOf(finding, agentId)))
        expect(matcherFor(scopes)(finding, agentId)).toBe(expected)
      })
    )
  })

  it("ranks specificity and compares scopes with nulls", () => {
    expect(specificity(scope())).toBe(0)
    expect(specificity(scope({ agent_id: AGENT, file_path: "a", line_number: 1, finding_hash: HASH }))).toBe(4)
    expect(sameScope(scope(), scope())).toBe(true)
    expect(sameScope(scope(), scope({ file_path: "a" }))).toBe(false)
  })

  it("computes the state from the timestamps: revoked wins over expired", () => {
    const now = new Date("2030-01-01T00:00:00Z")
    expect(stateAt({ revoked_at: null, expires_at: null }, now)).toBe("active")
    expect(stateAt({ revoked_at: null, expires_at: new Date("2030-01-01T00:00:01Z") }, now)).toBe("active")
    expect(stateAt({ revoked_at: null, expires_at: now }, now)).toBe("expired")
    expect(stateAt({ revoked_at: now, expires_at: new Date("2020-01-01T00:00:00Z") }, now)).toBe("revoked")
  })
})

describe("CSV (RFC 4180)", () => {
  it("quotes fields with commas, quotes, CR or LF and doubles inner quotes", () => {
    expect(csvField("plain")).toBe("plain")
    expect(csvField(null)).toBe("")
    expect(csvField(42)).toBe("42")
    expect(csvField("a,b")).toBe("\"a,b\"")
    expect(csvField("say \"hi\"")).toBe("\"say \"\"hi\"\"\"")
    expect(csvField("two\nlines")).toBe("\"two\nlines\"")
    expect(csvField("cr\rhere")).toBe("\"cr\rhere\"")
    expect(renderCsv(["a", "b"], [["1", null], ["x,y", "z"]])).toBe("a,b\r\n1,\r\n\"x,y\",z\r\n")
  })

  it("round-trips any text through render and parse (property)", () => {
    fc.assert(
      fc.property(fc.array(fc.array(fc.string({ unit: "binary" }), { minLength: 2, maxLength: 2 }), { maxLength: 5 }), (rows) => {
        expect(parseCsv(renderCsv(["h1", "h2"], rows))).toEqual([["h1", "h2"], ...rows])
      })
    )
  })

  it("keeps user text from running as a spreadsheet formula", () => {
    expect(neutraliseFormula("=HYPERLINK(\"x\")")).toBe("'=HYPERLINK(\"x\")")
    expect(neutraliseFormula("+1")).toBe("'+1")
    expect(neutraliseFormula("@SUM(A1)")).toBe("'@SUM(A1)")
    expect(neutraliseFormula("reviewed")).toBe("reviewed")
  })
})

describe("suppression request checking", () => {
  const now = new Date("2030-01-01T00:00:00Z")
  const validate = (body: unknown) => validateSuppressionInput(body, resolve, now)
  const codeOf = (body: unknown) => Either.match(validate(body), { onLeft: (p) => p.code, onRight: () => "ok" })

  it("resolves aliases, normalises paths and hashes", () => {
    const valid = validate({
      pattern_id: "universal_exec_eval",
      reason: "mitigated",
      file_path: "./src\\a.py",
      line_number: 3,
      finding_hash: HASH.toUpperCase().replace("SHA256", "sha256"),
      agent_id: AGENT.toUpperCase(),
      justification: "  ",
      expires_at: "2030-01-02"
    })
    expect(Either.isRight(valid)).toBe(true)
    const v = Either.getOrThrow(valid)
    expect(v.scope).toEqual({ pattern_id: "exec_eval", agent_id: AGENT, file_path: "src/a.py", line_number: 3, finding_hash: HASH })
    expect(v.justification).toBeNull()
    expect(v.expiresAt?.toISOString()).toBe("2030-01-02T00:00:00.000Z")
  })

  it("answers the SPEC's codes", () => {
    expect(codeOf({ pattern_id: "nope", reason: "mitigated" })).toBe("invalid_pattern")
    expect(codeOf({ pattern_id: "exec_eval", reason: "because" })).toBe("invalid_reason")
    expect(codeOf({ pattern_id: "exec_eval", reason: 3 })).toBe("invalid_reason")
    expect(codeOf({ reason: "mitigated" })).toBe("invalid_request")
    expect(codeOf({ pattern_id: "exec_eval" })).toBe("invalid_request")
    expect(codeOf([])).toBe("invalid_request")
  })

  it("rejects malformed scope fields and expiries", () => {
    const base = { pattern_id: "exec_eval", reason: "wont_fix" }
    for (const bad of [
      { agent_id: "agent-1" },
      { file_path: 3 },
      { file_path: "./" },
      { file_path: "a\u0000b" },
      { line_number: 0 },
      { line_number: 1.5 },
      { line_number: "3", file_path: "a.py" },
      { line_number: 3 },
      { finding_hash: "abc" },
      { justification: "x".repeat(4001) },
      { expires_at: "tomorrow" },
      { expires_at: "2030-01-01T10:00:00" },
      { expires_at: "2029-12-31T23:59:59Z" }
    ]) {
      expect(codeOf({ ...base, ...bad }), JSON.stringify(bad)).toBe("invalid_request")
    }
  })

  it("checks check bodies, query parameters and bulk bodies", () => {
    expect(Either.isRight(validateCheckInput({ pattern_id: "exec_eval" }, resolve))).toBe(true)
    const unknown = validateCheckInput({ pattern_id: "nope" }, resolve)
    expect(Either.isLeft(unknown) && unknown.left.code).toBe("invalid_pattern")
    expect(Either.isLeft(parseQuery({ include_expired: "yes" }, resolve))).toBe(true)
    expect(Either.isLeft(parseQuery({ agent_id: "x" }, resolve))).toBe(true)
    expect(Either.isLeft(parseQuery({ pattern_id: "nope" }, resolve))).toBe(true)
    expect(Either.isLeft(parseQuery({ reason: "nope" }, resolve))).toBe(true)
    expect(Either.getOrThrow(parseQuery({ pattern_id: "universal_exec_eval", file_path: "./src/" }, resolve))).toEqual({
      includeExpired: false,
      includeRevoked: false,
      patternId: "exec_eval",
      filePathPrefix: "src/"
    })
    for (const limit of ["0", "201", "-1", "1.5", "ten", ""]) expect(Either.isLeft(parsePage({ limit })), limit).toBe(true)
    for (const offset of ["-1", "1.5", "x"]) expect(Either.isLeft(parsePage({ offset })), offset).toBe(true)
    expect(Either.getOrThrow(parsePage({}))).toEqual({ limit: 50, offset: 0 })
    expect(Either.getOrThrow(parsePage({ limit: "200", offset: "1000" }))).toEqual({ limit: 200, offset: 1000 })
    expect(Either.isLeft(bulkEntries({ suppressions: [] }))).toBe(true)
    expect(Either.isLeft(bulkEntries({ suppressions: new Array(501).fill({}) }))).toBe(true)
    expect(Either.isRight(bulkEntries({ suppressions: new Array(500).fill({}) }))).toBe(true)
  })
})
