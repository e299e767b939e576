import type { TaintMatcher } from "../../../domain/Rule.js"
import type { RawMatch } from "../RawMatch.js"
import { compileRuleRegex } from "../ruleRegex.js"
import type { MatcherEntry } from "../treeSitter.js"
import { findFlows, type TaintRules } from "./propagate.js"
import type { TaintScope } from "./TaintIR.js"

export class TaintCompileError extends Error {}

const regex = (source: string, what: string): RegExp => {
  try {
    return compileRuleRegex(source)
  } catch (e) {
    throw new TaintCompileError(`${what}: invalid regex ${JSON.stringify(source)}: ${(e as Error).message}`)
  }
}

const sinkMatcher = (patterns: ReadonlyArray<string>): ((callee: string) => boolean) => {
  const exact = new Set(patterns.filter((p) => !p.startsWith("*.")))
  const suffixes = patterns.filter((p) => p.startsWith("*.")).map((p) => p.slice(1))
  return (name) => exact.has(name) || suffixes.some((s) => name.endsWith(s))
}

export const compileTaintRules = (matcher: TaintMatcher): TaintRules => ({
  sources: matcher.sources.map((s) => regex(s, "sources")),
  sinks: sinkMatcher(matcher.sinks),
  sanitizers: (matcher.sanitizers ?? []).map((s) => regex(s, "sanitizers")),
  parametersAreSources: matcher.parameters_are_sources ?? true
})

/** A proven flow is stronger evidence than the sink alone: at least 0.9 confidence, tier vulnerability. */
const PROVEN_CONFIDENCE = 0.9

export interface CompiledTaint {
  readonly active: boolean
  /** cheap prefilter: the file calls something named like a sink (the scope walk is not cheap) */
  readonly wants: (text: string) => boolean
  readonly run: (scopes: TaintScope, text: string) => Array<RawMatch>
}

export const compileTaint = (entries: ReadonlyArray<MatcherEntry<TaintMatcher>>): CompiledTaint => {
  const compiled = entries.map((e) => ({ entry: e, rules: compileTaintRules(e.matcher) }))
  // `cursor.execute` and `*.execute` are both called as `execute(` somewhere in the text
  const needles = [...new Set(entries.flatMap((e) => e.matcher.sinks.map((sink) => `${sink.split(".").pop() ?? sink}(`)))]
  return {
    active: compiled.length > 0,
    wants: (text) => needles.some((n) => text.includes(n)),
    run: (scopes, text) =>
      compiled.flatMap(({ entry, rules }) =>
        findFlows(scopes, rules).map((hit): RawMatch => ({
          ruleId: entry.rule.id,
          matcherIndex: entry.matcherIndex,
          start: hit.start,
          end: hit.end,
          text: text.slice(hit.start, hit.end),
          detail: `untrusted data flows in through \`${hit.via.length > 60 ? hit.via.slice(0, 57) + "..." : hit.via}\``,
          confidence: Math.max(entry.matcher.confidence ?? entry.rule.confidence, PROVEN_CONFIDENCE),
          riskTier: "vulnerability"
        }))
      )
  }
}
