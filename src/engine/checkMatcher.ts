import type { MatcherProblem } from "../catalogue/load.js"
import type { Matcher } from "../domain/Rule.js"
import { ts } from "../languages/typescript.js"
import { checkModelMatcher } from "./matchers/flow.js"
import { compileGraph } from "./matchers/graph.js"
import { compileJsonPath } from "./matchers/jsonpath.js"
import { compileRegexPatterns } from "./matchers/regex.js"
import { checkTreeSitterQuery } from "./matchers/treeSitter.js"
import { checkTsAstMatcher, TS_CAPTURES } from "./matchers/tsAst.js"
import { makeTsView } from "./matchers/tsView.js"
import { compileWhere, WhereCompileError } from "./matchers/where.js"
const emptyTsView = makeTsView(ts.createSourceFile("x.ts", "", ts.ScriptTarget.Latest))

/**
 * Compiles a decoded matcher on its own, so a broken query or regex is reported against its rule.
 * The catalogue only decodes; the engine hands this check to its loader (see loadCatalogue.ts).
 */
export const checkMatcher = (matcher: Matcher): MatcherProblem | undefined => {
  try {
    switch (matcher.kind) {
      case "tree-sitter":
        checkTreeSitterQuery(matcher.target, matcher)
        return undefined
      case "ts-ast":
        checkTsAstMatcher(matcher)
        compileWhere(matcher.where ?? [], emptyTsView, TS_CAPTURES)
        return undefined
      case "regex":
        compileRegexPatterns([{ rule: { id: "check" } as never, matcherIndex: 0, matcher }])
        return undefined
      case "jsonpath":
        compileJsonPath([{ rule: { id: "check" } as never, matcherIndex: 0, matcher }])
        return undefined
      case "graph":
        compileGraph([{ rule: { id: "check" } as never, matcherIndex: 0, matcher }])
        return undefined
      case "flow":
      case "call":
      case "function":
      case "code-graph":
        return checkModelMatcher(matcher)
    }
  } catch (e) {
    if (e instanceof WhereCompileError) return { path: ["where", e.index], message: e.message }
    const field = matcher.kind === "tree-sitter" ? "query" : matcher.kind === "ts-ast" ? "node" : matcher.kind === "jsonpath" ? "given" : matcher.kind === "graph" ? "check" : "patterns"
    return { path: [field], message: (e as Error).message }
  }
}
