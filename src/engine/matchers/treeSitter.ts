import Parser from "tree-sitter"
import type { LoadedRule } from "../../catalogue/Catalogue.js"
import type { TreeSitterMatcher } from "../../domain/Rule.js"
import { grammarOf, type SyntaxNode, type Tree, type TreeSitterLanguage } from "../../languages/treeSitter.js"
import { type Deadline, DeadlineExceeded } from "../../languages/Source.js"
import type { RawMatch } from "./RawMatch.js"
import type { MatchContext } from "./SyntaxView.js"
import { treeSitterView } from "./treeSitterView.js"
import { compileWhere, type WherePredicate } from "./where.js"

export interface MatcherEntry<M> {
  readonly rule: LoadedRule
  readonly matcherIndex: number
  readonly matcher: M
}

interface Segment {
  readonly from: number
  readonly to: number
  readonly entry: MatcherEntry<TreeSitterMatcher>
  readonly where: WherePredicate<SyntaxNode>
}

export class QueryCompileError extends Error {}

const captureNames = (query: string): Set<string> => new Set([...query.matchAll(/@([A-Za-z_][A-Za-z0-9_.]*)/g)].map((m) => m[1]!))

/** Compiles one matcher's query alone, so a bad query is reported against its own rule. */
export const checkTreeSitterQuery = (language: TreeSitterLanguage, matcher: TreeSitterMatcher): void => {
  try {
    new Parser.Query(grammarOf(language), matcher.query)
  } catch (e) {
    throw new QueryCompileError(`query does not compile against the ${language} grammar: ${(e as Error).message}`)
  }
  if (!captureNames(matcher.query).has("finding")) {
    throw new QueryCompileError("query has no @finding capture (it marks the node to report)")
  }
  compileWhere(matcher.where ?? [], treeSitterView, captureNames(matcher.query))
}

export interface CompiledTreeSitter {
  /** false when the language has no query matcher: then no binding tree needs to be parsed */
  readonly active: boolean
  readonly run: (tree: Tree, text: string, deadline: Deadline) => Array<RawMatch>
}

/**
 * All matchers of one language become ONE query (one traversal per file instead of one per rule,
 * ~7x faster). A match's pattern index is mapped back to its matcher through the byte offset where
 * the pattern starts in the combined source. Each query was already compiled alone when the catalogue
 * was checked (`checkMatcher`, before the snapshot is written or a scan starts), so it is not
 * compiled alone again here: that doubled the cost of a worker's first file.
 */
export const compileTreeSitter = (
  language: TreeSitterLanguage,
  entries: ReadonlyArray<MatcherEntry<TreeSitterMatcher>>
): CompiledTreeSitter => {
  if (entries.length === 0) return { active: false, run: () => [] }
  const segments: Array<Segment> = []
  let source = ""
  for (const entry of entries) {
    // startIndexForPattern answers in bytes, so segments are kept in bytes too
    const from = Buffer.byteLength(source)
    source += entry.matcher.query + "\n"
    segments.push({
      from,
      to: Buffer.byteLength(source),
      entry,
      where: compileWhere(entry.matcher.where ?? [], treeSitterView, captureNames(entry.matcher.query))
    })
  }
  const query = new Parser.Query(grammarOf(language), source)
  const segmentOfPattern = new Map<number, Segment>()
  const segmentFor = (pattern: number): Segment => {
    let seg = segmentOfPattern.get(pattern)
    if (seg === undefined) {
      // only ever called with an index taken from a match: an out-of-range index aborts the process
      const at = query.startIndexForPattern(pattern)
      seg = segments.find((s) => at >= s.from && at < s.to)!
      segmentOfPattern.set(pattern, seg)
    }
    return seg
  }

  return {
    active: true,
    run: (tree, text, deadline) => {
      // the binding ignores a progress callback on matches(); timeoutMicros is what it honours
      const remainingMs = deadline.remainingMs
      if (remainingMs <= 0) throw new DeadlineExceeded("query")
      const started = Date.now()
      const matches = query.matches(tree.rootNode, { timeoutMicros: Math.max(1000, Math.floor(remainingMs * 1000)) })
      if (Date.now() - started >= remainingMs) throw new DeadlineExceeded("query")
      const out: Array<RawMatch> = []
      const seen = new Set<string>()
      for (const m of matches) {
        const seg = segmentFor(m.pattern)
        const captures = new Map<string, SyntaxNode>()
        for (const c of m.captures) if (!captures.has(c.name)) captures.set(c.name, c.node)
        const finding = captures.get("finding")
        if (finding === undefined) continue
        const ctx: MatchContext<SyntaxNode> = {
          captures,
          finding,
          ancestors: () => {
            const list: Array<SyntaxNode> = []
            for (let p = finding.parent; p !== null; p = p.parent) list.push(p)
            return list
          },
          fileText: text
        }
        if (!seg.where(ctx)) continue
        // one report per rule and node, however many patterns of the rule matched it
        const key = `${seg.entry.rule.id}:${finding.startIndex}:${finding.endIndex}`
        if (seen.has(key)) continue
        seen.add(key)
        out.push({
          ruleId: seg.entry.rule.id,
          matcherIndex: seg.entry.matcherIndex,
          start: finding.startIndex,
          end: finding.endIndex,
          text: finding.text
        })
      }
      return out
    }
  }
}
