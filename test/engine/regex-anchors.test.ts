import { Either } from "effect"
import fc from "fast-check"
import { describe, expect, it } from "vitest"
import type { RegexMatcher } from "../../src/domain/Rule.js"
import { loadCatalogueSync } from "../../src/engine/index.js"
import { anchoredMatches, anchorPlan } from "../../src/engine/matchers/regexAnchors.js"

// The anchored scan must find exactly what `text.matchAll(pattern)` finds. Two properties: a plan is
// sound (every match has one of its words within `before` characters of its start), and the scan over
// the words' starts gives matchAll's matches, for the catalogue's text patterns and for hand-written
// patterns of every shape the plan reader takes.

const catalogue = loadCatalogueSync({ checkMatchers: false })
if (Either.isLeft(catalogue)) throw new Error(String(catalogue.left))
const cataloguePatterns = catalogue.right.rules
  .flatMap((r) => r.matchers)
  .filter((m): m is RegexMatcher => m.kind === "regex")
  .flatMap((m) => m.patterns.map((p) => p.regex))

const handWritten = [
  "(?:^|[^\\w+.-])[a-zA-Z][a-zA-Z0-9+.-]{1,20}://[^\\s:@/]{0,10}:([^\\s:@/]{2,8})@[a-z]+",
  "(?i)(?:api[_-]?key|secret|token|passw(?:or)?d|credentials?)\\s*[:=]\\s*[\"']([^\"'\\s]{4,20})[\"']",
  "\\b(ab[cd]{1,3}xyz)\\b",
  "(?<![\\w-])(key)=(\\w{3,})",
  "(?:x|yz)?(?:abc|abd)\\d+",
  "[a-c]{0,4}(?=k)k::v",
  "(?<name>q{2})\\.rst",
  "a.b.c-->"
]

const sources = [...new Set([...cataloguePatterns, ...handWritten])]
const split = (source: string): { source: string; flags: string } =>
  source.startsWith("(?i)") ? { source: source.slice(4), flags: "i" } : { source, flags: "" }
const planned = sources.flatMap((raw) => {
  const { source, flags } = split(raw)
  const plan = anchorPlan(source, flags === "i")
  return plan === undefined ? [] : [{ raw, source, flags, plan }]
})

/** every start of a word in the text (overlapping), by `indexOf`, case folded as the pattern compares */
const startsOf = (text: string, words: ReadonlyArray<string>, caseless: boolean): Array<number> => {
  const hay = caseless ? text.toLowerCase() : text
  const out = new Set<number>()
  for (const w of words) for (let at = hay.indexOf(w); at !== -1; at = hay.indexOf(w, at + 1)) out.add(at)
  return [...out].sort((a, b) => a - b)
}

/** texts from the pattern's own words and characters that secrets, URLs and assignments are made of */
const textFor = (words: ReadonlyArray<string>) => {
  const pieces = [
    ...words,
    ...words.map((w) => w.toUpperCase()),
    "_key",
    "-",
    "=",
    ":",
    "://",
    "@",
    " ",
    "\n",
    '"',
    "'",
    "sk-",
    "eyJ",
    "abcdefghijklmnop",
    "ABCDEF0123456789xyz",
    "http",
    "user",
    "+",
    ".",
    "/",
    "=>",
    "with",
    "TOKEN=",
    "xyz",
    "k::v",
    "qq.rst",
    "a.b.c-->",
    // whole secrets, so that the catalogue's patterns match too
    'api_key = "',
    "client_secret: '",
    "Abcdefghijklmnopqrstuvwxyz0123456789",
    '"',
    "postgres://admin:",
    "s3cr3tPassw0rd@db.example.com",
    "redis://:",
    " mysql+pymysql://root:hunter2hunter2@localhost/db",
    'api_key = "Abcdefghijklmnopqrstuvwxyz0123456789"',
    "PASSWORD: 'Zx9Qw8Er7Ty6Ui5Op4As3Df2'",
    'db_password: str = "Zx9Qw8Er7Ty6Ui5Op4As3Df2"',
    "Bearer ",
    "eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxMjM0NTY3ODkwIn0.abcdefghijklmnopqrstuvwxyz"
  ]
  return fc.array(fc.oneof(fc.constantFrom(...pieces), fc.string({ unit: fc.constantFrom("a", "Z", "0", "_", "-", ".", " ", '"', "=", ":"), maxLength: 4 })), { maxLength: 40 }).map((p) => p.join(""))
}

describe("regex anchor plans", () => {
  it("plans the slow text patterns of the catalogue (no literal start) and the hand-written shapes", () => {
    const names = planned.map((p) => p.raw)
    expect(names).toContain(handWritten[0])
    expect(names).toContain(handWritten[1])
    // the URL-password and secret-assignment patterns of hardcoded_credentials
    expect(planned.some((p) => p.plan.words.includes("://") && p.plan.before >= 20 && cataloguePatterns.includes(p.raw))).toBe(true)
    expect(planned.some((p) => p.plan.words.includes("passw") && p.plan.before === 0 && cataloguePatterns.includes(p.raw))).toBe(true)
  })

  it("gives no plan where a match can start anywhere before its first word", () => {
    for (const source of ["[a-z]+://x", "\\w*token=", "(?:abc|x)yz", "abc|defg", "(a)\\1bcd", "ab"]) expect(anchorPlan(source, false)).toBeUndefined()
  })

  const matched = new Set<string>()
  for (const { raw, source, flags, plan } of planned) {
    it(`is sound and exact for ${raw.slice(0, 60)}`, () => {
      const global = new RegExp(source, `${flags}gd`)
      const sticky = new RegExp(source, `${flags}yd`)
      fc.assert(
        fc.property(textFor(plan.words), (text) => {
          const expected = [...text.matchAll(global)]
          const starts = startsOf(text, plan.words, flags === "i")
          for (const m of expected) expect(starts.some((s) => s >= m.index && s <= m.index + plan.before)).toBe(true)
          const got = anchoredMatches(text, sticky, starts, plan.before)
          if (expected.length > 0) matched.add(raw)
          expect(got.map((m) => [m.index, m[0]])).toEqual(expected.map((m) => [m.index, m[0]]))
        }),
        { numRuns: 300 }
      )
    })
  }

  it("saw matches of the slow catalogue patterns (the properties above are not vacuous for them)", () => {
    for (const p of planned.filter((x) => cataloguePatterns.includes(x.raw) && (x.plan.words.includes("://") || x.plan.words.includes("passw"))))
      expect(matched.has(p.raw) ? p.raw : `no match: ${p.raw}`).toBe(p.raw)
  })
})
