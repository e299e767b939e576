import type { WhereCondition } from "../../domain/Rule.js"
import { compileRuleRegex } from "./ruleRegex.js"
import type { MatchContext, SyntaxView } from "./SyntaxView.js"

export type WherePredicate<N> = (ctx: MatchContext<N>) => boolean

/** Thrown at compile time for a condition that cannot work (bad regex, unknown capture). */
export class WhereCompileError extends Error {
  constructor(readonly index: number, message: string) {
    super(message)
  }
}

const regex = (source: string, index: number): RegExp => {
  try {
    return compileRuleRegex(source)
  } catch (e) {
    throw new WhereCompileError(index, `invalid regex ${JSON.stringify(source)}: ${(e as Error).message}`)
  }
}

/** A whole-file test runs once per file, not once per candidate node of that file. */
const perFile = (re: RegExp): ((text: string) => boolean) => {
  let lastText: string | undefined
  let lastResult = false
  return (text) => {
    if (text !== lastText) {
      lastText = text
      lastResult = re.test(text)
    }
    return lastResult
  }
}

const scopeText = <N>(view: SyntaxView<N>, ctx: MatchContext<N>, types: ReadonlyArray<string> | undefined): string => {
  for (const a of ctx.ancestors()) {
    if (types === undefined ? view.isScope(a) : types.includes(view.type(a))) return view.text(a)
  }
  return ctx.fileText
}

/**
 * Compiles `where` conditions into one predicate. `knownCaptures` is checked here so a typo in a rule
 * fails when the catalogue loads, not silently at scan time.
 */
export const compileWhere = <N>(
  conditions: ReadonlyArray<WhereCondition>,
  view: SyntaxView<N>,
  knownCaptures: ReadonlySet<string>
): WherePredicate<N> => {
  const checkCapture = (name: string, index: number): string => {
    if (!knownCaptures.has(name)) {
      throw new WhereCompileError(index, `unknown capture "${name}" (known: ${[...knownCaptures].join(", ")})`)
    }
    return name
  }
  const predicates: Array<WherePredicate<N>> = conditions.map((c, i): WherePredicate<N> => {
    if ("not_literal" in c) {
      const name = checkCapture(c.not_literal, i)
      return (ctx) => {
        const n = ctx.captures.get(name)
        return n !== undefined && !view.isConstant(n)
      }
    }
    if ("literal" in c) {
      const name = checkCapture(c.literal, i)
      return (ctx) => {
        const n = ctx.captures.get(name)
        return n !== undefined && view.isConstant(n)
      }
    }
    if ("inside" in c) {
      const types = new Set(c.inside)
      return (ctx) => ctx.ancestors().some((a) => types.has(view.type(a)))
    }
    if ("not_inside" in c) {
      const types = new Set(c.not_inside)
      return (ctx) => !ctx.ancestors().some((a) => types.has(view.type(a)))
    }
    if ("keyword_absent" in c) {
      const name = checkCapture(c.keyword_absent.capture, i)
      const names = c.keyword_absent.names
      return (ctx) => {
        const call = ctx.captures.get(name)
        if (call === undefined) return false
        const kw = view.keywordArguments(call)
        return !names.some((k) => kw.has(k))
      }
    }
    if ("keyword_value" in c) {
      const name = checkCapture(c.keyword_value.capture, i)
      const key = c.keyword_value.name
      const re = regex(c.keyword_value.matches, i)
      return (ctx) => {
        const call = ctx.captures.get(name)
        const value = call === undefined ? undefined : view.keywordArguments(call).get(key)
        return value !== undefined && re.test(view.text(value))
      }
    }
    if ("matches" in c) {
      const name = checkCapture(c.matches.capture, i)
      const re = regex(c.matches.regex, i)
      return (ctx) => {
        const n = ctx.captures.get(name)
        return n !== undefined && re.test(view.text(n))
      }
    }
    if ("not_matches" in c) {
      const name = checkCapture(c.not_matches.capture, i)
      const re = regex(c.not_matches.regex, i)
      return (ctx) => {
        const n = ctx.captures.get(name)
        return n === undefined || !re.test(view.text(n))
      }
    }
    if ("scope_matches" in c) {
      const re = regex(c.scope_matches.regex, i)
      const types = c.scope_matches.node_types
      return (ctx) => re.test(scopeText(view, ctx, types))
    }
    if ("scope_not_matches" in c) {
      const re = regex(c.scope_not_matches.regex, i)
      const types = c.scope_not_matches.node_types
      return (ctx) => !re.test(scopeText(view, ctx, types))
    }
    if ("file_matches" in c) {
      const test = perFile(regex(c.file_matches, i))
      return (ctx) => test(ctx.fileText)
    }
    const test = perFile(regex(c.file_not_matches, i))
    return (ctx) => !test(ctx.fileText)
  })
  return (ctx) => predicates.every((p) => p(ctx))
}
