import { readdirSync, readFileSync } from "node:fs"
import { join } from "node:path"
import { Either } from "effect"
import fc from "fast-check"
import { describe, expect, it } from "vitest"
import { defaultRulesDir } from "../../src/catalogue/paths.js"
import { prefilterOf } from "../../src/engine/analyseSource.js"
import { compileCatalogue } from "../../src/engine/compileCatalogue.js"
import type { Requirement } from "../../src/engine/flow/names.js"
import { loadCatalogueSync } from "../../src/engine/index.js"
import type { CompiledModelRules } from "../../src/engine/matchers/flow.js"
import type { RegexMatcher } from "../../src/domain/Rule.js"
import { compileRegexPatterns, Presence, RegexPresence } from "../../src/engine/matchers/regex.js"
import { Literals, mergeOffsets, WholeWords } from "../../src/engine/model/wordScan.js"
import { literally, offsetsOf, regexPrefilter, wholeWords } from "../../benchmarks/experiments/regexPrefilter.js"

// ---- the regexes the scans replace, as they were (the oracle) ----------------------------------

/** the strings a regex matches, each match restarting one character later */
const matchesOf = (text: string, pattern: RegExp): Array<[number, string]> => {
  const out: Array<[number, string]> = []
  pattern.lastIndex = 0
  for (let m = pattern.exec(text); m !== null; m = pattern.exec(text)) {
    out.push([m.index, m[0]])
    pattern.lastIndex = m.index + 1
  }
  return out
}

const newPrefilter = (literals: ReadonlyArray<Requirement>) => {
  const prefilter = prefilterOf({ active: true, literals, roleWords: new Set(), presenceWords: [] } as unknown as CompiledModelRules)
  return (text: string): { offsets: Array<number>; names: Array<string> } | undefined => {
    const found = prefilter.scan(text)
    return found === undefined || found.offsets.length === 0 ? undefined : { offsets: [...found.offsets], names: [...found.names].sort() }
  }
}

// ---- adversarial inputs ---------------------------------------------------------------------------

/** identifier characters, `$`, digits, separators, non-ASCII look-alikes (Kelvin sign, long s, dotted I), surrogates */
const chars = ["a", "b", "r", "u", "n", "R", "U", "N", "_", "$", "1", "-", ".", "/", "@", "(", ")", " ", "\n", "'", "é", "\u212A", "\u017F", "\u0130", "\u{1F600}", "\uD83D"]
const seedWords = ["run", "run_id", "rerun", "Run", "ru", "r", "$run", "run$", "1run", "_run", "run.run", "node", "node-fetch", "open", "open()", "@x/y", "@x", "a.b", "é", "n-", "-n", "k", "s", "i"]
/** words that share a leading identifier (`node`, `node-fetch`) or start elsewhere (`@x`, `@x/y`), as module roots do */
const rootLike = ["run", "run.run", "run.run.b", "node", "node-fetch", "node-fetch/x", "open", "open()", "@x", "@x/y", "@x/y/z", "a/b", "a/b/v2"]
const aWord = fc.oneof(fc.constantFrom(...seedWords), fc.string({ unit: fc.constantFrom(...chars), minLength: 1, maxLength: 5 }))
const someWords = fc.uniqueArray(aWord, { maxLength: 12 })
/** texts made of the words and of random characters, so that words meet at every kind of boundary */
const textOf = (words: ReadonlyArray<string>) =>
  fc
    .array(fc.oneof(fc.constantFrom(...(words.length > 0 ? words : ["run"]), ...seedWords), fc.string({ unit: fc.constantFrom(...chars), maxLength: 3 })), { maxLength: 30 })
    .map((parts) => parts.join(""))
/** random case of ASCII letters */
const recased = (text: string, flips: ReadonlyArray<boolean>) =>
  [...text].map((ch, i) => (flips[i % Math.max(flips.length, 1)] ? (ch === ch.toLowerCase() ? ch.toUpperCase() : ch.toLowerCase()) : ch)).join("")

describe("whole-word scan", () => {
  it("finds every offset the whole-words regex finds", () => {
    fc.assert(
      fc.property(
        someWords.chain((words) => fc.tuple(fc.constant(words), textOf(words))),
        ([words, text]) => {
          expect(new WholeWords(words).offsets(text)).toEqual(offsetsOf(text, new RegExp(wholeWords(words), "g")))
        }
      ),
      { numRuns: 2000 }
    )
  })

  it("finds the same in a text scanned again, from the tokens kept of its earlier scan", () => {
    fc.assert(
      fc.property(
        someWords.chain((words) => fc.tuple(fc.constant(words), fc.array(textOf(words), { minLength: 1, maxLength: 3 }))),
        ([words, texts]) => {
          // several word lists over one text, as the script model's caller spread scans a file
          const lists = [words, [...words].reverse().slice(1), [...words, "run"]]
          for (const text of texts)
            for (const list of lists) expect(new WholeWords(list).offsets(text)).toEqual(offsetsOf(text, new RegExp(wholeWords(list), "g")))
        }
      ),
      { numRuns: 1000 }
    )
  })

  it("reports first, at each offset, the word a longest-first regex matches there", () => {
    fc.assert(
      fc.property(
        fc
          .uniqueArray(fc.oneof(aWord, fc.constantFrom(...rootLike)), { maxLength: 12 })
          .chain((words) => fc.tuple(fc.constant(words), textOf(words))),
        ([words, text]) => {
          // the scan is given the words in any order
          const sorted = [...words].sort((a, b) => b.length - a.length)
          const scanner = new WholeWords(words)
          const firsts: Array<[number, string]> = []
          scanner.scan(text, (offset, w) => {
            if (firsts.length === 0 || firsts[firsts.length - 1]![0] !== offset) firsts.push([offset, words[w]!])
          })
          expect(firsts).toEqual(matchesOf(text, new RegExp(wholeWords(sorted), "g")))
        }
      ),
      { numRuns: 2000 }
    )
  })

  it("handles words at the ends of the text, and overlapping words", () => {
    const words = ["run", "run_id", "rerun", "$x", "open()", "@a/b"]
    const scanner = new WholeWords(words)
    for (const text of ["run", "run_id", "rerun", "run$", "$run", "a run", "run(", "xrun", "run_ids", "$x", "a$x", "open()", "open()x", "open() ", "@a/b", "x@a/b", "(@a/b)", ""]) {
      expect(scanner.offsets(text)).toEqual(offsetsOf(text, new RegExp(wholeWords(words), "g")))
    }
    expect(scanner.offsets("run rerun run_id run")).toEqual([0, 4, 10, 17])
  })
})

describe("literal scan", () => {
  it("finds every offset where a word starts, as the alternation regex does", () => {
    fc.assert(
      fc.property(
        someWords.chain((words) => fc.tuple(fc.constant(words), textOf(words))),
        ([words, text]) => {
          const expected = words.length === 0 ? [] : offsetsOf(text, new RegExp(words.map(literally).join("|"), "g"))
          expect(new Literals(words, false).startsAndPresence(text, new Uint8Array(words.length).fill(1), new Uint8Array(words.length)).starts).toEqual(expected)
        }
      ),
      { numRuns: 2000 }
    )
  })

  it("finds in one pass the starts of some words and the presence of others, as the alternation regex and present() do", () => {
    fc.assert(
      fc.property(
        someWords.chain((words) => fc.tuple(fc.constant(words), textOf(words), fc.array(fc.integer({ min: 0, max: 3 }), { minLength: words.length, maxLength: words.length }))),
        ([words, text, roles]) => {
          // per word: 0 neither, 1 start, 2 presence, 3 both
          const scan = new Literals(words, false)
          const startWords = Uint8Array.from(roles, (r) => r & 1)
          const presenceWords = Uint8Array.from(roles, (r) => (r >> 1) & 1)
          const { starts, present } = scan.startsAndPresence(text, startWords, presenceWords)
          const starting = words.filter((_, i) => startWords[i] === 1)
          expect(starts).toEqual(starting.length === 0 ? [] : offsetsOf(text, new RegExp(starting.map(literally).join("|"), "g")))
          const expected = scan.present(text)
          words.forEach((_, i) => {
            if (presenceWords[i] === 1) expect(present[i]).toBe(expected[i])
          })
        }
      ),
      { numRuns: 2000 }
    )
  })

  it("finds which words occur, caseless or not, as the presence regex did", () => {
    fc.assert(
      fc.property(
        someWords.chain((words) => fc.tuple(fc.constant(words), textOf(words), fc.array(fc.boolean(), { minLength: 1, maxLength: 7 }), fc.boolean())),
        ([words, text, flips, caseless]) => {
          // as the text rules give them: lower case when caseless
          const list = caseless ? [...new Set(words.map((w) => w.toLowerCase()))] : words
          const input = caseless ? recased(text, flips) : text
          const old = new RegexPresence([...list].sort((a, b) => b.length - a.length), caseless).in(input)
          const found = new Presence(caseless ? list : [], caseless ? [] : list).in(input)[caseless ? "caseless" : "exact"]
          for (const w of list) expect(found(w)).toBe(old.some((f) => f.startsWith(w)))
        }
      ),
      { numRuns: 2000 }
    )
  })

  it("finds caseless and exact words in one pass as two regexes did", () => {
    fc.assert(
      fc.property(
        fc
          .tuple(someWords, someWords)
          .chain(([lower, cased]) => fc.tuple(fc.constant(lower), fc.constant(cased), textOf([...lower, ...cased]), fc.array(fc.boolean(), { minLength: 1, maxLength: 7 }))),
        ([someLower, cased, text, flips]) => {
          const lower = [...new Set(someLower.map((w) => w.toLowerCase()))]
          const input = recased(text, flips)
          const found = new Presence(lower, cased).in(input)
          const [oldCaseless, oldExact] = [new RegexPresence(lower, true).in(input), new RegexPresence(cased, false).in(input)]
          for (const w of lower) expect(found.caseless(w)).toBe(oldCaseless.some((f) => f.startsWith(w)))
          for (const w of cased) expect(found.exact(w)).toBe(oldExact.some((f) => f.startsWith(w)))
        }
      ),
      { numRuns: 2000 }
    )
    const found = new Presence(["akia"], ["AKIA", "eyJ"]).in("akia eyj")
    expect([found.caseless("akia"), found.exact("AKIA"), found.exact("eyJ")]).toEqual([true, false, false])
  })

  it("compares ASCII letters only, without case", () => {
    const words = ["key", "secret", "sk-", "pass"]
    const found = new Presence(words, []).in("A \u212AEY, a \u017FECRET, SK- and PaSs").caseless
    expect(words.map(found)).toEqual([false, false, true, true])
    expect(Literals.takes(["key", "\u212Aey"], true)).toBe(false)
  })

  it("merges offsets", () => {
    expect(mergeOffsets([1, 4, 9], [0, 4, 5, 10])).toEqual([0, 1, 4, 5, 9, 10])
    expect(mergeOffsets([], [2])).toEqual([2])
  })
})

describe("prefilter", () => {
  const requirement = (words: ReadonlyArray<string>, roots: ReadonlyArray<string>) =>
    fc.record(
      { word: fc.constantFrom(...words), root: fc.option(fc.constantFrom(...roots), { nil: undefined }), partial: fc.option(fc.constant(true as const), { nil: undefined, freq: 4 }) },
      { requiredKeys: ["word"] }
    ).map((r): Requirement => ({ word: r.word, ...(r.root === undefined ? {} : { root: r.root }), ...(r.partial === undefined ? {} : { partial: r.partial }) }))

  it("gives the offsets and names of the regex prefilter", () => {
    fc.assert(
      fc.property(
        fc
          .tuple(fc.uniqueArray(aWord, { minLength: 1, maxLength: 10 }), fc.uniqueArray(fc.oneof(aWord, fc.constantFrom(...rootLike)), { minLength: 1, maxLength: 6 }))
          .chain(([words, roots]) => fc.tuple(fc.array(requirement(words, roots), { maxLength: 14 }), textOf([...words, ...roots]))),
        ([literals, text]) => {
          expect(newPrefilter(literals)(text)).toEqual(regexPrefilter(literals)(text))
        }
      ),
      { numRuns: 2000 }
    )
  })

  it("counts the longer of two roots that start at one offset, and the shorter where it starts alone", () => {
    const literals: Array<Requirement> = [
      { word: "invoke", root: "langchain_core" },
      { word: "run", root: "langchain" },
      { word: "get", root: "github.com/a/b" },
      { word: "put", root: "github.com/a/b/v2" }
    ]
    for (const text of ["import langchain_core\ninvoke()\nrun()", "import langchain\nrun()", "import github.com/a/b/v2\nget() put()", "github.com/a/b github.com/a/b/v2 get put"]) {
      expect(newPrefilter(literals)(text)).toEqual(regexPrefilter(literals)(text))
    }
    expect(newPrefilter(literals)("import github.com/a/b/v2\nget() put()")?.names).toEqual(["put"])
  })
})

// ---- the shipped catalogue's words over its examples ---------------------------------------------

describe("on the shipped catalogue", () => {
  const loaded = loadCatalogueSync()
  if (Either.isLeft(loaded)) throw new Error("the shipped catalogue does not load")
  const compiled = compileCatalogue(loaded.right)
  const examples = readdirSync(defaultRulesDir()).flatMap((rule) => {
    const dir = join(defaultRulesDir(), rule, "examples")
    try {
      return readdirSync(dir).map((n) => readFileSync(join(dir, n), "utf8"))
    } catch {
      return []
    }
  })

  it("prefilters every example as the regexes did, for every language", () => {
    expect(examples.length).toBeGreaterThan(20)
    for (const language of ["python", "go", "javascript", "typescript"] as const) {
      const literals = compiled.modelRules(language).literals
      const [now, before] = [newPrefilter(literals), regexPrefilter(literals)]
      for (const text of examples) expect(now(text)).toEqual(before(text))
    }
  })

  it("finds the text rules' keywords and literals in every example as the regexes did", () => {
    const entries = loaded.right.rules.flatMap((rule) =>
      rule.matchers.flatMap((matcher, matcherIndex) => (matcher.kind === "regex" ? [{ rule, matcher: matcher as RegexMatcher, matcherIndex }] : []))
    )
    const patterns = compileRegexPatterns(entries)
    const caseless = [...new Set(patterns.flatMap((p) => [...(p.keywords ?? []), ...(p.caseless ? p.literals ?? [] : [])]))]
    const exact = [...new Set(patterns.flatMap((p) => (p.caseless ? [] : p.literals ?? [])))]
    expect(caseless.length).toBeGreaterThan(10)
    const now = new Presence(caseless, exact)
    const before = [new RegexPresence(caseless, true), new RegexPresence(exact, false)] as const
    for (const text of [...examples, ...examples.map((e) => e.toUpperCase())]) {
      const found = now.in(text)
      const [oldCaseless, oldExact] = [before[0].in(text), before[1].in(text)]
      for (const w of caseless) expect(found.caseless(w)).toBe(oldCaseless.some((f) => f.startsWith(w)))
      for (const w of exact) expect(found.exact(w)).toBe(oldExact.some((f) => f.startsWith(w)))
    }
  })
})
