import { firstScriptError, parseScript } from "../languages/typescript.js"
import { parseCode, parseTreeSitter } from "../languages/treeSitter.js"
import type { Deadline, SourceDoc } from "../languages/Source.js"
import type { CompiledCatalogue } from "./compileCatalogue.js"
import type { GivenSource } from "./flow/given.js"
import type { CompiledModelRules } from "./matchers/flow.js"
import { goModel } from "./model/go.js"
import { anyWithin } from "./model/offsets.js"
import type { Interest } from "./model/interest.js"
import { Literals, mergeOffsets, WholeWords } from "./model/wordScan.js"
import { pythonModel } from "./model/python.js"
import { scriptModel } from "./model/script.js"
import type { RawMatch } from "./matchers/RawMatch.js"

export type CodeLanguage = "python" | "go" | "javascript" | "typescript"

export interface SourceAnalysis {
  readonly matches: Array<RawMatch>
  /** set when the parser reported a syntax error: results may be incomplete */
  readonly syntaxError?: { readonly offset: number; readonly message: string }
}

/**
 * Parses one piece of code and runs the matchers of its language over it. `given`: sources known
 * from outside the code (the input of the builder node that holds it), for data flow.
 */
export const analyseCode = (
  compiled: CompiledCatalogue,
  language: CodeLanguage,
  doc: SourceDoc,
  deadline: Deadline,
  given?: ReadonlyArray<GivenSource>
): SourceAnalysis => {
  if (language === "python" || language === "go") {
    const tree = parseCode(language, doc.text, deadline)
    const queries = compiled.treeSitter[language]
    // tree-sitter queries (purely syntactic rules) need the binding's own tree: parsed only for them
    const matches = queries.active ? queries.run(parseTreeSitter(language, doc.text, deadline), doc.text, deadline) : []
    const rules = compiled.modelRules(language)
    const found = interestOf(doc.text, rules)
    if (found !== undefined) {
      const model = language === "python" ? pythonModel(tree, doc.text, found.interest) : goModel(tree, doc.text, found.interest)
      matches.push(...rules.run(model, doc.text, given, found.present))
    }
    const error = tree.firstError()
    return error === undefined
      ? { matches }
      : { matches, syntaxError: { offset: error.start, message: error.missing ? `missing ${error.type}` : "unexpected syntax" } }
  }
  const file = parseScript(doc.path, doc.text, language, deadline)
  const matches = compiled.tsAst[language].run(file, deadline)
  const rules = compiled.modelRules(language)
  const found = interestOf(doc.text, rules)
  if (found !== undefined) matches.push(...rules.run(scriptModel(file, language, found.interest), doc.text, given, found.present))
  const error = firstScriptError(file)
  return error === undefined ? { matches } : { matches, syntaxError: { offset: error.start, message: error.message } }
}

/**
 * The prefilter: a file that never mentions a name some rule needs (a sink's or a checked call's
 * last segment, see flow/names.ts `Requirement`) needs no model; in a file that does, only functions
 * that mention one are modelled (plus the functions that call those, and those that call a needed
 * name by an alias: see the language modules and model/interest.ts). A name counts where it is a
 * whole identifier (`run`, not the `run` inside `rerun` or `run_id`), unless the rule asks for a
 * fragment (`mentions`: `KEY` in `OPENAI_API_KEY`). A name of a module-rooted pattern
 * (`subprocess.run`) counts only in a file that mentions its module: `run` alone is in most files,
 * `subprocess` is not.
 */
const interestOf = (text: string, rules: CompiledModelRules): { readonly interest: Interest; readonly present: Uint8Array } | undefined => {
  if (!rules.active) return undefined
  const found = prefilterOf(rules).scan(text)
  if (found === undefined || found.offsets.length === 0) return undefined
  const { offsets, names } = found
  return {
    interest: { within: (start, end) => anyWithin(offsets, start, end), names: (segment) => names.has(segment), roles: (segment) => rules.roleWords.has(segment) },
    present: found.present
  }
}

interface Found {
  /** every offset where a word that counts starts (ascending) */
  readonly offsets: ReadonlyArray<number>
  /** the whole words that count in this file */
  readonly names: ReadonlySet<string>
  /** per word of the rules' `presenceWords`: 1 when the text holds it */
  readonly present: Uint8Array
}

interface Prefilter {
  /** where the words that count in this file are, or undefined when none can */
  readonly scan: (text: string) => Found | undefined
}

/** The words that count in files that mention one combination of modules. */
interface Combination {
  readonly names: ReadonlySet<string>
  /** per word of the scan: whether it is one of `names` */
  readonly counts: Uint8Array
}

const prefilters = new WeakMap<CompiledModelRules, Prefilter>()
export const prefilterOf = (rules: CompiledModelRules): Prefilter => {
  let prefilter = prefilters.get(rules)
  if (prefilter !== undefined) return prefilter
  const always = new Set<string>()
  const fragments = new Set<string>()
  const byRoot = new Map<string, Set<string>>()
  for (const r of rules.literals) {
    if (r.partial === true) fragments.add(r.word)
    else if (r.root === undefined) always.add(r.word)
    else byRoot.set(r.root, (byRoot.get(r.root) ?? new Set()).add(r.word))
  }
  // one scan finds the roots and every name any root may bring, as whole words (model/wordScan.ts:
  // one pass over the text, in place of a regex of the roots and one of the names per combination)
  const universe = [...new Set([...byRoot.keys(), ...always, ...[...byRoot.values()].flatMap((ws) => [...ws])])]
  const isRoot = new Uint8Array(universe.length)
  universe.forEach((w, i) => (isRoot[i] = byRoot.has(w) ? 1 : 0))
  const scanner = new WholeWords(universe)
  // the fragments' starts and the words run() asks the presence of, found in one pass of one automaton
  const literalWords = [...new Set([...fragments, ...rules.presenceWords])]
  const literalScan = new Literals(literalWords, false)
  const isFragment = Uint8Array.from(literalWords, (w) => (fragments.has(w) ? 1 : 0))
  const isPresence = Uint8Array.from(literalWords, (w) => (rules.presenceWords.includes(w) ? 1 : 0))
  const presenceIndex = rules.presenceWords.map((w) => literalWords.indexOf(w))
  // files fall into few combinations of the modules they mention
  const cache = new Map<string, Combination | undefined>()
  const combinationOf = (present: ReadonlySet<string>): Combination | undefined => {
    const key = [...present].sort().join("\n")
    if (cache.has(key)) return cache.get(key)
    const names = new Set(always)
    for (const root of present) for (const w of byRoot.get(root)!) names.add(w)
    const combination: Combination | undefined =
      names.size === 0 && fragments.size === 0 ? undefined : { names, counts: Uint8Array.from(universe, (w) => (names.has(w) ? 1 : 0)) }
    if (cache.size < 256) cache.set(key, combination)
    return combination
  }
  prefilter = {
    scan: (text) => {
      // a root counts where it is the longest root whole at an offset (where `langchain_core` and
      // `langchain` both start, the longer is the module named; the shorter still counts wherever it
      // starts on its own), as the longest-first regex of the roots found them
      const present = new Set<string>()
      const hits = scanner.hits(text)
      const { offsets: hitOffsets, words: hitWords } = hits
      let rootAt = -1
      for (let i = 0; i < hitOffsets.length; i++) {
        const w = hitWords[i]!
        if (isRoot[w] === 1 && rootAt !== hitOffsets[i]) {
          rootAt = hitOffsets[i]!
          present.add(universe[w]!)
        }
      }
      const combination = combinationOf(present)
      if (combination === undefined) return undefined
      const offsets: Array<number> = []
      for (let i = 0; i < hitOffsets.length; i++) {
        const offset = hitOffsets[i]!
        if (combination.counts[hitWords[i]!] === 1 && offsets[offsets.length - 1] !== offset) offsets.push(offset)
      }
      const literals = literalWords.length === 0 ? undefined : literalScan.startsAndPresence(text, isFragment, isPresence)
      const fragmentStarts = literals === undefined || fragments.size === 0 ? [] : literals.starts
      return {
        offsets: mergeOffsets(offsets, fragmentStarts),
        names: combination.names,
        present: Uint8Array.from(presenceIndex, (i) => (literals === undefined ? 0 : literals.present[i]!))
      }
    }
  }
  prefilters.set(rules, prefilter)
  return prefilter
}
