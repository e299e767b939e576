import { type Arg, type Call, type DeclaredType, type Expr, type FunctionInfo, REQUEST_PARAMETER, type SemanticModel, type Statement } from "../model/Model.js"
import { heldValue } from "../model/heldValue.js"
import { classOf, dottedOf, moduleLambdas, targetKey } from "../model/ModelBuilder.js"
import type { FrameworkIndex } from "./FrameworkIndex.js"
import type { NameIndex } from "./names.js"
import { BLANK_VALUE, checkedWhole, concat, constant, GUARD_BITS, join, joinAll, PARTIAL, passedBits, Prov, UNKNOWN_VALUE, type Value } from "./Value.js"

const MODULE = -1

interface Assignments {
  /** statement indexes in the function's body, in order */
  readonly at: Array<number>
  /** values[i]: the join of the first i + 1 assignments */
  readonly values: Array<Value>
}
const MAX_PARAMS = 30
/** How deep a helper's returned record keeps its fields through substitution (records of records). */
const MAX_FIELD_DEPTH = 3

/**
 * Intra-procedural data flow over the semantic model, with summaries of the file's own functions.
 * Variables are evaluated lazily, one at a time when a rule reads them, and once: a variable gets the
 * join of everything assigned to it (flow-insensitive, so loops need no fixpoint), parameters are symbolic (a bit per parameter) so a
 * helper's summary says which parameters reach its return value and its sinks, and callers in the
 * same file substitute their arguments. Guards are read at the offset of each use.
 */
export class FlowEvaluator {
  /** per function (module: -1): its variables' assignments, evaluated as far as rules have read them */
  private readonly vars = new Map<number, Map<string, Assignments>>()
  /** per function: the statement being evaluated there (reads in it see the assignments above) */
  private readonly evaluating = new Map<number, number>()
  /** receiver fields being read (`Notifier.n.baseURL`), so a field written from itself ends */
  private readonly readingFields = new Set<string>()
  /** Go: `type.field` -> the type's methods that assign that field of their receiver */
  private fieldWriters: Map<string, Array<number>> | undefined
  private readonly returns = new Map<number, Value>()
  /** per `fn:index`: one result of a function returning several, undefined when not separable */
  private readonly results = new Map<string, Value | undefined>()
  private readonly byName = new Map<string, number>()
  /** methods by name (Python's first parameter `self` / `cls`, a class's in JavaScript, Go's with a receiver): a route may share a method's name */
  private readonly methodByName = new Map<string, number>()
  /** methods by their class (Go: their receiver's type) and name, `Page.escape`: several classes may name a method alike */
  private readonly methodByOwner = new Map<string, number>()
  /** constructors (`__init__`, `constructor`) by the name of their class */
  private readonly ctorByClass = new Map<string, number>()
  private readonly guardsByFn = new Map<number, Array<Extract<Statement, { k: "guard" }>>>()
  /** per function: whether its returns rewrite characters of their input (rewritesCharacters) */
  private readonly rewriting = new Map<number, boolean>()
  private readonly paramValues = new Map<string, Value>()
  private callSites: Map<number, Array<Call>> | undefined
  /** per callback function: the array-method call (`xs.map(cb)`) that gives it the elements, see elementOf */
  private iteratedBy: Map<number, Call> | undefined
  private credentialChecked: boolean | undefined

  constructor(
    readonly model: SemanticModel,
    private readonly fw: FrameworkIndex,
    private readonly sanitizers: NameIndex<string>
  ) {
    model.functions.forEach((f, i) => {
      // a bare call names a function, not a method of the same name (`redact(x)` beside `Settings.redact`)
      const method = f.owner !== undefined || f.receiver === true
      const held = this.byName.get(f.name)
      const heldMethod = held !== undefined && (model.functions[held]!.owner !== undefined || model.functions[held]!.receiver === true)
      if (f.name !== "<lambda>" && f.name !== "<anonymous>" && (held === undefined || !method || heldMethod)) this.byName.set(f.name, i)
      if (f.params[0] === "self" || f.params[0] === "cls" || f.receiver === true || (f.owner !== undefined && !this.methodByName.has(f.name))) this.methodByName.set(f.name, i)
      if (f.owner !== undefined && (f.name === "__init__" || f.name === "constructor")) this.ctorByClass.set(f.owner, i)
      const owner = f.owner ?? (f.receiver === true ? f.paramTypes?.[0] : undefined)
      if (owner !== undefined) this.methodByOwner.set(`${owner}.${f.name}`, i)
    })
    // `launch = lambda line: os.system(line)`: `launch(x)` calls the lambda, like a def helper
    for (const [name, fn] of moduleLambdas(model)) if (!this.byName.has(name)) this.byName.set(name, fn)
  }

  private body(fn: number): ReadonlyArray<Statement> {
    return fn === MODULE ? this.model.module : this.model.functions[fn]!.body
  }

  /**
   * The function's checks, plus the checks they imply for the variable a checked value was derived
   * from: `host = urlparse(url).hostname; if host not in HOSTS: raise` checks `url`'s host.
   */
  private guards(fn: number): ReadonlyArray<Extract<Statement, { k: "guard" }>> {
    let list = this.guardsByFn.get(fn)
    if (list === undefined) {
      const body = this.body(fn)
      list = body.filter((s): s is Extract<Statement, { k: "guard" }> => s.k === "guard")
      const derived: Array<Extract<Statement, { k: "guard" }>> = []
      for (const g of list) {
        for (const s of body) {
          if (s.k !== "assign" || s.target.name !== g.name || s.target.path.length > 0) continue
          const root = this.rootOf(s.value, false)
          if (root === undefined || root.name === g.name) continue
          const kind = root.host && (g.kind === "allowlist" || g.kind === "host_allowlist") ? "host_allowlist" : g.kind
          derived.push({ ...g, kind, name: root.name })
        }
      }
      list = [...list, ...derived]
      this.guardsByFn.set(fn, list)
    }
    return list
  }

  /**
   * A variable (or a dotted key, `self.client`) of a function: the join of what its assignments
   * before the statement being evaluated there give, or of all of them when none is. Only what a
   * rule reads is evaluated: a module of thousands of statements costs the few a sink depends on.
   * While a statement is evaluated, a read in its function sees the assignments above it only, so
   * `x = x + y` reads the earlier `x`, and `url = base + path` before `base = …` reads no local `base`.
   */
  private varOf(fn: number, key: string): Value | undefined {
    let table = this.vars.get(fn)
    if (table === undefined) this.vars.set(fn, (table = this.assignmentsOf(fn)))
    const list = table.get(key)
    if (list === undefined) return undefined
    const limit = this.evaluating.get(fn)
    let n = list.at.length
    if (limit !== undefined) {
      n = 0
      while (n < list.at.length && list.at[n]! < limit) n++
    }
    while (list.values.length < n) this.extend(fn, key, list)
    return n === 0 ? undefined : list.values[n - 1]
  }

  /** Per key, the indexes of the statements that assign it: its own, and for a name those that assign its fields. */
  private assignmentsOf(fn: number): Map<string, Assignments> {
    const table = new Map<string, Assignments>()
    const add = (key: string, index: number): void => {
      const list = table.get(key)
      if (list === undefined) table.set(key, { at: [index], values: [] })
      else if (list.at[list.at.length - 1] !== index) list.at.push(index)
    }
    this.body(fn).forEach((s, i) => {
      if (s.k !== "assign" && s.k !== "iterate") return
      add(targetKey(s.target), i)
      if (s.target.path.length > 0) add(s.target.name, i)
    })
    return table
  }

  /** Evaluates the next assignment of `key`, joined with those before it. */
  private extend(fn: number, key: string, list: Assignments): void {
    const i = list.values.length
    const index = list.at[i]!
    const s = this.body(fn)[index] as Extract<Statement, { k: "assign" | "iterate" }>
    const before = i === 0 ? undefined : list.values[i - 1]
    const v = this.evaluatingAt(fn, index, () => this.value(s.value, fn, s.span.start))
    if (targetKey(s.target) === key) list.values.push(before === undefined || (v.prov >= before.prov && this.rewritesItself(s)) ? v : commonPrefix(join(before, v), before, v))
    else {
      const held = before === undefined ? this.evaluatingAt(fn, index, () => this.read(s.target.name, fn, s.span.start)) : undefined
      const whole = held ?? join(before!, v)
      // what the name held before its fields were written: the value before, or, when that came from
      // a field write too, what that one held (a record literal's own base is its spreads, not this)
      const previous = i === 0 ? undefined : (this.body(fn)[list.at[i - 1]!] as Extract<Statement, { k: "assign" | "iterate" }>)
      const base = held ?? (previous !== undefined && previous.target.path.length > 0 && before!.base !== undefined ? before!.base : before!)
      list.values.push({ ...withField(whole, s.target.path[0]!, v), base })
    }
  }

  /**
   * `name = clean(name)`, `p = p.strip()`: a call made on the variable's whole value gives its next
   * value, which already holds every earlier one's data (it read them), passed through the call: the
   * earlier values are gone rather than joined beside it, so a cleaning call after a branch that
   * changed the variable (`if not name.endswith(".png"): name += ".png"`) cleans what both hold.
   * Only while the call keeps the data (a cleaned value is still the data, cleaned): one that drops it
   * (`response = self._refine(response)` of an abstract method) may sit in a branch the flow cannot
   * see, so the earlier value stays beside it.
   */
  private rewritesItself(s: Extract<Statement, { k: "assign" | "iterate" }>): boolean {
    if (s.k !== "assign" || s.target.path.length > 0 || s.value.k !== "call") return false
    const call = this.model.calls[s.value.call]!
    const self = (e: Expr | undefined): boolean => e !== undefined && e.k === "name" && e.name === s.target.name
    return self(call.receiver) || call.args.some((a) => a.name === undefined && self(a.value))
  }

  private evaluatingAt<T>(fn: number, index: number, run: () => T): T {
    const outer = this.evaluating.get(fn)
    this.evaluating.set(fn, index)
    try {
      return run()
    } finally {
      if (outer === undefined) this.evaluating.delete(fn)
      else this.evaluating.set(fn, outer)
    }
  }

  /** The one variable an expression is derived from through attributes and calls on it, if any. */
  private rootOf(e: Expr, host: boolean): { name: string; host: boolean } | undefined {
    if (e.k === "name") return { name: e.name, host }
    if (e.k === "attr") {
      const isHost = /^(?:hostname|netloc|host|Host|Hostname)$/.test(e.name)
      // a field of a record (`amount = args.amount`, from `({ amount, to }) =>`): checking it checks
      // that field, not the record and its other fields
      const dotted = isHost ? undefined : dottedOf(e)
      return dotted !== undefined ? { name: dotted, host } : this.rootOf(e.obj, host || isHost)
    }
    if (e.k === "call") {
      const call = this.model.calls[e.call]!
      // a field read by key (`api_path = event.get("apiPath")`, `r.URL.Query().Get("mode")`): checking
      // it checks that field, not the record's other fields (`event["body"]` is not checked by
      // `if api_path == "/runSQLQuery"`)
      if (call.receiver !== undefined && GETTERS.test(lastSegmentOf(call.callee)) && call.args[0]?.value.k === "lit") return undefined
      const inner = call.receiver ?? call.args.find((a) => a.name === undefined)?.value
      return inner === undefined ? undefined : this.rootOf(inner, host)
    }
    // a record's entry by a constant key (`urlparse(target["src"])`): that entry, kept as `target.src`
    if (e.k === "index" && e.key.k === "lit" && typeof e.key.value === "string") {
      const base = dottedOf(e.obj)
      return base === undefined ? undefined : { name: `${base}.${e.key.value}`, host }
    }
    return undefined
  }

  /** What a function returns, with parameter bits for its callers to substitute. */
  returnOf(fn: number): Value {
    // a function that (through others) calls itself: the inner call adds nothing
    if (this.evaluating.has(fn)) return constant()
    const done = this.returns.get(fn)
    if (done !== undefined) return done
    let returned: Value | undefined
    this.body(fn).forEach((s, index) => {
      if (s.k !== "return") return
      const v = this.evaluatingAt(fn, index, () => this.value(s.value, fn, s.span.start))
      returned = returned === undefined ? v : join(returned, v)
    })
    this.returns.set(fn, returned ?? constant())
    return returned ?? constant()
  }

  /**
   * One result of a function returning several (Go's `return u, nil` / `return nil, err`): the join of
   * that entry of every return statement, or undefined when a return is not such a list
   * (`return check(raw)`), so the caller takes the whole value.
   */
  private resultOf(fn: number, index: number): Value | undefined {
    if (this.evaluating.has(fn)) return constant()
    const key = `${fn}:${index}`
    if (this.results.has(key)) return this.results.get(key)
    let out: Value | undefined
    let whole = false
    this.body(fn).forEach((s, at) => {
      if (s.k !== "return" || whole) return
      const entry = s.value.k === "container" && s.value.entries.length > 1 && s.value.entries.every((x) => x.key === undefined) ? s.value.entries[index]?.value : undefined
      if (entry === undefined) {
        whole = true
        return
      }
      const v = this.evaluatingAt(fn, at, () => this.value(entry, fn, s.span.start))
      out = out === undefined ? v : join(out, v)
    })
    const result = whole ? undefined : out ?? constant()
    this.results.set(key, result)
    return result
  }

  /** The value of a variable read at an offset: its assignments, a parameter, a closure or module name. */
  read(name: string, fn: number, at: number): Value {
    const v = this.lookup(name, fn)
    const guards = this.guardBits(name, fn, at)
    // a check of the variable is a check of all it holds, its lower parts too
    return checkedWhole(v, guards)
  }

  /**
   * A record read whole (`attempt`, `req.body`) whose credential-named field the function reads
   * elsewhere (`authenticate(attempt.email, attempt.password)`, `const { password } = req.body`)
   * holds that credential: logged or sent whole, it carries it.
   */
  private withCredentialField(v: Value, dotted: string, fn: number): Value {
    if (v.secret || fn === MODULE) return v
    // a request's headers read whole (`log.debug(dict(request.headers))`): the Authorization header and
    // cookies with them; a header read by name is judged by that name (recordValue reads the record)
    if (this.holdsCredentials(v, dotted, fn)) return credentialsIn(v, dotted)
    if (v.prov !== Prov.Untrusted && v.prov !== Prov.Config) return v
    const field = this.credentialRecord(fn, dotted)
    return field === undefined ? v : this.named(v, field)
  }

  private holdsCredentials(v: Value, dotted: string, fn: number): boolean {
    if (v.prov === Prov.Constant && v.params === 0) return false
    if (v.label === REQUEST_DATA && HEADERS.test(dotted)) return true
    if (this.fw.credentialHolders.lookup(dotted).length > 0) return true
    const typed = this.typedName(dotted, fn)
    return typed !== undefined && this.fw.credentialHolders.lookup(typed).length > 0
  }

  private credentialRecord(fn: number, dotted: string): string | undefined {
    return credentialRecordsOf(this.model, this.fw).get(fn)?.get(dotted)
  }

  private lookup(name: string, fn: number): Value {
    for (let scope = fn; ; scope = scope === MODULE ? MODULE : this.model.functions[scope]!.parent) {
      if (scope !== MODULE) {
        const f = this.model.functions[scope]!
        const local = this.varOf(scope, name)
        if (local !== undefined) return local
        const p = f.params.indexOf(name)
        if (p !== -1) return this.param(scope, fn, p)
      } else {
        const v = this.varOf(MODULE, name)
        if (v !== undefined) return v
        if (this.byName.has(name)) return constant()
        const given = this.givenName(name)
        if (given !== undefined) return given
        // a name the models call safe holds no outside data (`__file__`, `__dirname`: where the program is)
        return this.fw.safe.lookup(name).length > 0 ? constant() : UNKNOWN_VALUE
      }
    }
  }

  /**
   * A parameter: untrusted when the function's framework role says so; inside the function itself
   * a symbolic bit (callers substitute); read from a nested function, the outer function's value.
   */
  private param(owner: number, reader: number, index: number): Value {
    const v = this.paramValue(owner, reader, index)
    // declared with a type that is not text (`action: ShellAction`, `n: number`): structured data
    const shape = this.model.functions[owner]!.paramShapes?.[index]
    return shape !== undefined && v.structured !== true && this.isData(shape) && !this.queryRecord(shape) ? { ...v, structured: true } : v
  }

  /**
   * A record type with a statement field of text (`{ text: string; values: unknown[] }`, pg's and
   * mysql2's query config, BigQuery's `query`): a driver runs that field, so the record stands for
   * its statement (as a record literal does, see queryText in matchers/flow.ts).
   */
  private queryRecord(shape: DeclaredType): boolean {
    return STATEMENT_FIELDS.some((name) => {
      const field = this.fieldType(shape, name)
      return field !== undefined && !this.isData(field)
    })
  }

  private paramValue(owner: number, reader: number, index: number): Value {
    const f = this.model.functions[owner]!
    const entry = this.givenEntry(f)
    if (entry !== undefined) return entry
    // a parameter the framework fills from the request (FastAPI `Header(...)`), in any function
    if (f.paramTypes?.[index] === REQUEST_PARAMETER) return this.named(untrusted(REQUEST_DATA), f.params[index]!)
    const role = this.fw.untrustedRoles.has(f.role)
    // a dependency the framework injects server-side (FastAPI `Depends`) is not what the client sent
    if (role && f.paramTypes?.[index] === "fastapi.Depends") return UNKNOWN_VALUE
    // a method's own object is the program's, not what the caller sent: `self` / `cls` of a Python
    // method (a BaseTool subclass's `_run`) holds the tool's configuration; a Go receiver is of unknown origin
    if (role && this.isReceiver(f, index)) return this.model.language === "python" ? configValue(false) : UNKNOWN_VALUE
    // the run's context (Go's `ctx context.Context`) carries cancellation, never text: in a tool or a
    // helper alike it is no data (`pool.Query(ctx, sql)` passes it where `db.Query(sql)` passes SQL)
    if (this.isContext(f, index)) return constant()
    // a graph node gets the graph's state first (user input and model output); then the run's config
    if (role && f.role === "graph_node" && index > 0) return UNKNOWN_VALUE
    // a framework-called function's parameters are untrusted outright: no caller substitutes them
    // (a route's parameter named like a credential, `api_key`, is the caller's credential)
    if (role) return this.named(untrusted(roleLabel(f)), f.params[index]!)
    const bit = owner === reader && index < MAX_PARAMS ? 1 << index : 0
    if (owner === reader) return { ...BLANK_VALUE, params: bit }
    return this.resolvedParam(owner, index)
  }

  /** The parameter is the method's receiver: Go's `s` in `func (s *Server) …`, Python's `self` / `cls`. */
  private isReceiver(f: FunctionInfo, index: number): boolean {
    return index === 0 && (f.receiver === true || (this.model.language === "python" && (f.params[0] === "self" || f.params[0] === "cls")))
  }

  /**
   * The parameter is the run's context (Go's `ctx context.Context`, which carries cancellation; a
   * tool's run context of the framework models, PydanticAI `ctx: RunContext[Deps]`, which carries the
   * application's dependencies), not the caller's data.
   */
  private isContext(f: FunctionInfo, index: number): boolean {
    const type = f.paramTypes?.[index]
    return type !== undefined && (CONTEXT_TYPES.has(type) || this.fw.contextTypes.lookup(type).length > 0)
  }

  /** A name the caller gave as a source with this code (a builder node's input). */
  private givenName(name: string): Value | undefined {
    return this.fw.given?.names.lookup(name)[0]
  }

  /** The parameters of the function the builder calls with the node's input (Dify's `main`). */
  private givenEntry(f: FunctionInfo): Value | undefined {
    return f.parent === MODULE ? this.fw.given?.entries.get(f.name) : undefined
  }

  private guardBits(name: string, fn: number, at: number): number {
    let bits = 0
    // a check in an enclosing function holds in a closure inside its scope (`if (!ALLOWED.includes(x)) throw`
    // then `new Promise((resolve) => execFile(x, ...))`), unless the closure binds the name itself
    // (a dotted name, `req.params.name`, is rebound with its root)
    const root = name.split(".")[0]!
    for (let scope = fn; ; scope = this.model.functions[scope]!.parent) {
      for (const g of this.guards(scope)) if (g.name === name && g.scope.start <= at && at < g.scope.end) bits |= passedBits(g.kind)
      if (scope === MODULE || this.model.functions[scope]!.params.includes(root)) break
      if (this.body(scope).some((st) => (st.k === "assign" || st.k === "iterate") && st.target.name === root && st.target.path.length === 0)) break
    }
    return bits
  }

  value(e: Expr, fn: number, at: number): Value {
    switch (e.k) {
      case "lit":
        return constant(e.value === null ? "" : String(e.value))
      case "name":
        return this.withCredentialField(this.read(e.name, fn, at), e.name, fn)
      case "ref": {
        const v = this.refValue(e.name)
        return !v.secret && this.fw.credentialHolders.lookup(e.name).length > 0 ? credentialsIn(v, e.name) : v
      }
      case "attr": {
        const { v, dotted } = this.checkedAttr(e, fn, at)
        return dotted === undefined ? v : this.withCredentialField(v, dotted, fn)
      }
      default:
        return this.otherValue(e, fn, at)
    }
  }

  /** An attribute read, with the checks of the attribute itself (`if (!THEMES.includes(req.params.name)) return`). */
  private checkedAttr(e: Extract<Expr, { k: "attr" }>, fn: number, at: number): { v: Value; dotted: string | undefined } {
    const v = this.attrValue(e, fn, at)
    // (a parameter's field too, symbolic here: its check travels to what callers pass, `guarded`)
    const dotted = v.prov === Prov.Constant && v.params === 0 ? undefined : dottedOf(e)
    const guards = dotted === undefined ? 0 : this.guardBits(dotted, fn, at)
    return { v: checkedWhole(v, guards), dotted }
  }

  /**
   * The record a field is read from (`attempt` of `attempt.email`): its value as held, not as read
   * whole (withCredentialField), so `body["max_tokens"]` is not a credential because the function
   * reads `body["api_key"]` too.
   */
  private recordValue(e: Expr, fn: number, at: number): Value {
    if (e.k === "name") return this.read(e.name, fn, at)
    if (e.k === "attr") return this.checkedAttr(e, fn, at).v
    if (e.k === "ref") return this.refValue(e.name)
    return this.value(e, fn, at)
  }

  private attrValue(e: Extract<Expr, { k: "attr" }>, fn: number, at: number): Value {
    const v = this.attrRead(e, fn, at)
    // `req.session.returnTo`: a request's session outlives it, so what another route wrote there
    // (`req.session.returnTo = req.query.next`) is read back here
    if (e.obj.k !== "attr" || e.obj.name !== "session" || e.obj.obj.k !== "name") return v
    const stored = this.storeValue({ k: "ref", name: SESSION_STORE }, e.name, fn)
    return stored === undefined ? v : join(v, stored)
  }

  private attrRead(e: Extract<Expr, { k: "attr" }>, fn: number, at: number): Value {
    // `new URL(request.url).origin`, `request.nextUrl.origin`: the host the request came to, which a
    // redirect or a link built on it keeps (the deployment's, not the caller's data)
    if (OWN_ORIGIN.has(e.name) && ((e.obj.k === "call" && this.ownUrl(this.model.calls[e.obj.call]!)) || (e.obj.k === "attr" && e.obj.name === "nextUrl" && (e.obj.obj.k === "name" || e.obj.obj.k === "ref"))))
      return configValue(false)
    const dotted = dottedOf(e)
    if (dotted !== undefined) {
      const exact = this.varOf(fn, dotted)
      if (exact !== undefined) return exact
      const member = MEMBER.test(dotted) ? this.memberValue(dotted, fn) : this.receiverField(dotted, fn)
      if (member !== undefined) return member
      const given = this.givenName(dotted)
      if (given !== undefined) return given
    }
    let obj = this.recordValue(e.obj, fn, at)
    let field = obj.fields?.get(e.name)
    // a field the code never wrote is read from what the object held before its fields were written
    if (field === undefined && obj.base !== undefined) {
      obj = obj.base
      field = obj.fields?.get(e.name)
    }
    if (field !== undefined) return field
    if (dotted !== undefined) {
      // a source, also named by a typed parameter's type (Go's `call openai.ToolCall`: `call.Function.Arguments`
      // is `github.com/sashabaranov/go-openai.ToolCall().Function.Arguments`, what the model wrote)
      const typed = this.typedName(dotted, fn)
      const source = this.fw.untrusted.lookup(dotted)[0] ?? (typed === undefined ? undefined : this.fw.untrusted.lookup(typed)[0])
      if (source !== undefined) return this.named(untrusted(source), e.name)
      // a property the models call safe carries none of its object's data (`text.length`), also
      // named by a typed parameter's class (`({ session }: Request) =>` reads `express.Request().session`);
      // not a field of a request record the client wrote (`req.body.length` is what it sent as `length`)
      if (this.fw.safe.lookup(dotted).length > 0) {
        const objDotted = dottedOf(e.obj)
        if (objDotted === undefined || this.fw.untrusted.lookup(objDotted).length === 0) return constant()
      }
      if (typed !== undefined && this.fw.safe.lookup(typed).length > 0) return constant()
    }
    let read = this.named(strip(obj), e.name)
    // a field declared with a type that is not text (`input.action` of `input: ComputerUseInput`)
    if (dotted !== undefined && (read.prov !== Prov.Constant || read.params !== 0) && this.declaredData(dotted, fn)) read = { ...read, structured: true }
    // a property a rule names as a sanitizer, read from the object a call made (`Path(name).name`,
    // `pathlib.Path().name`: the last part of the path, without its folders)
    if (e.obj.k === "call") {
      const marks = this.sanitizers.lookup(`${this.model.calls[e.obj.call]!.callee}().${e.name}`)
      if (marks.length > 0) return checkedWhole(read, 0, marks)
    }
    return read
  }

  /**
   * A declared type cannot be text (see DeclaredType): an object, class, array, function or number
   * type; a type named by reference as its declaration in the file says, else data when imported
   * (a library's class or record type) and undecided otherwise (a type parameter); a union when
   * every member is.
   */
  private isData(shape: DeclaredType, depth = 0): boolean {
    switch (shape.k) {
      case "text":
        return false
      case "data":
        return true
      case "union":
        return depth < 8 && shape.of.every((t) => this.isData(t, depth + 1))
      case "named": {
        const declared = this.model.types?.get(shape.name)
        return declared === undefined ? shape.imported : depth < 8 && this.isData(declared, depth + 1)
      }
    }
  }

  /** The declared type of a field of a value of this type (through names declared in the file), if declared. */
  private fieldType(shape: DeclaredType, field: string, depth = 0): DeclaredType | undefined {
    if (depth > 8) return undefined
    if (shape.k === "named") {
      const declared = this.model.types?.get(shape.name)
      return declared === undefined ? undefined : this.fieldType(declared, field, depth + 1)
    }
    return shape.k === "data" ? shape.fields?.get(field) : undefined
  }

  /** `p.x.y` read from a parameter whose declared type declares x, and x's type y, with a type that is not text. */
  private declaredData(dotted: string, fn: number): boolean {
    if (this.model.types === undefined) return false
    const path = dotted.split(".")
    for (let scope = fn; scope !== MODULE; scope = this.model.functions[scope]!.parent) {
      const f = this.model.functions[scope]!
      const i = f.params.indexOf(path[0]!)
      if (i === -1) continue
      let shape = f.paramShapes?.[i]
      for (let k = 1; k < path.length && shape !== undefined; k++) shape = this.fieldType(shape, path[k]!)
      return shape !== undefined && this.isData(shape) && !this.queryRecord(shape)
    }
    return false
  }

  /** `p.x.y` read from a parameter declared with a library's class `T`: `T().x.y`; else undefined. */
  private typedName(dotted: string, fn: number): string | undefined {
    const dot = dotted.indexOf(".")
    if (dot === -1) return undefined
    const head = dotted.slice(0, dot)
    for (let scope = fn; scope !== MODULE; scope = this.model.functions[scope]!.parent) {
      const f = this.model.functions[scope]!
      const i = f.params.indexOf(head)
      if (i === -1) continue
      const type = f.paramTypes?.[i]
      return type !== undefined && type.includes(".") ? `${type}()${dotted.slice(dot)}` : undefined
    }
    return undefined
  }

  private otherValue(e: Exclude<Expr, { k: "lit" | "name" | "ref" | "attr" }>, fn: number, at: number): Value {
    switch (e.k) {
      case "index": {
        let obj = this.recordValue(e.obj, fn, at)
        if (e.key.k === "lit" && obj.fields !== undefined) {
          const field = obj.fields.get(String(e.key.value))
          // (a check of the entry, `urlparse(target["src"]).hostname in HOSTS`, is kept under `target.src`)
          const base = typeof e.key.value === "string" ? dottedOf(e.obj) : undefined
          if (field !== undefined) return base === undefined ? field : checkedWhole(field, this.guardBits(`${base}.${e.key.value}`, fn, at))
          // `state["path"]` after only `state["body"] = ...` was written: what state held before
          if (obj.base !== undefined) {
            obj = obj.base
            const before = obj.fields?.get(String(e.key.value))
            if (before !== undefined) return before
          }
        }
        // `CACHE["plan"]` of a store other functions write
        const stored = e.key.k === "lit" && typeof e.key.value === "string" ? this.storeValue(e.obj, e.key.value, fn) : undefined
        if (stored !== undefined) obj = join(obj, stored)
        // `os.environ["API_KEY"]`, `process.env["TOKEN"]`: a setting named by a constant key, a secret by its name
        if (obj.prov === Prov.Config && e.key.k !== "lit") {
          // `os.environ[name]` for each name of a constant list: a secret when one of them names one
          const base = dottedOf(e.obj)
          if (base !== undefined && this.fw.config.lookup(base).length > 0) return configValue(this.namesASecret(this.value(e.key, fn, at)))
        }
        if (e.key.k === "lit" && typeof e.key.value === "string" && obj.prov === Prov.Config) {
          const base = dottedOf(e.obj)
          if (base !== undefined && this.fw.config.lookup(base).length > 0) return configValue(this.fw.secretNames?.test(e.key.value) === true)
        }
        // a few characters of a credential (`key[-4:]`, `key[0]`) are not the credential
        if (e.slice === true || (e.key.k === "lit" && typeof e.key.value === "number" && obj.fields === undefined)) return { ...strip(obj), secret: false, sanitized: [...obj.sanitized, PARTIAL] }
        // a key picked from a constant table gives a constant: the key does not flow into the entry
        return e.key.k === "lit" && typeof e.key.value === "string" ? this.named(strip(obj), e.key.value) : strip(obj)
      }
      case "concat": {
        const values = e.parts.map((p) => this.value(p, fn, at))
        const whole = concat(values)
        // the building call repeats its parts' data: where data sits in the text is read from the parts
        if (e.built !== true || whole.namesOnly === true || whole.text !== undefined || values.length < 2) return whole
        return concat(values.slice(0, -1)).namesOnly === true ? { ...whole, namesOnly: true } : whole
      }
      case "op": {
        const checked = e.checked
        const values = e.parts.map((p, i) => {
          const v = this.value(p, fn, at)
          const kinds = checked?.[i] ?? []
          // a helper's parameter (constant with a parameter bit) keeps the check for what callers pass:
          // `return TONES.includes(raw) ? raw : "formal"` returns raw allow-listed
          return kinds.length === 0 || (v.prov === Prov.Constant && v.params === 0) ? v : checkedWhole(v, kinds.reduce((bits, k) => bits | passedBits(k), 0))
        })
        // `BASE + path` with BASE constant text: text built like an f-string, so it keeps BASE's scheme
        // and host as its prefix (numbers added to data give no text either way: not all parts are constant)
        // as does `API_BASE + "/orders/" + id` with API_BASE a setting: the host stays the configured one
        if (e.plus === true && (values[0]!.text !== undefined || values[0]!.prov === Prov.Config || values[0]!.hostFixed === true) && values.some((v) => v.text === undefined)) return concat(values)
        // `base + req.query.path` with base of unknown origin the program holds: the host begins with base
        if (e.plus === true && values.length > 1 && values[0]!.prov === Prov.Unknown && values[0]!.params === 0 && !values[0]!.secret && values.some((v) => v.prov === Prov.Untrusted))
          return { ...joinAll(values), hostUnknown: true }
        // `args ?? {}`: a record (see Value.structured)
        if (e.record === true) return { ...joinAll(values), structured: true }
        return joinAll(values)
      }
      case "container": {
        const values = e.entries.map((x) => this.value(x.value, fn, at))
        const fields = new Map<string, Value>()
        e.entries.forEach((x, i) => x.key !== undefined && fields.set(x.key, values[i]!))
        const whole = values.length === 0 ? constant() : strip(joinAll(values))
        if (fields.size === 0) return { ...whole, container: e.entries.every((x) => x.key === undefined) }
        // a key the literal does not name can only come from what it spreads (`{ ...options, lock }`:
        // `.label` is the options', not the fetched lock's), or is absent: the spreads are its base
        const spread = values.filter((_, i) => e.entries[i]!.key === undefined)
        return { ...whole, fields, container: false, base: spread.length === 0 ? constant() : strip(joinAll(spread)) }
      }
      case "call": {
        const call = this.model.calls[e.call]!
        if (e.result !== undefined) {
          // a function of the file is judged by its body, whatever it is called (see nameTrusted)
          const local = this.localFunction(call)
          const result = local === undefined ? undefined : this.resultOf(local, e.result)
          if (result !== undefined) return this.nameTrusted(this.substitute(result, call, local!, fn, at), call, local)
        }
        return this.callValue(call, fn, at)
      }
      case "func":
        return constant()
      case "unknown":
        return UNKNOWN_VALUE
    }
  }

  private refValue(name: string): Value {
    const given = this.givenName(name)
    if (given !== undefined) return given
    const source = this.fw.untrusted.lookup(name)[0]
    if (source !== undefined) return untrusted(source)
    if (this.fw.config.lookup(name).length > 0 || name.startsWith("process.env.") || name.startsWith("os.environ.")) {
      const key = name.slice(name.lastIndexOf(".") + 1)
      return configValue(this.fw.secretNames?.test(key) === true)
    }
    // something imported from another module: a constant or a setting of the application
    return CONFIG_VALUE
  }

  /**
   * An entry of a store the module shares between requests or calls (Flask's `session`, a module-level
   * dict), read in one function (`session.pop("next")`, `CACHE["plan"]`) and written in others
   * (`session["next"] = request.args.get("next")` in the login route): what those writes put there,
   * with their functions' parameters resolved. Undefined when no other function writes that entry.
   */
  private storeValue(store: Expr, key: string, fn: number): Value | undefined {
    const name = store.k === "ref" || store.k === "name" ? store.name : undefined
    if (name === undefined) return undefined
    const writes = storeWritesOf(this.model).get(`${name}\n${key}`)
    if (writes === undefined || (store.k === "name" && localsOf(this.model, fn).has(name))) return undefined
    let out: Value | undefined
    for (const w of writes) {
      if (w.fn === fn || this.evaluating.has(w.fn)) continue
      const v = this.varOf(w.fn, w.key)
      if (v === undefined) continue
      const held = this.resolve(v, w.fn)
      out = out === undefined ? held : join(out, held)
    }
    return out
  }

  /** The value a call returns. */
  callValue(call: Call, fn: number, at: number): Value {
    // `SORT_COLUMNS.get(sort) ?? "due_date"`, `MODES.get(mode, "fast")`: an entry of a constant table
    // (or the default given), which the key only picks, as `TABLE[key]` does
    if (call.receiver !== undefined && lastSegmentOf(call.callee) === "get" && call.args.length >= 1 && call.args.length <= 2 && call.args.every((a) => a.name === undefined)) {
      const table = this.tableLiteral(call.receiver, fn) ? this.value(call.receiver, fn, at) : undefined
      if (table !== undefined && table.prov === Prov.Constant && table.params === 0 && !table.secret)
        return call.args[1] === undefined ? constant() : this.value(call.args[1].value, fn, at)
      // an entry of the application's configuration (`PERSONAS = yaml.safe_load(<file of the app>)`,
      // then `PERSONAS.get(name)`): configuration too, whatever key picks it
      // (a variable holding it: a settings source itself, `os.environ.get(KEY)`, names its entry by the key)
      const held = call.receiver.k === "name" && this.fw.config.lookup(call.receiver.name).length === 0 ? this.value(call.receiver, fn, at) : undefined
      if (held !== undefined && held.prov === Prov.Config && held.params === 0 && !held.secret)
        return call.args[1] === undefined ? strip(held) : join(strip(held), this.value(call.args[1].value, fn, at))
    }
    const stored = call.receiver !== undefined && STORE_READS.test(lastSegmentOf(call.callee)) && call.args[0]?.value.k === "lit" && typeof call.args[0].value.value === "string"
      ? this.storeValue(call.receiver, call.args[0].value.value, fn)
      : undefined
    const result = stored === undefined ? this.returned(call, fn, at) : join(this.returned(call, fn, at), stored)
    // `request.headers.get("authorization")`, `r.Header.Get("Authorization")`, `r.FormValue("password")`
    if (call.receiver !== undefined && GETTERS.test(lastSegmentOf(call.callee))) {
      const key = call.args[0]?.value
      if (key !== undefined && key.k === "lit" && typeof key.value === "string") {
        // another entry of a record whose credential the function reads (`answer.get("error")` beside
        // `answer["access_token"]`): that entry, not the credential
        const record = dottedOf(call.receiver)
        const other = result.secret && !this.fw.secretKey(key.value) && record !== undefined && this.credentialRecord(fn, record) !== undefined
        return this.named(other ? { ...result, secret: false } : result, key.value)
      }
    }
    return result
  }

  /** A table the code writes out: a dict / object literal, `new Map([...])`, `dict(...)`, `Object.freeze({...})`, or a name holding one (heldValue). */
  private tableLiteral(e: Expr, fn: number, depth = 0): boolean {
    if (depth > 3) return false
    if (e.k === "container") return e.entries.length > 0
    if (e.k === "call") {
      const c = this.model.calls[e.call]!
      return TABLE_MAKERS.test(c.callee) && c.args.length === 1 && this.tableLiteral(c.args[0]!.value, fn, depth + 1)
    }
    if (e.k !== "name" && e.k !== "ref") return false
    const held = e.k === "name" ? heldValue(e, fn, this.model, true) : this.model.constants.get(e.name)
    return held !== undefined && this.tableLiteral(held, fn, depth + 1)
  }

  private returned(call: Call, fn: number, at: number): Value {
    const given = this.givenName(call.callee)
    if (given !== undefined) return given
    // a call the models name as safe is so even where a broader source pattern also names it
    // (CrewAI's `get_i18n().retrieve(...)` reads bundled prompts; `*.retrieve` is a retriever's)
    if (this.fw.safe.lookup(call.callee).length > 0) return constant()
    const source = this.fw.untrusted.lookup(call.callee)[0]
    // a file the code names with a constant path ships with the application (`open("prompts/system.md")`):
    // configuration, not outside data
    if (source === FILE_CONTENTS && this.constantPath(call, fn, at)) return CONFIG_VALUE
    if (source !== undefined) return untrusted(source)
    if (this.fw.config.lookup(call.callee).length > 0) {
      const key = call.args[0]
      return configValue(key !== undefined && this.namesASecret(this.value(key.value, fn, at)))
    }
    // `settings = Settings()` of `class Settings(BaseSettings)`: the application's configuration
    if (!call.callee.includes(".") && this.settingsClass(call.callee)) return configValue(false)
    if (this.fw.safe.lookup(call.callee).length > 0) return constant()
    // a fixed-host API's answer (`client.Actions.GetWorkflowJobLogs(ctx, owner, repo, id, 1)` of go-github):
    // the arguments choose which resource, the service writes what comes back (a log download URL on its
    // own storage), so the result carries none of their data; the program cannot say what it holds. A
    // method of what an outsider wrote there (`issue.GetBody()` of an issue a source names) is that text.
    if (this.fw.apiClients.lookup(call.callee).length > 0 && !this.untrustedReceiver(call, fn, at) && this.fixedRoute(call, fn, at))
      return UNKNOWN_VALUE
    // `new URL("/login", req.url)`: a constant absolute path resolved against the request's own URL
    // stays on the host that was asked for; only its path is given, and that is the program's
    const sameSite = this.sameSiteUrl(call, fn, at)
    if (sameSite !== undefined) return sameSite
    const local = this.localFunction(call)
    let result: Value
    const table = local === undefined ? this.tableLookup(call, fn, at) : undefined
    if (local !== undefined) result = this.substitute(this.returnOf(local), call, local, fn, at)
    else if (table !== undefined) result = table
    else {
      // a secret passed by keyword or options field (`QueryApi(api_key=KEY)`, `new Client({ apiKey })`),
      // or as a field of a settings struct (`NewClient(Config{ClientSecret: s})`), configures the call or
      // the client it builds: what comes back is not the secret
      // (an MCP text result, `TextContent(type="text", text=key)`, is the text it is given, however
      // passed; a text conversion, `JSON.stringify(record)`, `json.dumps(record)`, writes the record out)
      const content = TEXT_CONTENT.test(lastSegmentOf(call.callee)) || TEXT_CONVERSION.test(lastSegmentOf(call.callee)) || COPIES.test(lastSegmentOf(call.callee))
      const parts = call.args.map((a) => {
        const v = this.value(a.value, fn, at)
        return !content && (a.name !== undefined || v.fields !== undefined) && v.secret ? { ...v, secret: false } : v
      })
      // a module's function (`os.path.join`) gets nothing from its module; a method gets its object's data
      if (call.receiver !== undefined) {
        const receiver = this.value(call.receiver, fn, at)
        if (call.receiver.k !== "ref" || receiver.prov === Prov.Untrusted || receiver.secret) parts.push(receiver)
      }
      // data flows through calls the models do not know (json.loads(body), str(x), x.strip())
      result = parts.length === 0 ? { ...constant(), prov: Prov.Unknown } : strip(joinAll(parts))
      // a credential stays one through text conversions and methods of the credential itself, but a
      // call that merely takes it (`OpenAI(api_key=key)`, `NewModel(ctx, cfg)`) returns something else
      if (PARTIAL_METHODS.test(lastSegmentOf(call.callee))) result = { ...result, secret: false, sanitized: [...result.sanitized, PARTIAL] }
      if (result.secret && !TEXT_CONVERSION.test(lastSegmentOf(call.callee)) && !COPIES.test(lastSegmentOf(call.callee))) {
        // (the names of a record's entries, `env.keys()`, are no credential of it)
        const receiverSecret = call.receiver !== undefined && call.receiver.k !== "ref" && !KEY_LISTS.test(lastSegmentOf(call.callee)) && this.value(call.receiver, fn, at).secret
        if (!receiverSecret) result = { ...result, secret: false }
      }
      if (parts.length === 0 && call.receiver === undefined) result = { ...result, prov: Prov.Unknown }
      // a function of another module of the application (`./tenants.js`, `@/lib/personas`, `.store`): the
      // file cannot show what it returns for the data it is given (a record it looks up by the request's
      // id is the application's), so untrusted arguments make an answer of unknown origin
      if (result.prov === Prov.Untrusted && APP_MODULE.test(call.callee) && call.receiver === undefined) result = { ...result, prov: Prov.Unknown, label: undefined }
      // `JSON.parse(call.function.arguments)`: the model's data, as a record rather than text
      if (this.fw.parsers.lookup(call.callee).length > 0) result = { ...result, structured: true }
    }
    result = this.nameTrusted(result, call, local)
    // `new Session(opts)`: an object, not text (`new String(x)` is text)
    if (call.isNew === true && result.structured !== true && !TEXT_CONSTRUCTORS.has(lastSegmentOf(call.callee))) result = { ...result, structured: true }
    return result
  }

  /**
   * The marks of the rules' sanitizers that name this call by name (`re.escape`, `*.escape`,
   * `validatePath`): every rule's pattern that names it, each rule then compares its own. A function
   * of another module or package (imported, a method of an object the file did not make, a Go
   * function of another file of the package) is trusted by its name: the file cannot show its body.
   * A function of this file is judged by its body instead: what it returns already carries the checks
   * and sanitizers it applies (a containment check that exits, `html.escape`, `re.escape`, a few
   * characters of a credential), so its name adds nothing, and `def redact(s): return s` redacts
   * nothing. The one shape no library name marks is the escaping or masking helper's own: every
   * value it returns is its input with characters rewritten by a replacement (rewritesCharacters);
   * such a body does what the name says and keeps the name's trust.
   */
  private nameTrusted(v: Value, call: Call, local: number | undefined): Value {
    const named = this.sanitizers.lookup(call.callee)
    if (named.length === 0) return v
    if (local !== undefined && !this.declaredElsewhere(call) && !this.rewrites(local)) return v
    return checkedWhole(v, 0, named)
  }

  /**
   * A method called on the function's own object (`self.redact(x)`, `this.sanitize(x)`, Go's
   * `h.validatePath(p)`) that its class (receiver type) does not declare in this file, while the class
   * has a base class declared elsewhere (or, in Go, the type's other methods live in other files of the
   * package): the method that runs is likely that one, whose body the file does not show, not a
   * namesake of another class of the file.
   */
  private declaredElsewhere(call: Call): boolean {
    const dot = call.callee.indexOf(".")
    if (dot === -1 || call.callee.indexOf(".", dot + 1) !== -1) return false
    const head = call.callee.slice(0, dot)
    const name = call.callee.slice(dot + 1)
    const caller = call.fn === MODULE ? undefined : this.model.functions[call.fn]
    if (caller?.receiver === true && caller.params[0] === head) return this.ownMethod(caller.paramTypes?.[0], name) === undefined
    if (head !== "self" && head !== "this" && head !== "cls") return false
    const owner = classOf(this.model, call.fn)
    if (owner === undefined || this.ownMethod(owner, name) !== undefined) return false
    const ownerMethod = this.model.functions.find((f) => f.owner === owner && f.methodOf !== undefined)
    const bases = this.model.classes?.get(owner) ?? ownerMethod?.methodOf?.map((m) => m.slice(0, m.lastIndexOf("."))) ?? []
    return bases.some((b) => this.model.classes?.has(b) !== true && !this.model.functions.some((f) => f.owner === b))
  }

  /** rewritesCharacters, once per function: a helper is called from many places */
  private rewrites(fn: number): boolean {
    let known = this.rewriting.get(fn)
    if (known === undefined) this.rewriting.set(fn, (known = this.rewritesCharacters(fn)))
    return known
  }

  /**
   * Every return of the function that is not a constant gives a replacement's result (or a record
   * with entries written over by constant text, see below): a regex or character replacement of the text (`s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")`, `re.sub(P, "*", s)`,
   * `strings.NewReplacer("<", "&lt;").Replace(s)`, `html.replaceAll("<", "&lt;")`), possibly followed
   * by text conversions (`.trim()`), built into a string with constants, or held by a variable
   * whose last assignment before the return is one; or the DOM's escaping, an element's `innerHTML`
   * after the function set its `textContent`.
   */
  private rewritesCharacters(fn: number): boolean {
    const body = this.model.functions[fn]!.body
    // names a loop or comprehension of the body binds to the elements it iterates
    const elements = new Set(body.flatMap((s) => (s.k === "iterate" && s.target.path.length === 0 ? [s.target.name] : [])))
    // constant text, or a choice between constants (`key ? "***" : undefined`)
    const masksText = (e: Expr): boolean =>
      (e.k === "lit" && typeof e.value === "string" && e.value !== "") || (e.k === "op" && e.parts.every((p) => p.k === "lit") && e.parts.some(masksText))
    // a returned element that chooses between constant text and data (`SECRET.has(k) ? "***" : v`), inside a list or record
    const choosesMask = (e: Expr, depth: number): boolean =>
      depth < 4 &&
      ((e.k === "op" && e.parts.some(masksText) && e.parts.some((q) => q.k === "name" || q.k === "attr")) || (e.k === "container" && e.entries.some((x) => choosesMask(x.value, depth + 1))))
    const masksEntries = (call: Call, depth: number): boolean => {
      if (depth > 8) return false
      const callbacks = [...(call.callbacks ?? []).map((c) => c.fn), ...call.args.flatMap((a) => (a.value.k === "func" ? [a.value.fn] : []))]
      if (callbacks.some((cb) => this.model.functions[cb]?.body.some((st) => st.k === "return" && choosesMask(st.value, 0)) === true)) return true
      const inner = [call.receiver, ...call.args.map((a) => a.value)].filter((x): x is Expr => x !== undefined && x.k === "call")
      return inner.some((x) => masksEntries(this.model.calls[(x as { call: number }).call]!, depth + 1))
    }
    const rewrites = (e: Expr, at: number, depth: number): boolean => {
      if (depth > 8) return false
      switch (e.k) {
        case "lit":
          return true
        case "container":
          // a record of the argument's entries with some written over by constant text (`{ ...cfg, apiKey: "***" }`,
          // `{**cfg, "api_key": "***"}`): which entries it clears is more than a value's summary says
          return e.entries.some((x) => x.key === undefined) && e.entries.some((x) => x.key !== undefined && masksText(x.value))
        case "attr":
          // the DOM's own escaping: text set as an element's textContent (innerText) and read back as HTML
          // (`div.textContent = text; return div.innerHTML`)
          return (
            (e.name === "innerHTML" || e.name === "outerHTML") &&
            e.obj.k === "name" &&
            body.some((s) => s.k === "assign" && s.target.name === (e.obj as { name: string }).name && (s.target.path[0] === "textContent" || s.target.path[0] === "innerText"))
          )
        case "op":
          // a comprehension whose element is constant text or the element (`{k: "***" if k in SECRET else v for k, v in cfg.items()}`)
          return e.parts.some((p) => p.k === "op" && p.parts.some(masksText) && p.parts.some((q) => q.k === "name" && elements.has(q.name)))
        case "concat":
          return e.parts.some((p) => p.k !== "lit") && e.parts.every((p) => p.k === "lit" || rewrites(p, at, depth + 1))
        case "name": {
          let last: Expr | undefined
          for (const s of body) if (s.k === "assign" && s.span.start < at && s.target.name === e.name && s.target.path.length === 0) last = s.value
          return last !== undefined && rewrites(last, at, depth + 1)
        }
        case "call": {
          const call = this.model.calls[e.call]!
          const method = lastSegmentOf(call.callee)
          if (REPLACEMENTS.test(method)) return true
          // entries mapped through a callback that writes constant text over some of them
          // (`Object.fromEntries(Object.entries(o).map(([k, v]) => [k, SECRET.has(k) ? "***" : v]))`)
          if (masksEntries(call, depth)) return true
          if (!TEXT_CONVERSION.test(method)) return false
          const inner = call.receiver ?? call.args.find((a) => a.name === undefined)?.value
          return inner !== undefined && rewrites(inner, at, depth + 1)
        }
        default:
          return false
      }
    }
    const returns = body.filter((s): s is Extract<Statement, { k: "return" }> => s.k === "return" && s.value.k !== "lit")
    if (returns.length > 0 && returns.every((s) => rewrites(s.value, s.span.start, 0))) return true
    // a record the body fills and returns, writing constant text into some of its entries (`out[k] = "<redacted>"`
    // for the secret keys of a walk that copies the others, while other values pass through a branch of their own)
    const masked = new Set(body.flatMap((s) => (s.k === "assign" && s.target.path.length > 0 && masksText(s.value) ? [s.target.name] : [])))
    return returns.some((s) => s.value.k === "name" && masked.has(s.value.name))
  }

  /**
   * An API client's generic `request(route, params)` (Octokit's `octokit.request("GET /repos/{owner}/{repo}",
   * { owner, repo })`) and `paginate(route, params)` (`paginate.iterator`) stay on the service's host only when the route is the
   * program's constant path, or no text at all (`octokit.paginate(octokit.rest.issues.list, params)`, one
   * of the client's own methods); a route the caller's data writes (`octokit.request("GET " + url)`, an
   * absolute URL replaces the base URL) is a request to wherever that data says, so its answer keeps the
   * data. The other methods name their route.
   */
  private fixedRoute(call: Call, fn: number, at: number): boolean {
    if (!call.callee.split(".").some((seg) => seg === "request" || seg === "paginate")) return true
    const route = call.args.find((a) => a.name === undefined)
    if (route === undefined) return false
    const v = this.value(route.value, fn, at)
    if (v.prov === Prov.Constant && v.text !== undefined) return /^(?:[A-Z]+ )?\/(?![/\\])/.test(v.text)
    return v.text === undefined && v.prefix === undefined && v.consts === undefined && v.prov !== Prov.Untrusted && v.params === 0 && !v.secret
  }

  /** The call is a method of a value that is untrusted or a secret. */
  private untrustedReceiver(call: Call, fn: number, at: number): boolean {
    if (call.receiver === undefined) return false
    const v = this.value(call.receiver, fn, at)
    return v.prov === Prov.Untrusted || v.secret
  }

  /**
   * JavaScript `new URL(path, base)` with `path` a constant starting with one `/` (not `//host`, not a
   * scheme) and `base` the URL of the request being served (`req.url`, `request.nextUrl`, `req.nextUrl.href`):
   * the result is that path on the host the request came to, so its text is the path. Any other
   * base (a URL read from a query parameter) keeps its data.
   */
  private sameSiteUrl(call: Call, fn: number, at: number): Value | undefined {
    if (call.callee !== "URL" || call.args.length !== 2 || call.args.some((a) => a.name !== undefined)) return undefined
    if (!requestUrl(call.args[1]!.value)) return undefined
    const path = this.value(call.args[0]!.value, fn, at)
    if (path.prov === Prov.Constant && path.text !== undefined) return /^\/(?![/\\])/.test(path.text) ? constant(path.text) : undefined
    // a path an allow-list admitted (`if (!ALLOWED.has(to)) return ...; new URL(to, req.url)`): one of
    // the program's paths on the request's own host; the check stays with it
    if ((path.guards & GUARD_BITS.allowlist) !== 0) return path
    // a path that starts with constant `/x` (`/api/auth/guest?redirectUrl=${u}`): data only in its
    // path or query, on the request's own host; its data stays (it is the path's)
    return path.text === undefined && path.prefix !== undefined && /^\/[^/\\]/.test(path.prefix) ? path : undefined
  }

  /** `new URL(request.url)`: the URL the request was made to */
  private ownUrl(call: Call): boolean {
    return call.callee === "URL" && call.args.length === 1 && call.args[0]!.name === undefined && requestUrl(call.args[0]!.value)
  }

  /**
   * A value read by a name (a field, header, attribute or parameter name): request data under a
   * credential's name (`request.form["password"]`, the `Authorization` header) is a secret, and so
   * is a settings object's attribute named like one (`settings.anthropic_api_key`) and an HTTP
   * response's field named like one (`resp["access_token"]`); it keeps its provenance.
   */
  private named(v: Value, name: string): Value {
    if (v.secret || (v.prov !== Prov.Untrusted && v.prov !== Prov.Config) || !this.fw.secretKey(name)) return v
    if (v.prov === Prov.Untrusted && v.label === REQUEST_DATA) return { ...v, secret: true, label: `request data (${name}${CREDENTIAL_LABEL}` }
    // a credential a service issues in its answer (`resp.json()["access_token"]` of an OAuth exchange)
    if (v.prov === Prov.Untrusted) return v.label === HTTP_RESPONSE ? { ...v, secret: true, label: `a credential from an HTTP response (${name})` } : v
    return v.params === 0 ? { ...v, secret: true, label: `a secret from the settings (${name})` } : v
  }

  /**
   * A request handler or middleware of the file checks the caller's credential: it compares the
   * request's Authorization header, cookie, API key or token (or a part of it, `auth.split(" ")[1]`)
   * with something, or passes it as an argument to a call (`jwt.verify(token, KEY)`, `verifyKey(key)`).
   * Only request data read under a credential's name counts, whatever the function is called.
   */
  checksRequestCredential(): boolean {
    if (this.credentialChecked !== undefined) return this.credentialChecked
    const found = this.checksRequestCredentialIn(() => true)
    this.credentialChecked = found
    return found
  }

  /** Like checksRequestCredential, in the functions `include` accepts only (one route and what guards it). */
  checksRequestCredentialIn(include: (fn: number) => boolean): boolean {
    const credential = (e: Expr, fn: number, at: number): boolean => {
      const v = this.value(e, fn, at)
      return v.prov === Prov.Untrusted && (v.secret || v.label?.endsWith(CREDENTIAL_LABEL) === true)
    }
    const found =
      this.model.functions.some((f, fn) => include(fn) && (f.equalities ?? []).some((q) => credential(q.left, fn, q.span.start) || credential(q.right, fn, q.span.start))) ||
      this.model.calls.some((c) => c.fn !== MODULE && include(c.fn) && c.args.some((a) => a.name === undefined && a.value.k !== "container" && credential(a.value, c.fn, c.span.start)))
    return found
  }

  /** A class of the file derived from a settings base class the models list as configuration (pydantic's `BaseSettings`). */
  private settingsClass(name: string): boolean {
    const bases = this.model.classes?.get(name)
    return bases !== undefined && bases.some((b) => this.fw.config.lookup(b).length > 0)
  }

  /**
   * `TABLE.get(key)` / `TABLE.get(key, default)` on a keyed literal (a dict or object of entries):
   * like `TABLE[key]`, the key only picks an entry and does not flow into it; the default may.
   */
  private tableLookup(call: Call, fn: number, at: number): Value | undefined {
    if (call.receiver === undefined || lastSegmentOf(call.callee) !== "get" || call.args.length === 0 || call.args.length > 2) return undefined
    if (call.args.some((a) => a.name !== undefined)) return undefined
    const table = this.value(call.receiver, fn, at)
    if (table.fields === undefined || table.container === true) return undefined
    return strip(joinAll([table, ...call.args.slice(1).map((a) => this.value(a.value, fn, at))]))
  }

  /** Every argument of the call, and of the call it is a method of (`open(p).read()`), is constant or configuration. */
  private constantPath(call: Call, fn: number, at: number): boolean {
    const args = [...call.args]
    let receiver = call.receiver
    if (receiver?.k === "name") {
      const assigned = this.body(fn).find((s) => s.k === "assign" && s.target.name === (receiver as { name: string }).name && s.target.path.length === 0)
      if (assigned !== undefined && assigned.k === "assign") receiver = assigned.value
    }
    if (receiver?.k === "call") args.push(...this.model.calls[receiver.call]!.args)
    else if (call.args.length === 0) return false
    // (a folder of the program or its configuration, `new URL("./prompts/a.md", import.meta.url)`,
    // `Path(settings.PROMPT_DIR) / "a.md"`, is the application's own too)
    return args.every((a) => {
      const v = this.value(a.value, fn, at)
      return (v.prov === Prov.Constant || (v.prov === Prov.Config && !v.secret)) && v.params === 0
    })
  }

  /**
   * Whether a setting's key names a secret: its constant text, or one of the constants it may be
   * (`for name in KEYS: os.environ.get(name)` over `KEYS = ["STRIPE_SECRET_KEY", "REGION"]`).
   */
  private namesASecret(key: Value): boolean {
    const names = this.fw.secretNames
    if (names === undefined) return false
    if (key.text !== undefined) return names.test(key.text)
    return key.prov === Prov.Constant && key.params === 0 && key.consts !== undefined && key.consts.split(" ").some((w) => names.test(w))
  }

  /** A call to a model: one the framework models list as giving model output. */
  isModelCall(callee: string): boolean {
    return this.fw.untrusted.lookup(callee)[0] === MODEL_OUTPUT
  }

  /**
   * The default a configuration read gives when the setting is absent (`os.environ.get("GIT", "/usr/bin/git")`,
   * `os.getenv("GIT", "git")`), where the expression is one or a name holding one: the operator, not
   * the model, picks what it holds.
   */
  configDefault(e: Expr, fn: number): string | undefined {
    const held = e.k === "name" ? heldValue(e, fn, this.model, true) ?? e : e
    const call = held.k === "call" ? this.model.calls[held.call] : undefined
    if (call === undefined || this.fw.config.lookup(call.callee).length === 0) return undefined
    const fallback = call.args.find((a) => a.name === "default") ?? call.args.filter((a) => a.name === undefined)[1]
    return fallback?.value.k === "lit" && typeof fallback.value.value === "string" ? fallback.value.value : undefined
  }

  /** The file's own function a call invokes, by name (`helper(x)`, `self.helper(x)`, `this.helper(x)`). */
  localFunction(call: Call): number | undefined {
    const callee = call.callee
    const dot = callee.indexOf(".")
    // `Conversation(client, persona)`, `new Conversation(persona)`: the class's constructor
    if (dot === -1) return this.byName.get(callee) ?? this.ctorByClass.get(callee)
    const head = callee.slice(0, dot)
    const caller = call.fn === MODULE ? undefined : this.model.functions[call.fn]
    if ((head === "self" || head === "this" || head === "cls") && callee.indexOf(".", dot + 1) === -1) return this.ownMethod(classOf(this.model, call.fn), callee.slice(dot + 1)) ?? this.methodOf(callee.slice(dot + 1))
    // Go: `s.find(q)` inside a method whose receiver is `s` (or a closure in one) calls another method of the same type
    let method = caller
    while (method !== undefined && method.receiver !== true && method.parent !== MODULE && !method.params.includes(head)) method = this.model.functions[method.parent]
    if (method?.receiver === true && method.params[0] === head && callee.indexOf(".", dot + 1) === -1) return this.ownMethod(method.paramTypes?.[0], callee.slice(dot + 1)) ?? this.methodByName.get(callee.slice(dot + 1))
    // Go: a variable holding a value of a type of the file (`t := &triager{llm: m}`, `t := newTriager(m)`) calls its method
    if (this.model.language === "go" && callee.indexOf(".", dot + 1) === -1) {
      const held = heldValue({ k: "name", name: head }, call.fn, this.model)
      const made = held?.k === "call" ? this.model.calls[held.call]!.callee : undefined
      const typed = made === undefined ? undefined : this.ownMethod(made, callee.slice(dot + 1)) ?? this.ownMethod(made.replace(/^[Nn]ew/, ""), callee.slice(dot + 1))
      if (typed !== undefined) return typed
      // (a struct literal is modelled as a record without its type: a method of the file by that name)
      if (held?.k === "container" && held.entries.every((x) => x.key !== undefined)) return this.methodByName.get(callee.slice(dot + 1))
      // a field of a struct type of the file named by its type (`d.pay.createRefund` is `payments.createRefund`)
      const ofType = this.ownMethod(head, callee.slice(dot + 1))
      if (ofType !== undefined) return ofType
    }
    // a method of an instance of a class of this file (`repo = Repo(db); repo.find(x)`, `new Store().find(x)`):
    // the instance is named by its constructor call, `Repo().find`; an imported class has a dotted name
    if (head.endsWith("()") && CLASS_NAME.test(head) && !this.byName.has(head.slice(0, -2)) && callee.indexOf(".", dot + 1) === -1) return this.ownMethod(head.slice(0, -2), callee.slice(dot + 1)) ?? this.methodOf(callee.slice(dot + 1))
    return undefined
  }

  /** The method of that class (Go: that receiver type) with that name, when the file declares one. */
  private ownMethod(owner: string | undefined, name: string): number | undefined {
    return owner === undefined ? undefined : this.methodByOwner.get(`${owner}.${name}`)
  }

  /**
   * `self.system` / `this.system` read in a method: what the class's other methods (its constructor)
   * assign to it, with their parameters resolved through their callers.
   */
  private memberValue(dotted: string, fn: number): Value | undefined {
    const owner = fn === MODULE ? undefined : this.model.functions[fn]!.owner
    if (owner === undefined) return undefined
    const [self, attr] = dotted.split(".") as [string, string]
    let out: Value | undefined
    this.model.functions.forEach((f, i) => {
      if (i === fn || f.owner !== owner || this.evaluating.has(i)) return
      if (!f.body.some((st) => st.k === "assign" && st.target.name === self && st.target.path[0] === attr)) return
      const v = this.varOf(i, dotted)
      if (v === undefined) return
      const held = this.resolve(v, i)
      out = out === undefined ? held : join(out, held)
    })
    if (out !== undefined) return out
    // no method assigns it: a class attribute (`BASE_URL = "https://…"` in the class body), whose
    // assignment the model keeps with the scope around the class; only its constants are taken
    const scope = this.model.functions[fn]!.parent
    if (this.evaluating.has(scope)) return undefined
    const attribute = this.varOf(scope, attr)
    return attribute !== undefined && attribute.prov === Prov.Constant && attribute.text !== undefined ? attribute : undefined
  }

  /**
   * Go: `n.baseURL` read in a method whose receiver is `n`: what the file writes to that field of the
   * receiver's type, in its struct literals (`&Notifier{baseURL: "https://…"}` in a constructor) and in
   * the type's other methods (`n.baseURL = …`), with their parameters resolved through their callers.
   * A field the file never writes stays what the receiver holds.
   */
  private receiverField(dotted: string, fn: number): Value | undefined {
    const f = fn === MODULE ? undefined : this.model.functions[fn]!
    if (f?.receiver !== true) return undefined
    const dot = dotted.indexOf(".")
    if (dot === -1 || dotted.indexOf(".", dot + 1) !== -1 || dotted.slice(0, dot) !== f.params[0]) return undefined
    const type = f.paramTypes?.[0]
    if (type === undefined || this.readingFields.has(`${type}.${dotted}`)) return undefined
    const field = dotted.slice(dot + 1)
    const key = `${type}.${dotted}`
    this.readingFields.add(key)
    try {
      let out: Value | undefined
      const add = (v: Value): void => {
        out = out === undefined ? v : joinSame(out, v)
      }
      for (const w of this.model.literalFields?.get(type) ?? []) if (w.field === field) add(this.resolve(this.value(w.value, w.fn, w.at), w.fn))
      for (const i of this.fieldWritersOf(type, field)) {
        if (i === fn || this.evaluating.has(i)) continue
        const v = this.varOf(i, `${this.model.functions[i]!.params[0]!}.${field}`)
        if (v !== undefined) add(this.resolve(v, i))
      }
      return out
    } finally {
      this.readingFields.delete(key)
    }
  }

  /** Go: the methods of a type that assign a field of their receiver (`n.baseURL = …`), indexed once per file. */
  private fieldWritersOf(type: string, field: string): ReadonlyArray<number> {
    if (this.fieldWriters === undefined) {
      this.fieldWriters = new Map()
      this.model.functions.forEach((m, i) => {
        const owner = m.receiver === true ? m.paramTypes?.[0] : undefined
        if (owner === undefined) return
        const self = m.params[0]!
        for (const st of m.body) {
          if (st.k !== "assign" || st.target.name !== self || st.target.path.length === 0) continue
          const key = `${owner}.${st.target.path[0]!}`
          const list = this.fieldWriters!.get(key) ?? []
          if (list[list.length - 1] !== i) list.push(i)
          this.fieldWriters!.set(key, list)
        }
      })
    }
    return this.fieldWriters.get(`${type}.${field}`) ?? []
  }

  private methodOf(name: string): number | undefined {
    return this.methodByName.get(name) ?? this.byName.get(name)
  }

  /** The argument a call passes for a parameter of a local function (by position or by name). */
  argFor(call: Call, callee: number, param: number): Arg | undefined {
    const f = this.model.functions[callee]!
    const name = f.params[param]
    const named = call.args.find((a) => a.name !== undefined && a.name === name)
    if (named !== undefined) return named
    const offset = (call.receiver !== undefined || f.name === "__init__") && (f.params[0] === "self" || f.params[0] === "cls" || f.receiver === true) ? 1 : 0
    const positional = call.args.filter((a) => a.name === undefined)
    if (param !== f.rest || positional.length <= param - offset + 1) return positional[param - offset]
    // `*args`: every positional argument from there on, as the list the function receives
    const rest = positional.slice(param - offset)
    return { value: { k: "container", entries: rest.map((a) => ({ value: a.value, span: a.span })) }, span: { start: rest[0]!.span.start, end: rest[rest.length - 1]!.span.end } }
  }

  /** A summary value with the caller's arguments in place of the parameter bits. */
  substitute(v: Value, call: Call, callee: number, fn: number, at: number, depth = 0): Value {
    if (v.params === 0) return v
    let out: Value = { ...v, params: 0 }
    for (let i = 0; i < MAX_PARAMS; i++) {
      if ((v.params & (1 << i)) === 0) continue
      const arg = this.argFor(call, callee, i)
      out = join(out, arg === undefined ? constant() : guarded(this.value(arg.value, fn, at), v))
    }
    const kept = keepPrefix(out, v)
    const hosted = v.hostPart === undefined ? kept : { ...kept, hostPart: this.substitute(v.hostPart, call, callee, fn, at) }
    if (v.fields === undefined || depth >= MAX_FIELD_DEPTH) return hosted
    // a record the helper returns keeps its fields (`return { ...options, lock }`): each with the
    // caller's arguments in place, so `.label` is what the caller passed and not the lock
    const fields = new Map<string, Value>()
    for (const [key, field] of v.fields) fields.set(key, this.substitute(field, call, callee, fn, at, depth + 1))
    const base = v.base === undefined ? undefined : this.substitute(v.base, call, callee, fn, at, depth + 1)
    return { ...hosted, fields, base, container: v.container }
  }

  /**
   * Evaluates an argument of a call outside any loop as the statement the call is written in: it
   * reads the assignments above that statement only, so `content = self._read(content)` passes the
   * earlier `content`, not what `_read` returns. In a loop a later assignment reaches the next lap,
   * so every assignment counts there.
   */
  private atSite<T>(site: Call, run: () => T): T {
    if (site.loop !== undefined || site.fn === MODULE || this.evaluating.has(site.fn)) return run()
    const body = this.body(site.fn)
    const index = body.findIndex((st) => st.span.start <= site.span.start && site.span.end <= st.span.end && (st.k === "assign" || st.k === "call" || st.k === "return"))
    return index === -1 ? run() : this.evaluatingAt(site.fn, index, run)
  }

  /**
   * A parameter's value over the file's call sites, for sinks reached through a helper. A function
   * nobody in the file calls gets unknown data.
   */
  resolvedParam(fn: number, index: number): Value {
    const key = `${fn}:${index}`
    const done = this.paramValues.get(key)
    if (done !== undefined) return done
    const f = this.model.functions[fn]!
    const entry = this.givenEntry(f)
    if (entry !== undefined) return entry
    if (this.isContext(f, index)) return constant()
    if (this.fw.untrustedRoles.has(f.role)) return this.isReceiver(f, index) || (f.role === "graph_node" && index > 0) ? UNKNOWN_VALUE : this.named(untrusted(roleLabel(f)), f.params[index]!)
    this.paramValues.set(key, constant())
    const sites = this.callSitesOf(fn)
    let out: Value
    const element = index === 0 && sites.length === 0 ? this.elementOf(fn) : undefined
    if (element !== undefined) out = element
    else if (sites.length === 0) out = UNKNOWN_VALUE
    else {
      out = constant()
      for (const site of sites) {
        const arg = this.argFor(site, fn, index)
        if (arg === undefined) continue
        out = join(out, this.resolve(this.atSite(site, () => this.value(arg.value, site.fn, site.span.start)), site.fn))
      }
    }
    this.paramValues.set(key, out)
    return out
  }

  /**
   * What a helper's argv parameter starts: the first element of the list each caller in the file
   * passes (`run_command(["git", "log", ref])`), joined; undefined when the function's parameters come
   * from its framework role, nobody calls it, or a caller passes something other than a list literal
   * (or a variable holding one) or a list that runs a script (a shell or interpreter given code).
   */
  programOfParam(fn: number, index: number, held: (e: Expr, fn: number) => Expr | undefined, runsScript: (list: Extract<Expr, { k: "container" }>) => boolean): Value | undefined {
    const f = this.model.functions[fn]
    if (f === undefined || this.fw.untrustedRoles.has(f.role) || this.givenEntry(f) !== undefined) return undefined
    const sites = this.callSitesOf(fn)
    if (sites.length === 0) return undefined
    let out: Value = constant()
    for (const site of sites) {
      const arg = this.argFor(site, fn, index)
      if (arg === undefined) continue
      const list = arg.value.k === "container" ? arg.value : held(arg.value, site.fn)
      const first = list?.k === "container" && list.entries.every((x) => x.key === undefined) ? list.entries[0]?.value : undefined
      // a shell or an interpreter may be given code (`["python3", "-c", code]`): the whole list is judged, not here
      if (first === undefined || list?.k !== "container" || runsScript(list)) return undefined
      out = join(out, this.resolve(this.atSite(site, () => this.value(first, site.fn, site.span.start)), site.fn))
    }
    return out
  }

  /** A value with its parameter bits replaced by what the function's callers pass. */
  resolve(v: Value, fn: number): Value {
    if (v.params === 0 || fn === MODULE) return v
    let out: Value = { ...v, params: 0 }
    for (let i = 0; i < MAX_PARAMS; i++) if ((v.params & (1 << i)) !== 0) out = join(out, guarded(this.resolvedParam(fn, i), v))
    const kept = keepPrefix(out, v)
    return v.hostPart === undefined ? kept : { ...kept, hostPart: this.resolve(v.hostPart, fn) }
  }

  /**
   * A callback of an array method (`messages.map((m) => ...)`) gets the elements of the array it
   * is called on as its first parameter.
   */
  private elementOf(fn: number): Value | undefined {
    if (this.iteratedBy === undefined) {
      // the first array-method call each callback is given to, found in one pass over the calls
      this.iteratedBy = new Map()
      for (const c of this.model.calls) {
        if (c.receiver === undefined || c.callbacks === undefined || !ITERATES.test(lastSegmentOf(c.callee))) continue
        for (const cb of c.callbacks) if (cb.arg === 0 && cb.field === undefined && !this.iteratedBy.has(cb.fn)) this.iteratedBy.set(cb.fn, c)
      }
    }
    const c = this.iteratedBy.get(fn)
    return c === undefined ? undefined : strip(this.resolve(this.value(c.receiver!, c.fn, c.span.start), c.fn))
  }

  /** The calls of the file that invoke a function of the file (by name, method, constructor). */
  callSitesOf(fn: number): ReadonlyArray<Call> {
    if (this.callSites === undefined) {
      this.callSites = new Map()
      for (const c of this.model.calls) {
        const target = this.localFunction(c)
        if (target === undefined) continue
        const list = this.callSites.get(target) ?? []
        list.push(c)
        this.callSites.set(target, list)
      }
    }
    return this.callSites.get(fn) ?? []
  }
}

/**
 * A variable assigned twice starts with what both its values start with (`url = BASE` then
 * `url += path`, or `url = BASE + a` / `url = BASE + b` in two branches): it keeps that prefix.
 */
const commonPrefix = (joined: Value, a: Value, b: Value): Value => {
  if (a.prefix === undefined || b.prefix === undefined) return joined
  let n = 0
  while (n < a.prefix.length && n < b.prefix.length && a.prefix[n] === b.prefix[n]) n++
  return n === 0 ? joined : { ...joined, prefix: a.prefix.slice(0, n) }
}

/** Both values, keeping the constant text both have, or the constant prefix they share. */
const joinSame = (a: Value, b: Value): Value =>
  a.text !== undefined && a.text === b.text && !a.secret && !b.secret ? a : commonPrefix(join(a, b), a, b)

/** `self.x` / `this.x`: one attribute of the instance */
const MEMBER = /^(?:self|this)\.[\w$]+$/

/**
 * A value with its parameters replaced still starts with the constant text it started with
 * (`f"{BASE}?q={query}"`: scheme and host stay fixed whatever the caller passes for `query`).
 */
const keepPrefix = (out: Value, v: Value): Value => {
  const kept = v.prefix !== undefined && out.prefix === undefined ? { ...out, prefix: v.prefix } : out
  const host = v.hostFixed === true && kept.hostFixed !== true ? { ...kept, hostFixed: true as const } : kept
  // the parameters filled places where the statement takes a name: so do the values passed for them
  return v.namesOnly === true && host.namesOnly !== true ? { ...host, namesOnly: true } : host
}
/** A constructor call by a bare name (`Repo()`), neither imported (dotted) nor a function of the file */
const CLASS_NAME = /^[A-Za-z_$][\w$]*\(\)$/
const FILE_CONTENTS = "file contents"
const REQUEST_DATA = "request data"
const HTTP_RESPONSE = "an HTTP response"
/** the end of the label of request data read under a credential's name (kept when a part of it is taken) */
const CREDENTIAL_LABEL = ", a credential)"
/** A request's headers, read whole (`req.headers`, Go's `r.Header`) */
const HEADERS = /\.(?:headers|Header)$/
/**
 * A value that holds credentials read whole: secret, keeping its provenance's label (`request data`,
 * which a header then read from it by name is judged by: see `named`)
 */
const credentialsIn = (v: Value, what: string): Value => ({ ...v, secret: true, label: v.label ?? `${what} (with the credentials in it)` })
/** The store name of a request's session (`req.session`), in storeWritesOf */
const SESSION_STORE = "<request session>"
/** An entry a function writes into a store the module shares: the function, and the entry as a dotted key. */
interface StoreWrite {
  readonly fn: number
  readonly key: string
}

const storeWritesByModel = new WeakMap<SemanticModel, Map<string, Array<StoreWrite>>>()

/**
 * The entries of shared stores the file's functions write (FlowEvaluator.storeValue), by the store's
 * canonical name and the entry's key: once per file, not per rule's evaluator.
 */
const storeWritesOf = (model: SemanticModel): Map<string, Array<StoreWrite>> => {
  const known = storeWritesByModel.get(model)
  if (known !== undefined) return known
  const writes = new Map<string, Array<StoreWrite>>()
  const canonicalOf = new Map(model.imports.map((i) => [i.local, i.canonical] as const))
  const add = (store: string, entry: string, fn: number, key: string): void => {
    const id = `${store}\n${entry}`
    const list = writes.get(id) ?? []
    if (!list.some((w) => w.fn === fn)) list.push({ fn, key })
    writes.set(id, list)
  }
  model.functions.forEach((f, i) => {
    const locals = localsOf(model, i)
    for (const st of f.body) {
      if (st.k !== "assign" || st.target.path.length === 0) continue
      const { name, path } = st.target
      // a request's session (`req.session.returnTo = ...` in an Express route): one store per client,
      // shared by every route, whatever the route calls its request
      if (path.length > 1 && path[0] === "session" && f.params.includes(name)) add(SESSION_STORE, path[1]!, i, `${name}.session.${path[1]}`)
      else if (!locals.has(name)) add(canonicalOf.get(name) ?? name, path[0]!, i, `${name}.${path[0]}`)
    }
  })
  storeWritesByModel.set(model, writes)
  return writes
}

const localsByModel = new WeakMap<SemanticModel, Map<number, ReadonlySet<string>>>()

/** The function's parameters and the variables it assigns as a whole. */
const localsOf = (model: SemanticModel, fn: number): ReadonlySet<string> => {
  let byFn = localsByModel.get(model)
  if (byFn === undefined) localsByModel.set(model, (byFn = new Map()))
  let locals = byFn.get(fn)
  if (locals === undefined) {
    const f = model.functions[fn]
    const names = new Set<string>(f?.params ?? [])
    for (const st of f?.body ?? []) if ((st.k === "assign" || st.k === "iterate") && st.target.path.length === 0) names.add(st.target.name)
    byFn.set(fn, (locals = names))
  }
  return locals
}

const credentialRecordsByModel = new WeakMap<SemanticModel, Map<string, Map<number, Map<string, string>>>>()

/**
 * Per function: the records it reads a credential-named field of (`attempt.password`,
 * `body["api_key"]`), with that field (FlowEvaluator.withCredentialField). Once per file and
 * secret-name pattern, not per rule's evaluator.
 */
const credentialRecordsOf = (model: SemanticModel, fw: FrameworkIndex): Map<number, Map<string, string>> => {
  const pattern = fw.secretNames?.source ?? ""
  let byPattern = credentialRecordsByModel.get(model)
  if (byPattern === undefined) credentialRecordsByModel.set(model, (byPattern = new Map()))
  const known = byPattern.get(pattern)
  if (known !== undefined) return known
  const records = new Map<number, Map<string, string>>()
  const note = (e: Expr, at: number, depth: number): void => {
    if (depth > 16) return
    switch (e.k) {
      case "attr":
      case "index": {
        const key = e.k === "attr" ? e.name : e.key.k === "lit" && typeof e.key.value === "string" ? e.key.value : undefined
        const record = dottedOf(e.obj)
        if (key !== undefined && record !== undefined && fw.secretKey(key)) {
          let byRecord = records.get(at)
          if (byRecord === undefined) records.set(at, (byRecord = new Map()))
          if (!byRecord.has(record)) byRecord.set(record, key)
        }
        note(e.obj, at, depth + 1)
        if (e.k === "index") note(e.key, at, depth + 1)
        return
      }
      case "concat":
      case "op":
        for (const p of e.parts) note(p, at, depth + 1)
        return
      case "container":
        for (const x of e.entries) note(x.value, at, depth + 1)
        return
      default:
        return
    }
  }
  model.functions.forEach((f, i) => {
    for (const st of f.body) if (st.k === "assign" || st.k === "iterate" || st.k === "return") note(st.value, i, 0)
  })
  for (const c of model.calls) {
    if (c.fn === MODULE) continue
    if (c.receiver !== undefined) note(c.receiver, c.fn, 0)
    for (const a of c.args) note(a.value, c.fn, 0)
  }
  byPattern.set(pattern, records)
  return records
}
/** Methods that list a mapping's keys, not its values */
const KEY_LISTS = /^(?:keys|keySet|KeySet|getKeys|iterkeys)$/
/** Methods that read one entry of a mapping by key (a shared store's, see storeValue) */
const STORE_READS = /^(?:get|pop|setdefault)$/
/** Methods that read one named entry of a request's headers, form, query or cookies */
const GETTERS = /^(?:get|Get|getlist|get_all|getAll|getHeader|GetHeader|header|FormValue|PostFormValue|PostForm|DefaultPostForm|Query|DefaultQuery|Cookie|param|Param)$/
const MODEL_OUTPUT = "model output"

/** MCP SDK constructors of a text result: they hold the text they are given */
const TEXT_CONTENT = /^(?:TextContent|NewTextContent|NewToolResultText)$/
const TEXT_CONVERSION = /^(?:str|repr|String|string|encode|decode|b64encode|b64decode|urlsafe_b64encode|strip|trim|lower|upper|format|join|Sprint|Sprintf|Sprintln|toString|concat|replace|quote|dumps|stringify|from|toUpperCase|toLowerCase|NewToolResultText|NewTextContent|TextContent)$/

/** A function imported from a module of the application itself: a relative or an aliased path */
const APP_MODULE = /^(?:\.{1,2}\/|[@~#]\/|\.[A-Za-z_])/

/** Calls that rewrite characters of a text: regex and string replacements (`replace`, `re.sub`, `ReplaceAllString`, a `strings.Replacer`'s `Replace`) */
const REPLACEMENTS = /^(?:replace|replaceAll|sub|subn|translate|ReplaceAll|Replace|ReplaceAllString|ReplaceAllLiteralString|ReplaceAllStringFunc)$/

/** Array methods that call their callback with each element. */
const ITERATES = /^(?:map|forEach|flatMap|filter|find|findLast|some|every)$/

/** Calls that make a lookup table of the entries they are given (`new Map([[k, v], ...])`, `dict(...)`, `Object.freeze({...})`) */
const TABLE_MAKERS = /^(?:Map|dict|Object\.freeze|types\.MappingProxyType|MappingProxyType|frozendict)$/
/** Copies of a record or a list, which hold what it held (`dict(request.headers)`, `copy.deepcopy(cfg)`) */
const COPIES = /^(?:dict|copy|deepcopy|structuredClone)$/
/** Methods that return a few characters of a string (`key.slice(-4)`): not the credential itself. */
const PARTIAL_METHODS = /^(?:slice|substring|substr|charAt|at)$/

/** Parts of a URL that name the host it is on (not its path or query) */
const OWN_ORIGIN = new Set(["origin", "host", "hostname", "protocol"])

/** `req.url`, `request.nextUrl` (or its href / origin): the URL of the request being served */
const requestUrl = (e: Expr): boolean => {
  let base = e
  if (base.k === "attr" && (base.name === "href" || base.name === "origin")) base = base.obj
  return base.k === "attr" && (base.name === "url" || base.name === "nextUrl") && (base.obj.k === "name" || base.obj.k === "ref")
}

const lastSegmentOf = (callee: string): string => {
  const seg = callee.slice(callee.lastIndexOf(".") + 1)
  return seg.endsWith("()") ? seg.slice(0, -2) : seg
}

/** What a parameter's checks inside the function add to the value a caller passes for it. */
const guarded = (passed: Value, inside: Value): Value => checkedWhole(passed, inside.guards, inside.sanitized)

/** The fields of a query record that hold its statement (pg's `text`, mysql2's `sql`, BigQuery's `query`) */
const STATEMENT_FIELDS: ReadonlyArray<string> = ["text", "sql", "query"]

/** Constructors whose instance is text (`new String(x)`) */
const TEXT_CONSTRUCTORS: ReadonlySet<string> = new Set(["String"])

/** Parameter types that hold the run's context, never data the caller chose. */
const CONTEXT_TYPES: ReadonlySet<string> = new Set(["context.Context"])

const untrusted = (label: string): Value => ({ ...BLANK_VALUE, prov: Prov.Untrusted, label })
const CONFIG_VALUE: Value = Object.freeze({ ...BLANK_VALUE, prov: Prov.Config })
const SECRET_CONFIG_VALUE: Value = Object.freeze({ ...BLANK_VALUE, prov: Prov.Config, secret: true, label: "a secret from the environment" })
const configValue = (secret: boolean): Value => (secret ? SECRET_CONFIG_VALUE : CONFIG_VALUE)

const roleLabel = (f: FunctionInfo): string =>
  f.role === "route" ? "request data" : f.role === "graph_node" ? "graph state" : f.role === "event_handler" ? "the event or request a cloud function is invoked with" : f.role === "task" ? "a queued task's argument" : f.role === "mcp_tool" ? "an MCP tool argument" : f.role === "mcp_resource" ? "an MCP resource URI parameter" : f.role === "tool" ? "a tool argument (written by the model)" : `a ${f.role} argument`

/** Drops what only describes the value itself (constant text, fields), keeping provenance. */
const strip = (v: Value): Value => {
  if (v.text === undefined && v.prefix === undefined && v.fields === undefined && v.container === undefined && v.hostFixed === undefined && v.settingTail === undefined && v.structured === undefined && v.hostUnknown === undefined) return v
  return { ...v, text: undefined, prefix: undefined, fields: undefined, container: undefined, hostFixed: undefined, settingTail: undefined, structured: undefined, hostUnknown: undefined }
}

const withField = (whole: Value, key: string, v: Value): Value => {
  const fields = new Map(whole.fields ?? [])
  const old = fields.get(key)
  fields.set(key, old === undefined ? v : join(old, v))
  return { ...whole, fields }
}


