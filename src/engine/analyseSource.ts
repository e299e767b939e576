import { firstScriptError, parseScript } from "../languages/typescript.js"
import { firstSyntaxError, parseTreeSitter } from "../languages/treeSitter.js"
import type { Deadline, SourceDoc } from "../languages/Source.js"
import type { CompiledCatalogue } from "./compileCatalogue.js"
import type { CompiledModelRules } from "./matchers/flow.js"
import { goModel } from "./model/go.js"
import { type Interest, pythonModel } from "./model/python.js"
import { scriptModel } from "./model/script.js"
import type { RawMatch } from "./matchers/RawMatch.js"

export type CodeLanguage = "python" | "go" | "javascript" | "typescript"

export interface SourceAnalysis {
  readonly matches: Array<RawMatch>
  /** set when the parser reported a syntax error: results may be incomplete */
  readonly syntaxError?: { readonly offset: number; readonly message: string }
}

/** Parses one piece of code and runs the syntactic matchers of its language over it. */
export const analyseCode = (
  compiled: CompiledCatalogue,
  language: CodeLanguage,
  doc: SourceDoc,
  deadline: Deadline
): SourceAnalysis => {
  if (language === "python" || language === "go") {
    const tree = parseTreeSitter(language, doc.text, deadline)
    const matches = compiled.treeSitter[language].run(tree, doc.text, deadline)
    const rules = compiled.modelRules(language)
    const interest = interestOf(doc.text, rules)
    if (interest !== undefined) matches.push(...rules.run(language === "python" ? pythonModel(tree, doc.text, interest) : goModel(tree, doc.text, interest), doc.text))
    const error = firstSyntaxError(tree)
    return error === undefined
      ? { matches }
      : { matches, syntaxError: { offset: error.startIndex, message: error.isMissing ? `missing ${error.type}` : "unexpected syntax" } }
  }
  const file = parseScript(doc.path, doc.text, language, deadline)
  const matches = compiled.tsAst[language].run(file, deadline)
  const rules = compiled.modelRules(language)
  const interest = interestOf(doc.text, rules)
  if (interest !== undefined) matches.push(...rules.run(scriptModel(file, language, interest), doc.text))
  const error = firstScriptError(file)
  return error === undefined ? { matches } : { matches, syntaxError: { offset: error.start, message: error.message } }
}

/**
 * The prefilter: a file that never mentions a name some rule needs (a sink's or a checked call's
 * last segment) needs no model; in a file that does, only functions that mention one are modelled
 * (plus the functions that call those, see the language modules).
 */
const interestOf = (text: string, rules: CompiledModelRules): Interest | undefined => {
  if (!rules.active) return undefined
  const offsets: Array<number> = []
  for (const literal of rules.literals) {
    for (let i = text.indexOf(literal); i !== -1; i = text.indexOf(literal, i + literal.length)) offsets.push(i)
  }
  if (offsets.length === 0) return undefined
  offsets.sort((a, b) => a - b)
  return (start, end) => {
    let lo = 0
    let hi = offsets.length
    while (lo < hi) {
      const mid = (lo + hi) >> 1
      if (offsets[mid]! < start) lo = mid + 1
      else hi = mid
    }
    return lo < offsets.length && offsets[lo]! < end
  }
}
