import { describe, expect, it } from "vitest"
import { hasNestedQuantifier, nameHas } from "../../src/engine/matchers/callValues.js"

describe("call value helpers", () => {
  it("finds repeated groups that repeat inside, not bounded or flat ones", () => {
    for (const re of ["(a+)+", "^([a-z0-9]+-?)+$", "(\\w+\\s?)*$", "(?:x*x*){2,}", "((ab)*c?)+"]) expect(hasNestedQuantifier(re), re).toBe(true)
    for (const re of ["\\d{4}-\\d{2}", "(\\d{1,3}\\.){3}\\d{1,3}", "[(a+)]+", "\\(a+\\)+", "(abc)+", "<think>.*?</think>"]) expect(hasNestedQuantifier(re), re).toBe(false)
  })

  it("takes a first or last character class nothing else in the group matches as a delimiter", () => {
    // CamelCase words, `x*` up to each `y`, hostname labels: one way to split an input into passes
    for (const re of ["/^([A-Z][a-z\\d]*)+$/", "(?:x*y){2,}", "([a-z0-9]+\\.)*", "(\\d+,)+"]) expect(hasNestedQuantifier(re), re).toBe(false)
    // the delimiter repeated or optional, matched by the rest, or compared without case
    for (const re of ["/^([A-Z]+[a-z\\d]*)+$/", "([a-z][a-z\\d]*)+", "/^([A-Z][a-z]*)+$/i", "([a-z0-9]+\\.?)*", "(\\w+\\d)+"]) expect(hasNestedQuantifier(re), re).toBe(true)
  })

  it("takes a line break that nothing else in the group matches as a delimiter: `.` stops at it, `\\s` does not", () => {
    expect(hasNestedQuantifier("/\\n\\|.*\\|\\n((\\|.*\\|\\n)+)/")).toBe(false)
    expect(hasNestedQuantifier("(\\w+:[^\\n]*\\n)+")).toBe(false)
    expect(hasNestedQuantifier("(\\w+\\s*\\n)+")).toBe(true)
    expect(hasNestedQuantifier("([\\s\\w]+\\n)+")).toBe(true)
    expect(hasNestedQuantifier("(\\w+ \\d+\\n)*")).toBe(false)
  })

  it("matches word sequences as whole word parts of identifiers", () => {
    const words = [["api", "key"], ["token"], ["session", "id"]]
    for (const n of ["NewAPIKey", "api_key", "apiKey", "resetToken", "SessionID", "session_id"]) expect(nameHas(n, words), n).toBe(true)
    for (const n of ["max_tokens", "keyboard", "session", "apikeys", "sort_key"]) expect(nameHas(n, words), n).toBe(false)
  })
})
