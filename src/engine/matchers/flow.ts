import { approved } from "./approval.js"
import type { CallCondition, CallMatcher, CodeGraphMatcher, FlowMatcher, FlowSink, FrameworkModel, FunctionMatcher } from "../../domain/FlowRule.js"
import type { RiskTier, Severity } from "../../domain/Vocabulary.js"
import { FlowEvaluator } from "../flow/evaluate.js"
import { systemContents } from "../flow/messages.js"
import { compileFrameworks, type FrameworkIndex } from "../flow/FrameworkIndex.js"
import { compileGiven, type GivenSource } from "../flow/given.js"
import { compileName, lastSegment, NameIndex, nameSet, type Requirement, requirementOf } from "../flow/names.js"
import { assignRoles } from "../flow/roles.js"
import { mayHoldSecrets } from "../flow/secretReach.js"
import { GUARD_BITS, joinAll, PARTIAL, Prov, type Value } from "../flow/Value.js"
import { argvList, ENV, helperArgv, helperPrograms, INTERPRETER, SHELL_COMMAND_FLAG } from "../flow/argv.js"
import type { Arg, Call, Expr, FunctionInfo, FunctionRole, SemanticModel, Span, Statement } from "../model/Model.js"
import { heldValue, receiverFieldValue } from "../model/heldValue.js"
import { argOf, classOf, dottedOf, moduleLambdas, targetKey } from "../model/ModelBuilder.js"
import { Literals } from "../model/wordScan.js"
import { hasNestedQuantifier, resultNamed } from "./callValues.js"
import { type FileCondition, fileCondition, fileMakes } from "./fileConditions.js"
import { compileCodeGraphs } from "./codeGraph.js"
import { BodyIndex, compileFunctionRules } from "./functionRule.js"
import { type RawMatch, strength } from "./RawMatch.js"
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
  /** the framework models plus the rule's own `sources`, less the safe calls it `keeps`: for this rule only */
  readonly framework: FrameworkIndex
  /** calls the sink's `callee` matches that another library's objects make (`not_callee`) */
  readonly notCallee: NameIndex<true> | undefined
  /** it reports secrets only (`provenance: [secret]`, no `matches`, no prompt check): see mayHoldSecrets */
  readonly secretsOnly: boolean
}

/** Every flow and call matcher of one language, run together over one semantic model. */
export interface CompiledModelRules {
  readonly active: boolean
  /** what a file must mention for any rule to apply (the prefilter, engine/analyseSource.ts) */
  readonly literals: ReadonlyArray<Requirement>
  /** last segments of the decorators and base-class methods that give framework roles: such functions are always modelled */
  readonly roleWords: ReadonlySet<string>
  /** words whose mere presence in the file some matchers need (keywords of matchers on any call, `mentions`) */
  readonly presenceWords: ReadonlyArray<string>
  /**
   * `text` is the file's text: a finding's matched text (and so its identity) is the whole call.
   * `given`: sources the caller knows for this code (a builder node's input), beyond the models.
   * `present`: per word of `presenceWords`, 1 when the text holds it (the prefilter finds them in its
   * pass over the text); found here when not given.
   */
  readonly run: (model: SemanticModel, text: string, given?: ReadonlyArray<GivenSource>, present?: Uint8Array) => Array<RawMatch>
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
  // and its `keeps` take names off the shared `safe` list for that rule
  const frameworkOf = (extra: ReadonlyArray<string> | undefined, keeps: ReadonlyArray<string> | undefined): FrameworkIndex => {
    if ((extra === undefined || extra.length === 0) && keeps === undefined) return framework
    const key = JSON.stringify([[...(extra ?? [])].sort(), keeps ?? []])
    let fw = withSources.get(key)
    if (fw === undefined) {
      const base = keeps === undefined ? shared : shared.map((fm) => ({ ...fm, safe: (fm.safe ?? []).filter((n) => !keeps.includes(n)) }))
      const own = extra !== undefined && extra.length > 0 ? [{ language, untrusted: [{ names: extra, label: OWN_SOURCE_LABEL }] }] : []
      const compiled = compileFrameworks([...base, ...own])
      // (and a kept name a glob of the list covers, `Math.ceil` under `Math.*`)
      withSources.set(key, (fw = keeps === undefined ? compiled : { ...compiled, safe: compiled.safe.except(nameSet(keeps)) }))
    }
    return fw
  }
  const sinks = new NameIndex<SinkEntry>()
  // assignments that are sinks (`el.innerHTML = x`, a JSX attribute), by the target's dotted name
  const assignSinks = new NameIndex<SinkEntry>()
  const sanitizers = new NameIndex<string>()
  // return sinks: a function's return statements; a file must mention one of the sources they count
  const returnSinks: Array<SinkEntry> = []
  const returnSources = new NameIndex<true>()
  // comparison sinks: the equality checks of every function; a function must mention one of the words
  const compareSinks: Array<SinkEntry> = []
  const compareWords = new Set<string>()
  for (const entry of flows) {
    const m = entry.matcher
    const fw = frameworkOf(m.sources, m.keeps)
    for (const s of m.sanitizers ?? []) sanitizers.add(s, s)
    for (const sink of m.sinks) {
      const hit: SinkEntry = {
        entry,
        sink,
        guardBits: (m.guards ?? []).reduce((bits, g) => bits | GUARD_BITS[g], 0),
        sanitizers: m.sanitizers ?? [],
        reports: new Set(m.provenance ?? ["untrusted", "unknown"]),
        framework: fw,
        notCallee: sink.not_callee === undefined ? undefined : nameSet(sink.not_callee),
        secretsOnly: (m.provenance ?? []).length > 0 && (m.provenance ?? []).every((p) => p === "secret") && sink.matches === undefined && sink.check !== "prompt_text"
      }
      if (sink.returns === true) {
        // only the sources with the sink's labels, and not the function's own parameters
        const untrusted = shared.map((x) => ({ ...x, untrusted: x.untrusted.filter((u) => sink.labels === undefined || sink.labels.includes(u.label)) }))
        const own = sink.labels === undefined || sink.labels.includes(OWN_SOURCE_LABEL) ? m.sources ?? [] : []
        const fwReturns = compileFrameworks([...untrusted, ...(own.length > 0 ? [{ language, untrusted: [{ names: own, label: OWN_SOURCE_LABEL }] }] : [])])
        returnSinks.push({ ...hit, framework: { ...fwReturns, untrustedRoles: new Set() } })
        for (const n of sourceNames(shared, m.sources, sink.labels)) returnSources.add(n, true)
      }
      if (sink.compares === "secret") {
        compareSinks.push(hit)
        for (const w of sink.mentions ?? []) compareWords.add(w)
      }
      for (const callee of sink.callee ?? []) sinks.add(callee, hit)
      for (const target of sink.assign ?? []) assignSinks.add(target, hit)
    }
  }
  // file conditions of call matchers (`if_file`, `unless_file`): calls the file must / must not make
  const fileConditions = new Map<CallEntry, { readonly need: ReadonlyArray<FileCondition>; readonly forbid: ReadonlyArray<FileCondition> }>()
  for (const entry of calls)
    if (entry.matcher.if_file !== undefined || entry.matcher.unless_file !== undefined)
      fileConditions.set(entry, { need: (entry.matcher.if_file ?? []).map(fileCondition), forbid: (entry.matcher.unless_file ?? []).map(fileCondition) })
  const fileLiterals = [...fileConditions.values()].flatMap((f) => [...f.need, ...f.forbid].flatMap((c) => c.names.literals))
  const structural = new NameIndex<CallEntry>()
  const assigned = new NameIndex<CallEntry>()
  // matchers that also match a call of a file's function making one of their callees
  const throughHelpers = calls.filter((entry) => entry.matcher.through_helpers === true)
  const anyCall: Array<{ readonly entry: CallEntry; readonly keywords: RequiredKeywords | undefined; readonly words: WordsNeeded }> = []
  const keywords = new Set<string>()
  // the names `includes` looks for: the functions that make those calls must be modelled too
  const fileNames = new NameIndex<true>()
  for (const entry of calls) for (const c of [...(entry.matcher.where ?? []), ...(entry.matcher.unless ?? [])]) if ("includes" in c) for (const n of c.includes) fileNames.add(n, true)
  // `os.environ["K"] = v` reads as `os.environ.__setitem__("K", v)`; the file must mention `environ`
  let setItems = false
  for (const entry of calls)
    for (const callee of entry.matcher.callee)
      if (callee.endsWith(".__setitem__")) {
        setItems = true
        const owner = callee.split(".").slice(-2, -1)[0]
        if (owner !== undefined && owner !== "*") keywords.add(owner)
      }
  // a call matcher that asks for one of a few names as an argument (`dict(os.environ)`) needs those
  // names in the file, not its callees (`dict`, `str`): they are much rarer
  const callRequirements: Array<Requirement> = []
  for (const entry of calls) {
    for (const w of entry.matcher.mentions ?? []) keywords.add(w)
    // the function holds both the call and the name it is asked for (`similarity_search(q, k=len(docs))`):
    // either list will do, and the one whose shortest word is longest is the rarer (`environ` beats
    // `dict`, `similarity_search` beats `len`)
    const named = (entry.matcher.where ?? []).flatMap((c) => ("is" in c && c.is !== undefined ? c.is : [])).flatMap((n) => requirementOf(n) ?? [])
    const callees = entry.matcher.callee.filter((c) => c !== "*" && entry.matcher.assigns !== true).flatMap((n) => requirementOf(n) ?? [])
    const shortest = (list: ReadonlyArray<Requirement>): number => Math.min(...list.map((r) => r.word.length))
    callRequirements.push(...(named.length > 0 && (callees.length === 0 || shortest(named) > shortest(callees)) ? named : callees))
    for (const callee of entry.matcher.callee) {
      // `assigns`: the names are assignment targets, checked like calls (below)
      if (entry.matcher.assigns === true) assigned.add(callee === "*" ? "*" : callee, entry)
      else if (callee !== "*") structural.add(callee, entry)
      else {
        // any call: the keywords it checks are what a file must mention
        // the words it `mentions` are a file requirement too (documented for `["*"]` matchers): the
        // text its conditions match is written in the file (`npx -y pkg`), so a file without one of
        // them is not read call by call
        const mentioned = entry.matcher.mentions ?? []
        anyCall.push({ entry, keywords: requiredKeywords(entry.matcher), words: mentioned.length > 0 ? [...wordsNeeded(entry.matcher), mentioned] : wordsNeeded(entry.matcher) })
        for (const c of entry.matcher.where ?? []) if ("keyword" in c && c.keyword !== undefined && !("arg" in c && c.arg !== undefined)) for (const k of typeof c.keyword === "string" ? [c.keyword] : c.keyword) keywords.add(k)
      }
    }
  }
  const functionRules = compileFunctionRules(functions, holds)
  // the words matchers on any call need, found in one pass over a file (a search per word cost more)
  const anyWords = new Literals(new Set([...anyCall.flatMap((any) => any.words.flat()), ...calls.flatMap((entry) => entry.matcher.mentions ?? [])]), false)
  const anyWordIndex = new Map(anyWords.words.map((w, i) => [w, i]))

  // one index per distinct set of given sources (a workflow's code nodes share a handful)
  const withGiven = new Map<string, FrameworkIndex>()
  const frameworkFor = (given: ReadonlyArray<GivenSource> | undefined): FrameworkIndex => {
    if (given === undefined || given.length === 0) return framework
    const key = JSON.stringify(given)
    let fw = withGiven.get(key)
    if (fw === undefined) {
      if (withGiven.size >= 64) withGiven.clear()
      fw = { ...framework, given: compileGiven(given) }
      withGiven.set(key, fw)
    }
    return fw
  }

  const run = (model: SemanticModel, text: string, given?: ReadonlyArray<GivenSource>, present?: Uint8Array): Array<RawMatch> => {
    const fw = frameworkFor(given)
    assignRoles(model, fw)
    const out: Array<RawMatch> = []
    // one evaluator per framework index (the shared one, one per rule with its own sources or
    // `keeps`), each with the sources the caller gave for this code
    const evaluators = new Map<FrameworkIndex, FlowEvaluator>()
    const evaluatorOf = (index: FrameworkIndex): FlowEvaluator => {
      let ev = evaluators.get(index)
      if (ev === undefined) evaluators.set(index, (ev = new FlowEvaluator(model, fw === framework ? index : { ...index, ...(fw.given !== undefined ? { given: fw.given } : {}) }, sanitizers)))
      return ev
    }
    const shared = (): FlowEvaluator => evaluatorOf(framework)
    const lambdas = moduleLambdas(model)
    const lambdaNames = new Map([...lambdas].map(([name, fn]) => [fn, name]))
    const lambdaSites = (call: Call): ReadonlyArray<Call> | undefined => {
      if (lambdas.size === 0 || call.fn === -1) return undefined
      const f = model.functions[call.fn]!
      if (f.name !== "<lambda>" || f.parent !== -1) return undefined
      const name = lambdaNames.get(call.fn)
      const sites = name === undefined ? [] : model.calls.filter((c) => c.callee === name && c.fn !== call.fn)
      return sites.length > 0 ? sites : undefined
    }
    let helpers: BodyIndex | undefined
    // per function of the file: the matchers whose callees it makes, itself or through its helpers
    const helperMakes = new Map<number, ReadonlySet<CallEntry>>()
    // per function: the matchers its own calls (its nested functions' too) name; a helper's set is the union over what it reaches
    const ownMade = new Map<number, ReadonlyArray<CallEntry>>()
    const ownMakes = (fn: number): ReadonlyArray<CallEntry> => {
      let made = ownMade.get(fn)
      if (made === undefined) ownMade.set(fn, (made = helpers!.own(fn).flatMap((inner) => structural.lookup(inner.callee))))
      return made
    }
    const best = new Map<string, RawMatch>()
    // flow findings reported at an argument on a later line of their call: the call's start
    const movedFrom = new Map<RawMatch, number>()
    // a call matcher's finding at the setting it tests (settingSpan), on a later line of the call: one
    // finding per rule at that call, as for flow findings moved to their argument
    const callMatch = (entry: CallEntry, call: Call): void => {
      const found = match(entry, call, text)
      if (found.start !== call.span.start) movedFrom.set(found, call.span.start)
      out.push(found)
    }
    const met = (c: FileCondition, reported: Call): boolean => fileMakes(model, c, holds, shared, reported)
    const fileAllows = (entry: CallEntry, reported: Call): boolean => {
      const file = fileConditions.get(entry)
      return file === undefined || ((file.need.length === 0 || file.need.some((c) => met(c, reported))) && !file.forbid.some((c) => met(c, reported)))
    }
    // matchers on any call whose keywords or fields this file never writes cannot hold anywhere in it
    const written = anyWords.words.length === 0 ? undefined : present ?? anyWords.present(text)
    // prompt text reaches a log or an answer only where the file writes a model's instructions, or
    // where the function also sends the logged value to a model: most log calls of most files are
    // settled without evaluating what they print (a builder's code node may be given prompt text)
    const writesPrompt = (given !== undefined && given.length > 0) || PROMPT_LEAD.test(text)
    const liveAny = anyCall.filter((any) => any.words.every((group) => group.some((w) => written![anyWordIndex.get(w)!] === 1)))
    // a matcher of assignments to any name that `mentions` words applies only in a file with one of them
    const mentioned = (entry: CallEntry): boolean =>
      (entry.matcher.mentions ?? []).length === 0 || !entry.matcher.callee.includes("*") || entry.matcher.mentions!.some((w) => written![anyWordIndex.get(w)!] === 1)
    if (assigned.size > 0)
      for (const call of assignmentCalls(model))
        for (const entry of new Set(assigned.lookup(call.callee))) if (mentioned(entry) && applies(entry.matcher, call, model, shared) && fileAllows(entry, call)) callMatch(entry, call)
    for (const call of setItems ? [...model.calls, ...setItemCalls(model)] : model.calls) {
      const named = structural.lookup(call.callee)
      // a matcher whose callee list matches the name twice (`*.tool`, `ai.tool`) reports once
      for (const entry of named.length > 1 ? new Set(named) : named) {
        if (applies(entry.matcher, call, model, shared) && fileAllows(entry, call)) callMatch(entry, call)
      }
      for (const any of liveAny) {
        if (any.keywords !== undefined && !mayPass(any.keywords, call, model)) continue
        if (applies(any.entry.matcher, call, model, shared) && fileAllows(any.entry, call)) callMatch(any.entry, call)
      }
      // a call of the file's function that makes one of the matcher's callees (itself or through its
      // helpers); the matcher's own conditions first (in a loop, in a recursion: rare), what the helper
      // makes (every call it reaches) only for a call they hold at
      if (throughHelpers.length > 0 && !call.callee.includes("()")) {
        const live = throughHelpers.filter((entry) => applies(entry.matcher, call, model, shared) && fileAllows(entry, call))
        helpers ??= live.length > 0 ? new BodyIndex(model) : undefined
        const helper = live.length > 0 ? helpers!.helperOf(call) : undefined
        if (helper !== undefined && helper !== call.fn) {
          let made = helperMakes.get(helper)
          if (made === undefined) {
            const union = new Set<CallEntry>()
            for (const f of helpers!.reachableFunctions(helper)) for (const entry of ownMakes(f)) union.add(entry)
            helperMakes.set(helper, (made = union))
          }
          for (const entry of live) if (made.has(entry)) callMatch(entry, call)
        }
      }
      const hits = sinks.lookup(call.callee)
      if (hits.length === 0) continue
      // a sink in a module-level lambda (`launch = lambda line: os.system(line)`) is judged, and
      // reported, at each call of it: the lambda is the sink under another name
      const vias: ReadonlyArray<Call | undefined> = lambdaSites(call) ?? [undefined]
      for (const hit of hits) {
        if (hit.notCallee !== undefined && hit.notCallee.lookup(call.callee).length > 0) continue
        if (hit.sink.check === "prompt_text" && !writesPrompt && sentToModel(evaluatorOf(hit.framework), call.fn).size === 0) continue
        if (hit.secretsOnly && (given === undefined || given.length === 0) && !mayHoldSecrets(model, hit.framework)) continue
        if (!(hit.sink.when ?? []).every((c) => holds(c, call, model))) continue
        if ((hit.sink.unless ?? []).some((c) => holds(c, call, model))) continue
        // `Path(root, name).read_text()`: the object was built by a sink of the same matcher, reported there
        if (hit.sink.args?.includes("@receiver") === true) {
          const built = receiverCallOf(model, call)
          if (built !== undefined && sinks.lookup(built.callee).some((h) => h.entry === hit.entry)) continue
        }
        // `db.execute(sql.raw(text))`: the statement was built by a sink of the same matcher, and
        // reported there when that call is a finding (one flow, one finding)
        const reportedInside = argsOf(hit.sink, call, model).some((a) => {
          const built = builtBy(model, call, a.value)
          return (
            built !== undefined &&
            built !== call &&
            sinks.lookup(built.callee).some((h) => h.entry === hit.entry && (h.sink.when ?? []).every((c) => holds(c, built, model)) && judge(evaluatorOf(h.framework), h, built, undefined) !== undefined)
          )
        })
        if (reportedInside) continue
        // a person approves each run of the function before it runs (an approval setting, an interrupt
        // before the node): a proven flow is lowered to a risk, anything weaker is not reported
        const approval = hit.entry.matcher.approved_by
        const gated = approval !== undefined && approved(model, call, approval, holds)
        for (const via of vias) {
          const asJudged = judge(evaluatorOf(hit.framework), hit, call, via)
          const judged = gated && asJudged !== undefined ? approvedVerdict(asJudged) : asJudged
          if (judged === undefined) continue
          const site = via ?? call
          const at = via === undefined ? findingSpan(call, judged.span, text) : via.span
          // one finding per rule and call, wherever in the call it is reported
          const found = flowMatch(hit, at, via === undefined ? call.written : `${via.written} (${call.written})`, judged.verdict, text, gated ? approval!.variant : undefined)
          keep(best, found, site.span.start)
          if (at !== site.span) movedFrom.set(found, site.span.start)
        }
      }
    }
    if (assignSinks.size > 0) {
      const visit = (body: ReadonlyArray<Statement>, fn: number): void => {
        for (const s of body) {
          if (s.k !== "assign") continue
          const hits = assignSinks.lookup(targetKey(s.target))
          if (hits.length === 0) continue
          for (const hit of hits) {
            const verdict = judgeValue(evaluatorOf(hit.framework), hit, s.value, fn, s.span.start)
            if (verdict !== undefined) keep(best, flowMatch(hit, s.span, targetKey(s.target), verdict, text))
          }
        }
      }
      visit(model.module, -1)
      model.functions.forEach((f, i) => visit(f.body, i))
    }
    for (const hit of returnSinks) {
      const ev = evaluatorOf(hit.framework)
      model.functions.forEach((f, fi) => {
        if (!(hit.sink.roles ?? DEFAULT_RETURN_ROLES).includes(f.role)) return
        // one finding per function: a tool that returns scraped text from eight branches has one
        // problem, reported at its first return of the strongest kind
        let found: { readonly span: Span; readonly verdict: Verdict } | undefined
        for (const s of f.body) {
          if (s.k !== "return") continue
          // Go returns (result, error): the error is not content handed to the model
          const value = model.language === "go" && s.value.k === "container" && s.value.entries.length > 1 ? { ...s.value, entries: s.value.entries.slice(0, -1) } : s.value
          // a returned prompt the function also sends to the model as its text
          const asPrompt = hit.sink.check === "prompt_text" && mentionsIn(value, sentAsPrompt(ev, fi))
          const verdict = verdictOf(ev.value(value, fi, s.span.start), hit, asPrompt, asPrompt)
          if (verdict !== undefined && (found === undefined || stronger(verdict, found.verdict))) found = { span: s.span, verdict }
        }
        if (found !== undefined) keep(best, flowMatch(hit, found.span, `the return value of ${f.name}`, found.verdict, text))
      })
    }
    for (const hit of compareSinks) {
      const ev = evaluatorOf(hit.framework)
      // in a file that holds no secret (flow/secretReach.ts) only an operand named like one can be the
      // secret: equalities without one are not evaluated at all (on library code most are `a == b`)
      const secretsFlow = (given !== undefined && given.length > 0) || mayHoldSecrets(model, hit.framework)
      model.functions.forEach((f, fi) => {
        for (const q of f.equalities ?? []) {
          // a literal operand (`x === "done"`, `n == 0`) is never the secret and, being constant, never
          // the presented value either: no finding is possible, so neither side is evaluated
          if (q.left.k === "lit" || q.right.k === "lit") continue
          const found = judgeEquality(ev, hit, q.left, q.right, fi, q.span.start, secretsFlow)
          if (found !== undefined) keep(best, flowMatch(hit, q.span, `\`${text.slice(q.span.start, q.span.end).replace(/\s+/g, " ").slice(0, 120)}\`, an equality check against ${found.secret}`, found.verdict, text))
        }
      })
    }
    out.push(...best.values())
    if (functions.length > 0) out.push(...functionRules.run(model, shared))
    out.push(...codeGraphs.run(model))
    if (movedFrom.size > 0) return oneAtEachCall(out, movedFrom)
    return out
  }
  return {
    active: flows.length > 0 || calls.length > 0 || functions.length > 0 || graphs.length > 0,
    literals: [
      ...sinks.literals,
      ...assignSinks.literals,
      ...returnSources.literals,
      ...[...compareWords].map((word) => ({ word, partial: true as const })),
      ...callRequirements,
      ...assigned.literals.filter((r) => r.word !== "*"),
      ...[...keywords].map((word) => ({ word })),
      ...fileLiterals,
      ...fileNames.literals,
      ...functionRules.literals,
      ...codeGraphs.literals
    ],
    roleWords: new Set(shared.flatMap((m) => (m.roles ?? []).flatMap((r) => [...(r.decorators ?? []), ...(r.methods ?? [])].map(lastSegment)))),
    presenceWords: anyWords.words,
    run
  }
}

/** Groups of words; a file must contain one word of every group. */
type WordsNeeded = ReadonlyArray<ReadonlyArray<string>>

/**
 * What the text must contain for a matcher's conditions to hold: the keyword a condition reads (by
 * name, in an options object, a dict literal or a field set later: every way is written in the
 * file) and the keys of a `field` path. Not for a keyword that may come by position instead
 * (`arg`), nor for `absent` conditions, which hold where the word is missing.
 */
const wordsNeeded = (m: CallMatcher): WordsNeeded => {
  const groups: Array<ReadonlyArray<string>> = []
  for (const c of m.where ?? []) {
    if ("absent" in c) continue
    const positional = "arg" in c && c.arg !== undefined
    if ("keyword" in c && c.keyword !== undefined && !positional) groups.push(typeof c.keyword === "string" ? [c.keyword] : [...c.keyword])
    if ("field" in c && typeof c.field === "string") for (const key of c.field.split(".")) if (key !== "*") groups.push([key])
  }
  return groups
}

interface RequiredKeywords {
  readonly names: ReadonlySet<string>
  /** only a keyword written in the call counts (`arg: tools`); otherwise an options object held by a variable may hold it */
  readonly direct: boolean
}

/**
 * The keywords a matcher on any call needs one of, when its first condition can only hold with one
 * passed (`{ keyword: max_turns, present: true }`, `{ arg: tools, includes: [...] }`): most calls pass
 * no keyword and are skipped unread.
 */
const requiredKeywords = (m: CallMatcher): RequiredKeywords | undefined => {
  const c = m.where?.[0]
  if (c === undefined || "absent" in c) return undefined
  // conditions `holds` answers before it reads the keyword or argument
  if ("in_loop" in c || "sets" in c || "in_recursion" in c || "doc" in c || "result_named" in c) return undefined
  // a keyword or a positional argument (`{ keyword: config, arg: 1 }`): any call may pass it
  if ("keyword" in c && c.keyword !== undefined && "arg" in c && c.arg !== undefined) return undefined
  if ("keyword" in c && c.keyword !== undefined) return { names: new Set(typeof c.keyword === "string" ? [c.keyword] : c.keyword), direct: false }
  // a named argument (not `*`, any argument) is read only as written in the call
  if ("arg" in c && typeof c.arg === "string" && c.arg !== "*") return { names: new Set([c.arg]), direct: true }
  return undefined
}

/**
 * A call may pass one of the keywords: by name, or (unless `direct`) in options given whole: a
 * variable, a literal that has the key, a helper of the file's result (see keywordArg). Matchers on
 * any call ask this of every call, so it stays a look at the call itself.
 */
const mayPass = (keywords: RequiredKeywords, call: Call, model: SemanticModel): boolean =>
  call.args.some((a) => {
    if (a.name !== undefined) return keywords.names.has(a.name)
    if (keywords.direct) return false
    const v = a.value
    if (v.k === "name") return true
    if (v.k === "container") return v.entries.some((x) => x.key !== undefined && keywords.names.has(x.key))
    return v.k === "call" && HELPER_CALL.test(model.calls[v.call]?.callee ?? "")
  })

/** a call of a function of the file by name, or of a method of the caller's own object (`self.options()`): its receiver and name */
const HELPER_CALL = /^(?:(self|this|cls)\.)?([\w$]+)$/

const applies = (m: CallMatcher, call: Call, model: SemanticModel, ev: () => FlowEvaluator): boolean =>
  (m.in_roles === undefined || rolesAt(ev(), call.fn).some((r) => m.in_roles!.includes(r))) &&
  (m.where ?? []).every((c) => holds(c, call, model)) &&
  !(m.unless ?? []).some((c) => holds(c, call, model))

/**
 * The framework roles a call inside a function acts in: the function's own, and those of the
 * functions of the file that call it (`def _snapshot(): ... os.environ.items()` called by a tool does
 * the tool's work), by the evaluator's index of call sites.
 */
const rolesAt = (ev: FlowEvaluator, fn: number): ReadonlyArray<FunctionRole> =>
  fn === -1 ? ["plain"] : [ev.model.functions[fn]!.role, ...ev.callSitesOf(fn).flatMap((c) => (c.fn === -1 ? [] : [ev.model.functions[c.fn]!.role]))]

/**
 * Assignments as calls, for `assigns` matchers: `process.env.X = "0"` is a call of the target's
 * canonical name (its head resolved through imports) with the value as argument 0.
 */
const assignmentCalls = (model: SemanticModel): Array<Call> => {
  const aliases = new Map(model.imports.map((i) => [i.local, i.canonical]))
  const out: Array<Call> = []
  const add = (s: Statement, fn: number): void => {
    if (s.k !== "assign") return
    const written = [s.target.name, ...s.target.path].join(".")
    out.push({ callee: [aliases.get(s.target.name) ?? s.target.name, ...s.target.path].join("."), written, args: [{ value: s.value, span: s.span }], span: s.span, fn })
  }
  for (const s of model.module) add(s, -1)
  model.functions.forEach((f, fn) => {
    for (const s of f.body) add(s, fn)
  })
  return out
}

/**
 * Assignments to a key of an imported object (`os.environ["OPENAI_AGENTS_DISABLE_TRACING"] = "1"`)
 * as calls of `__setitem__` with the key and the value, for `call` matchers that name one.
 */
const setItemCalls = (model: SemanticModel): Array<Call> => {
  const imported = new Map(model.imports.map((i) => [i.local, i.canonical]))
  const out: Array<Call> = []
  const scan = (body: ReadonlyArray<Statement>, fn: number): void => {
    for (const st of body) {
      if (st.k !== "assign" || st.target.path.length === 0) continue
      const root = imported.get(st.target.name)
      if (root === undefined) continue
      const owner = [root, ...st.target.path.slice(0, -1)].join(".")
      const written = [st.target.name, ...st.target.path.slice(0, -1)].join(".")
      out.push({ callee: `${owner}.__setitem__`, written: `${written}[…]`, args: [{ value: { k: "lit", value: st.target.path[st.target.path.length - 1]! }, span: st.span }, { value: st.value, span: st.span }], span: st.span, fn })
    }
  }
  scan(model.module, -1)
  model.functions.forEach((f, i) => scan(f.body, i))
  return out
}

const DEFAULT_RETURN_ROLES: ReadonlyArray<FunctionRole> = ["tool", "mcp_tool", "mcp_resource"]

/** The source names a return sink counts: the shared ones with its labels, and the rule's own. */
const sourceNames = (models: ReadonlyArray<FrameworkModel>, own: ReadonlyArray<string> | undefined, labels: ReadonlyArray<string> | undefined): Array<string> => [
  ...models.flatMap((m) => m.untrusted.filter((u) => labels === undefined || labels.includes(u.label)).flatMap((u) => u.names)),
  ...(labels === undefined || labels.includes(OWN_SOURCE_LABEL) ? own ?? [] : [])
]

const OWN_SOURCE_LABEL = "untrusted data"

const rank = (m: RawMatch): number => (m.riskTier === "vulnerability" ? 2 : 1)

/**
 * A flow finding moved to an argument of its call and another matcher of the same rule reporting
 * the call itself (a sink pattern, a function rule) are one finding, as they were at one location:
 * the stronger one stays, where it was reported.
 */
const oneAtEachCall = (out: ReadonlyArray<RawMatch>, movedFrom: ReadonlyMap<RawMatch, number>): Array<RawMatch> => {
  const moved = new Map<string, RawMatch>()
  for (const [m, start] of movedFrom) moved.set(`${m.ruleId}:${start}`, m)
  const drop = new Set<RawMatch>()
  for (const m of out) {
    if (movedFrom.has(m)) continue
    const flow = moved.get(`${m.ruleId}:${m.start}`)
    if (flow === undefined || drop.has(flow)) continue
    drop.add(strength(m) > strength(flow) ? flow : m)
  }
  return drop.size === 0 ? [...out] : out.filter((m) => !drop.has(m))
}

/** One finding per rule and location: the stronger one wins. */
const keep = (best: Map<string, RawMatch>, found: RawMatch, anchor = found.start): void => {
  const key = `${found.ruleId}:${anchor}`
  const prior = best.get(key)
  if (prior === undefined || rank(found) > rank(prior)) best.set(key, found)
}


interface Verdict {
  readonly tier: RiskTier
  readonly lower: boolean
  readonly label: string
  /** a finding about what text says, not where it comes from: the matcher's own tier and confidence */
  readonly text?: boolean
  /** with lower: two severities below the rule's (a table name of unknown origin in SQL) */
  readonly twice?: boolean
  /** a proven flow a person approves before it runs (a matcher's `approved_by`): lowered to a risk */
  readonly approved?: boolean
}

/**
 * Behind an approval gate a person sees each run before it happens: a proven flow stays a finding,
 * as a risk one severity lower (catalogue §3.2), while a flow of unknown origin, or text a finding
 * is about, leaves nothing worth a person's attention and is not reported.
 */
const approvedVerdict = <T extends { readonly verdict: Verdict }>(found: T): T | undefined =>
  found.verdict.lower || found.verdict.text === true
    ? undefined
    : { ...found, verdict: { ...found.verdict, tier: found.verdict.tier === "vulnerability" ? "risk_pattern" : found.verdict.tier, lower: true, approved: true } }

/** A proven flow outranks one of unknown origin. */
const stronger = (a: Verdict, b: Verdict): boolean => b.lower && !a.lower

/**
 * What reaches the sink, after sanitizers and guards: a vulnerability, a risk, or nothing; and where
 * the data is written in the call (the argument, the list entry or the message content that carries
 * it), when known.
 */
const judge = (ev: FlowEvaluator, hit: SinkEntry, call: Call, via?: Call): { verdict: Verdict; span?: Span } | undefined => {
  const prompts = hit.sink.check === "prompt_text" ? sentToModel(ev, call.fn) : undefined
  const args = argsOf(hit.sink, call, ev.model)
  // chat messages: only the content of system / developer messages counts
  const contents: ReadonlyArray<{ expr: Expr | undefined; fn: number; site?: Call; span?: Span; value?: Value }> =
    hit.sink.check === "system_message"
      ? systemContents(ev.model, call, args, (c) => ev.localFunction(c))
      : args.flatMap((arg) => {
          // an argv list runs its first element; the others are arguments, not commands. The list
          // may be written in the call or held by a name assigned once (`args = ["ping", host]`)
          const argv = hit.sink.check === "program" ? argvList(arg.value, call.fn, ev.model) ?? helperArgv(ev, arg.value, call.fn) : undefined
          // a helper's argv parameter (`def run_command(cmd): subprocess.run(cmd)`): the programs its callers' lists start
          const viaCallers = hit.sink.check === "program" && argv === undefined ? callersProgram(ev, call, arg.value) : undefined
          if (viaCallers !== undefined) return [{ expr: arg.value, fn: call.fn, span: arg.span, value: viaCallers }]
          // a list a helper builds whose program is no constant it writes out (`[*LINTERS[name], path]`):
          // the program of each list it returns, judged in the helper with what this call passes
          const built = hit.sink.check === "program" && argv === undefined ? helperPrograms(ev, arg.value, call.fn) : undefined
          if (built !== undefined) return built.programs.map((expr) => ({ expr, fn: built.helper, site: built.site, span: arg.span }))
          const first = {
            expr: argv !== undefined
              ? argv.entries[0]?.value
              : hit.sink.check === "inline_code"
                ? inlineCode(heldValue(arg.value, call.fn, ev.model) ?? arg.value)
                : hit.sink.check === "sql" || hit.sink.check === "sql_text" ? boundStatement(ev.model, arg.value, call.fn) : arg.value,
            fn: call.fn,
            span: argv !== undefined && argv === arg.value ? argv.entries[0]?.span ?? arg.span : arg.span
          }
          // a shell or an interpreter runs the script its next element names (`["python3", script]`)
          const script = argv === undefined ? undefined : interpretedScript(argv)
          return script === undefined ? [first] : [first, { expr: script.value, fn: call.fn, span: argv === arg.value ? script.span ?? arg.span : arg.span }]
        })
  let worst: Verdict | undefined
  let where: { expr: Expr; fn: number; span: Span | undefined; plain: boolean } | undefined
  const bound = hit.sink.bound !== undefined && passesBound(hit.sink.bound, call)
  for (const { expr, fn, site, span, value } of args.length === 0 ? spreadOptions(ev, hit.sink, call) : contents) {
    if (expr === undefined || (hit.sink.check === "string" && (expr.k === "func" || callbackParam(ev.model, fn, expr)))) continue
    // content written in a helper: its parameters are what this call site passes
    const whole = value ?? (site === undefined ? ev.value(expr, fn, call.span.start) : ev.substitute(ev.value(expr, fn, site.span.start), site, fn, call.fn, call.span.start))
    // (a record's scoping fields are picked before its parameters are resolved: resolving joins them into one value)
    const keys = hit.sink.scope_fields === undefined ? undefined : ruleRegex(hit.sink.scope_fields)
    const written = keys === undefined || site !== undefined ? [] : tenantEntries(ev.model, expr, fn, keys)
    const raw = keys === undefined ? whole : written.length > 0 ? joinAll(written.map((x) => ev.value(x, fn, call.span.start))) : scopeOf(whole, keys)
    // a sink in a lambda judged at one call of it: its parameters are what that call passes
    const v = value !== undefined ? value : via === undefined ? ev.resolve(raw, call.fn) : ev.resolve(ev.substitute(raw, via, call.fn, via.fn, via.span.start), via.fn)
    const verdict = verdictOf(v, hit, expr !== undefined && prompts !== undefined && mentions(expr, prompts), expr !== undefined && prompts !== undefined && mentionsIn(expr, sentAsPrompt(ev, call.fn)), bound)
    // a timer's argument of unknown origin counts only when it can be text: built from string
    // parts (`"run(" + x + ")"`, a template) or a parameter declared `string`; a bare callback
    // (`setTimeout(done, ms)`, a method's `handler`) is a function far more often than code
    if (verdict !== undefined && hit.sink.check === "string" && verdict.lower && v.consts === undefined && !stringParam(ev.model, fn, expr)) continue
    if (verdict !== undefined && (worst === undefined || stronger(verdict, worst))) {
      worst = verdict
      where = { expr, fn, span, plain: site === undefined && hit.sink.check !== "inline_code" && hit.sink.check !== "program" }
    }
  }
  if (worst === undefined) return undefined
  // inside a list or record written in the call, the entry that carries the data
  const span = where !== undefined && where.plain ? carrier(ev, hit, where.expr, where.fn, call, worst, where.span) : where?.span
  return span === undefined ? { verdict: worst } : { verdict: worst, span }
}

/**
 * The entries with a tenant key in the record literals a filter is built from, in the function
 * (`scope = {"tenant_id": ...}` then `scope = {"$and": [scope, {"matter": ...}]}`): followed through
 * the names it is assigned from and into nested records and lists, so a combined filter is judged by
 * its tenant entries.
 */
const tenantEntries = (model: SemanticModel, e: Expr, fn: number, keys: RegExp): Array<Expr> => {
  const out: Array<Expr> = []
  const seen = new Set<string>()
  const body = fn === -1 ? model.module : model.functions[fn]!.body
  const visit = (x: Expr, depth: number): void => {
    if (depth > 6) return
    if (x.k === "name") {
      if (seen.has(x.name)) return
      seen.add(x.name)
      for (const s of body) if (s.k === "assign" && s.target.name === x.name && s.target.path.length === 0) visit(s.value, depth + 1)
    } else if (x.k === "container") {
      for (const entry of x.entries) {
        if (entry.key !== undefined && keys.test(entry.key)) out.push(entry.value)
        else visit(entry.value, depth + 1)
      }
    } else if (x.k === "op") for (const part of x.parts) visit(part, depth + 1)
  }
  visit(e, 0)
  return out
}

/** Of a record with fields whose keys match (the tenant's), those fields together; else the whole value. */
const scopeOf = (v: Value, keys: RegExp): Value => {
  // fields written after the record was made (`scope["department"] = ...`) over what it held before (its base)
  const seen = new Map<string, Value>()
  for (let at: Value | undefined = v, depth = 0; at !== undefined && depth < 4; at = at.base, depth++)
    for (const [key, field] of at.fields ?? []) if (!seen.has(key)) seen.set(key, field)
  const fields = [...seen].filter(([key]) => keys.test(key)).map(([, field]) => field)
  return fields.length === 0 ? v : joinAll(fields)
}

/**
 * The entry of a list / record literal written in the call that carries data the sink reports (at
 * least as strong a verdict as the whole), followed into nested literals; else the span given.
 */
const carrier = (ev: FlowEvaluator, hit: SinkEntry, e: Expr, fn: number, call: Call, worst: Verdict, span: Span | undefined, depth = 0): Span | undefined => {
  if (e.k !== "container" || depth > 4) return span
  for (const x of e.entries) {
    if (x.span === undefined || x.span.start < call.span.start || x.span.end > call.span.end) continue
    const verdict = verdictOf(ev.resolve(ev.value(x.value, fn, call.span.start), call.fn), hit)
    if (verdict !== undefined && (!verdict.lower || worst.lower)) return carrier(ev, hit, x.value, fn, call, worst, x.span, depth + 1)
  }
  return span
}

/**
 * Where a flow finding at a call goes: the call's start, unless the data is carried by an argument
 * (or an entry, or a message's content) that starts on a later line of a multi-line call; then there.
 */
const findingSpan = (call: Call, at: Span | undefined, text: string): Span => {
  if (at === undefined || at.start <= call.span.start || at.end > call.span.end) return call.span
  return text.slice(call.span.start, at.start).includes("\n") ? at : call.span
}

/** The argument is a parameter of the sink's function: the programs its callers' argv lists start (see programOfParam). */
const callersProgram = (ev: FlowEvaluator, call: Call, e: Expr): Value | undefined => {
  if (e.k !== "name" || call.fn === -1) return undefined
  const index = ev.model.functions[call.fn]!.params.indexOf(e.name)
  if (index === -1 || heldValue(e, call.fn, ev.model) !== undefined) return undefined
  return ev.programOfParam(call.fn, index, (x, fn) => heldValue(x, fn, ev.model), runsInterpreter)
}

/** The list starts a shell or an interpreter, whose other elements may be code (`["python3", "-c", code]`, `["sh", script]`). */
const runsInterpreter = (argv: Extract<Expr, { k: "container" }>): boolean => {
  const program = argv.entries[0]?.value
  return (program?.k === "lit" && typeof program.value === "string" && INTERPRETER.test(program.value)) || (program?.k === "ref" && RUNNING_INTERPRETER.test(program.name))
}

/**
 * SQLAlchemy's `text(sql).bindparams(uid=uid)` (also held by a variable): the statement is the
 * text; the values bound to it travel as parameters, not as SQL.
 */
const boundStatement = (model: SemanticModel, e: Expr, fn: number, depth = 0): Expr => {
  const held = heldValue(e, fn, model) ?? e
  if (depth > 3 || held.k !== "call") return e
  const c = model.calls[held.call]!
  return c.receiver !== undefined && lastSegment(c.callee) === "bindparams" ? boundStatement(model, c.receiver, fn, depth + 1) : e
}

/** Flags that make a shell or an interpreter run their next argument as code (`-c` also among other flags: `bash -lc`, `perl -ne`). */
const INLINE_CODE_FLAG = { test: (flag: string): boolean => SHELL_COMMAND_FLAG.test(flag) || INTERPRETER_CODE_FLAG.test(flag) }
/** An interpreter's flag for inline code: node / perl / ruby `-e` (also `-ne`, `-pe`), `--eval`, `-p`, PHP's `-r` */
const INTERPRETER_CODE_FLAG = /^(?:-[a-z]{0,3}e|-E|--eval|-p|--print|-r)$/

const RUNNING_INTERPRETER = /^(?:sys\.executable|process\.execPath)$/

/**
 * The code of an argv list that runs inline code: the element after `-c` / `-e` / `--eval` (…). When
 * the flag is not the list's first element the list holds its program, which must be a shell or an
 * interpreter (`["python3", "-c", code]`); a list that starts with the flag takes its program from
 * elsewhere, which the sink's `when` checks (`spawn("node", ["-e", code])`).
 */
const inlineCode = (e: Expr): Expr | undefined => {
  if (e.k !== "container") return undefined
  const literal = (x: Expr | undefined): string | undefined => (x?.k === "lit" && typeof x.value === "string" ? x.value : undefined)
  const flag = e.entries.findIndex((entry) => INLINE_CODE_FLAG.test(literal(entry.value) ?? ""))
  if (flag === -1) return undefined
  // (through env: `["/usr/bin/env", "bash", "-c", code]`)
  const viaEnv = ENV.test(literal(e.entries[0]!.value) ?? "") && flag > 1
  const program = e.entries[viaEnv ? 1 : 0]!.value
  // the running interpreter itself (`sys.executable`, `process.execPath`) is one too
  const interpreter = INTERPRETER.test(literal(program) ?? "") || (program.k === "ref" && RUNNING_INTERPRETER.test(program.name))
  if (flag > 0 && !interpreter) return undefined
  return e.entries[flag + 1]?.value
}

/**
 * The script an argv list hands its interpreter: the element after a shell or an interpreter written
 * first (`["python3", path]`, `["sh", script]`), unless it is a flag (`-c`, `-m`, `--version`).
 */
const interpretedScript = (argv: Extract<Expr, { k: "container" }>): { value: Expr; span?: Span } | undefined => {
  const program = argv.entries[0]?.value
  const next = argv.entries[1]
  if (program === undefined || next === undefined) return undefined
  if (!(program.k === "lit" && typeof program.value === "string" && INTERPRETER.test(program.value)) && !(program.k === "ref" && RUNNING_INTERPRETER.test(program.name))) return undefined
  if (next.value.k === "lit") return undefined
  return next.span === undefined ? { value: next.value } : { value: next.value, span: next.span }
}

/**
 * A parameter of an anonymous function, read in it: what a library passes to a callback
 * (`new Promise((resolve) => setTimeout(resolve, ms))`), a function far more often than code text.
 */
const callbackParam = (model: SemanticModel, fn: number, e: Expr): boolean => {
  if (e.k !== "name") return false
  for (let f = fn; f !== -1; f = model.functions[f]!.parent) {
    const info = model.functions[f]!
    if (info.params.includes(e.name)) return info.name === "<anonymous>" || info.name === "<lambda>"
  }
  return false
}

/** A parameter of an enclosing function declared as a string (`code: string`, Python `code: str`). */
const stringParam = (model: SemanticModel, fn: number, e: Expr): boolean => {
  if (e.k !== "name") return false
  for (let f = fn; f !== -1; f = model.functions[f]!.parent) {
    const info = model.functions[f]!
    const i = info.params.indexOf(e.name)
    if (i !== -1) return info.paramTypes?.[i] === "string" || info.paramTypes?.[i] === "str"
  }
  return false
}

/**
 * An equality check with a secret on one side (`header != os.environ["API_KEY"]`): the verdict on the
 * other side (request data: a vulnerability; unknown origin: a risk), and what the secret is.
 */
const judgeEquality = (
  ev: FlowEvaluator,
  hit: SinkEntry,
  left: Expr,
  right: Expr,
  fn: number,
  at: number,
  secretsFlow: boolean
): { verdict: Verdict; secret: string } | undefined => {
  const names = hit.sink.secret_names === undefined ? undefined : ruleRegex(hit.sink.secret_names)
  const named = (e: Expr): boolean => {
    const name = operandName(e)
    return name !== undefined && (names?.test(name) === true || hit.framework.secretNames?.test(name) === true)
  }
  if (!secretsFlow && !named(left) && !named(right)) return undefined
  const l0 = ev.value(left, fn, at)
  const r0 = ev.value(right, fn, at)
  // a side that holds no secret before its parameters are resolved, reads no caller's data and is not
  // named like one cannot become a secret: most equalities end here, without asking the callers
  const mayBeSecret = (e: Expr, v: Value): boolean => v.secret || v.params !== 0 || named(e)
  if (!mayBeSecret(left, l0) && !mayBeSecret(right, r0)) return undefined
  const l = ev.resolve(l0, fn)
  const r = ev.resolve(r0, fn)
  const ls = secretOperand(left, l, names, hit.framework.secretNames)
  const rs = secretOperand(right, r, names, hit.framework.secretNames)
  // a presented value is often named like what it is checked against (`token != API_TOKEN`): when
  // both sides read as secrets, the one the flow knows (environment, settings, constant) is the secret
  const leftSecret = ls !== undefined && (rs === undefined || (ls.known && !rs.known))
  const rightSecret = rs !== undefined && (ls === undefined || (rs.known && !ls.known))
  if (leftSecret === rightSecret) return undefined
  const [secret, other] = leftSecret ? [ls!, r] : [rs!, l]
  // a credential the request presents (its Authorization header) is what gets checked, not the secret
  if ((other.secret && other.prov !== Prov.Untrusted) || other.prov === Prov.Constant || other.prov === Prov.Config) return undefined
  if (other.prov === Prov.Untrusted && hit.reports.has("untrusted")) return { verdict: { tier: "vulnerability", lower: false, label: other.label ?? "untrusted data" }, secret: secret.what }
  // two values of unknown origin (`self.password == other.password` in `__eq__`) prove nothing: only a
  // secret the flow knows (the environment, a settings module, a constant credential) counts there
  if (other.prov === Prov.Unknown && hit.reports.has("unknown") && secret.known) return { verdict: { tier: "risk_pattern", lower: true, label: "a value of unknown origin" }, secret: secret.what }
  return undefined
}

/**
 * What makes an operand a secret, or undefined: a secret the data flow knows (an environment value
 * whose key names a secret, also inside `"Bearer " + …`), or a value read by a name the sink lists
 * that is configuration, of unknown origin, or a constant that looks like a credential.
 */
const secretOperand = (e: Expr, v: Value, names: RegExp | undefined, modelNames: RegExp | undefined): { what: string; known: boolean } | undefined => {
  if (v.secret && v.prov !== Prov.Untrusted && !v.sanitized.includes(PARTIAL)) return { what: v.label ?? "a secret", known: true }
  if (names === undefined || v.prov === Prov.Untrusted || v.params !== 0) return undefined
  const name = operandName(e)
  if (name === undefined) return undefined
  // a constant: the value itself must look like a credential (`"<|endoftext|>"`, `"[DONE]"` do not),
  // so the models' broader secret names serve (`DEMO_TOKEN = "demo-token"`)
  // a named constant only: a field of a record built in place (`token := Token{AccessToken: "…"}`) is test data
  if (v.prov === Prov.Constant)
    return (e.k === "name" || e.k === "ref") && v.text !== undefined && CREDENTIAL_TEXT.test(v.text) && (names.test(name) || modelNames?.test(name) === true)
      ? { what: `the constant ${name}`, known: true }
      : undefined
  if (!names.test(name)) return undefined
  return { what: `${name} (a configured secret)`, known: v.prov === Prov.Config }
}

/** The name an operand is read by (`token`, `self.api_key`, `headers["x-api-key"]`), or undefined. */
const operandName = (e: Expr): string | undefined =>
  e.k === "name" || e.k === "attr" ? e.name : e.k === "ref" ? e.name.slice(e.name.lastIndexOf(".") + 1) : e.k === "index" && e.key.k === "lit" && typeof e.key.value === "string" ? e.key.value : undefined

/** Constant text that can be a credential: eight characters or more of a token alphabet, with a letter. */
const CREDENTIAL_TEXT = /^(?=[^A-Za-z]*[A-Za-z])[\w.~+/=:-]{8,}$/

/** The verdict on a value assigned to a sink (`el.innerHTML = html`). */
const judgeValue = (ev: FlowEvaluator, hit: SinkEntry, e: Expr, fn: number, at: number): Verdict | undefined =>
  verdictOf(ev.resolve(ev.value(e, fn, at), fn), hit, hit.sink.check === "prompt_text" && mentions(e, sentToModel(ev, fn)), hit.sink.check === "prompt_text" && mentionsIn(e, sentAsPrompt(ev, fn)))

/**
 * The variables a function sends to a model (as an argument, or inside a message record or a
 * string built for one, of a call the framework models list as giving model output): its prompts,
 * whatever they are named.
 */
const promptCache = new WeakMap<SemanticModel, Map<number, ReadonlySet<string>>>()
const sentToModel = (ev: FlowEvaluator, fn: number): ReadonlySet<string> =>
  namesPerFunction(promptCache, ev.model, fn, (c, names) => {
    if (ev.isModelCall(c.callee)) for (const a of c.args) namesIn(a.value, names())
  })

/**
 * Per function of a model (-1: the module), names gathered from its calls: every function's in one
 * pass over the file's calls, kept with the model (a pass per function cost the calls times the functions).
 */
const namesPerFunction = (
  cache: WeakMap<SemanticModel, Map<number, ReadonlySet<string>>>,
  model: SemanticModel,
  fn: number,
  collect: (call: Call, names: () => Set<string>) => void
): ReadonlySet<string> => {
  let byFn = cache.get(model)
  if (byFn === undefined) {
    const gathered = new Map<number, Set<string>>()
    for (const c of model.calls)
      collect(c, () => {
        let names = gathered.get(c.fn)
        if (names === undefined) gathered.set(c.fn, (names = new Set()))
        return names
      })
    cache.set(model, (byFn = gathered))
  }
  return byFn.get(fn) ?? NO_NAMES
}
const NO_NAMES: ReadonlySet<string> = new Set()

/** A value computed once per function of a model (the model, and with it the cache, goes with its file). */
const perFunction = <T>(cache: WeakMap<SemanticModel, Map<number, T>>, model: SemanticModel, fn: number, compute: () => T): T => {
  let byFn = cache.get(model)
  if (byFn === undefined) cache.set(model, (byFn = new Map()))
  const done = byFn.get(fn)
  if (done !== undefined) return done
  const value = compute()
  byFn.set(fn, value)
  return value
}

const promptArgCache = new WeakMap<SemanticModel, Map<number, ReadonlySet<string>>>()
/** Keyword arguments of a model call that carry the text the model reads (not `model=`, `temperature=`, ...). */
const PROMPT_ARGS = /^(?:messages|input|inputs|prompt|system|system_prompt|system_message|instructions|contents|content|query|question|text)$/

/**
 * The variables a function sends to a model as text: positional arguments of a model call, or its
 * message / prompt / instructions keywords (not its model name, temperature or options).
 */
const sentAsPrompt = (ev: FlowEvaluator, fn: number): ReadonlySet<string> =>
  namesPerFunction(promptArgCache, ev.model, fn, (c, names) => {
    if (ev.isModelCall(c.callee)) for (const a of c.args) if (a.name === undefined || PROMPT_ARGS.test(a.name)) promptNamesIn(a.value, names())
  })

/**
 * Variables that are a prompt as a whole: the value of a message's content or of a prompt field,
 * or an element of a list of them; not a value written into a piece of prompt text (`f"... {region}"`)
 * or an options field such as `model` or `temperature`.
 */
const promptNamesIn = (e: Expr, out: Set<string>): void => {
  if (e.k === "name") out.add(e.name)
  else if (e.k === "container") for (const x of e.entries) if (x.key === undefined || PROMPT_ARGS.test(x.key)) promptNamesIn(x.value, out)
}

/** The expression is, holds as a record field, or builds text from, one of these variables. */
const mentionsIn = (e: Expr, names: ReadonlySet<string>): boolean =>
  names.size > 0 && (mentions(e, names) || (e.k === "container" && e.entries.some((x) => mentionsIn(x.value, names))))

const namesIn = (e: Expr, out: Set<string>): void => {
  if (e.k === "name") out.add(e.name)
  else if (e.k === "concat" || e.k === "op") for (const p of e.parts) namesIn(p, out)
  else if (e.k === "container") for (const x of e.entries) namesIn(x.value, out)
}

/** The expression is, or builds text from, one of these variables. */
const mentions = (e: Expr, names: ReadonlySet<string>): boolean => {
  if (names.size === 0) return false
  if (e.k === "name") return names.has(e.name)
  if (e.k === "concat") return e.parts.some((p) => mentions(p, names))
  return false
}

const textOf = (v: Value): string => v.text ?? `${v.prefix ?? ""}\n${v.consts ?? ""}`

/**
 * The call passes bound query parameters (`cursor.execute(query, params)`, `read_sql(q, con, params=p)`):
 * an argument of the sink's `bound` list that is not None and not an empty literal.
 */
const passesBound = (refs: ReadonlyArray<number | string>, call: Call): boolean =>
  refs.some((ref) => {
    const a = argOf(call.args, ref) ?? (typeof ref === "string" ? call.args.find((x) => x.name === ref) : undefined)
    if (a === undefined) return false
    const e = a.value
    // (a callback, `db.all(sql, (err, rows) => …)`, is no parameter)
    return !(e.k === "lit" && e.value === null) && !(e.k === "container" && e.entries.length === 0) && e.k !== "func"
  })

/** An HTML tag in the constant parts of a text (`<div class="answer">`, `</p>`) */
const HTML_TAG = /<\/?[a-zA-Z][\w-]*(?:\s[^<>]*)?>/

const verdictOf = (value: Value, hit: SinkEntry, sentToModel = false, sentAsPromptText = false, bound = false): Verdict | undefined => {
  // a few characters of a credential are not the credential
  const v0 = value.secret && value.sanitized.includes(PARTIAL) ? { ...value, secret: false } : value
  // a query given as a record (`{ text, values }` for pg, `{ sql, values }` for mysql2): the statement
  // is its text field; the values travel as bound parameters
  const sqlCheck = hit.sink.check === "sql" || hit.sink.check === "sql_text"
  // a record with no statement field (`index.query({ vector, topK })` on a vector index) is no SQL
  if (sqlCheck && v0.fields !== undefined && queryText(v0.fields) === undefined) return undefined
  // nor is structured data (Value.structured): a record parsed from text (`tool.execute(JSON.parse(call.function.arguments))`
  // in an agent loop dispatches the model's tool call; a statement would be one of its fields, read
  // as text), an object a constructor made, a value declared with a type that is not text
  // (`options.execute(action)` with `action: ShellAction` hands a caller's callback the tool's
  // input), unless its constant parts read as SQL (`new Query("SELECT … " + id)`); nor a list literal
  if (sqlCheck && v0.structured === true && !SQL_WORDS.test(v0.consts ?? "")) return undefined
  if (sqlCheck && v0.container === true) return undefined
  // a record sent whole (`{"error": str(exc), "debug": {"instructions": PROMPT}}`): the field that reads as a prompt is what leaks
  const v = sqlCheck && v0.fields !== undefined ? queryText(v0.fields) ?? v0 : hit.sink.check === "prompt_text" && v0.fields !== undefined ? promptField(v0) ?? v0 : v0
  if (hit.sink.check === "prompt_text" && !readsAsPrompt(v) && !sentToModel) return undefined
  // a generic send is a page only when the text around the value is HTML
  if (hit.sink.check === "html_text" && !HTML_TAG.test(v.consts ?? "")) return undefined
  // what the text says is the finding, whoever wrote it
  if (hit.sink.matches !== undefined) return ruleRegex(hit.sink.matches).test(textOf(v)) ? { tier: hit.entry.matcher.risk_tier ?? hit.entry.rule.risk_tier, lower: false, label: "prompt text", text: true } : undefined
  // leak rules: constant prompt text reaching a log or a response is itself the finding (a risk)
  // (also a prompt loaded from configuration, a prompt file or an environment variable, that the
  // function sends to the model as its text: the same instructions, kept elsewhere)
  if (hit.sink.check === "prompt_text" && hit.reports.has("constant") && (v.prov === Prov.Constant || (v.prov === Prov.Config && (sentAsPromptText || readsAsPrompt(v)))) && !v.secret)
    return { tier: "risk_pattern", lower: true, label: "prompt text" }
  if (v.text !== undefined && !v.secret) return undefined
  // content wrapped in a delimiter or marked as data before it reaches the model
  if (hit.sink.check === "unlabelled" && LABELLED.test(v.consts ?? "")) return undefined
  // checked or cleaned: only data the checks did not cover (of lower provenance) is left to judge
  if ((v.guards & hit.guardBits) !== 0 || v.sanitized.some((s) => hit.sanitizers.includes(s)))
    return v.below === undefined
      ? undefined
      : verdictOf({ ...v, prov: v.below, guards: v.belowGuards ?? 0, sanitized: v.belowSanitized ?? [], below: undefined, belowGuards: 0, belowSanitized: [], label: undefined }, hit, sentToModel, sentAsPromptText, bound)
  // a constant scheme and host, or a constant same-site path (`/profile/` + id; not `/` + data, which can be `//evil`)
  if (hit.sink.check === "host" && v.prefix !== undefined && /^(?:[a-zA-Z][a-zA-Z0-9+.-]*:\/\/[^/?#]+[/?#]|\/[^/\\])/.test(v.prefix)) return undefined
  // the same with the scheme and host taken from configuration (`f"{settings.api_base}/orders/{id}"`)
  if (hit.sink.check === "host" && v.hostFixed === true) return undefined
  // data only after the path separator of a URL whose host part is not untrusted: judge the host part
  if (hit.sink.check === "host" && v.hostPart !== undefined) return verdictOf(v.hostPart, hit)
  // a host begun by a value of unknown origin the program holds (`BASE + req.query.path`): the data
  // after it is not shown to choose the host
  if (hit.sink.check === "host" && v.hostUnknown === true && v.prov === Prov.Untrusted && !v.secret)
    return hit.reports.has("unknown") ? { tier: "risk_pattern", lower: true, label: "a value of unknown origin" } : undefined
  // SQL: text of unknown origin only counts when it visibly is SQL; untrusted text passed whole is model- or user-written SQL
  if (hit.sink.check === "sql" && v.prov !== Prov.Untrusted && !SQL_WORDS.test(v.consts ?? "")) return undefined
  if (hit.sink.check === "sql_text" && !isSqlStatement(v.consts ?? "")) return undefined
  // a parameterised query: the values travel as bound parameters, so what else is written into its
  // text (table names, placeholder lists, clauses) counts only when it is shown to be untrusted
  if (sqlCheck && bound && v.prov !== Prov.Untrusted && !v.secret) return undefined
  // data of unknown origin only where the statement takes a name (`FROM {self.table}`): it picks the
  // table a fixed statement touches, mostly from configuration, so it is reported two severities
  // below the rule's (a hint, not a HIGH); untrusted data there still counts in full
  if (sqlCheck && v.namesOnly === true && v.prov !== Prov.Untrusted && !v.secret)
    return v.prov === Prov.Unknown && hit.reports.has("unknown") ? { tier: "risk_pattern", lower: true, twice: true, label: "a name of unknown origin (a table or column the statement takes)" } : undefined
  if (v.secret && hit.reports.has("secret")) return { tier: "vulnerability", lower: false, label: v.label ?? "a secret" }
  if (v.prov === Prov.Untrusted && hit.reports.has("untrusted")) return labelled(hit, v.label) ? { tier: "vulnerability", lower: false, label: v.label ?? "untrusted data" } : undefined
  if (v.prov === Prov.Unknown && hit.reports.has("unknown")) return { tier: "risk_pattern", lower: true, label: "a value of unknown origin" }
  if (v.prov === Prov.Config && hit.reports.has("config")) return { tier: "risk_pattern", lower: true, label: "configuration" }
  return undefined
}

/** Untrusted data counts for the matcher by its source's label (`untrusted_labels`: `only`, `except`). */
const labelled = (hit: SinkEntry, label: string | undefined): boolean => {
  const by = hit.entry.matcher.untrusted_labels
  if (by === undefined) return true
  const l = label ?? "untrusted data"
  return (by.only === undefined || by.only.includes(l)) && !(by.except ?? []).includes(l)
}

/** the statement of a query record: pg's `text`, mysql2's `sql`, BigQuery's `query` */
const queryText = (fields: ReadonlyMap<string, Value>): Value | undefined => fields.get("text") ?? fields.get("sql") ?? fields.get("query")

/** The first field of a record (or of a record in it) whose text reads as a prompt. */
const promptField = (v: Value, depth = 0): Value | undefined => {
  if (depth > 3) return undefined
  for (const f of v.fields?.values() ?? []) {
    if (PROMPT_WORDS.test(f.text ?? f.prefix ?? "")) return f
    const inner = promptField(f, depth + 1)
    if (inner !== undefined) return inner
  }
  return undefined
}

/**
 * The value is prompt text: its own constant text or constant prefix (or that of a record's field,
 * nested records too) instructs a model. Not a property of it (`prompt.length`) or what a call given
 * a prompt returned.
 */
const readsAsPrompt = (v: Value, depth = 0): boolean =>
  PROMPT_WORDS.test(v.text ?? v.prefix ?? "") || (depth < 3 && [...(v.fields?.values() ?? [])].some((f) => readsAsPrompt(f, depth + 1)))

/** Text that instructs a model: "You are a billing assistant", "Act as the router agent", "You are Atlas, the sales assistant" */
const PROMPT_WORDS = /\b(?:You are|You're|YOU ARE|Act as|Your role is) (?:[A-Z][\w'’-]*, )?(?:an? |the |your )?(?:[\w'’-]+ ){0,3}(?:assistant|agent|bot|AI|model|expert|advisor|analyst|router|planner|copilot|helper)\b/
/** How PROMPT_WORDS begins: text without it anywhere holds no prompt text (bar one split across literals) */
const PROMPT_LEAD = /\b(?:You are|You're|YOU ARE|Act as|Your role is) /

/**
 * Constant text that marks what follows as data: a delimiter tag (`<document>`, `</untrusted>`), a
 * fence (three backticks or quotes), a BEGIN/END banner, or words telling the model not to obey it.
 */
const LABEL_MARKS: ReadonlyArray<RegExp> = [/<\/?[A-Za-z][\w-]*>/, /```|"""/, /\b(?:BEGIN|END) [A-Z]{3}/, /\b(?:[Uu]ntrusted|UNTRUSTED)\b/, /\b(?:do not|don't|never) (?:follow|obey|execute)\b/]
const LABELLED = { test: (text: string): boolean => LABEL_MARKS.some((re) => re.test(text)) }

/**
 * SQL as a statement (`select … from`, `insert into`, `update t set`, `delete from`, DDL), for sinks
 * with generic names (`get`, `all`, `run`): a keyword alone is too common in prose and event names
 * (`Map.get("agent_updated")` is not a query).
 */
const SQL_DML = /\b(?:insert\s+into|delete\s+from|(?:create|drop|alter)\s+(?:table|index|view))\s/i
const SQL_UPDATE = /\bupdate\s+\S+\s+set\s/i
const SQL_SELECT = /\bselect\s/i
const SQL_FROM = /\sfrom\s/i
const isSqlStatement = (text: string): boolean => SQL_DML.test(text) || SQL_UPDATE.test(text) || (SQL_SELECT.test(text) && SQL_FROM.test(text))
const SQL_WORDS = /\b(?:SELECT|INSERT|UPDATE|DELETE|DROP|CREATE|ALTER|TRUNCATE|MERGE|REPLACE|WITH|select|insert|update|delete|drop|create|alter|truncate|merge)\s/

/** The call that built a method's receiver: written inline, or assigned once to the variable it is called on. */
const receiverCallOf = (model: SemanticModel, call: Call): Call | undefined => {
  const r = call.receiver?.k === "name" ? heldValue(call.receiver, call.fn, model) : call.receiver
  return r?.k === "call" ? model.calls[r.call] : undefined
}

/** The call whose result an argument is, directly or through a variable holding it. */
const builtBy = (model: SemanticModel, call: Call, value: Expr): Call | undefined => {
  const v = value.k === "name" ? heldValue(value, call.fn, model) : value
  return v?.k === "call" ? model.calls[v.call] : undefined
}

const argsOf = (sink: FlowSink, call: Call, model: SemanticModel): ReadonlyArray<Arg> => {
  if (sink.args === undefined) return call.args.length > 0 ? call.args : call.receiver !== undefined ? [{ value: call.receiver, span: call.span }] : []
  const out: Array<Arg> = []
  // a sink that names its data only by option (`instructions`, `system`) takes an options object
  const options = !sink.args.some((r) => typeof r === "number")
  for (const ref of sink.args) {
    // `@receiver`: the object a method is called on (`(base / name).read_text()`)
    if (ref === "@receiver") {
      if (call.receiver !== undefined) out.push({ value: call.receiver, span: call.span })
      continue
    }
    const a = argOf(call.args, ref)
    if (a !== undefined) out.push(a)
    // `fetch(url, { ... })` and `fetch({ url })`: a named ref may also be a field of an options object
    else if (typeof ref === "string") {
      const named = call.args.find((x) => x.name === ref) ?? (options ? heldField(call, ref, model) : undefined)
      if (named !== undefined) out.push(named)
    }
  }
  return out
}

/**
 * The options a sink names (`maxTokens`) that the call takes only from a record it spreads into its
 * options (`generateText({ model, prompt, ...settings })` with `settings = generationSettings(opts)`):
 * that field of the record's value, wherever the record was built.
 */
const spreadOptions = (ev: FlowEvaluator, sink: FlowSink, call: Call): ReadonlyArray<{ expr: Expr; fn: number; span?: Span; value: Value; site?: undefined }> => {
  const keys = (sink.args ?? []).filter((r): r is string => typeof r === "string" && r !== "@receiver")
  if (keys.length === 0) return []
  // the records spread: `...settings` inside the options literal, or one passed whole (`create(settings)`, `f(**settings)`)
  const spread = call.args.flatMap((a) =>
    a.name !== undefined ? [] : a.value.k === "container" ? a.value.entries.filter((x) => x.key === undefined).map((x) => ({ value: x.value, span: x.span ?? a.span })) : [a]
  )
  return spread.flatMap((a) => {
    if (a.value.k !== "name" && a.value.k !== "call") return []
    const record = ev.value(a.value, call.fn, call.span.start)
    return keys.flatMap((k) => {
      const field = record.fields?.get(k)
      return field === undefined ? [] : [{ expr: a.value, fn: call.fn, span: a.span, value: ev.resolve(field, call.fn) }]
    })
  })
}

/**
 * A field of an options object the call is given through a variable, `const cfg = { instructions };
 * new Agent(cfg)` (or `Agent(**cfg)`): the first positional argument, a variable assigned once, as a
 * whole, to a literal.
 */
const heldField = (call: Call, key: string, model: SemanticModel): Arg | undefined => {
  for (const a of call.args.filter((x) => x.name === undefined).slice(0, 1)) {
    if (a.value.k !== "name") continue
    const held = heldValue(a.value, call.fn, model)
    if (held?.k !== "container") continue
    const entry = held.entries.find((x) => x.key === key)
    if (entry !== undefined) return { name: key, value: entry.value, span: entry.span ?? a.span }
  }
  return undefined
}

const flowMatch = (hit: SinkEntry, span: Span, target: string, verdict: Verdict, text: string, variant?: string): RawMatch => {
  const base = hit.entry.rule.severity
  const severity = hit.entry.matcher.severity ?? base
  return {
    ruleId: hit.entry.rule.id,
    matcherIndex: hit.entry.matcherIndex,
    start: span.start,
    end: span.end,
    text: text.slice(span.start, span.end),
    detail: `${verdict.label} reaches ${target}${hit.sink.label !== undefined ? ` (${hit.sink.label})` : ""}${verdict.approved === true ? "; a person approves each run first" : ""}`,
    ...(variant !== undefined ? { variant } : {}),
    riskTier: verdict.tier,
    // a proven flow is strong evidence; a value of unknown origin keeps the rule's confidence, one severity lower
    ...(verdict.text === true ? {} : verdict.lower
      ? { severity: verdict.twice === true ? SEVERITY_BELOW[SEVERITY_BELOW[severity]] : SEVERITY_BELOW[severity] }
      : { confidence: Math.max(hit.entry.matcher.confidence ?? hit.entry.rule.confidence, PROVEN_CONFIDENCE) })
  }
}

const match = (entry: CallEntry, call: Call, text: string): RawMatch => {
  const at = settingSpan(entry.matcher, call) ?? call.span
  return { ruleId: entry.rule.id, matcherIndex: entry.matcherIndex, start: at.start, end: at.end, text: text.slice(at.start, at.end) }
}

/**
 * Where the call writes the setting its matcher tests, when it writes it itself: the keyword
 * argument, options field or struct field the first value test of `where` reads (and, with
 * `field`, that key of the dict or object it passes), so `InsecureSkipVerify: true` inside a
 * multi-line `&tls.Config{…}` is reported on its own line, not on the literal's first. A test of
 * absence has no place, and a setting held by a variable or set after the call is reported at the call.
 */
const settingSpan = (m: CallMatcher, call: Call): Span | undefined => {
  for (const c of m.where ?? []) {
    if (!("keyword" in c) || c.keyword === undefined || "absent" in c) continue
    const a = keywordArg(call, c.keyword)
    if (a === undefined) continue
    let at: Span | undefined = a.span
    let value: Expr | undefined = a.value
    for (const key of "field" in c && c.field !== undefined ? c.field.split(".") : []) {
      const entry: { readonly value: Expr; readonly span?: Span } | undefined = value?.k === "container" ? value.entries.find((x) => x.key === key) : undefined
      if (entry === undefined) break
      value = entry.value
      at = entry.span ?? at
    }
    return at.start >= call.span.start && at.end <= call.span.end ? at : undefined
  }
  return undefined
}

const isConstant = (e: Expr): boolean =>
  e.k === "lit" || (e.k === "container" && e.entries.every((x) => isConstant(x.value))) || (e.k === "concat" && e.parts.every(isConstant))

/** The entries of options held by a variable: a dict / object literal (Python's `dict(k=v)` is one too, see the model). */
const entriesOf = (held: Expr | undefined): ReadonlyArray<{ readonly key?: string; readonly value: Expr }> | undefined =>
  held?.k === "container" ? held.entries : undefined

/**
 * The options a helper of the file returns when every return of it is a dict / object literal
 * (`def _request_options(self): return {"timeout": 20, "verify": False}`): the helper called by name,
 * or as a method of the caller's own class (`self._request_options()`, `this.options()`).
 */
const returnedOptions = (call: Call | undefined, model: SemanticModel): Expr | undefined => {
  const helper = call === undefined ? null : HELPER_CALL.exec(call.callee)
  if (call === undefined || helper === null) return undefined
  const name = helper[2]!
  const owner = helper[1] === undefined ? undefined : classOf(model, call.fn)
  if (helper[1] !== undefined && owner === undefined) return undefined
  let known = returnedByHelper.get(model)
  if (known === undefined) returnedByHelper.set(model, (known = new Map()))
  const key = `${owner ?? ""}.${name}`
  if (known.has(key)) return known.get(key)
  const matching = model.functions.filter((f) => f.name === name && f.owner === owner)
  const returned = matching.length === 1 ? matching[0]!.body.flatMap((st) => (st.k === "return" ? [st.value] : [])) : []
  const options: Expr | undefined =
    returned.length === 0 || returned.some((e) => e.k !== "container") ? undefined : { k: "container", entries: returned.flatMap((e) => (e.k === "container" ? e.entries : [])) }
  known.set(key, options)
  return options
}

const returnedByHelper = new WeakMap<SemanticModel, Map<string, Expr | undefined>>()

const keywordArg = (call: Call, keyword: string | ReadonlyArray<string>, model?: SemanticModel): Arg | undefined => {
  const names = typeof keyword === "string" ? [keyword] : keyword
  const direct = call.args.find((x) => x.name !== undefined && names.includes(x.name))
  if (direct !== undefined || model === undefined) return direct
  // options held by a variable (`opts = { rejectUnauthorized: false }; new https.Agent(opts)`), built
  // in place (`**{"verify": False}`) or returned by a helper of the file (`**self._request_options()`)
  for (const a of call.args) {
    if (a.name !== undefined) continue
    const held = a.value.k === "name" ? heldValue(a.value, call.fn, model) : a.value.k === "container" ? a.value : a.value.k === "call" ? returnedOptions(model.calls[a.value.call], model) : undefined
    const entry = entriesOf(held)?.find((x) => x.key !== undefined && names.includes(x.key))
    if (entry !== undefined) return { name: entry.key!, value: entry.value, span: a.span }
  }
  // a field set on the variable the call's value is held by (`params := openai.ChatCompletionNewParams{…}`
  // then `params.MaxTokens = openai.Int(-1)`; `llm = ChatOpenAI(); llm.max_tokens = None`): only in a
  // function that sets such a field at all (matchers on any call ask this of every call)
  const written = fieldsWritten(model, call.fn)
  if (!names.some((n) => written.has(n))) return undefined
  const body = call.fn === -1 ? model.module : model.functions[call.fn]!.body
  // (Go's struct literal is a container ending where the statement does, its type recorded as the call)
  const held = body.find(
    (s) =>
      s.k === "assign" &&
      s.target.path.length === 0 &&
      ((s.value.k === "call" && model.calls[s.value.call] === call) || (s.value.k === "container" && s.span.end === call.span.end && s.span.start < call.span.start))
  )
  if (held === undefined || held.k !== "assign") return undefined
  const set = body.find((s) => s.k === "assign" && s.target.name === held.target.name && s.target.path.length === 1 && names.includes(s.target.path[0]!))
  return set === undefined || set.k !== "assign" ? undefined : { name: set.target.path[0]!, value: set.value, span: set.span }
}

const receiverNames = new WeakMap<SemanticModel, Map<number, ReadonlySet<string>>>()
/** The names a function (-1: the module) calls methods on: `env` of `env.pop("KEY")`. */
const receiversIn = (model: SemanticModel, fn: number): ReadonlySet<string> =>
  namesPerFunction(receiverNames, model, fn, (k, names) => {
    // every dotted prefix of the callee (`a.b` of `a.b.c`): what `startsWith(name + ".")` matched
    for (let dot = k.callee.indexOf("."); dot !== -1; dot = k.callee.indexOf(".", dot + 1)) names().add(k.callee.slice(0, dot))
  })

const fieldWrites = new WeakMap<SemanticModel, Map<number, ReadonlySet<string>>>()
/** The fields a function (-1: the module) assigns on a variable: `max_tokens` of `llm.max_tokens = None`. */
const fieldsWritten = (model: SemanticModel, fn: number): ReadonlySet<string> =>
  perFunction(fieldWrites, model, fn, () => {
    const out = new Set<string>()
    for (const s of fn === -1 ? model.module : model.functions[fn]!.body) if (s.k === "assign" && s.target.path.length === 1) out.add(s.target.path[0]!)
    return out
  })

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

/**
 * A constant's value in place of its name: a module-level constant (`DESCRIPTION = "..."; tool(description=DESCRIPTION)`)
 * or a local variable assigned only a constant (`pattern = r"(a+)+"; re.compile(pattern)`).
 */
const constantOf = (e: Expr, model: SemanticModel, fn = -1): Expr => {
  // (Go: a field of the method's receiver the file's struct literals set to one constant)
  if (e.k === "attr") return receiverFieldValue(e, fn, model) ?? e
  if (e.k !== "name") return e
  const held = heldValue(e, fn, model)
  return held !== undefined && isConstant(held) ? held : e
}

/**
 * The constant a value stands for: a literal, a name assigned only that constant (`const noLimit = -1`),
 * a conversion of it (`int64(-1)`), or a library function given only it, which wraps the value for
 * an options field (`openai.Int(-1)`, `aws.Int32(n)`, `int(-1)`); otherwise the value itself.
 */
const literalOf = (e: Expr, fn: number, model: SemanticModel, depth = 0): Expr => {
  // (Go: `o.SkipCheck`, a field the file's struct literals set to one constant)
  const v = e.k === "name" ? heldValue(e, fn, model) ?? e : e.k === "attr" ? receiverFieldValue(e, fn, model) ?? e : e
  if (depth > 3) return v
  if (v.k === "op" && v.parts.length === 1) {
    const inner = literalOf(v.parts[0]!, fn, model, depth + 1)
    return inner.k === "lit" ? inner : v
  }
  if (v.k === "call") {
    const inner = model.calls[v.call]!
    const only = inner.args.length === 1 ? inner.args[0]! : undefined
    if (only !== undefined && only.name === undefined && (inner.receiver === undefined || inner.receiver.k === "ref") && inner.callbacks === undefined) {
      const x = literalOf(only.value, fn, model, depth + 1)
      if (x.k === "lit") return x
    }
  }
  return v
}

const holds = (c: CallCondition, call: Call, model: SemanticModel): boolean => {
  if ("in_loop" in c) return inEndlessLoop(call, model, c.interactive)
  if ("sets" in c) return call.args.some((a) => (a.name !== undefined && c.sets.includes(a.name)) || setsIn(a.value, c.sets, model, call.fn, 0))
  if ("in_recursion" in c) {
    // a lambda's calls belong to the named function around it
    let fn = call.fn
    while (fn !== -1 && model.functions[fn]!.name.startsWith("<")) fn = model.functions[fn]!.parent
    const f = fn === -1 ? undefined : model.functions[fn]
    return f !== undefined && f.recursive === true && !depthChecked(f, model)
  }
  if ("doc" in c) {
    const re = ruleRegex(c.doc)
    return registered(call, model).some((f) => f.doc !== undefined && re.test(f.doc))
  }
  if ("at_least" in c) {
    // any of the keywords, or the argument (both given: the keyword when passed, else the argument);
    // a constant's name (`k=TOP_K`) stands for its value
    const keywords = c.keyword === undefined ? [] : (typeof c.keyword === "string" ? [c.keyword] : c.keyword).map((k) => keywordArg(call, k, model))
    const args = c.arg === undefined || keywords.some((a) => a !== undefined) ? keywords : [...keywords, argOf(call.args, c.arg)]
    return args.some((a) => {
      const held = a === undefined ? undefined : constantOf(a.value, model, call.fn)
      const entry = held === undefined ? undefined : c.field === undefined ? held : held.k === "container" ? held.entries.find((x) => x.key === c.field)?.value : undefined
      const v = entry === undefined ? undefined : literalOf(entry, call.fn, model)
      return v !== undefined && v.k === "lit" && typeof v.value === "number" && v.value >= c.at_least && (c.below === undefined || v.value < c.below)
    })
  }
  if ("result_named" in c) return resultNamed(call, model, c.result_named.map((n) => n.split("_")))
  if ("is" in c) {
    // both given: the keyword when passed, else the argument
    const given = (c.keyword !== undefined ? keywordArg(call, c.keyword, model)?.value : undefined) ?? (c.arg !== undefined ? argOfCall(call, c.arg)?.value : undefined)
    if (given === undefined) return false
    // a local variable assigned once to a call or a reference (`stop = TextMentionTermination("DONE")`) is that value
    // (not one a method changes before: `env = os.environ.copy(); env.pop("OPENAI_API_KEY")`)
    const changed = given.k === "name" && receiversIn(model, call.fn).has(given.name)
    const held = given.k === "name" && !changed ? heldValue(given, call.fn, model) : undefined
    const value = held !== undefined && (held.k === "call" || held.k === "name" || held.k === "attr" || held.k === "op") ? held : given
    // a reference (`os.environ`), or a call of the name (`len(docs)`); an operation all of whose
    // operands are (`TextMentionTermination("A") | HandoffTermination("user")`: either ends it, both
    // are the named kind), or an `&` one of whose operands is (`TextMention("A") & MaxMessage(20)`
    // holds only once the text is written: the named kind decides)
    const isNamed = (e: Expr): boolean => {
      if (e.k === "op") return e.both === true ? e.parts.some(isNamed) : e.parts.length > 1 && e.parts.every(isNamed)
      const name = e.k === "call" ? model.calls[e.call]?.callee : dottedOf(e)
      return name !== undefined && c.is.some((n) => compileName(n).test(name))
    }
    return isNamed(value)
  }
  if ("equals" in c) {
    // both given: the keyword when passed, else the argument
    const a = (c.keyword !== undefined ? keywordArg(call, c.keyword, model) : undefined) ?? (c.arg !== undefined ? anyArg(call, c.arg) : undefined)
    const at = a === undefined ? undefined : c.field === undefined ? a.value : fieldAt(a.value, c.field, call, model)
    const v = at === undefined ? undefined : literalOf(at, call.fn, model)
    return v !== undefined && v.k === "lit" && v.value === c.equals
  }
  if ("tagged" in c) {
    const re = ruleRegex(c.tagged)
    return (typeof c.keyword === "string" ? [c.keyword] : c.keyword).some((k) => {
      const a = keywordArg(call, k, model)
      return a !== undefined && taggedBy(a.value, re, call.fn, model, 0)
    })
  }
  if ("keyword" in c) {
    // both given: the keyword when passed, else the argument at that position
    const a = keywordArg(call, c.keyword) ?? ("arg" in c && c.arg !== undefined ? anyArg(call, c.arg) : undefined)
    // with `field`, the key (a dotted path) of the dict / object the keyword passes, through variables
    const v = a === undefined ? undefined : c.field === undefined ? a.value : fieldAt(a.value, c.field, call, model)
    if ("absent" in c) return v === undefined
    if ("present" in c) return v !== undefined
    return v !== undefined && !isConstant(v)
  }
  if ("args_at_most" in c) return call.args.filter((a) => a.name === undefined).length <= c.args_at_most
  if ("contains" in c && c.arg === "*") {
    // any argument: Go's variadic argv (`NewStdioMCPClient("npx", nil, "-y", pkg, "/")`) and lists alike
    const re = ruleRegex(c.contains)
    return call.args.some((x) => elementsOf(local(x.value, call, model), call, model).some((e) => elementMatches(e, re, model)))
  }
  if ("redos" in c) {
    // (`@receiver`: the pattern a method is called on, `ORDER_LIST.test(text)`)
    const e = c.arg === "@receiver" ? call.receiver : anyArg(call, c.arg)?.value
    const value = e === undefined ? undefined : constantOf(e, model, call.fn)
    return value?.k === "lit" && typeof value.value === "string" && hasNestedQuantifier(value.value)
  }
  // `matches` on a named argument also reads options held by a variable, as `equals` does
  // (`kwargs = {"revision": SHA}; from_pretrained(m, **kwargs)`)
  const a = anyArg(call, c.arg) ?? ("matches" in c && typeof c.arg === "string" ? keywordArg(call, c.arg, model) : undefined)
  if ("absent" in c) return a === undefined
  if (a === undefined) return false
  if ("container" in c) return a.value.k === "container"
  const at = "field" in c && c.field !== undefined ? fieldAt(a.value, c.field, call, model) : a.value
  // a local variable assigned once to a constant is that constant (`filter := "area > 1500"`)
  if ("literal" in c) return at !== undefined && isConstant(constantOf(at, model, call.fn)) === c.literal
  if ("contains" in c) {
    const re = ruleRegex(c.contains)
    return at !== undefined && elementsOf(local(at, call, model), call, model).some((e) => elementMatches(e, re, model))
  }
  if ("includes" in c) return at !== undefined && elementsOf(local(at, call, model), call, model).some((e) => includes(e, c.includes, call, model))
  // with `field`, the values at that key path of the dict / object passed; with `element`, that element of the list
  let values = [constantOf(a.value, model, call.fn)]
  for (const key of c.field?.split(".") ?? [])
    values = values.flatMap((v) => (v.k === "container" ? v.entries.filter((x) => x.key !== undefined && (key === "*" || x.key === key)).map((x) => constantOf(x.value, model, call.fn)) : []))
  if (c.element !== undefined)
    values = values.flatMap((v) => {
      const element = v.k === "container" ? v.entries[c.element!]?.value : undefined
      return element === undefined ? [] : [constantOf(element, model, call.fn)]
    })
  return values.some((value) => matchesText(value, c.matches))
}

/** A dict / object (or a list of them, through variables) with a non-constant entry under a key matching the regex. */
const taggedBy = (e: Expr, re: RegExp, fn: number, model: SemanticModel, depth: number): boolean => {
  if (depth > 3) return false
  const v = e.k === "name" ? heldValue(e, fn, model) ?? e : e
  if (v.k !== "container") return false
  return v.entries.some((x) => (x.key !== undefined && re.test(x.key) && !isConstant(x.value)) || taggedBy(x.value, re, fn, model, depth + 1))
}

/** A constant's text (a literal, a tagged template's parts joined by `${}`), or a name's canonical dotted name, matches. */
const matchesText = (value: Expr, regex: string): boolean => {
  // a tagged template's literal parts are tested joined by `${}` where the substitutions go
  // a name (`yaml.SafeLoader`, `jsyaml.DEFAULT_FULL_SCHEMA`) is tested by its canonical dotted name
  // a number or boolean reads as written in JSON (`True` is "true")
  const text =
    value.k === "lit" && value.value !== null
      ? String(value.value)
      : value.k === "concat"
        ? concatText(value)
        : value.k === "container" && value.entries.every((x) => x.value.k === "lit")
        ? value.entries.map((x) => String((x.value as { value: unknown }).value)).join("${}")
        : dotted(value)
  return text !== undefined && ruleRegex(regex).test(text)
}

/** The text of a concatenation of constants (`"List notes. " + "Ignore ..."`), or undefined when a part is not constant. */
const concatText = (value: Expr): string | undefined => {
  let out = ""
  for (const p of value.k === "concat" ? value.parts : [value]) {
    const t = p.k === "lit" && p.value !== null ? String(p.value) : p.k === "concat" ? concatText(p) : undefined
    if (t === undefined) return undefined
    out += t
  }
  return out
}

/** A positional argument, or a keyword / options-object field. */
const argOfCall = (call: Call, ref: number | string): Arg | undefined => argOf(call.args, ref) ?? (typeof ref === "string" ? call.args.find((x) => x.name === ref) : undefined)

/** A dict / object / struct literal with one of the keys, or a call named by one (`llms.WithMaxTokens(n)`). */
const setsIn = (e: Expr, names: ReadonlyArray<string>, model: SemanticModel, fn: number, depth: number): boolean => {
  if (depth > 2) return false
  if (e.k === "container") return e.entries.some((x) => (x.key !== undefined && names.includes(x.key)) || setsIn(x.value, names, model, fn, depth + 1))
  if (e.k === "call") {
    const callee = model.calls[e.call]!.callee
    return names.includes(callee.slice(callee.lastIndexOf(".") + 1))
  }
  // a variable built before the call: `req := openai.ChatCompletionRequest{…}`, `req.MaxTokens = n`, `opts = […]`
  if (e.k !== "name") return false
  const body = fn === -1 ? model.module : model.functions[fn]!.body
  return body.some((st) => st.k === "assign" && st.target.name === e.name && (st.target.path.length > 0 ? names.includes(st.target.path[0]!) : setsIn(st.value, names, model, fn, depth + 1)))
}

const PACING = new WeakMap<ReadonlyArray<string>, ReadonlyArray<ReturnType<typeof compileName>>>()

/**
 * A recursive function is bounded by an ordering check that reads its parameters or its object's
 * state (`depth < MAX`, `len(chunks) > 1`, `self.calls >= budget`), directly or through a local
 * computed from them. A check of only what the function computed itself (`len(reply) > 4000` on a
 * model's answer) leaves the model to decide when the recursion ends. A function the model skipped
 * (no operands recorded) counts as checked when it compares anything.
 */
const depthChecked = (f: FunctionInfo, model: SemanticModel): boolean => {
  if (f.compares !== true) return false
  if (f.orderings === undefined) return true
  const state = new Set(f.params.filter((p) => p !== "self" && p !== "cls"))
  const reads = (e: Expr, depth: number): boolean => {
    if (depth > 4) return false
    switch (e.k) {
      case "name": {
        if (state.has(e.name) || e.name === "self" || e.name === "this") return true
        // a local computed from them (`remaining = budget - used`); a value a call returned is not followed
        return f.body.some((s) => s.k === "assign" && s.target.name === e.name && s.target.path.length === 0 && s.value.k !== "call" && reads(s.value, depth + 1))
      }
      case "attr":
        return reads(e.obj, depth + 1)
      case "index":
        return reads(e.obj, depth + 1) || reads(e.key, depth + 1)
      case "op":
      case "concat":
        return e.parts.some((p) => reads(p, depth + 1))
      case "call": {
        // a plain helper's measure of its argument (`len(items)`, `int(n)`), not a method or client call
        const c = model.calls[e.call]!
        if (c.callee.includes(".")) return false
        return c.args.some((a) => reads(a.value, depth + 1))
      }
      default:
        return false
    }
  }
  return f.orderings.some((operands) => operands.some((o) => reads(o, 0)))
}

/** The call sits in (or nested in) an endless loop that nothing bounds and no interactive call paces. */
const inEndlessLoop = (call: Call, model: SemanticModel, interactive: ReadonlyArray<string> | undefined): boolean => {
  for (let i = call.loop ?? -1; i !== -1; i = model.loops[i]!.parent) {
    const loop = model.loops[i]!
    if (!loop.endless || loop.bounded) continue
    if (interactive === undefined) return true
    if (loop.waits) continue
    let patterns = PACING.get(interactive)
    if (patterns === undefined) PACING.set(interactive, (patterns = interactive.map(compileName)))
    const inLoop = model.calls.filter((c) => c.fn === loop.fn && c.span.start >= loop.span.start && c.span.end <= loop.span.end)
    // also through a function of the file that asks the person (`approved = prompt_for_approval(call)`)
    const asks = (c: Call, depth: number): boolean =>
      patterns.some((p) => p.test(c.callee)) ||
      (depth < 2 && !c.callee.includes(".") && model.functions.some((f, fi) => f.name === c.callee && model.calls.some((k) => k.fn === fi && asks(k, depth + 1))))
    if (!inLoop.some((c) => asks(c, 0))) return true
  }
  return false
}

const anyArg = (call: Call, ref: number | string): Arg | undefined =>
  argOf(call.args, ref) ?? (typeof ref === "string" ? call.args.find((x) => x.name === ref) : undefined)

/**
 * What a name stands for at a call: the last plain assignment to it before the call in the
 * enclosing functions (`tools = [a, b]; Agent(tools=tools)`), else a module-level constant.
 */
const local = (e: Expr, call: Call, model: SemanticModel, depth = 0): Expr => {
  if (e.k !== "name" || depth > 3) return e
  for (let fn = call.fn; ; fn = model.functions[fn]!.parent) {
    const body = fn === -1 ? model.module : model.functions[fn]!.body
    let found: Expr | undefined
    for (const s of body) if (s.k === "assign" && s.target.name === e.name && s.target.path.length === 0 && (fn !== call.fn || s.span.start < call.span.start)) found = s.value
    if (found !== undefined) return local(found, call, model, depth + 1)
    if (fn === -1) break
  }
  return model.constants.get(e.name) ?? e
}

/** The value at a dotted key path of a dict / object / struct literal (through variables), or undefined. */
const fieldAt = (e: Expr, path: string, call: Call, model: SemanticModel): Expr | undefined => {
  let at: Expr | undefined = e
  for (const key of path.split(".")) {
    const v: Expr = local(at, call, model)
    at = v.k === "container" ? v.entries.find((x) => x.key === key)?.value : undefined
    if (at === undefined) return undefined
  }
  return at
}

/** The elements of a list (through variables; `*rest` spreads are followed one level), or the value itself. */
const elementsOf = (e: Expr, call: Call, model: SemanticModel): ReadonlyArray<Expr> =>
  e.k === "container" ? e.entries.map((x) => local(x.value, call, model)) : e.k === "op" || e.k === "concat" ? e.parts.map((p) => local(p, call, model)) : [e]

/** A constant string element matches; a call element reads as `callee(first constant argument)`. */
const elementMatches = (e: Expr, re: RegExp, model: SemanticModel): boolean => {
  if (e.k === "lit") return typeof e.value === "string" && re.test(e.value)
  if (e.k !== "call") return false
  const call = model.calls[e.call]
  if (call === undefined) return false
  const first = call.args[0]?.value
  return re.test(`${call.callee}(${first !== undefined && first.k === "lit" ? String(first.value) : ""})`)
}

/**
 * The element is a call to / a reference to one of the names, or a same-file tool whose body calls
 * one: a function named by the element, or the functions a call registers (`tool({ execute })`).
 */
const includes = (e: Expr, names: ReadonlyArray<string>, call: Call, model: SemanticModel): boolean => {
  const patterns = names.map(compileName)
  const named = (n: string): boolean => patterns.some((p) => p.test(n))
  const callsIn = (fns: ReadonlyArray<number>): boolean => {
    // the registered function and the functions nested in it (and same-file helpers they call by name)
    const inside = new Set(fns)
    for (let grew = true; grew; ) {
      grew = false
      model.functions.forEach((f, i) => {
        if (!inside.has(i) && inside.has(f.parent)) {
          inside.add(i)
          grew = true
        }
      })
      for (const c of model.calls) {
        if (!inside.has(c.fn)) continue
        const helper = model.functions.findIndex((f) => f.name === c.callee && f.parent === -1)
        if (helper !== -1 && !inside.has(helper)) {
          inside.add(helper)
          grew = true
        }
      }
    }
    return model.calls.some((c) => inside.has(c.fn) && named(c.callee))
  }
  if (e.k === "call") {
    const c = model.calls[e.call]
    if (c === undefined) return false
    if (named(c.callee)) return true
    return (c.callbacks ?? []).length > 0 && callsIn(c.callbacks!.map((cb) => cb.fn))
  }
  if (e.k === "func") return callsIn([e.fn])
  const name = dottedOf(e)
  if (name === undefined) return false
  if (named(name)) return true
  const fn = model.functions.findIndex((f) => f.name === name)
  return fn !== -1 && callsIn([fn])
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
      ? [
          ...(m.where ?? []).map((c, i) => [["where", i], c] as [Array<string | number>, CallCondition]),
          ...(m.unless ?? []).map((c, i) => [["unless", i], c] as [Array<string | number>, CallCondition]),
          ...(m.if_file ?? []).flatMap((f, j) => ("where" in f ? f.where ?? [] : []).map((c, i) => [["if_file", j, "where", i], c] as [Array<string | number>, CallCondition])),
          ...(m.unless_file ?? []).flatMap((f, j) => ("where" in f ? f.where ?? [] : []).map((c, i) => [["unless_file", j, "where", i], c] as [Array<string | number>, CallCondition]))
        ]
      : m.sinks.flatMap((s, j) => [...(s.when ?? []).map((c, i) => [["sinks", j, "when", i], c] as [Array<string | number>, CallCondition]), ...(s.unless ?? []).map((c, i) => [["sinks", j, "unless", i], c] as [Array<string | number>, CallCondition])])
  for (const [path, c] of conditions) {
    // a setting passed by keyword or by position: a named `arg` beside `keyword` would be a second keyword
    if ("keyword" in c && c.keyword !== undefined && "arg" in c && c.arg !== undefined && typeof c.arg !== "number")
      return { path: [...path, "arg"], message: `with \`keyword\`, \`arg\` is the position the setting may be passed at instead (a number), not ${JSON.stringify(c.arg)}` }
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
    const bad = m.sinks.findIndex(
      (s) =>
        [s.callee, s.assign, s.returns, s.compares].filter((x) => x !== undefined).length !== 1 ||
        (s.returns === undefined && s.roles !== undefined) ||
        (s.compares === undefined && (s.secret_names !== undefined || s.mentions !== undefined))
    )
    if (bad !== -1)
      return {
        path: ["sinks", bad],
        message: "a sink names one of `callee` (calls), `assign` (assignments), `returns: true` (with `roles`: a function's return value) or `compares: secret` (with `secret_names`, `mentions`: equality checks)"
      }
    for (const [j, s] of m.sinks.entries()) {
      for (const [field, source] of [["matches", s.matches], ["secret_names", s.secret_names]] as const) {
        if (source === undefined) continue
        try {
          compileRuleRegex(source)
        } catch (e) {
          return { path: ["sinks", j, field], message: `invalid regex ${JSON.stringify(source)}: ${(e as Error).message}` }
        }
      }
    }
  }
  const files = m.kind === "call" ? [...(m.if_file ?? []).map((f, j) => ["if_file", j, f] as const), ...(m.unless_file ?? []).map((f, j) => ["unless_file", j, f] as const)] : []
  const names =
    m.kind === "call"
      ? [...m.callee.map((n, i) => [["callee", i], n] as const), ...files.flatMap(([field, j, f]) => ("callee" in f ? f.callee : []).map((n, i) => [[field, j, "callee", i], n] as const))]
      : m.sinks.flatMap((s, j) => [
          ...(s.callee ?? []).map((n, i) => [["sinks", j, "callee", i], n] as const),
          ...(s.not_callee ?? []).map((n, i) => [["sinks", j, "not_callee", i], n] as const),
          ...(s.assign ?? []).map((n, i) => [["sinks", j, "assign", i], n] as const)
        ])
  for (const [path, n] of names) if (!NAME_PATTERN.test(n)) return { path: [...path], message: `not a canonical name pattern: ${JSON.stringify(n)} (dotted segments, * for any)` }
  return undefined
}

// segments, `*` for any one (any receiver first), `**` inside for any number (`*.ChatOpenAI().**.invoke`)
const NAME_PATTERN = /^(?:\*|[\w$/@:-]+(?:\(\))?)(?:\.(?:\*\*(?=\.)|\*|[\w$/@:-]+(?:\(\))?))*$/

const checkFunctionMatcher = (m: FunctionMatcher): { path: Array<string | number>; message: string } | undefined => {
  const lists: Array<[string, ReadonlyArray<string> | undefined]> = [
    ["calls", m.calls],
    ["unless_calls", m.unless_calls],
    ["except_calls", m.except_calls],
    ["unless_param_types", m.unless_param_types]
  ]
  for (const [field, names] of lists)
    for (const [i, n] of (names ?? []).entries()) if (!NAME_PATTERN.test(n)) return { path: [field, i], message: `not a canonical name pattern: ${JSON.stringify(n)} (dotted segments, * for any)` }
  return undefined
}
