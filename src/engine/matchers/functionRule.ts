import { compileRuleRegex } from "./ruleRegex.js"
import type { CodeGraphEdge, FunctionMatcher } from "../../domain/FlowRule.js"
import type { FlowEvaluator } from "../flow/evaluate.js"
import { lastSegment, type NameIndex, nameSet, type Requirement } from "../flow/names.js"
import { GUARD_BITS, Prov, type Value } from "../flow/Value.js"
import type { Arg, Call, Expr, FunctionInfo, SemanticModel, Statement } from "../model/Model.js"
import type { CallCondition } from "../../domain/FlowRule.js"
import type { RiskTier, Severity } from "../../domain/Vocabulary.js"
import { severityRank } from "../../domain/severities.js"
import { dottedOf, moduleLambdas } from "../model/ModelBuilder.js"
import { heldValue } from "../model/heldValue.js"
import { argvList, firstWords, helperArgv, SHELL_COMMAND_FLAG } from "../flow/argv.js"
import { quotedCommandPrograms } from "./quotedCommand.js"
import { type FileCondition, fileCondition, fileMakes } from "./fileConditions.js"
import { upstreamFunctions } from "./graphUpstream.js"
import type { RawMatch } from "./RawMatch.js"
import { type Attached, RouteGuards } from "./routeGuards.js"
import type { MatcherEntry } from "./treeSitter.js"

type FunctionEntry = MatcherEntry<FunctionMatcher>

interface Found {
  readonly call: Call
  readonly detail: string
  readonly severity?: Severity
  readonly confidence?: number
  readonly riskTier?: RiskTier
}

/** How deep same-file helpers are followed from a checked function. */
const HELPER_DEPTH = 3

interface Compiled {
  readonly entry: FunctionEntry
  readonly calls: NameIndex<true>
  readonly unlessCalls: NameIndex<true>
  readonly exceptCalls: NameIndex<true>
  readonly unlessDecorated: NameIndex<true>
  readonly paramTypes: NameIndex<true>
  readonly contextTypes: NameIndex<true>
  readonly fileCalls: ReadonlyArray<FileCondition>
  readonly guardCalls: ReadonlyArray<FileCondition>
  readonly append?: NameIndex<true>
  readonly trim?: NameIndex<true>
  readonly paced?: NameIndex<true>
  readonly bounded?: ReadonlyArray<{ readonly callee: NameIndex<true>; readonly keyword: string; readonly arg?: number }>
  readonly guardBits: number
  readonly callerNames?: NameIndex<true>
  readonly callerTypes?: NameIndex<true>
  readonly statement?: RegExp
  readonly quoting?: NameIndex<true>
}

/** `kind: function` rules: functions with a framework role judged by what their body does. */
export const compileFunctionRules = (
  entries: ReadonlyArray<FunctionEntry>,
  holds: (c: CallCondition, call: Call, model: SemanticModel) => boolean
): { literals: ReadonlyArray<Requirement>; run: (model: SemanticModel, evaluator: () => FlowEvaluator) => Array<RawMatch> } => {
  const compiled: Array<Compiled> = entries.map((entry) => {
    const m = entry.matcher
    return {
      entry,
      calls: nameSet(m.calls),
      unlessCalls: nameSet(m.unless_calls),
      exceptCalls: nameSet(m.except_calls),
      unlessDecorated: nameSet(m.unless_decorated),
      paramTypes: nameSet(m.unless_param_types),
      contextTypes: nameSet(["context.Context", ...(m.context_types ?? [])]),
      fileCalls: (m.unless_file ?? []).map(fileCondition),
      guardCalls: (m.unless_guarded ?? []).map(fileCondition),
      ...(m.grows !== undefined ? { append: nameSet(m.grows.append), trim: nameSet(m.grows.trim), paced: nameSet(m.grows.paced_by), bounded: (m.grows.bounded ?? []).map((b) => ({ callee: nameSet(b.callee), keyword: b.keyword, ...(b.arg !== undefined ? { arg: b.arg } : {}) })) } : {}),
      guardBits: (m.guards ?? []).reduce((bits, g) => bits | GUARD_BITS[g], 0),
      ...(m.unless_caller !== undefined ? { callerNames: nameSet(m.unless_caller.names), callerTypes: nameSet(m.unless_caller.types) } : {}),
      ...(m.statement_matches !== undefined ? { statement: compileRuleRegex(m.statement_matches) } : {}),
      ...(m.fixed_program?.quoting !== undefined ? { quoting: nameSet(m.fixed_program.quoting) } : {})
    }
  })
  // a file must mention an effect (or, for growth, an append) for the rule to apply
  // approvals made elsewhere in the file must be modelled too, so their names count as well
  // so must the asking calls of nodes upstream (`unless_upstream`): their names rooted in a module
  // count (`langgraph.types.interrupt` in files that import langgraph), not bare ones (`input`)
  const upstreamAsks = (c: Compiled): ReadonlyArray<Requirement> => (c.entry.matcher.unless_upstream === undefined ? [] : c.unlessCalls.literals.filter((r) => r.root !== undefined))
  const literals = compiled.flatMap((c) => [...c.calls.literals, ...c.fileCalls.flatMap((f) => f.names.literals), ...c.guardCalls.flatMap((f) => f.names.literals), ...upstreamAsks(c)])

  const run = (model: SemanticModel, evaluator: () => FlowEvaluator): Array<RawMatch> => {
    const out: Array<RawMatch | undefined> = []
    // one finding per rule and function: a tool that loads an object and then deletes it is reported
    // once, at the most severe effect (the matchers of one rule name its variants)
    const byFunction = new Map<string, { at: number; rank: number }>()
    let index: BodyIndex | undefined
    const guardsByRoles = new Map<string, RouteGuards>()
    for (const c of compiled) {
      const m = c.entry.matcher
      // most files have no function of most rules' roles: nothing to judge, nothing to prepare
      if (!model.functions.some((f) => m.roles.includes(f.role))) continue
      const scope = (index ??= new BodyIndex(model))
      // an approval elsewhere in the file (`unless_file`) is looked for once a function qualifies:
      // most files have no function of the rule's roles, and finding one scans every call
      let fileApproved: boolean | undefined
      // with `unless_guarded`, what stands in front of particular routes is judged per route, and the
      // file-wide conditions see only the rest of the file
      let guards: RouteGuards | undefined
      if (c.guardCalls.length > 0) {
        const key = [...m.roles].sort().join(",")
        guards = guardsByRoles.get(key)
        if (guards === undefined) {
          const routes = model.functions.flatMap((f, fi) => (m.roles.includes(f.role) ? [fi] : []))
          guardsByRoles.set(key, (guards = new RouteGuards(model, scope, routes)))
        }
      }
      const approved = (): boolean =>
        (fileApproved ??= c.fileCalls.some((f) => fileMakes(model, f, holds, evaluator, undefined, guards)))
      model.functions.forEach((f, fi) => {
        if (!m.roles.includes(f.role)) return
        if (f.paramTypes?.some((t) => t !== undefined && c.paramTypes.lookup(t).length > 0)) return
        if (f.decorators.some((d) => c.unlessDecorated.lookup(d).length > 0)) return
        if ((m.unless_registered ?? []).length > 0 && scope.registrations(fi).some((r) => m.unless_registered!.some((w) => holds(w, r, model)))) return
        // a growth matcher judges only functions that call the model themselves: with `plain` among its
        // roles that leaves few, and the checks below walk every call a function reaches
        if (c.append !== undefined && !scope.own(fi).some((call) => c.calls.lookup(call.callee).length > 0)) return
        if (c.unlessCalls.size > 0 && scope.reachable(fi).some((call) => c.unlessCalls.lookup(call.callee).length > 0)) return
        if (m.unless_upstream !== undefined && f.role === "graph_node" && asksUpstream(model, scope, c, fi, m.unless_upstream)) return
        if (c.callerNames !== undefined && usesCaller(model, scope, c, fi, evaluator)) return
        const attached = guards?.attached.get(fi)
        if (attached !== undefined && c.guardCalls.some((g) => guardMet(model, g, attached, holds, evaluator))) return
        if (approved()) return
        const found = c.append !== undefined ? growth(model, scope, c, fi, evaluator) : effect(model, scope, c, fi, evaluator, holds)
        if (found === undefined) return
        const rank = severityRank(found.severity ?? c.entry.matcher.severity ?? c.entry.rule.severity)
        const key = `${c.entry.rule.id}\u0000${fi}`
        const seen = byFunction.get(key)
        if (seen !== undefined && seen.rank >= rank) return
        if (seen !== undefined) out[seen.at] = undefined
        byFunction.set(key, { at: out.length, rank })
        out.push({
            ruleId: c.entry.rule.id,
            matcherIndex: c.entry.matcherIndex,
            start: found.call.span.start,
            end: found.call.span.end,
            text: found.call.written,
            detail: found.detail,
            ...(found.severity !== undefined ? { severity: found.severity, confidence: found.confidence ?? 0.5 } : {}),
            ...(found.riskTier !== undefined ? { riskTier: found.riskTier } : {})
          })
      })
    }
    return out.filter((x): x is RawMatch => x !== undefined)
  }
  return { literals, run }
}

/** A node that runs before this graph node (or a helper of one) makes one of `unless_calls`. */
const asksUpstream = (model: SemanticModel, scope: BodyIndex, c: Compiled, fi: number, edges: ReadonlyArray<CodeGraphEdge>): boolean =>
  upstreamFunctions(model, fi, edges).some((g) => scope.reachable(g).some((call) => c.unlessCalls.lookup(call.callee).length > 0))

/** A guard condition met by what stands in front of one route (its body, middleware, wrappers, group). */
const guardMet = (
  model: SemanticModel,
  g: FileCondition,
  attached: Attached,
  holds: (c: CallCondition, call: Call, model: SemanticModel) => boolean,
  evaluator: () => FlowEvaluator
): boolean => {
  if (g.credential) return evaluator().checksRequestCredentialIn((fn) => attached.fns.has(fn))
  if (g.project) return attached.project
  for (const x of attached.calls) if (g.names.lookup(x.callee).length > 0 && g.where.every((w) => holds(w, x, model))) return true
  if (g.where.length > 0) return false
  for (const n of attached.names) if (g.names.lookup(n).length > 0) return true
  return false
}

/**
 * The function (or a helper) checks or scopes by the caller's identity: a value read from the
 * caller's context (a name in `unless_caller.names`, a parameter of one of its `types`, or a local
 * variable assigned from one) is compared for equality or passed to a call.
 */
const usesCaller = (model: SemanticModel, scope: BodyIndex, c: Compiled, fi: number, evaluator: () => FlowEvaluator): boolean => {
  for (const g of scope.helpersOf(fi)) {
    const f = model.functions[g]!
    const held = new Set<string>()
    // locals a package function derived from the request's context (Go `uid := authctx.UserID(ctx)`,
    // `tenant := tenancy.From(ctx)`): the identity the application attached to the context. They count
    // when passed as an argument or compared, not when methods are called on them (a logger, a span)
    const derived = new Set<string>()
    const isContextParam = (e: Expr): boolean => {
      if (e.k !== "name") return false
      const p = f.params.indexOf(e.name)
      const type = p === -1 ? undefined : f.paramTypes?.[p]
      return type !== undefined && c.contextTypes.lookup(type).length > 0
    }
    for (const s of f.body) {
      if (s.k !== "assign" || s.target.path.length !== 0 || s.value.k !== "call") continue
      const from = model.calls[s.value.call]
      if (from !== undefined && (from.receiver === undefined || from.receiver.k === "ref") && from.args.some((a) => isContextParam(a.value))) derived.add(s.target.name)
    }
    // a parameter of the function that is not the caller's context: an argument the model wrote
    const modelArgument = (e: Expr): boolean => {
      if (e.k !== "name" || held.has(e.name) || derived.has(e.name)) return false
      const p = f.params.indexOf(e.name)
      const type = p === -1 ? undefined : f.paramTypes?.[p]
      return p !== -1 && (type === undefined || (c.callerTypes!.lookup(type).length === 0 && c.contextTypes.lookup(type).length === 0))
    }
    const isCaller = (e: Expr, depth = 0, receiver = false): boolean => {
      if (depth > 8) return false
      if (!receiver && e.k === "name" && derived.has(e.name)) return true
      const dotted = dottedOf(e)
      if (dotted !== undefined && c.callerNames!.lookup(dotted).length > 0) return true
      // an imported name read with attributes is one reference (`flask_login.current_user.id`): a
      // field of the caller's identity is the caller's too
      if (e.k === "ref") {
        const segments = e.name.split(".")
        for (let n = segments.length - 1; n > 0; n--) if (c.callerNames!.lookup(segments.slice(0, n).join(".")).length > 0) return true
      }
      switch (e.k) {
        case "name": {
          if (held.has(e.name)) return true
          const p = f.params.indexOf(e.name)
          const type = p === -1 ? undefined : f.paramTypes?.[p]
          if (type !== undefined && c.callerTypes!.lookup(type).length > 0) return true
          return p === -1 && closureScope(model, scope, g, e.name, evaluator)
        }
        case "attr":
        case "index":
          return isCaller(e.obj, depth + 1)
        case "call": {
          const call = model.calls[e.call]!
          if (c.callerNames!.lookup(call.callee).length > 0) return true
          // what a call given the model's arguments returns is what they picked (`ctx.deps.pool.fetchrow(sql,
          // invoice_number)` is the invoice), not who is calling
          if (call.args.some((a) => modelArgument(a.value))) return false
          return (call.receiver !== undefined && isCaller(call.receiver, depth + 1, true)) || call.args.some((a) => isCaller(a.value, depth + 1))
        }
        case "concat":
        case "op":
          return e.parts.some((p) => isCaller(p, depth + 1))
        case "container":
          return e.entries.some((x) => isCaller(x.value, depth + 1))
        default:
          return false
      }
    }
    // variables that hold the caller's identity (`uid = ctx.context.user_id`), to a small fixpoint
    for (let round = 0; round < 3; round++)
      for (const s of f.body) if (s.k === "assign" && s.target.path.length === 0 && !held.has(s.target.name) && isCaller(s.value)) held.add(s.target.name)
    if ((f.equalities ?? []).some((q) => isCaller(q.left) || isCaller(q.right))) return true
    // a call given the caller counts, unless it only checks who is calling: a statement whose result
    // is dropped and that is given nothing else (`sessionOf(runContext);` proves a signed-in caller,
    // not that the object is theirs; `assertOwns(ctx, invoice)` is given the object too)
    const dropped = new Set<Call>()
    for (const st of f.body) if (st.k === "call") dropped.add(model.calls[st.call]!)
    const given = (call: Call): boolean => {
      if (!call.args.some((a) => isCaller(a.value))) return false
      // (given the caller itself, a name or a field of it: a record mixing it with an id scopes a query)
      const callerOnly = call.args.every((a) => (a.value.k === "name" || a.value.k === "attr" || a.value.k === "ref") && isCaller(a.value))
      return !callerOnly || !dropped.has(call)
    }
    if (scope.own(g).some((call) => call.fn === g && (given(call) || c.callerNames!.lookup(call.callee).length > 0))) return true
  }
  return false
}

/**
 * The name is a variable of a function the checked one is nested in (`def make_tools(user_id): @tool
 * def read(order_id): ...user_id...`, `function toolsFor(userId) { return { get: tool({ execute }) } }`):
 * the application fixed it when it built the tool, so the model cannot choose it, unlike the tool's
 * own arguments. Only a plain function (a factory, a constructor), not a tool or route whose own
 * parameters are untrusted, and only a value not proven untrusted (a factory given request data)
 * nor a constant.
 */
const closureScope = (model: SemanticModel, scope: BodyIndex, fn: number, name: string, evaluator: () => FlowEvaluator): boolean => {
  if (scope.locals(fn).has(name)) return false
  for (let outer = model.functions[fn]!.parent; outer !== -1; outer = model.functions[outer]!.parent) {
    const o = model.functions[outer]!
    if (!scope.locals(outer).has(name)) continue
    if (o.role !== "plain") return false
    // a value methods are called on (`session.get(...)`, `db.query(...)`) is a client the factory
    // was given, not the identity it scopes by
    if (model.calls.some((x) => (x.fn === fn || x.fn === outer) && x.receiver !== undefined && rootName(x.receiver) === name)) return false
    const ev = evaluator()
    const v = ev.resolve(ev.value({ k: "name", name }, outer, o.span.end), outer)
    return v.prov !== Prov.Untrusted && v.prov !== Prov.Constant
  }
  return false
}

/** The first call of the function that performs the effect (directly or through a helper). */
const effect = (
  model: SemanticModel,
  scope: BodyIndex,
  c: Compiled,
  fi: number,
  evaluator: () => FlowEvaluator,
  holds: (c: CallCondition, call: Call, model: SemanticModel) => boolean
): Found | undefined => {
  const f = model.functions[fi]!
  const where = c.entry.matcher.call_where ?? []
  // a generic query call counts only with a statement of the kind the rule names (`DELETE FROM ...`)
  const isEffect = (x: Call): boolean => {
    if (c.calls.lookup(x.callee).length === 0 || c.exceptCalls.lookup(x.callee).length > 0) return false
    if (!where.every((w) => holds(w, x, model))) return false
    if (c.statement === undefined) return true
    // the statement is the first argument, or the one after a context and an HTTP method (Go's
    // `db.ExecContext(ctx, "DELETE …", id)`, `http.NewRequestWithContext(ctx, "POST", base+"/refunds", body)`);
    // its constant text, or the constant text it starts with (`"DELETE FROM " + table`), or else its
    // constant fragments, space-separated (`f"{BANK}/orders/{order_id}/refunds"`: `/orders/ /refunds`)
    const matches = (a: Arg | undefined): boolean | undefined => {
      const e = statementOf(model, a?.value)
      const v = e === undefined ? undefined : evaluator().value(e, x.fn, x.span.start)
      const text = v?.text ?? v?.prefix
      if ((text === undefined && v?.consts === undefined) || (v?.text !== undefined && HTTP_METHOD.test(v.text))) return undefined
      return (text !== undefined && c.statement!.test(text)) || (v!.text === undefined && v!.consts !== undefined && c.statement!.test(v!.consts))
    }
    return matches(x.args[0]) ?? (x.args.length > 1 ? matches(x.args[1]) ?? (x.args.length > 2 ? matches(x.args[2]) === true : false) : false)
  }
  for (const call of scope.own(fi)) {
    const direct = isEffect(call)
    const helper = direct ? undefined : scope.helperOf(call)
    const via = helper === undefined ? undefined : scope.reachable(helper).find(isEffect)
    if (!direct && via === undefined) continue
    if (c.entry.matcher.from_params === true && !(direct ? fromParams(evaluator(), c, call) : fromParamsThrough(evaluator(), c, call, helper!, via!))) continue
    const what = direct ? call.written : `${call.written} -> ${via!.written}`
    const fixed = c.entry.matcher.fixed_program
    const program = fixed === undefined ? undefined : fixedProgram(evaluator(), c, direct ? call : via!, fixed.except ?? [])
    if (fixed === undefined || program === undefined) return { call, detail: `${f.name} calls ${what}` }
    return {
      call,
      detail: `${f.name} calls ${what}, a fixed program (${program}) given the model's arguments`,
      severity: fixed.severity,
      ...(fixed.confidence !== undefined ? { confidence: fixed.confidence } : {}),
      ...(fixed.risk_tier !== undefined ? { riskTier: fixed.risk_tier } : {})
    }
  }
  return undefined
}

/** SQLAlchemy's `text("UPDATE ...")` wraps the statement a driver call is given: the statement is its argument. */
const STATEMENT_WRAPPERS = new Set(["sqlalchemy.text", "sqlalchemy.sql.text", "sqlalchemy.sql.expression.text"])
const statementOf = (model: SemanticModel, e: Expr | undefined): Expr | undefined => {
  if (e?.k !== "call") return e
  const wrapper = model.calls[e.call]
  return wrapper !== undefined && STATEMENT_WRAPPERS.has(wrapper.callee) && wrapper.args[0] !== undefined ? wrapper.args[0].value : e
}

/** an HTTP method written out (`http.MethodPost` is "POST"): the argument before a request's URL */
const HTTP_METHOD = /^(?:GET|POST|PUT|PATCH|DELETE|HEAD|OPTIONS)$/

/**
 * The program a command call runs when it is a constant given an argument list with no shell
 * (`subprocess.run(["ping", "-c", "1", host])`, `execFile("git", ["log", ref])`,
 * `exec.Command("ping", host)`): the model chooses arguments, not what runs. Undefined for a command
 * string (`os.system(cmd)`, `exec(cmd)`), `shell=True` / `{ shell: true }`, a shell, a program of
 * `except`, or a program that is not a constant.
 */
const fixedProgram = (ev: FlowEvaluator, c: Compiled, call: Call, except: ReadonlyArray<string>): string | undefined => {
  const truthy = (e: Expr | undefined): boolean => e !== undefined && !(e.k === "lit" && (e.value === false || e.value === null || e.value === 0))
  const allowed = (program: string): boolean => !SHELLS.test(program) && !except.includes(program)
  // a command string whose only data is quoted for the shell runs the programs its constant text names
  const quoted = (): string | undefined => {
    const command = call.args.find((a) => a.name === undefined)?.value
    const programs = command === undefined || c.quoting === undefined ? undefined : quotedCommandPrograms(ev, call, command, c.quoting)
    return programs !== undefined && programs.every(allowed) ? programs.join(", ") : undefined
  }
  if (call.args.some((a) => a.name === "shell" && truthy(a.value))) return quoted()
  // arguments held by variables are read where they were built (`argv = ["ping", host]`); a leading
  // context (`exec.CommandContext(ctx, "ping", host)`) is not part of the command
  const isContext = contextOf(ev, c, call)
  // (the context is told by the name the call passes: `ctx` may hold `context.WithTimeout(ctx, d)`)
  const given = call.args.filter((a) => a.name === undefined)
  while (given.length > 0 && isContext(given[0]!.value)) given.shift()
  const positional = given.map((a) => helperArgv(ev, a.value, call.fn) ?? (a.value.k === "name" ? heldValue(a.value, call.fn, ev.model) ?? a.value : a.value))
  while (positional.length > 0 && isContext(positional[0]!)) positional.shift()
  // an options object passing `shell` (`spawn("ls", [dir], { shell: true })`)
  if (positional.some((e) => e.k === "container" && e.entries.some((x) => x.key === "shell" && truthy(x.value)))) return undefined
  const first = positional[0]
  if (first === undefined) return undefined
  // `os.system(cmd)`, `os.popen(cmd)`: one command string, run by a shell
  if (positional.length === 1 && first.k !== "container") return quoted()
  const argv = first.k === "container" && first.entries.every((x) => x.key === undefined) ? first.entries.map((x) => x.value) : undefined
  // a program and its arguments apart: an argv list, or a constant followed by more arguments
  const programExpr = argv !== undefined ? argv[0] : positional.length > 1 ? first : undefined
  if (programExpr === undefined) return undefined
  // (a program the configuration names, with a default: the operator's choice, `GIT = os.environ.get("GIT", "git")`)
  const text = ev.value(programExpr, call.fn, call.span.start).text ?? ev.configDefault(programExpr, call.fn)
  if (text === undefined || text === "") return undefined
  const program = text.slice(text.replace(/\\/g, "/").lastIndexOf("/") + 1).replace(/\.exe$/i, "")
  if (SHELLS.test(program)) return undefined
  if (!except.includes(program)) return program
  // a program of `except` run with a subcommand that only reads (`git log`, also each list a helper returns)
  const reads = c.entry.matcher.fixed_program?.read_only?.[program]
  const sub = subcommand(ev, argv !== undefined ? argv.slice(1) : given.slice(1).map((a) => a.value), call.fn, c.entry.matcher.fixed_program?.value_options?.[program] ?? [])
  const words = reads === undefined || sub === undefined ? undefined : sub.k === "lit" ? new Set([String(sub.value)]) : firstWords(ev, sub, call.fn)
  return words !== undefined && words.size > 0 && [...words].every((w) => reads!.includes(w)) ? `${program} ${[...words].join(" / ")}` : undefined
}

/**
 * The argument that names the subcommand: the first after the program's leading options (`git -C
 * <dir> --no-pager log`: `log`); a value that is no constant text starting with `-` is taken as it.
 */
const subcommand = (ev: FlowEvaluator, rest: ReadonlyArray<Expr>, fn: number, valueOptions: ReadonlyArray<string>): Expr | undefined => {
  for (let i = 0; i < rest.length; i++) {
    const e = rest[i]!
    const held = e.k === "name" ? heldValue(e, fn, ev.model) ?? e : e
    if (held.k !== "lit" || typeof held.value !== "string" || !held.value.startsWith("-")) return e
    if (valueOptions.includes(held.value)) i++
  }
  return undefined
}

/** The framework's context (`ctx: RunContextWrapper`, Go's `ctx context.Context`) carries no value the model chose. */
const contextOf = (ev: FlowEvaluator, c: Compiled, call: Call): ((e: Expr) => boolean) => {
  const f = call.fn === -1 ? undefined : ev.model.functions[call.fn]
  return (e) => {
    const root = rootName(e)
    const type = root === undefined || f === undefined ? undefined : f.paramTypes?.[f.params.indexOf(root)]
    return type !== undefined && c.contextTypes.lookup(type).length > 0
  }
}

/**
 * Through a helper (`return show(ref, fmt)`): what the helper passes to the effect, with the caller's
 * arguments in place of its parameters, so each parameter brings its own checks and a parameter the
 * effect never sees brings nothing (`def show(ref, fmt): if ref not in REFS: raise; run(f"git show {ref}")`).
 * An effect deeper than the helper's own body is judged by the arguments the helper is given.
 */
const fromParamsThrough = (ev: FlowEvaluator, c: Compiled, call: Call, helper: number, effect: Call): boolean => {
  if (effect.fn !== helper) return fromParams(ev, c, call)
  return fromParams(ev, c, effect, (e) => ev.resolve(ev.substitute(ev.value(e, helper, effect.span.start), call, helper, call.fn, call.span.start), call.fn))
}

/** Some argument (or the receiver chain) of the call carries a parameter the model chose, unchecked. */
const fromParams = (
  ev: FlowEvaluator,
  c: Compiled,
  call: Call,
  valueOf: (e: Expr) => Value = (e) => ev.resolve(ev.value(e, call.fn, call.span.start), call.fn)
): boolean => {
  const isContext = contextOf(ev, c, call)
  let exprs: Array<Expr> = call.args.filter((a) => a.name === undefined || c.entry.matcher.program !== true).map((a) => a.value).filter((e) => !isContext(e))
  if (c.entry.matcher.program === true) {
    // only the program counts: the first element of an argv list, or a command string run whole;
    // for `sh -c <script>` (`execFile("sh", ["-c", cmd])`, `exec.Command("bash", "-c", cmd)`) the script
    // (a list held by a name, or built by a function of the file, is read where it is written)
    const argv = exprs.flatMap((e) => {
      const list = e.k === "container" ? e : argvList(e, call.fn, ev.model) ?? helperArgv(ev, e, call.fn)
      return list !== undefined ? list.entries.map((x) => x.value) : [e]
    })
    const first = argv[0]
    const flag = argv.findIndex((e) => e.k === "lit" && typeof e.value === "string" && SHELL_COMMAND_FLAG.test(e.value))
    exprs = first === undefined ? [] : first.k === "lit" && typeof first.value === "string" && SHELLS.test(first.value) && flag > 0 ? argv.slice(flag + 1, flag + 2) : [first]
    return exprs.some((e) => {
      const v = valueOf(e)
      return v.prov === Prov.Untrusted && (v.guards & c.guardBits) === 0
    })
  }
  if (call.receiver !== undefined) exprs.push(call.receiver)
  // a comparison passed as an argument is a condition (SQLAlchemy's `filter(Order.id == order_id)`):
  // the model builds it as a boolean, and the function's equalities keep its operands
  const f = call.fn === -1 ? undefined : ev.model.functions[call.fn]
  for (const a of call.args) {
    if (a.value.k !== "lit" || typeof a.value.value !== "boolean" || a.span === undefined || f === undefined) continue
    for (const q of f.equalities ?? []) if (q.span.start >= a.span.start && q.span.end <= a.span.end) exprs.push(q.left, q.right)
  }
  return exprs.some((e) => partsOf(e).some((part) => {
    const v = valueOf(part)
    return v.prov === Prov.Untrusted && (v.guards & c.guardBits) === 0
  }))
}

/** An argv list or a dict is judged element by element: each value may pass a different check. */
const partsOf = (e: Expr): ReadonlyArray<Expr> => (e.k === "container" ? e.entries.flatMap((x) => partsOf(x.value)) : [e])

/**
 * A collection that outlives the call is appended to and passed whole to a model call, and nothing
 * bounds it: per-session history in a module-level map, a field of self / this / a session struct.
 */
const growth = (model: SemanticModel, scope: BodyIndex, c: Compiled, fi: number, evaluator: () => FlowEvaluator): Found | undefined => {
  // only a collection sent to a model call counts: run() judges only functions that make one
  const f = model.functions[fi]!
  const locals = scope.locals(fi)
  const grown = new Map<string, Call | Statement>()
  const local = new Set<string>()
  // a local list grows turn after turn when what is added each time is a new user turn or model reply
  const perTurn = (values: ReadonlyArray<Expr>, at: number): boolean => {
    const ev = evaluator()
    return values.some((e) =>
      partsOf(e).some((part) => {
        const v = ev.resolve(ev.value(part, fi, at), fi)
        return v.prov === Prov.Untrusted && (v.label === "user input" || v.label === "model output")
      })
    )
  }
  for (const call of scope.own(fi)) {
    if (c.append!.lookup(call.callee).length === 0 || call.receiver === undefined) continue
    const key = keyOf(model, call.receiver, locals, 0)
    if (key === undefined) continue
    if (key.persistent) grown.set(key.key, call)
    else if (perTurn(call.args.map((a) => a.value), call.span.start)) {
      grown.set(key.key, call)
      local.add(key.key)
    }
  }
  // `h = append(h, m)` (Go) and `h += [m]`: a collection assigned itself plus more
  for (const s of f.body) {
    if (s.k !== "assign" || s.value.k !== "op") continue
    const first = s.value.parts[0]
    if (first === undefined) continue
    const target = keyOf(model, targetExpr(s.target), locals, 0)
    const source = keyOf(model, first, locals, 0)
    // the same expression on both sides (`h = append(h, m)`), not a local alias of it
    if (target === undefined || source === undefined || target.key !== source.key || written(targetExpr(s.target)) !== written(first)) continue
    if (target.persistent) grown.set(target.key, s)
    else if (perTurn(s.value.parts.slice(1), s.span.start)) {
      grown.set(target.key, s)
      local.add(target.key)
    }
  }
  if (grown.size === 0) return undefined
  for (const key of [...grown.keys()]) if (trimmed(model, scope, c, key, fi, locals) || cappedKeys(model, scope, c).has(key)) grown.delete(key)
  if (grown.size === 0) return undefined
  const sends: Array<{ call: Call; key: string }> = []
  for (const call of scope.own(fi)) {
    if (c.calls.lookup(call.callee).length === 0) continue
    for (const a of call.args) {
      const hit = wholeKeys(model, a.value, locals).find((k) => grown.has(k))
      // one send per call, however the call spells it (an options object and its fields)
      if (hit !== undefined && !sends.some((x) => x.call === call && x.key === hit)) sends.push({ call, key: hit })
    }
  }
  for (const { call, key } of sends) {
    if (!local.has(key)) return { call, detail: `${key} outlives the call, grows on every turn and is sent whole to ${call.written}` }
    // a local list: one send in a loop grows it turn after turn; several sends written out are a fixed script.
    // In a loop that only the session's end stops (an endless loop nothing bounds, or one that waits for
    // the person's next turn) it grows without limit; in any other loop the bound is not visible, so
    // this is rated lower.
    if (sends.filter((x) => x.key === key).length === 1) {
      const detail = `${key} gets every turn and is sent whole to ${call.written}`
      return sessionLoop(model, c, call) ? { call, detail: `${detail} from a loop that only the session's end stops` } : { call, detail, severity: "MEDIUM", confidence: 0.5 }
    }
  }
  return undefined
}

/**
 * The call sits in a loop that nothing but the session's end stops: an endless loop (`while True`,
 * `for (;;)`, `for {}`) with no counter, deadline or cancellation in it, or a loop that waits for a
 * person's next turn each lap (a `pacedBy` call inside it, `for scanner.Scan()`, a channel receive).
 */
const sessionLoop = (model: SemanticModel, c: Compiled, call: Call): boolean => {
  for (let i = call.loop ?? -1; i !== -1; i = model.loops[i]!.parent) {
    const loop = model.loops[i]!
    if (loop.endless && !loop.bounded) return true
    if (loop.bounded) continue
    if (loop.waits) return true
    if (c.paced !== undefined && model.calls.some((x) => x.fn === loop.fn && x.span.start >= loop.span.start && x.span.end <= loop.span.end && c.paced!.lookup(x.callee).length > 0)) return true
  }
  return false
}

/** An assignment target as an expression; `*` is an entry under a computed key (`sessions[sid] = ...`). */
const targetExpr = (t: { name: string; path: ReadonlyArray<string> }): Expr =>
  t.path.reduce<Expr>((obj, name) => (name === "*" ? { k: "index", obj, key: { k: "name", name: "*" } } : { k: "attr", obj, name }), { k: "name", name: t.name })

/** Keys of the collections an argument passes whole (itself, or joined with others; not a slice). */
const wholeKeys = (model: SemanticModel, e: Expr, locals: Locals): Array<string> => {
  if (e.k === "op" || e.k === "concat") return e.parts.flatMap((p) => wholeKeys(model, p, locals))
  // a request built just before (`req := openai.ChatCompletionRequest{Messages: h}`)
  if (e.k === "name") {
    const held = locals.get(e.name)
    if (held !== undefined && held !== "param" && held.k === "container" && held.entries.length > 0 && held.entries.every((x) => x.key !== undefined))
      return wholeKeys(model, held, locals)
  }
  // a list of collections (`[system, ...history]`), or a request struct / options built in the argument
  // (`openai.ChatCompletionRequest{Messages: h}`): its keyed fields are what the call is given
  if (e.k === "container") {
    const keyed = e.entries.length > 0 && e.entries.every((x) => x.key !== undefined)
    return e.entries.flatMap((x) =>
      (x.key === undefined || keyed) && (x.value.k === "name" || x.value.k === "attr" || (keyed && x.value.k === "index")) ? wholeKeys(model, x.value, locals) : []
    )
  }
  const k = keyOf(model, e, locals, 0)
  return k === undefined ? [] : [k.key]
}

/** A call on the collection that removes from it, or an assignment of a slice of it back to it. */
const trimmed = (model: SemanticModel, scope: BodyIndex, c: Compiled, key: string, fi: number, locals: Locals): boolean => {
  // a module-level collection may be trimmed anywhere in the file; anything else in the function or its helpers
  const root = key.split(/[.[]/)[0]!
  const fileWide = !locals.has(root) && !SELF.has(root)
  const memo = fileWide ? scope.trimmedFileWide : scope.trimmedNear
  let byFn = memo.get(c)
  if (byFn === undefined) memo.set(c, (byFn = new Map()))
  const at = fileWide ? -1 : fi
  let keys = byFn.get(at)
  if (keys === undefined) byFn.set(at, (keys = trimmedKeys(model, scope, c, fileWide ? model.functions.map((_, i) => i) : scope.helpersOf(fi))))
  return keys.has(key)
}

const capped = new WeakMap<SemanticModel, Map<Compiled, ReadonlySet<string>>>()

/** The keys of the collections the file makes with a fixed capacity anywhere (`self.turns = deque(maxlen=16)` in `__init__`). */
const cappedKeys = (model: SemanticModel, scope: BodyIndex, c: Compiled): ReadonlySet<string> => {
  let byRule = capped.get(model)
  if (byRule === undefined) capped.set(model, (byRule = new Map()))
  let keys = byRule.get(c)
  if (keys !== undefined) return keys
  const found = new Set<string>()
  const bounded = c.bounded ?? []
  if (bounded.length > 0) {
    const scan = (body: ReadonlyArray<Statement>, locals: Locals): void => {
      for (const s of body) {
        const call = s.k === "assign" && s.value.k === "call" ? model.calls[s.value.call] : undefined
        if (call === undefined || !bounded.some((b) => b.callee.lookup(call.callee).length > 0 && capacityGiven(call, b.keyword, b.arg))) continue
        const key = keyOf(model, targetExpr((s as Extract<Statement, { k: "assign" }>).target), locals, 0)
        if (key !== undefined) found.add(key.key)
      }
    }
    scan(model.module, new Map())
    model.functions.forEach((f, g) => scan(f.body, scope.locals(g)))
  }
  byRule.set(c, found)
  return found
}

const capacityGiven = (call: Call, keyword: string, arg: number | undefined): boolean => {
  const given = call.args.find((a) => a.name === keyword) ?? (arg === undefined ? undefined : call.args.filter((a) => a.name === undefined)[arg])
  return given !== undefined && !(given.value.k === "lit" && given.value.value === null)
}

/** The keys of the collections the functions trim: by a trimming call on or with them, or a slice assigned back. */
const trimmedKeys = (model: SemanticModel, scope: BodyIndex, c: Compiled, fns: ReadonlyArray<number>): ReadonlySet<string> => {
  const out = new Set<string>()
  const add = (k: Key | undefined): void => {
    if (k !== undefined) out.add(k.key)
  }
  for (const g of fns) {
    const own = scope.locals(g)
    for (const call of scope.own(g)) {
      if (call.fn !== g || c.trim!.lookup(call.callee).length === 0) continue
      // `h.pop(0)`, `this.messages.splice(0, 2)`, or a trimming helper given it: `trim_messages(h)`
      if (call.receiver !== undefined) add(keyOf(model, call.receiver, own, 0))
      for (const a of call.args) add(keyOf(model, a.value, own, 0))
    }
    for (const s of model.functions[g]!.body) {
      if (s.k !== "assign") continue
      // `h = h[-20:]`, `messages = messages.slice(-12)`
      const source = s.value.k === "index" ? s.value.obj : s.value.k === "call" ? trimmedReceiver(model, c, s.value.call) : undefined
      if (source === undefined) continue
      const t = keyOf(model, targetExpr(s.target), own, 0)
      if (t !== undefined && keyOf(model, source, own, 0)?.key === t.key) out.add(t.key)
    }
  }
  return out
}

const trimmedReceiver = (model: SemanticModel, c: Compiled, call: number): Expr | undefined => {
  const x = model.calls[call]
  return x !== undefined && x.receiver !== undefined && c.trim!.lookup(x.callee).length > 0 ? x.receiver : undefined
}

type Locals = ReadonlyMap<string, Expr | "param">

interface Key {
  readonly key: string
  /** the collection outlives the call: not a fresh local, not a parameter passed whole */
  readonly persistent: boolean
}

const MAP_READS = new Set(["get", "setdefault", "Get", "Load", "LoadOrStore", "at"])

/** Names a collection by where it lives: `history[]`, `self.history`, `sessions[].messages`. */
const keyOf = (model: SemanticModel, e: Expr, locals: Locals, depth: number): Key | undefined => {
  if (depth > 4) return undefined
  switch (e.k) {
    case "name":
    case "ref": {
      const local = locals.get(e.name)
      if (local === "param") return { key: e.name, persistent: SELF.has(e.name) }
      if (local !== undefined) {
        const inner = keyOf(model, local, locals, depth + 1)
        return inner ?? { key: e.name, persistent: false }
      }
      return { key: e.name, persistent: true }
    }
    case "attr": {
      const obj = keyOf(model, e.obj, locals, depth + 1)
      return obj === undefined ? undefined : { key: `${obj.key}.${e.name}`, persistent: obj.persistent || locals.get(rootName(e.obj) ?? "") === "param" }
    }
    case "index": {
      // a slice is a copy, not the collection
      if (e.key.k === "unknown" || e.key.k === "op") return undefined
      const obj = keyOf(model, e.obj, locals, depth + 1)
      return obj === undefined ? undefined : { key: `${obj.key}[]`, persistent: obj.persistent || locals.get(rootName(e.obj) ?? "") === "param" }
    }
    case "op": {
      // `sessions.get(id) ?? []`, `store.get(id) or []`: one collection with empty defaults
      const named = e.parts.filter((p) => p.k !== "container" && p.k !== "lit")
      return named.length === 1 ? keyOf(model, named[0]!, locals, depth + 1) : undefined
    }
    case "call": {
      const call = model.calls[e.call]
      if (call === undefined || call.receiver === undefined || !MAP_READS.has(lastSegment(call.callee))) return undefined
      const obj = keyOf(model, call.receiver, locals, depth + 1)
      return obj === undefined ? undefined : { key: `${obj.key}[]`, persistent: obj.persistent }
    }
    default:
      return undefined
  }
}

const SHELLS = /^(?:\/(?:usr\/)?bin\/)?(?:ba|z|da|k)?sh$|^cmd(?:\.exe)?$|^(?:powershell|pwsh)(?:\.exe)?$/

/** An expression as written, for comparing both sides of an assignment. */
const written = (e: Expr): string | undefined => {
  if (e.k === "name" || e.k === "ref") return e.name
  if (e.k === "attr") {
    const o = written(e.obj)
    return o === undefined ? undefined : `${o}.${e.name}`
  }
  if (e.k === "index") {
    const o = written(e.obj)
    return o === undefined ? undefined : `${o}[]`
  }
  return undefined
}

const SELF = new Set(["self", "this", "cls"])

const rootName = (e: Expr): string | undefined =>
  e.k === "name" ? e.name : e.k === "attr" || e.k === "index" ? rootName(e.obj) : undefined

/** Calls per function, same-file helpers, registrations and locals, computed once per model. */
export class BodyIndex {
  private readonly byFn = new Map<number, Array<Call>>()
  private readonly byName = new Map<string, number>()
  private readonly imported: ReadonlySet<string>
  /** per call: the same-file function it runs; per function: every call it makes through helpers */
  private readonly helpers = new Map<Call, number | undefined>()
  private readonly reached = new Map<number, ReadonlyArray<Call>>()
  /** per growth rule: the collections trimmed anywhere in the file (under -1), and per function those its helpers trim */
  readonly trimmedFileWide = new Map<Compiled, Map<number, ReadonlySet<string>>>()
  readonly trimmedNear = new Map<Compiled, Map<number, ReadonlySet<string>>>()
  private readonly localsOf = new Map<number, Locals>()
  constructor(private readonly model: SemanticModel) {
    for (const call of model.calls) {
      // a nested function's calls belong to every function around it
      for (let fn = call.fn; fn !== -1; fn = model.functions[fn]!.parent) {
        const list = this.byFn.get(fn) ?? []
        list.push(call)
        this.byFn.set(fn, list)
      }
    }
    model.functions.forEach((f, i) => {
      if (f.name !== "<lambda>" && f.name !== "<anonymous>" && !this.byName.has(f.name)) this.byName.set(f.name, i)
    })
    // `launch = lambda line: os.system(line)`: `launch(x)` runs the lambda
    for (const [name, fn] of moduleLambdas(model)) if (!this.byName.has(name)) this.byName.set(name, fn)
    this.imported = new Set(model.imports.map((i) => i.local))
  }
  own(fn: number): ReadonlyArray<Call> {
    return this.byFn.get(fn) ?? []
  }
  /** the file's function of that name */
  functionNamed(name: string): number | undefined {
    return this.byName.get(name)
  }
  /** the same-file function a call runs: `helper()`, `self.helper()`, `s.helper()` */
  helperOf(call: Call): number | undefined {
    if (this.helpers.has(call)) return this.helpers.get(call)
    const parts = call.callee.split(".")
    const helper = parts.length > 2 || (parts.length === 2 && this.imported.has(parts[0]!)) ? undefined : this.byName.get(parts[parts.length - 1]!)
    this.helpers.set(call, helper)
    return helper
  }
  /** the function and the same-file helpers it calls */
  helpersOf(fn: number): ReadonlyArray<number> {
    const out = [fn]
    for (const call of this.reachable(fn)) {
      const h = this.helperOf(call)
      if (h !== undefined && !out.includes(h)) out.push(h)
    }
    return out
  }
  /** every call the function makes, through same-file helpers too */
  reachable(fn: number): ReadonlyArray<Call> {
    const known = this.reached.get(fn)
    if (known !== undefined) return known
    return this.reach(fn).calls
  }
  /** the function and the same-file functions whose calls `reachable` gives */
  reachableFunctions(fn: number): ReadonlyArray<number> {
    return this.reachedFunctions.get(fn) ?? this.reach(fn).functions
  }
  private readonly reachedFunctions = new Map<number, ReadonlyArray<number>>()
  private reach(fn: number): { readonly calls: ReadonlyArray<Call>; readonly functions: ReadonlyArray<number> } {
    const seen = new Set<number>([fn])
    const out: Array<Call> = []
    const functions: Array<number> = []
    let frontier = [fn]
    for (let depth = 0; depth <= HELPER_DEPTH && frontier.length > 0; depth++) {
      const next: Array<number> = []
      for (const f of frontier) {
        functions.push(f)
        for (const call of this.own(f)) {
          out.push(call)
          const h = this.helperOf(call)
          if (h !== undefined && !seen.has(h)) {
            seen.add(h)
            next.push(h)
          }
        }
      }
      frontier = next
    }
    this.reached.set(fn, out)
    this.reachedFunctions.set(fn, functions)
    return { calls: out, functions }
  }
  /** the decorator calls and the calls that register the function (`tool({ execute })`, `server.tool(..., fn)`) */
  registrations(fn: number): ReadonlyArray<Call> {
    const f: FunctionInfo = this.model.functions[fn]!
    return this.model.calls.filter(
      (c) => c.callbacks?.some((cb) => cb.fn === fn) === true || (c.fn === f.parent && c.span.start >= f.span.start && c.span.end <= f.nameSpan.start)
    )
  }
  private moduleNamesCache: Set<string> | undefined
  private moduleNames(): Set<string> {
    this.moduleNamesCache ??= new Set(this.model.module.flatMap((s) => (s.k === "assign" && s.target.path.length === 0 ? [s.target.name] : [])))
    return this.moduleNamesCache
  }

  /**
   * parameters and variables assigned in the function (to what, for a single plain assignment). A
   * module / package variable whose first assignment here extends itself (`h = append(h, m)`,
   * `h = h + [m]`) is the module's, not a local.
   */
  locals(fn: number): Locals {
    let known = this.localsOf.get(fn)
    if (known === undefined) this.localsOf.set(fn, (known = this.readLocals(fn)))
    return known
  }

  private readLocals(fn: number): Locals {
    const f = this.model.functions[fn]!
    const out = new Map<string, Expr | "param">()
    const outer = new Set<string>()
    for (const p of f.params) out.set(p, "param")
    for (const s of f.body) {
      if ((s.k !== "assign" && s.k !== "iterate") || s.target.path.length !== 0 || out.has(s.target.name) || outer.has(s.target.name)) continue
      const first = s.k === "assign" && s.value.k === "op" ? s.value.parts[0] : undefined
      if (first?.k === "name" && first.name === s.target.name && this.moduleNames().has(s.target.name)) outer.add(s.target.name)
      else out.set(s.target.name, s.value)
    }
    return out
  }
}
