import type { Focus } from "./interest.js"
import type { Arg, Call, DeclaredType, Expr, FunctionInfo, Import, LiteralField, Loop, SemanticModel, Span, Statement } from "./Model.js"

/** Calls that return where a text holds something, or -1 (Go `strings.Index`, Python `str.find`, JS `indexOf`) */
const SEARCH_POSITION = /(?:^|\.)(?:Index|LastIndex|IndexAny|IndexByte|IndexRune|IndexFunc|find|rfind|indexOf|lastIndexOf|search|findIndex|findLastIndex)$/

/**
 * Collects what a language module finds while it walks a tree, and resolves names against the
 * file's imports and the calls whose results variables hold, so every callee in the model is
 * canonical. Shared by every language: only the walking is language-specific.
 */
export class ModelBuilder {
  readonly imports: Array<Import> = []
  readonly functions: Array<FunctionInfo> = []
  readonly calls: Array<Call> = []
  readonly module: Array<Statement> = []
  readonly constants = new Map<string, Expr>()
  /** class name -> canonical names of its bases */
  readonly classes = new Map<string, ReadonlyArray<string>>()
  /** Go: struct type -> the fields its literals set (see SemanticModel.literalFields) */
  readonly literalFields = new Map<string, Array<LiteralField>>()
  /** TypeScript: the types the file declares (see SemanticModel.types) */
  readonly types = new Map<string, DeclaredType>()
  private readonly aliases = new Map<string, string>()
  /** per function: variable -> canonical name of what it holds (`conn` -> `sqlite3.connect()`) */
  private readonly holders = new Map<number, Map<string, string>>()

  /** `focus`: the prefilter's interest, told of every import and alias (see interest.ts) */
  constructor(readonly language: SemanticModel["language"], private readonly focus?: Focus) {}

  addImport(local: string, canonical: string, span: Span): void {
    this.imports.push({ local, canonical, span })
    this.aliases.set(local, canonical)
    this.focus?.noteAlias(local, canonical)
  }

  isImported(local: string): boolean {
    return this.aliases.has(local)
  }

  /** Remembers that `name` holds an instance / result of `canonical`, for method calls on it. */
  bindHolder(fn: number, name: string, canonical: string): void {
    let scope = this.holders.get(fn)
    if (scope === undefined) {
      scope = new Map()
      this.holders.set(fn, scope)
    }
    scope.set(name, canonical)
  }

  /**
   * The canonical form of a dotted name as written: its first segment is an import alias, a variable
   * holding a call's result (looked up from the function outwards), or left as written.
   */
  canonical(fn: number, dotted: string, parentOf: (fn: number) => number): string {
    // longest held prefix first, so `self.client.chat` finds what `self.client` was bound to
    for (let cut = dotted.length; cut > 0; cut = dotted.lastIndexOf(".", cut - 1)) {
      const head = dotted.slice(0, cut)
      const rest = dotted.slice(cut)
      for (let scope = fn; ; scope = parentOf(scope)) {
        const held = this.holders.get(scope)?.get(head)
        if (held !== undefined) return held + rest
        if (scope === -1) break
      }
      if (cut === -1) break
    }
    const dot = dotted.indexOf(".")
    const head = dot === -1 ? dotted : dotted.slice(0, dot)
    const alias = this.aliases.get(head)
    return alias !== undefined ? alias + (dot === -1 ? "" : dotted.slice(dot)) : dotted
  }

  /**
   * The canonical text a method's receiver contributes to the callee name: `conn.cursor().execute`
   * is `sqlite3.connect().cursor().execute`. `canonical` lets a language module use a faster lookup.
   */
  receiverName(receiver: Expr, fn: number, canonical: (fn: number, dotted: string) => string = (scope, dotted) => this.canonical(scope, dotted, this.parentOf)): string {
    if (receiver.k === "ref") return receiver.name
    if (receiver.k === "call") return `${this.calls[receiver.call]!.callee}()`
    if (receiver.k === "lit") return typeof receiver.value === "string" ? "str" : "lit"
    if (receiver.k === "concat") return "str"
    const dotted = dottedOf(receiver)
    if (dotted !== undefined) return canonical(fn, dotted)
    // `OpenAI().chat.completions`: attributes of a call's result
    const path: Array<string> = []
    let cur: Expr = receiver
    while (cur.k === "attr") {
      path.unshift(cur.name)
      cur = cur.obj
    }
    return cur.k === "call" && path.length > 0 ? `${this.calls[cur.call]!.callee}().${path.join(".")}` : "?"
  }

  addCall(call: Omit<Call, "callee"> & { callee: string }): number {
    const loop = this.loopOf(call.fn)
    this.calls.push(loop === -1 ? call : { ...call, loop })
    if (DEADLINES.has(call.callee)) this.deadlines.add(call.fn)
    return this.calls.length - 1
  }

  readonly loops: Array<Loop> = []
  /** loops being walked, innermost last */
  private readonly open: Array<number> = []
  /** functions that made a context with a deadline (`context.WithTimeout`): their later loops are bounded by it */
  private readonly deadlines = new Set<number>()
  /** set when an ordering comparison (`<`, `<=`, `>`, `>=`) is walked; language modules reset it around an `if` */
  ordered = false

  /**
   * An ordering comparison of a search position with 0 or -1 (`strings.Index(reply, "DONE") >= 0`,
   * `if idx := strings.Index(...); idx >= 0`, `text.find("DONE") != -1`, `reply.indexOf("DONE") >= 0`):
   * whether a text holds something, not a count or a deadline, so no bound on a loop.
   */
  presenceCheck(fn: number, operands: ReadonlyArray<Expr>): boolean {
    if (operands.length !== 2) return false
    const mark = (e: Expr): boolean => (e.k === "lit" && (e.value === 0 || e.value === -1)) || (e.k === "op" && e.parts.length === 1 && e.parts[0]!.k === "lit" && e.parts[0]!.value === 1)
    const other = mark(operands[0]!) ? operands[1]! : mark(operands[1]!) ? operands[0]! : undefined
    const searched = (e: Expr | undefined, depth: number): boolean => {
      if (e?.k === "call") return SEARCH_POSITION.test(this.calls[e.call]!.callee)
      if (e?.k !== "name" || depth > 0) return false
      // (the search is written just before its check: a few statements back, not the whole body, which
      // in bundled code is thousands of statements long for every `x >= 0`)
      const body = fn === -1 ? this.module : this.functions[fn]?.body ?? []
      for (let i = body.length - 1; i >= 0 && i >= body.length - 6; i--) {
        const st = body[i]!
        if (st.k === "assign" && st.target.name === e.name && st.target.path.length === 0) return searched(st.value, depth + 1)
      }
      return false
    }
    return searched(other, 0)
  }

  /** Opens a loop of `fn`; calls added until `exitLoop` sit in it. */
  enterLoop(span: Span, fn: number, endless: boolean): number {
    this.loops.push({ span, fn, parent: this.loopOf(fn), endless, bounded: this.deadlines.has(fn), waits: false })
    this.open.push(this.loops.length - 1)
    return this.loops.length - 1
  }

  exitLoop(): void {
    this.open.pop()
  }

  /** The innermost open loop of `fn` (a nested function's calls are not in the loop around its definition). */
  loopOf(fn: number): number {
    for (let i = this.open.length - 1; i >= 0; i--) if (this.loops[this.open[i]!]!.fn === fn) return this.open[i]!
    return -1
  }

  /** Something in the open loops of `fn` ends them: a counter or deadline check that exits, a cancellation. */
  boundLoops(fn: number): void {
    for (const i of this.open) if (this.loops[i]!.fn === fn) this.loops[i]!.bounded = true
  }

  /** The innermost open loop of `fn` receives from a channel each lap. */
  waitInLoop(fn: number): void {
    const loop = this.loopOf(fn)
    if (loop !== -1) this.loops[loop]!.waits = true
  }

  /** A function calling itself: by its name (not an import of the same name), or a method on its receiver. */
  private markRecursion(): void {
    for (const call of this.calls) {
      // a call in a lambda calls the named function around it (`parts.map((p) => expand(p))`)
      let fn = call.fn
      while (fn !== -1 && this.functions[fn]!.name.startsWith("<") && this.functions[fn]!.parent !== -1) fn = this.functions[fn]!.parent
      if (fn === -1) continue
      const f = this.functions[fn]!
      if (f.recursive === true || f.name.startsWith("<")) continue
      const w = call.written
      const self = f.params[0]
      // a bare name the function binds itself (`stream = pick(...)`, a parameter) is that value, not the function
      const shadowed = (): boolean => f.params.includes(f.name) || f.body.some((s) => (s.k === "assign" || s.k === "iterate") && s.target.name === f.name && s.target.path.length === 0)
      if ((w === f.name && call.callee === f.name && !shadowed()) || w === `this.${f.name}` || (self !== undefined && w === `${self}.${f.name}`)) f.recursive = true
    }
  }

  addFunction(info: FunctionInfo): number {
    this.functions.push(info)
    return this.functions.length - 1
  }

  parentOf = (fn: number): number => (fn === -1 ? -1 : this.functions[fn]!.parent)

  /**
   * An untyped parameter of a function of the file is named by what every call of the function in the
   * file passes for it, when that is an instance the caller holds (`async def fetch(session, url)` called
   * as `fetch(http_session, url)` inside `async with aiohttp.ClientSession() as http_session`): the calls
   * on the parameter inside the function (and its closures) become calls on that class
   * (`aiohttp.ClientSession().get`), as with a typed parameter (`session: aiohttp.ClientSession`).
   */
  private nameParamsByCallers(): void {
    const byName = new Map<string, number>()
    this.functions.forEach((f, i) => {
      if (!f.name.startsWith("<")) byName.set(f.name, byName.has(f.name) ? -1 : i)
    })
    const sites = new Map<number, Array<Call>>()
    for (const c of this.calls) {
      const fi = byName.get(c.callee)
      if (fi === undefined || fi < 0 || c.written !== c.callee) continue
      const list = sites.get(fi)
      if (list === undefined) sites.set(fi, [c])
      else list.push(c)
    }
    // a helper handing the session on to another (`fetch` -> `_get`) names that one's parameter next round
    const named = new Set<string>()
    for (let round = 0; round < 3; round++) {
      for (const [fi, list] of sites) {
        const f = this.functions[fi]!
        if (f.receiver === true || f.params[0] === "self" || f.params[0] === "cls") continue
        f.params.forEach((param, pi) => {
          if (f.paramTypes?.[pi] !== undefined || named.has(`${fi}:${param}`)) return
          let held: string | undefined
          for (const site of list) {
            const arg = site.args.find((a) => a.name === param) ?? site.args.filter((a) => a.name === undefined)[pi]
            const name = arg === undefined ? undefined : this.instanceOf(arg.value, site.fn)
            if (name === undefined || (held !== undefined && held !== name)) return
            held = name
          }
          if (held === undefined) return
          named.add(`${fi}:${param}`)
          this.bindHolder(fi, param, held)
          const prefix = `${param}.`
          this.calls.forEach((c, i) => {
            if (c.callee.startsWith(prefix) && this.within(c.fn, fi)) this.calls[i] = { ...c, callee: held + c.callee.slice(param.length) }
          })
        })
      }
    }
  }

  /** The instance an argument holds (a call's result, `aiohttp.ClientSession()`, or a typed parameter), if known. */
  private instanceOf(e: Expr, fn: number): string | undefined {
    if (e.k === "call") return `${this.calls[e.call]!.callee}()`
    const dotted = e.k === "name" || e.k === "attr" ? dottedOf(e) : undefined
    if (dotted === undefined) return undefined
    for (let scope = fn; ; scope = this.parentOf(scope)) {
      const held = this.holders.get(scope)?.get(dotted)
      if (held !== undefined) return held
      if (scope === -1) return undefined
    }
  }

  /** `fn` is `outer` or a function nested in it. */
  private within(fn: number, outer: number): boolean {
    for (let f = fn; f !== -1; f = this.parentOf(f)) if (f === outer) return true
    return false
  }

  build(): SemanticModel {
    this.markRecursion()
    this.nameParamsByCallers()
    return {
      language: this.language,
      imports: this.imports,
      functions: this.functions,
      calls: this.calls,
      loops: this.loops,
      module: this.module,
      constants: this.constants,
      ...(this.classes.size > 0 ? { classes: this.classes } : {}),
      ...(this.literalFields.size > 0 ? { literalFields: this.literalFields } : {}),
      ...(this.types.size > 0 ? { types: this.types } : {})
    }
  }
}

/** Calls that make a context or signal with a deadline. */
const DEADLINES = new Set(["context.WithTimeout", "context.WithDeadline", "AbortSignal.timeout"])

export const UNKNOWN: Expr = { k: "unknown" }

export const argOf = (args: ReadonlyArray<Arg>, position: number | string): Arg | undefined =>
  typeof position === "number"
    ? args.filter((a) => a.name === undefined)[position]
    : args.find((a) => a.name === position)

/**
 * Module-level names bound to a lambda (`launch = lambda line: os.system(line)`), by name: calls of
 * the name run the lambda, as calls of a function's name run the function.
 */
export const moduleLambdas = (model: SemanticModel): ReadonlyMap<string, number> => {
  const out = new Map<string, number>()
  for (const s of model.module) {
    if (s.k !== "assign" || s.target.path.length > 0 || s.value.k !== "func") continue
    const f = model.functions[s.value.fn]
    if (f !== undefined && f.name === "<lambda>" && f.parent === -1) out.set(s.target.name, s.value.fn)
  }
  return out
}

/** An assignment target as one dotted key, as written (`self.client`, `el.innerHTML`, `<div>.dangerouslySetInnerHTML`). */
export const targetKey = (t: { readonly name: string; readonly path: ReadonlyArray<string> }): string => (t.path.length === 0 ? t.name : `${t.name}.${t.path.join(".")}`)

/** The class a function (or a function nested in it, a lambda in a method) belongs to. */
export const classOf = (model: Pick<SemanticModel, "functions">, fn: number): string | undefined => {
  for (let scope = fn; scope !== -1; scope = model.functions[scope]!.parent) {
    const owner = model.functions[scope]!.owner
    if (owner !== undefined) return owner
  }
  return undefined
}

/** Dotted text of a name/attribute chain (`a.b.c`), or undefined when it is not one. */
export const dottedOf = (expr: Expr): string | undefined => {
  if (expr.k === "name" || expr.k === "ref") return expr.name
  if (expr.k === "attr") {
    const head = dottedOf(expr.obj)
    return head === undefined ? undefined : `${head}.${expr.name}`
  }
  return undefined
}

/**
 * A template's text with its values where its placeholders are (`"%s/orders/%s" % (base, id)`,
 * `fmt.Sprintf("%s/orders/%s", base, id)`): the literal pieces between the values, so what follows
 * each value is known (a configured host followed by `/`). Undefined unless every placeholder takes
 * the next value in order and there are as many as values; an escape (`%%`, `{{`) is text.
 */
export const interleaveTemplate = (text: string, placeholder: RegExp, escape: string, values: ReadonlyArray<Expr>): Array<Expr> | undefined => {
  const parts: Array<Expr> = []
  let last = 0
  let piece = ""
  let used = 0
  for (const m of text.matchAll(placeholder)) {
    if (m[0] === escape) continue
    const value = values[used++]
    if (value === undefined) return undefined
    piece += text.slice(last, m.index)
    parts.push({ k: "lit", value: piece }, value)
    piece = ""
    last = m.index! + m[0].length
  }
  if (used !== values.length || used === 0) return undefined
  parts.push({ k: "lit", value: text.slice(last) })
  return parts
}

/** Methods that add their arguments to the list (or set) they are called on. */
const APPENDS = /\.(?:append|extend|insert|add|push|unshift)$/

/**
 * `parts.append(x)`, `parts.push(x)` on a local list: the list now also holds x, written as the
 * assignment `parts = parts + x` so data flow reads x when the list is joined or iterated. Only a
 * variable: on an attribute (`self.text.insert(i, chars)` on a widget, `this.cache.add(k)`) the
 * receiver is as often an object as a list, and writing the data into the attribute would taint
 * everything read from its owner.
 */
export const appendedTo = (call: Call): Extract<Statement, { k: "assign" }> | undefined => {
  const r = call.receiver
  if (r === undefined || call.args.length === 0 || !APPENDS.test(call.callee)) return undefined
  // a list held by a name, or by a field of one (`self.notes.append(text)`, `this.log.push(entry)`)
  const path: Array<string> = []
  let base = r
  while (base.k === "attr") {
    path.unshift(base.name)
    base = base.obj
  }
  if (base.k !== "name" || path.length > 2) return undefined
  return { k: "assign", target: { name: base.name, path }, value: { k: "op", parts: [r, ...call.args.map((a) => a.value)], appended: true }, span: call.span }
}

/** A list literal's elements with the separator between them (`[a, b].join(sep)` is `a + sep + b`); undefined for anything else. */
export const joinedLines = (list: Expr, separator: Expr): Array<Expr> | undefined => {
  if (list.k !== "container" || list.entries.length === 0 || list.entries.some((e) => e.key !== undefined)) return undefined
  return list.entries.flatMap((e, i) => (i === 0 ? [e.value] : [separator, e.value]))
}
