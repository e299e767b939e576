import { firstScriptError, parseScript } from "../languages/typescript.js"
import { parseCode, parseTreeSitter } from "../languages/treeSitter.js"
import type { Deadline, SourceDoc } from "../languages/Source.js"
import type { CompiledCatalogue } from "./compileCatalogue.js"
import type { GivenSource } from "./flow/given.js"
import type { CompiledModelRules } from "./matchers/flow.js"
import { goModel } from "./model/go.js"
import { anyWithin } from "./model/offsets.js"
import { type Interest, literally, offsetsOf, wholeWords } from "./model/interest.js"
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
    const interest = interestOf(doc.text, rules)
    if (interest !== undefined) matches.push(...rules.run(language === "python" ? pythonModel(tree, doc.text, interest) : goModel(tree, doc.text, interest), doc.text, given))
    const error = tree.firstError()
    return error === undefined
      ? { matches }
      : { matches, syntaxError: { offset: error.start, message: error.missing ? `missing ${error.type}` : "unexpected syntax" } }
  }
  const file = parseScript(doc.path, doc.text, language, deadline)
  const matches = compiled.tsAst[language].run(file, deadline)
  const rules = compiled.modelRules(language)
  const interest = interestOf(doc.text, rules)
  if (interest !== undefined) matches.push(...rules.run(scriptModel(file, language, interest), doc.text, given))
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
const interestOf = (text: string, rules: CompiledModelRules): Interest | undefined => {
  if (!rules.active) return undefined
  const words = prefilterOf(rules).wordsFor(text)
  if (words === undefined) return undefined
  // every offset where some word starts: one regex pass instead of one indexOf pass per word
  const offsets = offsetsOf(text, words.pattern)
  if (offsets.length === 0) return undefined
  return { within: (start, end) => anyWithin(offsets, start, end), names: (segment) => words.names.has(segment), roles: (segment) => rules.roleWords.has(segment) }
}

interface Words {
  /** global: whole identifiers, and the fragments rules ask for */
  readonly pattern: RegExp
  readonly names: ReadonlySet<string>
}

interface Prefilter {
  /** the words that count in this file, or undefined when none can */
  readonly wordsFor: (text: string) => Words | undefined
}

const prefilters = new WeakMap<CompiledModelRules, Prefilter>()
const prefilterOf = (rules: CompiledModelRules): Prefilter => {
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
  // longest first: where `langchain_core` and `langchain` both start, the longer is the module named;
  // the shorter still counts wherever it starts on its own (each match restarts one character later)
  const rootPattern = new RegExp(wholeWords([...byRoot.keys()].sort((a, b) => b.length - a.length)), "g")
  const fragmentSource = [...fragments].map(literally)
  // files fall into few combinations of the modules they mention: one words regex per combination
  const cache = new Map<string, Words | undefined>()
  prefilter = {
    wordsFor: (text) => {
      const present = new Set<string>()
      rootPattern.lastIndex = 0
      for (let m = rootPattern.exec(text); m !== null; m = rootPattern.exec(text)) {
        present.add(m[0])
        rootPattern.lastIndex = m.index + 1
      }
      const key = [...present].sort().join("\n")
      if (cache.has(key)) return cache.get(key)
      const names = new Set(always)
      for (const root of present) for (const w of byRoot.get(root)!) names.add(w)
      const words: Words | undefined =
        names.size === 0 && fragments.size === 0 ? undefined : { pattern: new RegExp([wholeWords(names), ...fragmentSource].join("|"), "g"), names }
      if (cache.size < 256) cache.set(key, words)
      return words
    }
  }
  prefilters.set(rules, prefilter)
  return prefilter
}
