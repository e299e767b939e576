import { firstScriptError, parseScript } from "../languages/typescript.js"
import { firstSyntaxError, parseTreeSitter } from "../languages/treeSitter.js"
import type { Deadline, SourceDoc } from "../languages/Source.js"
import type { CompiledCatalogue } from "./compileCatalogue.js"
import type { RawMatch } from "./matchers/RawMatch.js"
import { taintScopesFromTree } from "./matchers/taint/fromTreeSitter.js"
import { taintScopesFromSource } from "./matchers/taint/fromTypeScript.js"

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
    const taint = compiled.taint[language]
    if (taint.active && taint.wants(doc.text)) matches.push(...taint.run(taintScopesFromTree(tree, language), doc.text))
    const error = firstSyntaxError(tree)
    return error === undefined
      ? { matches }
      : { matches, syntaxError: { offset: error.startIndex, message: error.isMissing ? `missing ${error.type}` : "unexpected syntax" } }
  }
  const file = parseScript(doc.path, doc.text, language, deadline)
  const matches = compiled.tsAst[language].run(file, deadline)
  const taint = compiled.taint[language]
  if (taint.active && taint.wants(doc.text)) matches.push(...taint.run(taintScopesFromSource(file), doc.text))
  const error = firstScriptError(file)
  return error === undefined ? { matches } : { matches, syntaxError: { offset: error.start, message: error.message } }
}
