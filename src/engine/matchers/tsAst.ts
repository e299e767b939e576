import type { TsAstMatcher } from "../../domain/Rule.js"
import { ts } from "../../languages/typescript.js"
import { type Deadline, DeadlineExceeded } from "../../languages/Source.js"
import type { RawMatch } from "./RawMatch.js"
import type { MatchContext } from "./SyntaxView.js"
import type { MatcherEntry } from "./treeSitter.js"
import { calleeName, kindByName, makeTsView } from "./tsView.js"
import { compileWhere, type WherePredicate } from "./where.js"

/** Pseudo-captures a ts-ast matcher's `where` may name. */
export const TS_CAPTURES: ReadonlySet<string> = new Set([
  "finding",
  "callee",
  "last_arg",
  ...Array.from({ length: 10 }, (_, i) => `arg${i}`)
])

export class TsAstCompileError extends Error {}

/**
 * `callee` patterns: `eval` (exactly), `child_process.exec` (exactly), `*.exec` (any receiver),
 * `exec*` is not supported on purpose: prefixes match too much.
 */
const calleeMatcher = (patterns: ReadonlyArray<string>): ((name: string | undefined) => boolean) => {
  const exact = new Set(patterns.filter((p) => !p.startsWith("*.")))
  const suffixes = patterns.filter((p) => p.startsWith("*.")).map((p) => p.slice(1))
  return (name) => name !== undefined && (exact.has(name) || suffixes.some((s) => name.endsWith(s)))
}

interface Compiled {
  readonly entry: MatcherEntry<TsAstMatcher>
  readonly callee: ((name: string | undefined) => boolean) | undefined
  readonly whereSource: TsAstMatcher["where"]
}

export const checkTsAstMatcher = (matcher: TsAstMatcher): void => {
  for (const name of matcher.node) {
    if (kindByName(name) === undefined) throw new TsAstCompileError(`unknown TypeScript SyntaxKind "${name}"`)
  }
}

export interface CompiledTsAst {
  readonly run: (file: ts.SourceFile, deadline: Deadline) => Array<RawMatch>
}

/** One walk per file, dispatching each node to the matchers registered for its kind. */
export const compileTsAst = (entries: ReadonlyArray<MatcherEntry<TsAstMatcher>>): CompiledTsAst => {
  const byKind = new Map<ts.SyntaxKind, Array<Compiled>>()
  for (const entry of entries) {
    checkTsAstMatcher(entry.matcher)
    // compile once against a throwaway view to validate captures and regexes at load time
    compileWhere(entry.matcher.where ?? [], makeTsView(ts.createSourceFile("x.ts", "", ts.ScriptTarget.Latest)), TS_CAPTURES)
    const compiled: Compiled = {
      entry,
      callee: entry.matcher.callee === undefined ? undefined : calleeMatcher(entry.matcher.callee),
      whereSource: entry.matcher.where
    }
    for (const name of entry.matcher.node) {
      const kind = kindByName(name)!
      const list = byKind.get(kind) ?? []
      list.push(compiled)
      byKind.set(kind, list)
    }
  }
  if (byKind.size === 0) return { run: () => [] }

  return {
    run: (file, deadline) => {
      const view = makeTsView(file)
      const predicates = new Map<Compiled, WherePredicate<ts.Node>>()
      const predicateOf = (c: Compiled): WherePredicate<ts.Node> => {
        let p = predicates.get(c)
        if (p === undefined) {
          p = compileWhere(c.whereSource ?? [], view, TS_CAPTURES)
          predicates.set(c, p)
        }
        return p
      }
      const out: Array<RawMatch> = []
      const stack: Array<ts.Node> = []
      let visited = 0
      const visit = (node: ts.Node): void => {
        if ((++visited & 4095) === 0 && deadline.expired) throw new DeadlineExceeded("match")
        const candidates = byKind.get(node.kind)
        if (candidates !== undefined) {
          const callExpr = ts.isCallExpression(node) || ts.isNewExpression(node) ? node : undefined
          const name = callExpr === undefined ? undefined : calleeName(callExpr.expression)
          for (const c of candidates) {
            if (c.callee !== undefined && !c.callee(name)) continue
            const captures = new Map<string, ts.Node>([["finding", node]])
            if (callExpr !== undefined) {
              captures.set("callee", callExpr.expression)
              callExpr.arguments?.forEach((a, i) => captures.set(`arg${i}`, a))
              const last = callExpr.arguments?.[callExpr.arguments.length - 1]
              if (last !== undefined) captures.set("last_arg", last)
            }
            const ancestors = [...stack].reverse()
            const ctx: MatchContext<ts.Node> = { captures, finding: node, ancestors: () => ancestors, fileText: file.text }
            if (!predicateOf(c)(ctx)) continue
            const start = node.getStart(file)
            out.push({
              ruleId: c.entry.rule.id,
              matcherIndex: c.entry.matcherIndex,
              start,
              end: node.end,
              text: file.text.slice(start, node.end)
            })
          }
        }
        stack.push(node)
        ts.forEachChild(node, visit)
        stack.pop()
      }
      visit(file)
      return out
    }
  }
}
