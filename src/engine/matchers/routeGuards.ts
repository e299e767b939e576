import type { Call, Expr, SemanticModel, Statement } from "../model/Model.js"
import { dottedOf } from "../model/ModelBuilder.js"

/** What routeGuards needs of the function rules' body index. */
export interface Bodies {
  own(fn: number): ReadonlyArray<Call>
  reachable(fn: number): ReadonlyArray<Call>
  helperOf(call: Call): number | undefined
  registrations(fn: number): ReadonlyArray<Call>
  functionNamed(name: string): number | undefined
}

/** What stands in front of one route: calls, functions and referenced names (imported middleware). */
export interface Attached {
  readonly calls: Set<Call>
  readonly fns: Set<number>
  readonly names: Set<string>
  /**
   * A middleware of the project's own modules stands in the route's registration or wraps it
   * (`app.post(path, ensureSignedIn, handler)` with `ensureSignedIn` from "./middleware"): what it
   * does is in another file
   */
  project: boolean
}

/** a JavaScript module of the project itself (a relative path, an `@/` / `~/` alias, a `#` subpath import), not a package */
const PROJECT_MODULE = /^(?:\.{1,2}\/|[@~]\/|#)/

/**
 * Guards attached to routes, read from how the framework attaches them, never from their names:
 * the route's own body and same-file helpers; its decorators and parameter defaults (`@login_required`,
 * `Depends(load_user)`); the other arguments of the call registering it (`app.post(path, limiter,
 * handler)`, Fastify's `{ preHandler }`, gin's `r.POST(path, mw(), h)`); the calls wrapped around the
 * handler (`mux.Handle(p, auth(http.HandlerFunc(h)))`, `export const POST = withAuth(handler)`); the
 * receiver it is registered on (chi `r.With(mw).Post`, a gin group `r.Group("/api", mw)` and that
 * group's `Use(mw)`, an app's `use(mw)`). A name stands for the same-file function it names or the
 * call it holds (`const limiter = rateLimit()`).
 *
 * `bound`: the calls and functions that are attached to particular routes only (a handler's body, a
 * middleware named in registrations and nowhere else, a group's middleware): file-wide conditions
 * skip them, so one guarded route no longer clears every route of the file. An app's `use(mw)` is
 * attached to the routes registered on it and stays file-wide too (routers mounted into the app).
 */
export class RouteGuards {
  readonly attached = new Map<number, Attached>()
  readonly boundCalls = new Set<Call>()
  readonly boundFns = new Set<number>()
  /** decorators of handlers, per route (a bare `@login_required` is not a call) */
  readonly boundDecorated = new Set<number>()
  private readonly callIndex = new Map<Call, number>()
  private readonly parentCall = new Map<number, number>()
  private readonly childCalls = new Map<number, Array<number>>()
  private readonly held = new Map<string, ReadonlyArray<Call>>()
  /** per name, every place it is referenced: `c<call>` (an argument or receiver of that call), `s<fn>:<offset>` (a statement) */
  private readonly refs = new Map<string, Set<string>>()
  private readonly boundRefs = new Set<string>()
  /** a handler registered at no literal path (or registered elsewhere): prefixes cannot be judged */
  private pathUnknown = false

  constructor(
    private readonly model: SemanticModel,
    private readonly bodies: Bodies,
    routes: ReadonlyArray<number>
  ) {
    model.calls.forEach((c, i) => {
      this.callIndex.set(c, i)
      const visit = (e: Expr): void =>
        this.walk(e, (x) => {
          if (x.k !== "call") return this.ref(x, `c${i}`)
          this.parentCall.set(x.call, i)
          const children = this.childCalls.get(i)
          if (children === undefined) this.childCalls.set(i, [x.call])
          else children.push(x.call)
        })
      for (const a of c.args) visit(a.value)
      if (c.receiver !== undefined) visit(c.receiver)
      const h = bodies.helperOf(c)
      if (h !== undefined) this.addRef(model.functions[h]!.name, `c${i}`)
    })
    const statements = (fn: number, body: ReadonlyArray<Statement>): void => {
      for (const s of body) if (s.k === "assign" || s.k === "return" || s.k === "iterate") this.walk(s.value, (x) => this.ref(x, `s${fn}:${s.span.start}`))
    }
    statements(-1, model.module)
    model.functions.forEach((f, fn) => statements(fn, f.body))

    const handlers = routes.filter((fi) => this.handler(fi))
    for (const fi of routes) this.attached.set(fi, this.attach(fi, handlers.includes(fi)))
    for (const fi of handlers) {
      this.boundDecorated.add(fi)
      this.bindFn(fi)
    }
    // middleware under a prefix is judged by the routes' paths when every handler's path is known
    if (!this.pathUnknown)
      for (const c of model.calls) if (c.receiver?.k === "name" && /^use$/i.test(lastPart(c.callee)) && prefixOf(c) !== undefined) this.bindCall(c)
    // a name referenced only where it is bound (a middleware named in registrations only, a limiter
    // only its middleware uses) binds what it stands for; a few rounds reach middleware of middleware
    for (let round = 0; round < 3; round++) {
      let grew = false
      for (const [name, places] of this.refs) {
        if (![...places].every((p) => this.boundRefs.has(p))) continue
        const fn = bodies.functionNamed(name)
        if (fn !== undefined && !this.boundFns.has(fn)) {
          this.bindFn(fn)
          grew = true
        }
        for (const held of this.heldCalls(name))
          if (!this.boundCalls.has(held)) {
            this.bindCall(held)
            grew = true
          }
      }
      if (!grew) break
    }
  }

  private addRef(name: string, place: string): void {
    let set = this.refs.get(name)
    if (set === undefined) this.refs.set(name, (set = new Set()))
    set.add(place)
  }
  private ref(e: Expr, place: string): void {
    if (e.k === "name") this.addRef(e.name, place)
  }
  /** the expression's parts, not entering nested calls (their arguments are theirs) or functions */
  private walk(e: Expr, visit: (e: Expr) => void, depth = 0): void {
    if (depth > 12) return
    visit(e)
    switch (e.k) {
      case "attr":
      case "index":
        return this.walk(e.obj, visit, depth + 1)
      case "concat":
      case "op":
        return e.parts.forEach((p) => this.walk(p, visit, depth + 1))
      case "container":
        return e.entries.forEach((x) => this.walk(x.value, visit, depth + 1))
      default:
        return
    }
  }

  private bindCall(c: Call): void {
    if (this.boundCalls.has(c)) return
    this.boundCalls.add(c)
    const i = this.callIndex.get(c)!
    this.boundRefs.add(`c${i}`)
    // what its arguments call is bound with it (`rateLimit({ store: new RedisStore() })`)
    for (const child of this.childCalls.get(i) ?? []) this.bindCall(this.model.calls[child]!)
    // inline functions passed to it; named ones (and helpers it runs) are bound by their references
    for (const cb of c.callbacks ?? []) if (this.anonymous(cb.fn)) this.bindFn(cb.fn)
  }
  private anonymous(fn: number): boolean {
    const name = this.model.functions[fn]!.name
    return name === "<anonymous>" || name === "<lambda>"
  }
  /** a receiver that is a router variable of the file, not a package (`r.Group`, not `gin.Default`) */
  private local(e: Expr | undefined): boolean {
    return e !== undefined && e.k === "name" && !this.model.imports.some((i) => i.local === e.name)
  }
  private bindFn(fn: number): void {
    if (this.boundFns.has(fn)) return
    this.boundFns.add(fn)
    // nested functions (a middleware factory's closure) and the calls of the function
    this.model.functions.forEach((g, gi) => {
      if (g.parent === fn) this.bindFn(gi)
    })
    for (const s of this.model.functions[fn]!.body) this.boundRefs.add(`s${fn}:${s.span.start}`)
    for (const c of this.bodies.own(fn)) this.bindCall(c)
    for (const c of this.parameterCalls(fn)) this.bindCall(c)
  }

  /** calls in the function's parameter list (defaults: `user = Depends(load_user)`), kept by its parent */
  private parameterCalls(fn: number): ReadonlyArray<Call> {
    const f = this.model.functions[fn]!
    return this.model.calls.filter((c) => c.fn === f.parent && c.fn !== fn && c.span.start >= f.nameSpan.end && c.span.end <= f.span.end)
  }

  /**
   * A route handler, as opposed to middleware with a route's signature: not registered for every
   * path (`app.use(mw)`, `app.all("*", mw)`, `app.get("/api/*", mw)`, `addHook`), not returned by a
   * middleware factory (`func auth() gin.HandlerFunc { return func(c *gin.Context) {...} }`).
   */
  private handler(fi: number): boolean {
    const f = this.model.functions[fi]!
    if (f.parent !== -1) {
      const returned = this.model.functions[f.parent]!.body.some((s) => s.k === "return" && s.span.start <= f.span.start && f.span.end <= s.span.end)
      if (returned) return false
    }
    return !this.referencingCalls(fi).some((c) => {
      if (/^(?:use|all|addhook)$/i.test(lastPart(c.callee))) return true
      const path = c.args[0]?.value
      return path !== undefined && path.k === "lit" && typeof path.value === "string" && path.value.endsWith("*")
    })
  }

  /** the calls that name the function as an argument (a registration or a wrapper) */
  private referencingCalls(fi: number): ReadonlyArray<Call> {
    const f = this.model.functions[fi]!
    const refersTo = (e: Expr): boolean =>
      (e.k === "func" && e.fn === fi) ||
      (f.name !== "<anonymous>" && f.name !== "<lambda>" && ((e.k === "name" && e.name === f.name) || (e.k === "attr" && e.name === f.name)))
    return this.model.calls.filter((c) => c.callbacks?.some((cb) => cb.fn === fi) === true || c.args.some((a) => refersTo(a.value)))
  }

  /** the calls a name holds (`const limiter = rateLimit()`, `g := r.Group(...)`), anywhere in the file */
  private heldCalls(name: string): ReadonlyArray<Call> {
    const known = this.held.get(name)
    if (known !== undefined) return known
    const out: Array<Call> = []
    this.held.set(name, out)
    const scan = (body: ReadonlyArray<Statement>): void => {
      for (const s of body)
        if (s.k === "assign" && s.target.name === name && s.target.path.length === 0 && s.value.k === "call") out.push(this.model.calls[s.value.call]!)
    }
    scan(this.model.module)
    for (const f of this.model.functions) scan(f.body)
    return out
  }

  private attach(fi: number, handler: boolean): Attached {
    const into: Attached = { calls: new Set(), fns: new Set(), names: new Set(), project: false }
    const addFn = (fn: number): void => {
      if (into.fns.has(fn)) return
      into.fns.add(fn)
      this.model.functions.forEach((g, gi) => {
        if (g.parent === fn) addFn(gi)
      })
      for (const c of [...this.bodies.reachable(fn), ...this.parameterCalls(fn)]) {
        into.calls.add(c)
        const h = this.bodies.helperOf(c)
        if (h !== undefined) addFn(h)
      }
    }
    addFn(fi)
    for (const d of this.model.functions[fi]!.decorators) into.names.add(d)
    // decorators with arguments and parameter defaults
    for (const c of this.bodies.registrations(fi)) this.expr({ k: "call", call: this.callIndex.get(c)! }, into, addFn, handler, 0)
    for (const c of this.parameterCalls(fi)) this.expr({ k: "call", call: this.callIndex.get(c)! }, into, addFn, handler, 0)
    // registrations and wrappers, outward from the handler; the paths the route is registered at
    const paths: Array<{ on: string; path: string }> = []
    for (const reg of this.referencingCalls(fi)) {
      let i: number | undefined = this.callIndex.get(reg)
      let from: number | undefined
      while (i !== undefined) {
        const c = this.model.calls[i]!
        // a wrapper from the project's modules (`export const POST = withSession(handler)`)
        if (c.receiver === undefined && PROJECT_MODULE.test(c.callee)) into.project = true
        if (i !== this.callIndex.get(reg) || this.bodies.helperOf(c) !== undefined) {
          into.calls.add(c)
          if (handler) this.boundCalls.add(c), this.boundRefs.add(`c${i}`)
        } else if (handler) this.boundRefs.add(`c${i}`)
        const helper = this.bodies.helperOf(c)
        if (helper !== undefined) addFn(helper)
        for (const a of c.args) {
          if (from !== undefined && a.value.k === "call" && a.value.call === from) continue
          if (a.value.k === "func" && a.value.fn === fi) continue
          this.expr(a.value, into, addFn, handler, 0)
        }
        if (c.receiver !== undefined) this.receiver(c.receiver, into, addFn, handler, 0)
        const path = literal(c.args[0]?.value)
        if (c.receiver?.k === "name" && path !== undefined) paths.push({ on: c.receiver.name, path })
        from = i
        i = this.parentCall.get(i)
      }
    }
    this.underPrefix(paths, into, addFn)
    if (handler && paths.length === 0) this.pathUnknown = true
    return into
  }

  /**
   * Middleware under a path prefix (`app.use("/api", auth)`, Hono's `app.use("/api/*", jwt())`)
   * covers the routes registered under it: on the same app, or on a router mounted under it
   * (`app.use("/api", auth, api)`, `app.use("/api", api)`, `app.route("/api", api)`, chi's `Mount`).
   */
  private underPrefix(paths: Array<{ on: string; path: string }>, into: Attached, addFn: (fn: number) => void): void {
    for (let k = 0; k < paths.length && k < 8; k++) {
      const { on, path } = paths[k]!
      for (const c of this.model.calls) {
        if (c.receiver?.k !== "name") continue
        const mount = literal(c.args[0]?.value)
        if (mount !== undefined && /^(?:use|route|mount)$/i.test(lastPart(c.callee)) && c.args.slice(1).some((a) => a.value.k === "name" && a.value.name === on))
          paths.push({ on: c.receiver.name, path: `${mount.replace(/\/$/, "")}${path.startsWith("/") ? "" : "/"}${path}` })
        if (c.receiver.name !== on || !/^use$/i.test(lastPart(c.callee))) continue
        const prefix = prefixOf(c)
        if (prefix === undefined || !under(prefix, path)) continue
        into.calls.add(c)
        for (const a of c.args.slice(1)) this.expr(a.value, into, addFn, false, 1)
      }
    }
  }

  /** an argument standing in front of the route: a call, a name, an imported reference, an inline function */
  private expr(e: Expr, into: Attached, addFn: (fn: number) => void, bind: boolean, depth: number): void {
    if (depth > 6) return
    switch (e.k) {
      case "call": {
        const c = this.model.calls[e.call]!
        into.calls.add(c)
        if (c.receiver === undefined && PROJECT_MODULE.test(c.callee)) into.project = true
        if (bind) this.bindCall(c)
        const h = this.bodies.helperOf(c)
        if (h !== undefined) addFn(h)
        for (const a of c.args) this.expr(a.value, into, addFn, bind, depth + 1)
        for (const cb of c.callbacks ?? []) addFn(cb.fn)
        return
      }
      case "func":
        addFn(e.fn)
        if (bind && this.anonymous(e.fn)) this.bindFn(e.fn)
        return
      case "name": {
        into.names.add(e.name)
        for (const i of this.model.imports)
          if (i.local === e.name) {
            into.names.add(i.canonical)
            if (PROJECT_MODULE.test(i.canonical)) into.project = true
          }
        const fn = this.bodies.functionNamed(e.name)
        if (fn !== undefined) addFn(fn)
        for (const held of this.heldCalls(e.name)) this.expr({ k: "call", call: this.callIndex.get(held)! }, into, addFn, false, depth + 1)
        return
      }
      case "ref":
        into.names.add(e.name)
        if (PROJECT_MODULE.test(e.name)) into.project = true
        return
      case "attr": {
        const dotted = dottedOf(e)
        if (dotted !== undefined) into.names.add(dotted)
        const fn = this.bodies.functionNamed(e.name)
        if (fn !== undefined) addFn(fn)
        return
      }
      case "container":
        return e.entries.forEach((x) => this.expr(x.value, into, addFn, bind, depth + 1))
      case "op":
      case "concat":
        return e.parts.forEach((p) => this.expr(p, into, addFn, bind, depth + 1))
      default:
        return
    }
  }

  /**
   * The receiver a route is registered on: middleware added along its chain (`r.With(mw)`), where it
   * was made (`g := r.Group("/api", mw)`) and added to it later (`g.Use(mw)`, `app.use(mw)`). A
   * group made from another router is bound to its routes; the app itself is file-wide.
   */
  private receiver(e: Expr, into: Attached, addFn: (fn: number) => void, handler: boolean, depth: number): void {
    if (depth > 6) return
    if (e.k === "call") {
      const c = this.model.calls[e.call]!
      into.calls.add(c)
      // `r.With(mw)`: middleware of this registration only
      const bind = handler && this.local(c.receiver)
      if (bind) this.bindCall(c)
      for (const a of c.args) this.expr(a.value, into, addFn, bind, depth + 1)
      if (c.receiver !== undefined) this.receiver(c.receiver, into, addFn, handler, depth + 1)
      return
    }
    if (e.k !== "name") return
    const made = this.heldCalls(e.name)
    // a group of another router (`api := r.Group(...)`), not an app made by a package (`express()`)
    const group = made.some((c) => this.local(c.receiver))
    for (const c of made) this.receiver({ k: "call", call: this.callIndex.get(c)! }, into, addFn, handler && group, depth + 1)
    for (const c of this.model.calls) {
      if (c.receiver?.k !== "name" || c.receiver.name !== e.name || !/^use$/i.test(lastPart(c.callee))) continue
      // middleware under a path prefix is attached by the route's path (see `underPrefix`)
      if (prefixOf(c) !== undefined) continue
      into.calls.add(c)
      const bind = handler && group
      if (bind) this.bindCall(c)
      for (const a of c.args) this.expr(a.value, into, addFn, bind, depth + 1)
    }
  }
}

const lastPart = (callee: string): string => callee.slice(callee.lastIndexOf(".") + 1)

/**
 * `use("/api", mw)` / `use("/api/*", mw)`: middleware for the paths under a prefix (given without
 * its trailing `/*`); undefined for middleware of every path (`use(mw)`, `use("*", mw)`, `use("/", mw)`).
 */
const prefixOf = (c: Call): string | undefined => {
  const first = c.args[0]?.value
  if (first === undefined || first.k !== "lit" || typeof first.value !== "string" || c.args.length < 2) return undefined
  const p = first.value.replace(/\/?\*$/, "").replace(/\/$/, "")
  return p === "" ? undefined : p
}

const under = (prefix: string, path: string): boolean => path === prefix || path.startsWith(prefix.endsWith("/") ? prefix : `${prefix}/`)

const literal = (e: Expr | undefined): string | undefined => (e !== undefined && e.k === "lit" && typeof e.value === "string" ? e.value : undefined)
