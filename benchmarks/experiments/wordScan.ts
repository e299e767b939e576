import { readFileSync } from "node:fs"
import { dirname, join } from "node:path"
import { fileURLToPath } from "node:url"
import { Either } from "effect"
import { prefilterOf } from "../../src/engine/analyseSource.js"
import { compileCatalogue } from "../../src/engine/compileCatalogue.js"
import { loadCatalogueSync } from "../../src/engine/index.js"
import type { CompiledModelRules } from "../../src/engine/matchers/flow.js"
import { compileRegexPatterns, Presence, RegexPresence } from "../../src/engine/matchers/regex.js"
import type { RegexMatcher } from "../../src/domain/Rule.js"
import { CORPUS_NAMES, discoverCorpora, readManifest, resolveCorpus } from "../corpora.js"
import { regexPrefilter } from "./regexPrefilter.js"

/**
 * The whole-text word passes before any rule logic, old (regexes of many alternatives) against new
 * (model/wordScan.ts), over each corpus's pinned sample: the prefilter of the corpus's language
 * (Python's for the builder exports, whose code nodes are mostly Python and JavaScript) and the text
 * rules' keyword presence (caseless and exact). Min of N rounds, old and new alternating, in ms per
 * pass over the corpus. Both must give the same results: checked on every file before timing.
 *
 *   node dist/benchmarks/experiments/wordScan.js [rounds]
 */

const here = dirname(fileURLToPath(import.meta.url))
const REPO_ROOT = join(here, "..", "..", "..")
const ROUNDS = Number(process.argv[2] ?? "10")

const loaded = loadCatalogueSync({})
if (Either.isLeft(loaded)) throw new Error(loaded.left.message)
const compiled = compileCatalogue(loaded.right)
const entries = loaded.right.rules.flatMap((rule) =>
  rule.matchers.flatMap((matcher, matcherIndex) => (matcher.kind === "regex" ? [{ rule, matcher: matcher as RegexMatcher, matcherIndex }] : []))
)
const patterns = compileRegexPatterns(entries)
const caselessWords = [...new Set(patterns.flatMap((p) => [...(p.keywords ?? []), ...(p.caseless ? p.literals ?? [] : [])]))]
const exactWords = [...new Set(patterns.flatMap((p) => (p.caseless ? [] : p.literals ?? [])))]
const byLength = (ws: ReadonlyArray<string>) => [...ws].sort((a, b) => b.length - a.length)
const presence = {
  old: [new RegexPresence(byLength(caselessWords), true), new RegexPresence(byLength(exactWords), false)] as const,
  now: new Presence(caselessWords, exactWords)
}

const { sources } = discoverCorpora(REPO_ROOT)
const manifest = readManifest(join(REPO_ROOT, "benchmarks", "manifest.json"))
const time = (f: () => void): number => {
  const t = performance.now()
  f()
  return performance.now() - t
}
console.log("corpus       MB    prefilter old  new    presence old  new   (min ms per pass)")
for (const name of CORPUS_NAMES) {
  const source = sources.find((s) => s.name === name)
  if (source === undefined) continue
  const pinned = manifest?.corpora[name]
  const { selected } = resolveCorpus(source, pinned, pinned?.capBytes ?? 1_500_000, false)
  const texts = selected.files.map((f) => readFileSync(f.absolute, "utf8"))
  const language = name === "builders" ? "python" : name
  const literals = compiled.modelRules(language).literals
  const before = regexPrefilter(literals)
  const now = prefilterOf({ active: true, literals, roleWords: new Set(), presenceWords: [] } as unknown as CompiledModelRules)
  // same results first
  for (const text of texts) {
    const a = before(text)?.offsets
    const b = now.scan(text)?.offsets
    if (JSON.stringify(a ?? []) !== JSON.stringify(b ?? [])) throw new Error(`${name}: the prefilters differ`)
    const found = presence.now.in(text)
    for (const [i, words] of [caselessWords, exactWords].entries()) {
      const old = presence.old[i]!.in(text)
      const now = i === 0 ? found.caseless : found.exact
      for (const w of words) if (now(w) !== old.some((f) => f.startsWith(w))) throw new Error(`${name}: presence of ${w} differs`)
    }
  }
  const best = { prefilterOld: Infinity, prefilterNew: Infinity, presenceOld: Infinity, presenceNew: Infinity }
  for (let r = 0; r < ROUNDS; r++) {
    best.prefilterOld = Math.min(best.prefilterOld, time(() => texts.forEach((t) => before(t))))
    best.prefilterNew = Math.min(best.prefilterNew, time(() => texts.forEach((t) => now.scan(t))))
    best.presenceOld = Math.min(best.presenceOld, time(() => texts.forEach((t) => presence.old.forEach((p) => p.in(t)))))
    best.presenceNew = Math.min(best.presenceNew, time(() => texts.forEach((t) => presence.now.in(t))))
  }
  const mb = texts.reduce((s, t) => s + t.length, 0) / 1e6
  const f = (x: number) => x.toFixed(1).padStart(6)
  console.log(`${name.padEnd(11)} ${mb.toFixed(2)}   ${f(best.prefilterOld)} ${f(best.prefilterNew)}       ${f(best.presenceOld)} ${f(best.presenceNew)}`)
}
