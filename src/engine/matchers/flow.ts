import type { CallCondition, CallMatcher, CodeGraphMatcher, FlowMatcher, FlowSink, FrameworkModel, FunctionMatcher } from "../../domain/FlowRule.js"
import type { RiskTier, Severity } from "../../domain/Vocabulary.js"
import { FlowEvaluator } from "../flow/evaluate.js"
import { systemContents } from "../flow/messages.js"
import { compileFrameworks, type FrameworkIndex } from "../flow/FrameworkIndex.js"
import { compileName, NameIndex } from "../flow/names.js"
import { assignRoles } from "../flow/roles.js"
import { GUARD_BITS, Prov, type Value } from "../flow/Value.js"
import type { Arg, Call, Expr, FunctionInfo, FunctionRole, SemanticModel } from "../model/Model.js"
import { argOf, dottedOf } from "../model/ModelBuilder.js"
import { compileCodeGraphs } from "./codeGraph.js"
import { compileFunctionRules } from "./functionRule.js"
import type { RawMatch } from "./RawMatch.js"
import { compileRuleRegex } from "./ruleRegex.js"
import type { MatcherEntry } from "./treeSitter.js"

type FlowEntry = MatcherEntry<FlowMatcher>
type CallEntry = MatcherEntry<CallMatcher>

interface SinkEntry {
  readonly entry: FlowEntry
  readonly sink: FlowSink
  readonly guardBits: number
  readonly sanitizers: ReadonlyArray<string>
  readonly reports: ReadonlySet<string>
  /** the framework models plus the rule's own `sources`: they apply to this rule only */
  readonly framework: FrameworkIndex
}

/** Every flow and call matcher of one language, run together over one semantic model. */
export interface CompiledModelRules {
  readonly active: boolean
  /** literal names a file must mention for any rule to apply (prefilter) */
  readonly literals: ReadonlyArray<string>
  /** `text` is the file's text: a finding's matched text (and so its identity) is the whole call */
  readonly run: (model: SemanticModel, text: string) => Array<RawMatch>
}

const PROVEN_CONFIDENCE = 0.9
const SEVERITY_BELOW: Record<Severity, Severity> = { CRITICAL: "HIGH", HIGH: "MEDIUM", MEDIUM: "LOW", LOW: "LOW" }

export const compileModelRules = (
  language: FrameworkModel["language"],
  flows: ReadonlyArray<FlowEntry>,
  calls: ReadonlyArray<CallEntry>,
  functions: ReadonlyArray<MatcherEntry<FunctionMatcher>>,
  models: ReadonlyArray<FrameworkModel>,
  graphs: ReadonlyArray<MatcherEntry<CodeGraphMatcher>> = []
): CompiledModelRules => {
  const codeGraphs = compileCodeGraphs(graphs)
  const shared = models.filter((m) => m.language === language || (language === "typescript" && m.language === "javascript"))
  const framework = compileFrameworks(shared)
  // a rule's own extra sources apply to that rule only: one framework index per distinct list
  const withSources = new Map<string, FrameworkIndex>()
  const frameworkOf = (extra: ReadonlyArray<string> | undefined): FrameworkIndex => {
    if (extra === undefined || extra.length === 0) return framework
    const key = [...extra].sort().join("\n")
    let fw = withSources.get(key)
    if (fw === undefined) withSources.set(key, (fw = compileFrameworks([...shared, { language, untrusted: [{ names: extra, label: OWN_SOURCE_LABEL }] }])))
    return fw
  }
  const sinks = new NameIndex<SinkEntry>()
  const sanitizers = new NameIndex<string>()
  // return sinks: a function's return statements; a file must mention one of the sources they count
  const returnSinks: Array<SinkEntry> = []
  const returnSources = new NameIndex<true>()
  for (const entry of flows) {
    const m = entry.matcher
    const fw = frameworkOf(m.sources)
    for (const s of m.sanitizers ?? []) sanitizers.add(s, s)
    for (const sink of m.sinks) {
      const hit: SinkEntry = {
        entry,
        sink,
        guardBits: (m.guards ?? []).reduce((bits, g) => bits | GUARD_BITS[g], 0),
        sanitizers: m.sanitizers ?? [],
        reports: new Set(m.provenance ?? ["untrusted", "unknown"]),
        framework: fw
      }
      if (sink.returns === true) {
        // only the sources with the sink's labels, and not the function's own parameters
        const untrusted = shared.map((x) => ({ ...x, untrusted: x.untrusted.filter((u) => sink.labels === undefined || sink.labels.includes(u.label)) }))
        const own = sink.labels === undefined || sink.labels.includes(OWN_SOURCE_LABEL) ? m.sources ?? [] : []
        const fwReturns = compileFrameworks([...untrusted, ...(own.length > 0 ? [{ language, untrusted: [{ names: own, label: OWN_SOURCE_LABEL }] }] : [])])
        returnSinks.push({ ...hit, framework: { ...fwReturns, untrustedRoles: new Set() } })
        for (const n of sourceNames(shared, m.sources, sink.labels)) returnSources.add(n, true)
      }
      for (const callee of sink.callee ?? []) sinks.add(callee, hit)
    }
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
  const functionRules = compileFunctionRules(functions, holds)

  const run = (model: SemanticModel, text: string): Array<RawMatch> => {
    assignRoles(model, framework)
    const out: Array<RawMatch> = []
    // one evaluator per framework index (the shared one, and one per rule with its own sources)
    const evaluators = new Map<FrameworkIndex, FlowEvaluator>()
    const evaluatorOf = (fw: FrameworkIndex): FlowEvaluator => {
      let ev = evaluators.get(fw)
      if (ev === undefined) evaluators.set(fw, (ev = new FlowEvaluator(model, fw, sanitizers)))
      return ev
    }
    const best = new Map<string, RawMatch>()
    for (const call of model.calls) {
      // a matcher whose callee list matches the name twice (`*.tool`, `ai.tool`) reports once
      for (const entry of new Set([...structural.lookup(call.callee), ...anyCall])) {
        const m = entry.matcher
        if (m.in_roles !== undefined && !m.in_roles.includes(call.fn === -1 ? "plain" : model.functions[call.fn]!.role)) continue
        if (!(m.where ?? []).every((c) => holds(c, call, model))) continue
        if ((m.unless ?? []).some((c) => holds(c, call, model))) continue
        out.push(match(entry, call, text))
      }
      const hits = sinks.lookup(call.callee)
      if (hits.length === 0) continue
      for (const hit of hits) {
        if (!(hit.sink.when ?? []).every((c) => holds(c, call, model))) continue
        if ((hit.sink.unless ?? []).some((c) => holds(c, call, model))) continue
        const verdict = judge(evaluatorOf(hit.framework), hit, call)
        if (verdict === undefined) continue
        const found = flowMatch(hit, call, verdict, text)
        const key = `${found.ruleId}:${found.start}`
        const prior = best.get(key)
        if (prior === undefined || rank(found) > rank(prior)) best.set(key, found)
      }
    }
    for (const hit of returnSinks) {
      const ev = evaluatorOf(hit.framework)
      model.functions.forEach((f, fi) => {
        if (!(hit.sink.roles ?? DEFAULT_RETURN_ROLES).includes(f.role)) return
        for (const s of f.body) {
          if (s.k !== "return") continue
          // Go returns (result, error): the error is not content handed to the model
          const value = model.language === "go" && s.value.k === "container" && s.value.entries.length > 1 ? { ...s.value, entries: s.value.entries.slice(0, -1) } : s.value
          const verdict = verdictOf(ev.value(value, fi, s.span.start), hit)
          if (verdict === undefined) continue
          const found = flowMatch(hit, { span: s.span, written: `the return value of ${f.name}` }, verdict, text)
          const key = `${found.ruleId}:${found.start}`
          const prior = best.get(key)
          if (prior === undefined || rank(found) > rank(prior)) best.set(key, found)
        }
      })
    }
    out.push(...best.values())
    if (functions.length > 0) out.push(...functionRules.run(model, () => evaluatorOf(framework)))
    out.push(...codeGraphs.run(model))
    return out
  }
  return {
    active: flows.length > 0 || calls.length > 0 || functions.length > 0 || graphs.length > 0,
    literals: [...new Set([...sinks.literals, ...returnSources.literals, ...structural.literals, ...keywords, ...functionRules.literals, ...codeGraphs.literals])],
    run
  }
}

const DEFAULT_RETURN_ROLES: ReadonlyArray<FunctionRole> = ["tool", "mcp_tool"]

/** The source names a return sink counts: the shared ones with its labels, and the rule's own. */
const sourceNames = (models: ReadonlyArray<FrameworkModel>, own: ReadonlyArray<string> | undefined, labels: ReadonlyArray<string> | undefined): Array<string> => [
  ...models.flatMap((m) => m.untrusted.filter((u) => labels === undefined || labels.includes(u.label)).flatMap((u) => u.names)),
  ...(labels === undefined || labels.includes(OWN_SOURCE_LABEL) ? own ?? [] : [])
]

const OWN_SOURCE_LABEL = "untrusted data"

const rank = (m: RawMatch): number => (m.riskTier === "vulnerability" ? 2 : 1)

interface Verdict {
  readonly tier: RiskTier
  readonly lower: boolean
  readonly label: string
}

/** What reaches the sink, after sanitizers and guards: a vulnerability, a risk, or nothing. */
const judge = (ev: FlowEvaluator, hit: SinkEntry, call: Call): Verdict | undefined => {
  const args = argsOf(hit.sink, call)
  // chat messages: only the content of system / developer messages counts
  const contents: ReadonlyArray<{ expr: Expr | undefined; fn: number; site?: Call }> =
    hit.sink.check === "system_message"
      ? systemContents(ev.model, call, args, (c) => ev.localFunction(c))
      : args.map((arg) => ({
          // an argv list runs its first element; the others are arguments, not commands
          expr: hit.sink.check === "program" && arg.value.k === "container" ? arg.value.entries[0]?.value : arg.value,
          fn: call.fn
        }))
  let worst: Verdict | undefined
  for (const { expr, fn, site } of contents) {
    if (expr === undefined || (hit.sink.check === "string" && expr.k === "func")) continue
    // content written in a helper: its parameters are what this call site passes
    const raw = site === undefined ? ev.value(expr, fn, call.span.start) : ev.substitute(ev.value(expr, fn, site.span.start), site, fn, call.fn, call.span.start)
    const v = ev.resolve(raw, call.fn)
    const verdict = verdictOf(v, hit)
    if (verdict !== undefined && (worst === undefined || (worst.lower && !verdict.lower))) worst = verdict
  }
  return worst
}

const verdictOf = (v: Value, hit: SinkEntry): Verdict | undefined => {
  if (hit.sink.check === "prompt_text" && !readsAsPrompt(v)) return undefined
  // leak rules: constant prompt text reaching a log or a response is itself the finding (a risk)
  if (hit.sink.check === "prompt_text" && hit.reports.has("constant") && v.prov === Prov.Constant && !v.secret) return { tier: "risk_pattern", lower: true, label: "prompt text" }
  if (v.text !== undefined && !v.secret) return undefined
  // content wrapped in a delimiter or marked as data before it reaches the model
  if (hit.sink.check === "unlabelled" && LABELLED.test(v.consts ?? "")) return undefined
  if ((v.guards & hit.guardBits) !== 0) return undefined
  if (v.sanitized.some((s) => hit.sanitizers.includes(s))) return undefined
  // a constant scheme and host, or a constant same-site path (`/profile/` + id; not `/` + data, which can be `//evil`)
  if (hit.sink.check === "host" && v.prefix !== undefined && /^(?:[a-zA-Z][a-zA-Z0-9+.-]*:\/\/[^/?#]+[/?#]|\/[^/\\])/.test(v.prefix)) return undefined
  // SQL: text of unknown origin only counts when it visibly is SQL; untrusted text passed whole is model- or user-written SQL
  if (hit.sink.check === "sql" && v.prov !== Prov.Untrusted && !SQL_WORDS.test(v.consts ?? "")) return undefined
  if (hit.sink.check === "sql_text" && !SQL_WORDS.test(v.consts ?? "")) return undefined
  if (v.secret && hit.reports.has("secret")) return { tier: "vulnerability", lower: false, label: v.label ?? "a secret" }
  if (v.prov === Prov.Untrusted && hit.reports.has("untrusted")) return { tier: "vulnerability", lower: false, label: v.label ?? "untrusted data" }
  if (v.prov === Prov.Unknown && hit.reports.has("unknown")) return { tier: "risk_pattern", lower: true, label: "a value of unknown origin" }
  if (v.prov === Prov.Config && hit.reports.has("config")) return { tier: "risk_pattern", lower: true, label: "configuration" }
  return undefined
}

/**
 * The value is prompt text: its own constant text or constant prefix (or that of a record's field)
 * instructs a model. Not a property of it (`prompt.length`) or what a call given a prompt returned.
 */
const readsAsPrompt = (v: Value): boolean =>
  PROMPT_WORDS.test(v.text ?? v.prefix ?? "") || [...(v.fields?.values() ?? [])].some((f) => PROMPT_WORDS.test(f.text ?? f.prefix ?? ""))

/** Text that instructs a model: "You are a billing assistant", "Act as the router agent" */
const PROMPT_WORDS = /\b(?:You are|You're|YOU ARE|Act as|Your role is) (?:an? |the |your )?(?:[\w-]+ ){0,3}(?:assistant|agent|bot|AI|model|expert|advisor|analyst|router|planner|copilot|helper)\b/

/**
 * Constant text that marks what follows as data: a delimiter tag (`<document>`, `</untrusted>`), a
 * fence (three backticks or quotes), a BEGIN/END banner, or words telling the model not to obey it.
 */
const LABEL_MARKS: ReadonlyArray<RegExp> = [/<\/?[A-Za-z][\w-]*>/, /```|"""/, /\b(?:BEGIN|END) [A-Z]{3}/, /\b(?:[Uu]ntrusted|UNTRUSTED)\b/, /\b(?:do not|don't|never) (?:follow|obey|execute)\b/]
const LABELLED = { test: (text: string): boolean => LABEL_MARKS.some((re) => re.test(text)) }

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

const flowMatch = (hit: SinkEntry, call: Pick<Call, "span" | "written">, verdict: Verdict, text: string): RawMatch => {
  const base = hit.entry.rule.severity
  const severity = hit.entry.matcher.severity ?? base
  return {
    ruleId: hit.entry.rule.id,
    matcherIndex: hit.entry.matcherIndex,
    start: call.span.start,
    end: call.span.end,
    text: text.slice(call.span.start, call.span.end),
    detail: `${verdict.label} reaches ${call.written}${hit.sink.label !== undefined ? ` (${hit.sink.label})` : ""}`,
    riskTier: verdict.tier,
    // a proven flow is strong evidence; a value of unknown origin keeps the rule's confidence, one severity lower
    ...(verdict.lower
      ? { severity: SEVERITY_BELOW[severity] }
      : { confidence: Math.max(hit.entry.matcher.confidence ?? hit.entry.rule.confidence, PROVEN_CONFIDENCE) })
  }
}

const match = (entry: CallEntry, call: Call, text: string): RawMatch => ({
  ruleId: entry.rule.id,
  matcherIndex: entry.matcherIndex,
  start: call.span.start,
  end: call.span.end,
  text: text.slice(call.span.start, call.span.end)
})

const isConstant = (e: Expr): boolean =>
  e.k === "lit" || (e.k === "container" && e.entries.every((x) => isConstant(x.value))) || (e.k === "concat" && e.parts.every(isConstant))

const keywordArg = (call: Call, keyword: string | ReadonlyArray<string>): Arg | undefined =>
  typeof keyword === "string" ? call.args.find((x) => x.name === keyword) : call.args.find((x) => x.name !== undefined && keyword.includes(x.name))

const compiled = new Map<string, RegExp>()
/** Rule regexes (JavaScript syntax, a leading `(?i)` for case-insensitive), compiled once. */
const ruleRegex = (source: string): RegExp => {
  let re = compiled.get(source)
  if (re === undefined) compiled.set(source, (re = compileRuleRegex(source)))
  return re
}

/** Functions a call registers: those passed to it as callbacks, and the one it decorates. */
const registered = (call: Call, model: SemanticModel): ReadonlyArray<FunctionInfo> => {
  const out = (call.callbacks ?? []).flatMap((cb) => (model.functions[cb.fn] !== undefined ? [model.functions[cb.fn]!] : []))
  // a decorator call lies between the start of the decorated definition and the function's name
  const decorated = model.functions.find((f) => f.parent === call.fn && f.decorators.length > 0 && f.span.start <= call.span.start && call.span.end <= f.nameSpan.start)
  return decorated === undefined ? out : [...out, decorated]
}

/** A module-level constant's value in place of its name (`DESCRIPTION = "..."; tool(description=DESCRIPTION)`). */
const constantOf = (e: Expr, model: SemanticModel): Expr => (e.k === "name" ? model.constants.get(e.name) ?? e : e)

const holds = (c: CallCondition, call: Call, model: SemanticModel): boolean => {
  if ("doc" in c) {
    const re = ruleRegex(c.doc)
    return registered(call, model).some((f) => f.doc !== undefined && re.test(f.doc))
  }
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
  if ("is" in c) {
    const name = dottedOf(a.value)
    return name !== undefined && c.is.some((n) => compileName(n).test(name))
  }
  if ("literal" in c) return isConstant(a.value) === c.literal
  if ("contains" in c) {
    const re = ruleRegex(c.contains)
    return a.value.k === "container" && a.value.entries.some((x) => x.value.k === "lit" && typeof x.value.value === "string" && re.test(x.value.value))
  }
  // with `field`, the key of the dict / options object the argument passes
  const value = constantOf(a.value, model)
  // a tagged template's literal parts are tested joined by `${}` where the substitutions go
  // a name (`yaml.SafeLoader`, `jsyaml.DEFAULT_FULL_SCHEMA`) is tested by its canonical dotted name
  const text =
    value.k === "lit" && typeof value.value === "string"
      ? value.value
      : value.k === "container" && value.entries.every((x) => x.value.k === "lit")
        ? value.entries.map((x) => String((x.value as { value: unknown }).value)).join("${}")
        : dotted(value)
  return text !== undefined && ruleRegex(c.matches).test(text)
}

const dotted = (e: Expr): string | undefined => {
  if (e.k === "ref" || e.k === "name") return e.name
  if (e.k !== "attr") return undefined
  const head = dotted(e.obj)
  return head === undefined ? undefined : `${head}.${e.name}`
}

/** Checks what loading cannot: regexes in conditions compile, names are well-formed globs. */
export const checkModelMatcher = (m: FlowMatcher | CallMatcher | FunctionMatcher | CodeGraphMatcher): { path: Array<string | number>; message: string } | undefined => {
  if (m.kind === "function") return checkFunctionMatcher(m)
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
    const source = "matches" in c ? c.matches : "contains" in c ? c.contains : "doc" in c ? c.doc : undefined
    if (source !== undefined) {
      try {
        compileRuleRegex(source)
      } catch (e) {
        return { path, message: `invalid regex ${JSON.stringify(source)}: ${(e as Error).message}` }
      }
    }
  }
  if (m.kind === "flow") {
    const bad = m.sinks.findIndex((s) => (s.callee === undefined) === (s.returns === undefined) || (s.returns === undefined && s.roles !== undefined))
    if (bad !== -1) return { path: ["sinks", bad], message: "a sink names either `callee` (a call) or `returns: true` (with `roles`: a function's return value)" }
  }
  const names = m.kind === "call" ? m.callee.map((n, i) => [["callee", i], n] as const) : m.sinks.flatMap((s, j) => (s.callee ?? []).map((n, i) => [["sinks", j, "callee", i], n] as const))
  for (const [path, n] of names) if (!NAME_PATTERN.test(n)) return { path: [...path], message: `not a canonical name pattern: ${JSON.stringify(n)} (dotted segments, * for any)` }
  return undefined
}

const NAME_PATTERN = /^(?:\*|[\w$/@:-]+(?:\(\))?)(?:\.(?:\*|[\w$/@:-]+(?:\(\))?))*$/

const checkFunctionMatcher = (m: FunctionMatcher): { path: Array<string | number>; message: string } | undefined => {
  const lists: Array<[string, ReadonlyArray<string> | undefined]> = [
    ["calls", m.calls],
    ["unless_calls", m.unless_calls],
    ["unless_param_types", m.unless_param_types]
  ]
  for (const [field, names] of lists)
    for (const [i, n] of (names ?? []).entries()) if (!NAME_PATTERN.test(n)) return { path: [field, i], message: `not a canonical name pattern: ${JSON.stringify(n)} (dotted segments, * for any)` }
  return undefined
}

