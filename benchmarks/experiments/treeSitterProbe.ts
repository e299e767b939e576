import { readFileSync } from "node:fs"
import { dirname, join } from "node:path"
import { fileURLToPath } from "node:url"
import { Either } from "effect"
import Parser from "tree-sitter"
import type { TreeSitterMatcher } from "../../src/domain/Rule.js"
import { compileCatalogue } from "../../src/engine/compileCatalogue.js"
import { loadCatalogueSync } from "../../src/engine/index.js"
import { goModel } from "../../src/engine/model/go.js"
import { pythonModel } from "../../src/engine/model/python.js"
import type { MatcherEntry } from "../../src/engine/matchers/treeSitter.js"
import { Deadline } from "../../src/languages/Source.js"
import { grammarOf, parseCode, parseTreeSitter, type Tree } from "../../src/languages/treeSitter.js"
import { discoverCorpora, readManifest, resolveCorpus } from "../corpora.js"

/**
 * Where does a Python/Go scan spend its time beyond parsing? Splits the engine's tree-sitter step on
 * the pinned corpus sample (benchmarks/manifest.json) and times alternative strategies on the same
 * trees, without touching the engine:
 *
 *   node dist/benchmarks/experiments/treeSitterProbe.js [python|go] [runs]
 *
 * - engine: the compiled catalogue's tree-sitter run (combined query + JS predicates + where)
 * - query only: the same combined query's matches() (native matching + JS-side predicates)
 * - raw: the combined query with predicates stripped (what the native side hands to JS)
 * - dedup: one copy of each distinct matcher query (YAML anchors repeat queries across matchers)
 * - gated: matchers whose `#eq?`/`#any-of?` literals do not occur in the file text are not run
 *   (combined query per distinct gated set, compiled once and cached; compile time included)
 * - taint walk: the engine's taint extraction vs a TreeCursor walk over the same nodes
 */

const here = dirname(fileURLToPath(import.meta.url))
const REPO_ROOT = join(here, "..", "..", "..")

const language = (process.argv[2] ?? "python") as "python" | "go"
const RUNS = Number(process.argv[3] ?? "3")

const loaded = loadCatalogueSync({})
if (Either.isLeft(loaded)) throw new Error(loaded.left.message)
const compiled = compileCatalogue(loaded.right)
const entries = compiled.entries("tree-sitter", language) as Array<MatcherEntry<TreeSitterMatcher>>

const { sources } = discoverCorpora(REPO_ROOT)
const source = sources.find((s) => s.name === language)
if (source === undefined) throw new Error(`no ${language} corpus on this machine`)
const manifest = readManifest(join(REPO_ROOT, "benchmarks", "manifest.json"))
const pinned = manifest?.corpora[language]
const { selected } = resolveCorpus(source, pinned, pinned?.capBytes ?? 2_000_000, false)
const files = selected.files.map((f) => ({ path: f.path, text: readFileSync(f.absolute, "utf8") }))
const bytes = files.reduce((s, f) => s + Buffer.byteLength(f.text), 0)

const grammar = grammarOf(language)
const combinedSource = entries.map((e) => e.matcher.query).join("\n")
const uniqueQueries = [...new Set(entries.map((e) => e.matcher.query))]
/** removes every `(#predicate ...)` form (strings with parentheses and escapes included) */
const stripPredicates = (q: string): string => {
  let out = ""
  let i = 0
  while (i < q.length) {
    if (q[i] === "(" && q[i + 1] === "#") {
      let depth = 0
      for (; i < q.length; i++) {
        const c = q[i]
        if (c === '"') {
          for (i++; i < q.length && q[i] !== '"'; i++) if (q[i] === "\\") i++
        } else if (c === "(") depth++
        else if (c === ")" && --depth === 0) {
          i++
          break
        }
      }
      continue
    }
    if (q[i] === '"') {
      const start = i
      for (i++; i < q.length && q[i] !== '"'; i++) if (q[i] === "\\") i++
      out += q.slice(start, ++i)
      continue
    }
    out += q[i++]
  }
  return out
}
const compileStarted = performance.now()
const combined = new Parser.Query(grammar, combinedSource)
const combinedCompileMs = performance.now() - compileStarted
const raw = new Parser.Query(grammar, stripPredicates(combinedSource))
const dedup = new Parser.Query(grammar, uniqueQueries.join("\n"))

/** Literal words a matcher needs in the file: every pattern of it must carry a positive literal predicate. */
const keywordsOf = (query: string): Array<string> | undefined => {
  const patterns = query.split(/\n(?=\(\()/)
  const words: Array<string> = []
  for (const p of patterns) {
    const found = [...p.matchAll(/\(#(?:eq|any-of)\?\s+@[\w.]+((?:\s+"[^"]*")+)\s*\)/g)].flatMap((m) => [...m[1]!.matchAll(/"([^"]*)"/g)].map((x) => x[1]!))
    if (found.length === 0) return undefined
    words.push(...found)
  }
  return words
}
const gates = uniqueQueries.map((q) => ({ query: q, words: keywordsOf(q) }))
const gatedCache = new Map<string, Parser.Query>()
let gatedCompileMs = 0
const gatedQueryFor = (text: string): Parser.Query | undefined => {
  const chosen = gates.filter((g) => g.words === undefined || g.words.some((w) => text.includes(w)))
  if (chosen.length === 0) return undefined
  const key = chosen.map((g) => gates.indexOf(g)).join(",")
  let q = gatedCache.get(key)
  if (q === undefined) {
    const t = performance.now()
    q = new Parser.Query(grammar, chosen.map((g) => g.query).join("\n"))
    gatedCompileMs += performance.now() - t
    gatedCache.set(key, q)
  }
  return q
}

const cursorWalk = (tree: Tree): number => {
  const cursor = tree.walk()
  let n = 0
  for (;;) {
    n++
    void cursor.nodeType
    if (cursor.gotoFirstChild()) continue
    while (!cursor.gotoNextSibling()) if (!cursor.gotoParent()) return n
  }
}

/** pattern index → "rule#matcher" through the byte offset of the pattern in the combined source */
const segmentsOf = (texts: ReadonlyArray<string>) => {
  const out: Array<{ from: number; to: number; label: string }> = []
  let at = 0
  texts.forEach((q, i) => {
    const len = Buffer.byteLength(q + "\n")
    out.push({ from: at, to: at + len, label: `${entries[i]!.rule.id}#${entries[i]!.matcherIndex}` })
    at += len
  })
  return out
}
const rawSegments = segmentsOf(entries.map((e) => stripPredicates(e.matcher.query)))
const combinedSegments = segmentsOf(entries.map((e) => e.matcher.query))
const ruleOfRawPattern = (p: number) => {
  const at = raw.startIndexForPattern(p)
  return rawSegments.find((s) => at >= s.from && at < s.to)?.label ?? "?"
}
const ruleOfCombinedPattern = (p: number) => {
  const at = combined.startIndexForPattern(p)
  return combinedSegments.find((s) => at >= s.from && at < s.to)?.label ?? "?"
}
const rawByRule = new Map<string, number>()
const keptByRule = new Map<string, number>()

/**
 * Feasible gating: queries precompiled once per rule (distinct queries only); a rule's query runs on a
 * file only when one of its gates passes: a literal of its `#eq?`/`#any-of?` predicates occurs in the
 * text, or, for catch-all patterns such as `((string) @finding)` filtered by a `matches` condition on
 * @finding, that regex (unanchored) finds something in the text. Matchers with neither always run.
 */
const gateOf = (query: string): ((text: string) => boolean) => {
  const words = keywordsOf(query)
  if (words !== undefined) return (text) => words.some((w) => text.includes(w))
  const users = entries.filter((e) => e.matcher.query === query)
  const regexes = users.map((e) => {
    const m = (e.matcher.where ?? []).find((w) => "matches" in w && (w as { matches: { capture: string } }).matches.capture === "finding") as
      | { matches: { regex: string } }
      | undefined
    return m === undefined ? undefined : new RegExp(m.matches.regex.replace(/^\^/, "").replace(/\$$/, ""), "m")
  })
  if (regexes.some((r) => r === undefined)) return () => true
  return (text) => regexes.some((r) => r!.test(text))
}
const byRule = new Map<string, Array<string>>()
for (const q of uniqueQueries) {
  const id = entries.find((e) => e.matcher.query === q)!.rule.id
  byRule.set(id, [...(byRule.get(id) ?? []), q])
}
const ruleGroupsStarted = performance.now()
const ruleGroups = [...byRule.entries()].map(([id, qs]) => ({ id, query: new Parser.Query(grammar, qs.join("\n")), gates: qs.map(gateOf) }))
const ruleGroupsCompileMs = performance.now() - ruleGroupsStarted
let ruleGroupRuns = 0

/** the native side alone: no captures, so (almost) nothing is marshalled to JS */
const nativeOnly = new Parser.Query(grammar, stripPredicates(combinedSource).replace(/@[\w.]+/g, ""))

/**
 * Catch-all queries (`((string) @finding)` filtered by a regex on @finding) replaced by the regex run
 * over the file text, each hit mapped to its node with descendantForIndex; the rest deduplicated.
 */
const catchAll = uniqueQueries.filter((q) => keywordsOf(q) === undefined && /^\s*\(\((?:string|concatenated_string|comment|interpreted_string_literal|raw_string_literal)\)\s*@finding\)\s*$/m.test(q.split("\n")[0]!))
const catchAllRegexes = catchAll.flatMap((q) =>
  entries
    .filter((e) => e.matcher.query === q)
    .flatMap((e) => (e.matcher.where ?? []).filter((w) => "matches" in w) as Array<{ matches: { regex: string } }>)
    .map((w) => new RegExp(w.matches.regex.replace(/^\^/, ""), "gm"))
)
const withoutCatchAll = new Parser.Query(grammar, uniqueQueries.filter((q) => !catchAll.includes(q)).join("\n"))

const timings: Record<string, Array<number>> = {}
const add = (k: string, ms: number) => ((timings[k] ??= []).push(ms))
const counts = { raw: 0, afterPredicates: 0, dedupMatches: 0, gatedFiles: 0, nodes: 0 }
const median = (v: ReadonlyArray<number>) => [...v].sort((a, b) => a - b)[v.length >> 1]!

for (let run = 0; run < RUNS + 1; run++) {
  const t: Record<string, number> = {}
  const time = <A>(k: string, f: () => A): A => {
    const s = performance.now()
    const a = f()
    t[k] = (t[k] ?? 0) + performance.now() - s
    return a
  }
  for (const f of files) {
    const tree = time("parse", () => parseTreeSitter(language, f.text, Deadline.in(60_000)))
    time("engine tree-sitter step (query + where)", () => compiled.treeSitter[language].run(tree, f.text, Deadline.in(60_000)))
    const m = time("combined query matches() only", () => combined.matches(tree.rootNode))
    const r = time("raw matches (predicates stripped)", () => raw.matches(tree.rootNode))
    const d = time("dedup: distinct queries only", () => dedup.matches(tree.rootNode))
    const g = time("gated, one query per keyword set (compile not counted)", () => {
      const q = gatedQueryFor(f.text)
      return q === undefined ? [] : q.matches(tree.rootNode)
    })
    time("native matching only (no captures)", () => nativeOnly.matches(tree.rootNode))
    time("dedup + catch-all string rules as text regex", () => {
      withoutCatchAll.matches(tree.rootNode)
      for (const re of catchAllRegexes) {
        re.lastIndex = 0
        for (let hit = re.exec(f.text); hit !== null; hit = re.exec(f.text)) {
          tree.rootNode.descendantForIndex(hit.index)
          if (hit[0].length === 0) re.lastIndex++
        }
      }
    })
    time("gated per rule, precompiled queries", () => {
      for (const g of ruleGroups) {
        if (!g.gates.some((gate) => gate(f.text))) continue
        if (run === 0) ruleGroupRuns++
        g.query.matches(tree.rootNode)
      }
    })
    const flat = time("engine parse (tree exported in the native call)", () => parseCode(language, f.text, Deadline.in(60_000)))
    time("semantic model (every function)", () => (language === "python" ? pythonModel(flat, f.text) : goModel(flat, f.text)))
    const n = time("TreeCursor walk (all nodes)", () => cursorWalk(tree))
    if (run === 0) {
      for (const x of r) {
        const id = ruleOfRawPattern(x.pattern)
        rawByRule.set(id, (rawByRule.get(id) ?? 0) + 1)
      }
      for (const x of m) {
        const id = ruleOfCombinedPattern(x.pattern)
        keptByRule.set(id, (keptByRule.get(id) ?? 0) + 1)
      }
      counts.raw += r.length
      counts.afterPredicates += m.length
      counts.dedupMatches += d.length
      counts.nodes += n
      if (g.length === 0 && gatedQueryFor(f.text) === undefined) counts.gatedFiles++
    }
    if (f === files[files.length - 1]) (globalThis as { gc?: () => void }).gc?.()
  }
  if (run === 0) console.log(`gated: ${gatedCompileMs.toFixed(0)} ms compiling ${gatedCache.size} keyword-set queries in the first pass (per-file sets rarely repeat)`)
  // the first pass warms the JIT and fills the gated-query cache: not reported
  if (run > 0) for (const [k, v] of Object.entries(t)) add(k, v)
}

const mbps = (ms: number) => (bytes / 1e6 / (ms / 1000)).toFixed(2)
console.log(`${language}: ${files.length} files, ${(bytes / 1e6).toFixed(2)} MB, ${counts.nodes} nodes; ${entries.length} tree-sitter matchers, ${uniqueQueries.length} distinct queries, ${gates.filter((g) => g.words !== undefined).length} with literal keywords; medians of ${RUNS} runs`)
console.log(`gated per rule: ${ruleGroups.length} rule queries compiled in ${ruleGroupsCompileMs.toFixed(0)} ms; ${(ruleGroupRuns / files.length).toFixed(1)} of them run per file on average`)
console.log(`catch-all string queries: ${catchAll.length} (${catchAllRegexes.length} regexes)`)
console.log(`combined query compile: ${combinedCompileMs.toFixed(0)} ms; gated sets are compiled per distinct keyword set (run 0 only)`)
console.log("raw matches by matcher (top 10), with matches kept after the query's own predicates:")
for (const [k, v] of [...rawByRule.entries()].sort((a, b) => b[1] - a[1]).slice(0, 10)) console.log(`  ${k.padEnd(40)} ${String(v).padStart(8)} raw ${String(keptByRule.get(k) ?? 0).padStart(8)} kept`)
console.log(`matches: raw ${counts.raw}, after predicates ${counts.afterPredicates}, dedup ${counts.dedupMatches}; gated query sets compiled: ${gatedCache.size}`)
for (const [k, v] of Object.entries(timings)) console.log(`${k.padEnd(45)} ${median(v).toFixed(0).padStart(7)} ms  ${mbps(median(v)).padStart(7)} MB/s`)
