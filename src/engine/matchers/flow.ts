import type { CallCondition, CallMatcher, CodeGraphMatcher, FlowMatcher, FlowSink, FrameworkModel } from "../../domain/FlowRule.js"
import type { RiskTier, Severity } from "../../domain/Vocabulary.js"
import { FlowEvaluator } from "../flow/evaluate.js"
import { compileFrameworks } from "../flow/FrameworkIndex.js"
import { NameIndex } from "../flow/names.js"
import { assignRoles } from "../flow/roles.js"
import { GUARD_BITS, Prov, type Value } from "../flow/Value.js"
import type { Arg, Call, Expr, SemanticModel } from "../model/Model.js"
import { argOf } from "../model/ModelBuilder.js"
import { compileCodeGraphs } from "./codeGraph.js"
import type { RawMatch } from "./RawMatch.js"
import type { MatcherEntry } from "./treeSitter.js"

type FlowEntry = MatcherEntry<FlowMatcher>
type CallEntry = MatcherEntry<CallMatcher>

interface SinkEntry {
  readonly entry: FlowEntry
  readonly sink: FlowSink
  readonly guardBits: number
  readonly sanitizers: ReadonlyArray<string>
  readonly reports: ReadonlySet<string>
}

/** Every flow and call matcher of one language, run together over one semantic model. */
export interface CompiledModelRules {
  readonly active: boolean
  /** literal names a file must mention for any rule to apply (prefilter) */
  readonly literals: ReadonlyArray<string>
  readonly run: (model: SemanticModel) => Array<RawMatch>
}

const SEVERITY_BELOW: Record<Severity, Severity> = { CRITICAL: "HIGH", HIGH: "MEDIUM", MEDIUM: "LOW", LOW: "LOW" }

export const compileModelRules = (
  language: FrameworkModel["language"],
  flows: ReadonlyArray<FlowEntry>,
  calls: ReadonlyArray<CallEntry>,
  models: ReadonlyArray<FrameworkModel>,
  graphs: ReadonlyArray<MatcherEntry<CodeGraphMatcher>> = []
): CompiledModelRules => {
  const codeGraphs = compileCodeGraphs(graphs)
  const sinks = new NameIndex<SinkEntry>()
  const sanitizers = new NameIndex<string>()
  for (const entry of flows) {
    const m = entry.matcher
    for (const s of m.sanitizers ?? []) sanitizers.add(s, s)
    for (const sink of m.sinks)
      for (const callee of sink.callee)
        sinks.add(callee, {
          entry,
          sink,
          guardBits: (m.guards ?? []).reduce((bits, g) => bits | GUARD_BITS[g], 0),
          sanitizers: m.sanitizers ?? [],
          reports: new Set(m.provenance ?? ["untrusted", "unknown"])
        })
  }
  const structural = new NameIndex<CallEntry>()
  const anyCall: Array<CallEntry> = []
  const keywords = new Set<string>()
  for (const entry of calls)
    for (const callee of entry.matcher.callee) {
      if (callee !== "*") structural.add(callee, entry)
      else {
        // any call: the keywords it checks are what a file must mention
        anyCall.push(entry)
        for (const c of entry.matcher.where ?? []) if ("keyword" in c && c.keyword !== undefined) for (const k of typeof c.keyword === "string" ? [c.keyword] : c.keyword) keywords.add(k)
      }
    }
  // a rule's own extra sources join the shared framework models of its language
  const extra = flows.flatMap((e) => e.matcher.sources ?? [])
  const framework = compileFrameworks([
    ...models.filter((m) => m.language === language || (language === "typescript" && m.language === "javascript")),
    ...(extra.length > 0 ? [{ language, untrusted: [{ names: extra, label: "untrusted data" }] }] : [])
  ])

  const run = (model: SemanticModel): Array<RawMatch> => {
    assignRoles(model, framework)
    const out: Array<RawMatch> = []
    let evaluator: FlowEvaluator | undefined
    const best = new Map<string, RawMatch>()
    for (const call of model.calls) {
      for (const entry of anyCall.length === 0 ? structural.lookup(call.callee) : [...structural.lookup(call.callee), ...anyCall]) {
        const m = entry.matcher
        if (m.in_roles !== undefined && !m.in_roles.includes(call.fn === -1 ? "plain" : model.functions[call.fn]!.role)) continue
        if (!(m.where ?? []).every((c) => holds(c, call))) continue
        if ((m.unless ?? []).some((c) => holds(c, call))) continue
        out.push(match(entry, call))
      }
      const hits = sinks.lookup(call.callee)
      if (hits.length === 0) continue
      evaluator ??= new FlowEvaluator(model, framework, sanitizers)
      for (const hit of hits) {
        if (!(hit.sink.when ?? []).every((c) => holds(c, call))) continue
        if ((hit.sink.unless ?? []).some((c) => holds(c, call))) continue
        const verdict = judge(evaluator, hit, call)
        if (verdict === undefined) continue
        const found = flowMatch(hit, call, verdict)
        const key = `${found.ruleId}:${found.start}`
        const prior = best.get(key)
        if (prior === undefined || rank(found) > rank(prior)) best.set(key, found)
      }
    }
    out.push(...best.values())
    out.push(...codeGraphs.run(model))
    return out
  }
  return {
    active: flows.length > 0 || calls.length > 0 || graphs.length > 0,
    literals: [...new Set([...sinks.literals, ...structural.literals, ...keywords, ...codeGraphs.literals])],
    run
  }
}

const rank = (m: RawMatch): number => (m.riskTier === "vulnerability" ? 2 : 1)

interface Verdict {
  readonly tier: RiskTier
  readonly lower: boolean
  readonly label: string
}

/** What reaches the sink, after sanitizers and guards: a vulnerability, a risk, or nothing. */
const judge = (ev: FlowEvaluator, hit: SinkEntry, call: Call): Verdict | undefined => {
  const args = argsOf(hit.sink, call)
  let worst: Verdict | undefined
  for (const arg of args) {
    // an argv list runs its first element; the others are arguments, not commands
    const expr = hit.sink.check === "program" && arg.value.k === "container" ? arg.value.entries[0]?.value : arg.value
    if (expr === undefined || (hit.sink.check === "string" && expr.k === "func")) continue
    const raw = ev.value(expr, call.fn, call.span.start)
    const v = ev.resolve(raw, call.fn)
    const verdict = verdictOf(v, hit)
    if (verdict !== undefined && (worst === undefined || (worst.lower && !verdict.lower))) worst = verdict
  }
  return worst
}

const verdictOf = (v: Value, hit: SinkEntry): Verdict | undefined => {
  if (v.text !== undefined && !v.secret) return undefined
  if ((v.guards & hit.guardBits) !== 0) return undefined
  if (v.sanitized.some((s) => hit.sanitizers.includes(s))) return undefined
  if (hit.sink.check === "host" && v.prefix !== undefined && /^[a-zA-Z][a-zA-Z0-9+.-]*:\/\/[^/?#]+[/?#]/.test(v.prefix)) return undefined
  // SQL: text of unknown origin only counts when it visibly is SQL; untrusted text passed whole is model- or user-written SQL
  if (hit.sink.check === "sql" && v.prov !== Prov.Untrusted && !SQL_WORDS.test(v.consts ?? "")) return undefined
  if (hit.sink.check === "sql_text" && !SQL_WORDS.test(v.consts ?? "")) return undefined
  if (v.secret && hit.reports.has("secret")) return { tier: "vulnerability", lower: false, label: v.label ?? "a secret" }
  if (v.prov === Prov.Untrusted && hit.reports.has("untrusted")) return { tier: "vulnerability", lower: false, label: v.label ?? "untrusted data" }
  if (v.prov === Prov.Unknown && hit.reports.has("unknown")) return { tier: "risk_pattern", lower: true, label: "a value of unknown origin" }
  if (v.prov === Prov.Config && hit.reports.has("config")) return { tier: "risk_pattern", lower: true, label: "configuration" }
  return undefined
}

const SQL_WORDS = /\b(?:SELECT|INSERT|UPDATE|DELETE|DROP|CREATE|ALTER|TRUNCATE|MERGE|REPLACE|WITH|select|insert|update|delete|drop|create|alter|truncate|merge)\s/

const argsOf = (sink: FlowSink, call: Call): ReadonlyArray<Arg> => {
  if (sink.args === undefined) return call.args.length > 0 ? call.args : call.receiver !== undefined ? [{ value: call.receiver, span: call.span }] : []
  const out: Array<Arg> = []
  for (const ref of sink.args) {
    const a = argOf(call.args, ref)
    if (a !== undefined) out.push(a)
    // `fetch(url, { ... })` and `fetch({ url })`: a named ref may also be a field of an options object
    else if (typeof ref === "string") {
      const named = call.args.find((x) => x.name === ref)
      if (named !== undefined) out.push(named)
    }
  }
  return out
}

const flowMatch = (hit: SinkEntry, call: Call, verdict: Verdict): RawMatch => {
  const base = hit.entry.rule.severity
  const severity = hit.entry.matcher.severity ?? base
  return {
    ruleId: hit.entry.rule.id,
    matcherIndex: hit.entry.matcherIndex,
    start: call.span.start,
    end: call.span.end,
    text: call.written,
    detail: `${verdict.label} reaches ${call.written}${hit.sink.label !== undefined ? ` (${hit.sink.label})` : ""}`,
    riskTier: verdict.tier,
    ...(verdict.lower ? { severity: SEVERITY_BELOW[severity], confidence: Math.round((hit.entry.matcher.confidence ?? hit.entry.rule.confidence) * 70) / 100 } : {})
  }
}

const match = (entry: CallEntry, call: Call): RawMatch => ({
  ruleId: entry.rule.id,
  matcherIndex: entry.matcherIndex,
  start: call.span.start,
  end: call.span.end,
  text: call.written
})

const isConstant = (e: Expr): boolean =>
  e.k === "lit" || (e.k === "container" && e.entries.every((x) => isConstant(x.value))) || (e.k === "concat" && e.parts.every(isConstant))

const keywordArg = (call: Call, keyword: string | ReadonlyArray<string>): Arg | undefined =>
  typeof keyword === "string" ? call.args.find((x) => x.name === keyword) : call.args.find((x) => x.name !== undefined && keyword.includes(x.name))

const holds = (c: CallCondition, call: Call): boolean => {
  if ("at_least" in c) {
    const a = c.keyword !== undefined ? keywordArg(call, c.keyword) : c.arg !== undefined ? argOf(call.args, c.arg) : undefined
    const v = a === undefined ? undefined : c.field === undefined ? a.value : a.value.k === "container" ? a.value.entries.find((x) => x.key === c.field)?.value : undefined
    return v !== undefined && v.k === "lit" && typeof v.value === "number" && v.value >= c.at_least && (c.below === undefined || v.value < c.below)
  }
  if ("keyword" in c) {
    const a = keywordArg(call, c.keyword)
    if ("absent" in c) return a === undefined
    if ("present" in c) return a !== undefined
    if ("not_literal" in c) return a !== undefined && !isConstant(a.value)
    if (a === undefined) return false
    if (c.field !== undefined) {
      const entry = a.value.k === "container" ? a.value.entries.find((x) => x.key === c.field) : undefined
      return entry !== undefined && entry.value.k === "lit" && entry.value.value === c.equals
    }
    return a.value.k === "lit" && a.value.value === c.equals
  }
  if ("args_at_most" in c) return call.args.filter((a) => a.name === undefined).length <= c.args_at_most
  const a = argOf(call.args, c.arg) ?? (typeof c.arg === "string" ? call.args.find((x) => x.name === c.arg) : undefined)
  if ("absent" in c) return a === undefined
  if (a === undefined) return false
  if ("container" in c) return a.value.k === "container"
  if ("literal" in c) return isConstant(a.value) === c.literal
  if ("contains" in c) {
    const re = new RegExp(c.contains)
    return a.value.k === "container" && a.value.entries.some((x) => x.value.k === "lit" && typeof x.value.value === "string" && re.test(x.value.value))
  }
  // a tagged template's literal parts are tested joined by `${}` where the substitutions go
  const text =
    a.value.k === "lit" && typeof a.value.value === "string"
      ? a.value.value
      : a.value.k === "container" && a.value.entries.every((x) => x.value.k === "lit")
        ? a.value.entries.map((x) => String((x.value as { value: unknown }).value)).join("${}")
        : undefined
  return text !== undefined && new RegExp(c.matches).test(text)
}

/** Checks what loading cannot: regexes in conditions compile, names are well-formed globs. */
export const checkModelMatcher = (m: FlowMatcher | CallMatcher | CodeGraphMatcher): { path: Array<string | number>; message: string } | undefined => {
  if (m.kind === "code-graph") {
    const all = [...m.edges.flatMap((e, j) => e.callee.map((n, i) => [["edges", j, "callee", i], n] as const)), ...(m.bounds ?? []).flatMap((b, j) => b.callee.map((n, i) => [["bounds", j, "callee", i], n] as const))]
    for (const [path, n] of all) if (!NAME_PATTERN.test(n)) return { path: [...path], message: `not a canonical name pattern: ${JSON.stringify(n)} (dotted segments, * for any)` }
    const bad = m.edges.findIndex((e) => (e.to === undefined) === (e.router === undefined))
    return bad === -1 ? undefined : { path: ["edges", bad], message: "an edge names either `to` (plain edge) or `router` (conditional edge)" }
  }
  const conditions: Array<[Array<string | number>, CallCondition]> =
    m.kind === "call"
      ? [...(m.where ?? []).map((c, i) => [["where", i], c] as [Array<string | number>, CallCondition]), ...(m.unless ?? []).map((c, i) => [["unless", i], c] as [Array<string | number>, CallCondition])]
      : m.sinks.flatMap((s, j) => [...(s.when ?? []).map((c, i) => [["sinks", j, "when", i], c] as [Array<string | number>, CallCondition]), ...(s.unless ?? []).map((c, i) => [["sinks", j, "unless", i], c] as [Array<string | number>, CallCondition])])
  for (const [path, c] of conditions) {
    const source = "matches" in c ? c.matches : "contains" in c ? c.contains : undefined
    if (source !== undefined) {
      try {
        new RegExp(source)
      } catch (e) {
        return { path, message: `invalid regex ${JSON.stringify(source)}: ${(e as Error).message}` }
      }
    }
  }
  const names = m.kind === "call" ? m.callee.map((n, i) => [["callee", i], n] as const) : m.sinks.flatMap((s, j) => s.callee.map((n, i) => [["sinks", j, "callee", i], n] as const))
  for (const [path, n] of names) if (!NAME_PATTERN.test(n)) return { path: [...path], message: `not a canonical name pattern: ${JSON.stringify(n)} (dotted segments, * for any)` }
  return undefined
}

const NAME_PATTERN = /^(?:\*|[\w$/@:-]+(?:\(\))?)(?:\.(?:\*|[\w$/@:-]+(?:\(\))?))*$/
