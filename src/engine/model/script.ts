import { ts } from "../../languages/typescript.js"
import type { Arg, Call, DeclaredType, Expr, FunctionInfo, GuardKind, SemanticModel, Span, Statement, Target } from "./Model.js"
import { appendedTo, dottedOf, joinedLines, ModelBuilder, UNKNOWN } from "./ModelBuilder.js"
import { checkKindOf, type ChecksByName, checksInCommon, NORMALISERS } from "./guards.js"
import { restrictivePattern } from "./regexGuard.js"
import { anyWithin, mergeSpans, SPREAD_STEPS, withinMerged } from "./offsets.js"
import { WholeWords } from "./wordScan.js"
import { Focus, type Interest } from "./interest.js"

/** zod calls that keep what the schema they wrap accepts (schemaGuards) */
const ZOD_WRAPPERS = new Set(["describe", "optional", "default", "nullable", "nullish", "readonly", "catch"])
/** zod schemas of values that hold no text: a number, a boolean (`z.coerce.number()` too) */
const ZOD_SCALARS = new Set(["number", "int", "bigint", "boolean"])
/** zod refinements of a number schema (`z.number().int().positive()`), still a number */
const ZOD_NUMBER_REFINEMENTS = new Set(["int", "positive", "negative", "nonnegative", "nonpositive", "min", "max", "gt", "gte", "lt", "lte", "multipleOf", "step", "finite", "safe", ...ZOD_WRAPPERS])
/** zod refinements of a string schema that keep a checked shape checked (`.regex(...).max(64)`) */
const ZOD_TEXT_REFINEMENTS = new Set(["min", "max", "length", "trim", "toLowerCase", "toUpperCase"])
const ZOD_OBJECT_WRAPPERS = new Set(["strict", "describe", "passthrough", "strip"])
/** A call of zod's API: `z.object`, `zod.string`, also imported from a subpath (`zod/v4`, `zod/mini`) */
const isZod = (callee: string): boolean => /^(?:zod(?:\/[\w-]+)?|z)\./.test(callee) || callee.includes("zod.")
/** zod schemas of values that are not text: numbers, booleans, dates, collections, records, functions */
const ZOD_DATA = new Set(["number", "int", "bigint", "boolean", "date", "array", "tuple", "record", "map", "set", "function", "instanceof", "null", "undefined", "void"])
/** a zod schema's methods that return what it let through */
const PARSES = new Set(["parse", "safeParse", "parseAsync", "safeParseAsync"])
/** route middleware that validates the request against the zod schema given as its second argument */
const ROUTE_VALIDATORS = new Set(["@hono/zod-validator.zValidator"])
/** option fields that hold a tool's input schema */
const SCHEMA_KEYS = new Set(["inputSchema", "parameters", "schema", "argsSchema", "paramsSchema", "input_schema"])

/**
 * Fills the semantic model from a TypeScript compiler AST (JavaScript and TypeScript alike). One walk
 * over the raw compiler nodes (no ts-morph wrappers, no parent pointers: the walker carries its own
 * context). Conventions follow python.ts, so the one data-flow engine reads both the same way:
 * nested blocks are flattened into the function's statement list, guards carry the span where they
 * hold, a variable holding a call's result is named by that call.
 */
export const scriptModel = (file: ts.SourceFile, language: "javascript" | "typescript", interest?: Interest): SemanticModel => {
  if (K === undefined) readCompilerTables()
  return new ScriptWalker(file, language, interest).run()
}

/*
 * Tables read from the compiler on the first script, not at import: touching `ts` here would load
 * TypeScript (~70 MB, ~250 ms) into every analysis worker at start, whether or not a JavaScript or
 * TypeScript file ever arrives (see languages/typescript.ts).
 */
let K: typeof ts.SyntaxKind
let NO_ARGS: ts.NodeArray<ts.Expression>
let PARAMETER_PROPERTY: ReadonlySet<ts.SyntaxKind>
let EXIT_KINDS: ReadonlySet<ts.SyntaxKind>
let ORDERING: ReadonlySet<ts.SyntaxKind>
let EQUALITY: ReadonlySet<ts.SyntaxKind>

const readCompilerTables = (): void => {
  K = ts.SyntaxKind
  NO_ARGS = ts.factory.createNodeArray<ts.Expression>()
  PARAMETER_PROPERTY = new Set([K.PublicKeyword, K.PrivateKeyword, K.ProtectedKeyword, K.ReadonlyKeyword])
  EXIT_KINDS = new Set([K.ReturnStatement, K.ThrowStatement, K.ContinueStatement, K.BreakStatement])
  ORDERING = new Set([K.LessThanToken, K.LessThanEqualsToken, K.GreaterThanToken, K.GreaterThanEqualsToken])
  EQUALITY = new Set([K.EqualsEqualsEqualsToken, K.EqualsEqualsToken, K.ExclamationEqualsEqualsToken, K.ExclamationEqualsToken])
}

/** String methods that build a new string from the receiver and the arguments (python's BUILDERS). */
const BUILDERS = new Set([
  "join", "concat", "replace", "replaceAll", "trim", "trimStart", "trimEnd", "toLowerCase", "toUpperCase",
  "padStart", "padEnd", "repeat", "normalize", "slice", "substring", "toString"
])
/** Calls that normalise a path or URL and return it: the check is about their (last) argument. */
/** conversions that keep the value they are given, as far as a check of it goes */
const CONVERSIONS = new Set(["String", "Number"])
const WRAPPERS = /^(?:String|URL|path\.resolve|path\.normalize|path\.join|path\.posix\.resolve|path\.posix\.normalize|fs\.realpathSync|realpathSync|resolve|normalize|decodeURIComponent|Number|parseInt)$/
const PROMISIFY = /(?:^|\.)promisify$/
const BOUND = /.\.bind$/
const HOST_PARTS = /^(?:hostname|host|origin|protocol)$/

type Writable<T> = { -readonly [P in keyof T]: T[P] }
const NONE: ReadonlyArray<never> = []

type FunctionLike = ts.FunctionDeclaration | ts.FunctionExpression | ts.ArrowFunction | ts.MethodDeclaration | ts.ConstructorDeclaration

interface PendingCallback {
  readonly call: number
  readonly arg: number
  readonly field?: string
  readonly name: string
}

class ScriptWalker {
  private readonly b: ModelBuilder
  private readonly text: string
  /** functions declared with a name, for callbacks passed by name (hoisting: resolved at the end) */
  private readonly named = new Map<string, number>()
  /** names a default export hands the platform (`export default { fetch: handle }`), resolved after the walk */
  private readonly entryNames: Array<string> = []
  private readonly pending: Array<PendingCallback> = []
  /** first segments of every name bound as a holder, so most names skip the holder search */
  private readonly holderHeads = new Set<string>()
  /** how deeply the walk is nested in expressions and statements (see MAX_DEPTH) */
  private depth = 0

  /** functions whose bodies were skipped (no name a rule needs), to model later if a modelled one is called */
  private readonly skipped = new Map<number, FunctionLike>()
  /** the syntax of each function, for the checks read from it (check variables, see localsOf) */
  private readonly fnNodes = new Map<number, FunctionLike>()
  /** per function (-1: the module): its `const` declarations by name, read from syntax when a check needs them */
  private readonly locals = new Map<number, ReadonlyMap<string, ts.Expression>>()
  /** functions of the module by name (declarations and `const f = (...) =>`), for predicate helpers */
  private topFunctions: Map<string, FunctionLike> | undefined
  /** per predicate helper: the checks that hold on its parameters when it returns a truthy value */
  private readonly predicates = new Map<FunctionLike, ReadonlyArray<{ readonly param: number; readonly kind: GuardKind }>>()
  /** per assertion helper: the checks that hold on its parameters once it returned (see assertionsOf) */
  private readonly assertions = new Map<FunctionLike, ReadonlyArray<{ readonly param: number; readonly kind: GuardKind }>>()
  /** how deeply checks are followed through check variables, callbacks and predicate helpers */
  private checkDepth = 0
  /** the element parameters of the array-method callbacks whose checks are being read (`root` of `roots.some((root) => ...)`) */
  private readonly elements = new Set<string>()

  private readonly focus: Focus | undefined

  constructor(private readonly file: ts.SourceFile, language: "javascript" | "typescript", interest?: Interest) {
    this.focus = interest === undefined ? undefined : new Focus(interest, file.text)
    this.b = new ModelBuilder(language, this.focus)
    this.text = file.text
  }

  run(): SemanticModel {
    try {
      this.statements(this.file.statements, -1, this.b.module, this.file.end)
      this.fillCallers()
    } catch (error) {
      // generated code can nest deeper than the stack (thousands of chained calls): keep what was
      // modelled up to there rather than lose the file
      if (!(error instanceof RangeError)) throw error
    }
    for (const p of this.pending) {
      const fn = this.named.get(p.name)
      if (fn === undefined) continue
      const call = this.b.calls[p.call]!
      // a parameter or variable of the calling function (or one around it) of that name hides the function
      if (this.shadowed(p.name, call.fn, fn)) continue
      const callback: { arg: number; field?: string; fn: number } = { arg: p.arg, fn }
      if (p.field !== undefined) callback.field = p.field
      this.b.calls[p.call] = { ...call, callbacks: [...(call.callbacks ?? []), callback] }
    }
    // `export default { fetch: handle }` / `export default handle`: the functions named there, wherever declared
    for (const name of this.entryNames) {
      const fn = this.named.get(name)
      if (fn !== undefined) (this.b.functions[fn] as Writable<FunctionInfo>).entry = true
    }
    this.schemaGuards()
    return this.b.build()
  }

  /**
   * The functions a default export hands the platform (see FunctionInfo.entry): the exported
   * function itself, or the function members of an exported object literal, one level deep.
   */
  private entries(value: Expr, depth = 0): void {
    if (value.k === "func") (this.b.functions[value.fn] as Writable<FunctionInfo>).entry = true
    else if (value.k === "name") this.entryNames.push(value.name)
    else if (value.k === "container" && depth === 0) for (const e of value.entries) if (e.key !== undefined) this.entries(e.value, depth + 1)
  }

  /**
   * A tool handler given with an input schema (AI SDK `tool({ inputSchema, execute })`, MCP
   * `registerTool(name, { inputSchema }, handler)` / `tool(name, shape, handler)`, LangChain.js
   * `tool(fn, { schema })`) whose zod schema limits a field to fixed values (`z.enum([...])`,
   * `z.literal(x)`, `z.nativeEnum(E)`): the SDK validates the arguments before the handler runs, so
   * that field is allow-listed in the handler (`({ page }) =>`, `args.page`).
   */
  private schemaGuards(): void {
    const calls = this.b.calls
    // what a zod schema lets through: one of fixed values, or a number / boolean (no text at all)
    const accepts = (e: Expr, depth: number): "fixed" | "number" | "shape" | undefined => {
      if (e.k !== "call" || depth > 8) return undefined
      const c = calls[e.call]!
      const last = c.callee.slice(c.callee.lastIndexOf(".") + 1)
      if (!isZod(c.callee)) return undefined
      if (last === "enum" || last === "literal" || last === "nativeEnum") return "fixed"
      // `z.string().regex(/^[a-z0-9_-]{1,64}$/)`: text of a validated shape (an anchored pattern
      // without a wildcard, as for a `.test()` check in code)
      const pattern = c.args[0]?.value
      if (last === "regex" && c.receiver?.k === "call" && pattern?.k === "lit" && typeof pattern.value === "string" && pattern.value.startsWith("/"))
        return validatingRegex(literalRegex(pattern.value)) ? "shape" : undefined
      // `z.number()`, `z.coerce.number()`, `z.boolean()`: called on the module, not on a schema (`z.string().int()`)
      if (c.receiver?.k !== "call") return ZOD_SCALARS.has(last) ? "number" : undefined
      // `z.enum([...]).describe("...")`, `.optional()`, `.default(x)`; `.max(64)` on a checked shape
      if (ZOD_WRAPPERS.has(last)) return accepts(c.receiver, depth + 1)
      if (ZOD_TEXT_REFINEMENTS.has(last) && accepts(c.receiver, depth + 1) === "shape") return "shape"
      // `z.number().int().positive().max(100)`: refinements of a number stay a number
      return ZOD_NUMBER_REFINEMENTS.has(last) && accepts(c.receiver, depth + 1) === "number" ? "number" : undefined
    }
    const fieldsOf = (e: Expr, out: Map<string, "fixed" | "number" | "shape">, depth: number): void => {
      if (depth > 4) return
      if (e.k === "name") {
        // a schema held by a module-level name (`zValidator("json", recapRequest)`)
        const value = heldSchema(e.name)
        if (value !== undefined) fieldsOf(value, out, depth + 1)
      } else if (e.k === "container") {
        for (const x of e.entries) {
          const kind = x.key === undefined ? undefined : accepts(x.value, 0)
          if (kind !== undefined) out.set(x.key!, kind)
        }
      } else if (e.k === "call") {
        // `z.object({ ... })`, `z.object({ ... }).strict()`
        const c = calls[e.call]!
        if (c.callee.endsWith(".object") && c.args[0] !== undefined) fieldsOf(c.args[0].value, out, depth + 1)
        else if (c.receiver !== undefined && ZOD_OBJECT_WRAPPERS.has(c.callee.slice(c.callee.lastIndexOf(".") + 1))) fieldsOf(c.receiver, out, depth + 1)
      }
    }
    // module-level names bound once, for schemas held by a name (`schema: ActionSchema`, `z.union([ClickSchema, ...])`)
    let held: Map<string, Expr | undefined> | undefined
    const heldSchema = (name: string): Expr | undefined => {
      if (held === undefined) {
        held = new Map()
        for (const st of this.b.module)
          if (st.k === "assign" && st.target.path.length === 0) held.set(st.target.name, held.has(st.target.name) ? undefined : st.value)
      }
      return held.get(name)
    }
    // what a zod schema says of the value it parses: text or not (DeclaredType), and the fields of an object
    const shapeOf = (e: Expr, depth: number): DeclaredType | undefined => {
      if (depth > 8) return undefined
      if (e.k === "name") {
        const value = heldSchema(e.name)
        return value === undefined ? undefined : shapeOf(value, depth + 1)
      }
      if (e.k !== "call") return undefined
      const c = calls[e.call]!
      if (!isZod(c.callee)) return undefined
      const last = c.callee.slice(c.callee.lastIndexOf(".") + 1)
      // `.describe("...")`, `.optional()`, `.strict()`, `.min(1)`: the schema they are called on
      if (c.receiver?.k === "call" || c.receiver?.k === "name") return last === "transform" || last === "pipe" || last === "or" || last === "and" ? undefined : shapeOf(c.receiver, depth + 1)
      const first = c.args[0]?.value
      switch (last) {
        case "object": {
          if (first?.k !== "container") return { k: "data" }
          const shapes = new Map<string, DeclaredType>()
          for (const x of first.entries) if (x.key !== undefined) shapes.set(x.key, shapeOf(x.value, depth + 1) ?? { k: "text" })
          return { k: "data", fields: shapes }
        }
        case "union":
        case "discriminatedUnion": {
          const options = last === "union" ? first : c.args[1]?.value
          if (options?.k !== "container" || options.entries.length === 0) return undefined
          return { k: "union", of: options.entries.map((x) => shapeOf(x.value, depth + 1) ?? { k: "text" }) }
        }
        default:
          return ZOD_DATA.has(last) ? { k: "data" } : undefined
      }
    }
    for (const call of calls) {
      const handlers: Array<number> = []
      const fields = new Map<string, "fixed" | "number" | "shape">()
      let input: DeclaredType | undefined
      for (const a of call.args) {
        const v = a.value
        if (v.k === "func") handlers.push(v.fn)
        else if (v.k === "container") {
          for (const x of v.entries) {
            if (x.value.k === "func") handlers.push(x.value.fn)
            else if (x.key !== undefined && SCHEMA_KEYS.has(x.key)) {
              fieldsOf(x.value, fields, 0)
              input ??= shapeOf(x.value, 0)
            }
          }
          // MCP's `server.tool(name, { field: z.enum(...) }, handler)`: the shape itself
          fieldsOf(v, fields, 0)
        } else if (v.k === "call") {
          fieldsOf(v, fields, 0)
          // a route's validating middleware (Hono's `zValidator("json", schema)`): the handler reads
          // what it parsed (`const { style } = c.req.valid("json")`)
          const c = calls[v.call]!
          if (ROUTE_VALIDATORS.has(c.callee) && c.args[1] !== undefined) fieldsOf(c.args[1].value, fields, 0)
        }
      }
      // the handler's first parameter is what the schema parsed: an object whose fields it declares
      if (input !== undefined && input.k !== "text")
        for (const fn of handlers) {
          const f = this.b.functions[fn] as Writable<FunctionInfo>
          if (f.params.length > 0) f.paramShapes = [input, ...(f.paramShapes ?? []).slice(1)]
        }
      // a schema's parse in the function itself (`const { locale } = Body.safeParse(await req.json()).data`,
      // `const input = Body.parse(body)`): what it returns holds what the schema let through
      const last = call.callee.slice(call.callee.lastIndexOf(".") + 1)
      if (PARSES.has(last) && call.receiver?.k === "name" && call.fn !== -1) {
        const parsed = new Map<string, "fixed" | "number" | "shape">()
        fieldsOf(call.receiver, parsed, 0)
        const f = this.b.functions[call.fn]!
        for (const [field, accepted] of parsed)
          for (const kind of accepted === "fixed" ? (["allowlist", "validated"] as const) : (["validated"] as const))
            f.body.push({ k: "guard", kind, name: field, scope: f.span, span: call.span })
      }
      if (handlers.length === 0 || fields.size === 0) continue
      // Mastra's `createTool({ inputSchema, execute: async ({ context }) => ... })` hands the parsed
      // input to the handler as `context`
      const nested = call.callee.startsWith("@mastra/") ? ["", "context."] : [""]
      for (const fn of handlers) {
        const f = this.b.functions[fn]!
        const first = f.params[0]
        // one of fixed values is also a validated value: joined with a checked number it stays guarded
        // a number, or text of a checked shape, is a validated value, not one of fixed values
        for (const [field, accepted] of fields)
          for (const kind of accepted === "fixed" ? (["allowlist", "validated"] as const) : (["validated"] as const))
            for (const under of nested) {
              f.body.push({ k: "guard", kind, name: `${under}${field}`, scope: f.span, span: f.span })
              if (first !== undefined) f.body.push({ k: "guard", kind, name: `${first}.${under}${field}`, scope: f.span, span: f.span })
            }
      }
    }
  }

  /** `name` is a parameter or a variable (not holding `target`) of `fn` or a function around it. */
  private shadowed(name: string, fn: number, target: number): boolean {
    for (let f = fn; f !== -1; f = this.b.functions[f]!.parent) {
      const info = this.b.functions[f]!
      if (f === target) return false
      if (info.params.includes(name)) return true
      if (info.body.some((st) => st.k === "assign" && st.target.name === name && st.target.path.length === 0 && !(st.value.k === "func" && st.value.fn === target))) return true
    }
    return false
  }

  /**
   * A skipped function that calls a modelled one (mentions its name) is modelled too: its data
   * reaches a sink. The names of each step are found in one scan of the text, so the cost stays
   * linear in it (one `indexOf` per name cost the square of the functions on bundles, and past a
   * budget of such scans everything was modelled: most of a 250 KB bundle, for nothing).
   */
  private fillCallers(): void {
    if (this.skipped.size === 0) return
    const text = this.text
    const seen = new Set<string>()
    const offsets: Array<number> = []
    // functions modelled since the last round: first all of them, then the callers just filled and
    // the functions created while filling them
    let fresh: Array<number> = []
    for (let i = 0; i < this.b.functions.length; i++) if (!this.skipped.has(i)) fresh.push(i)
    for (let step = 0; step < SPREAD_STEPS; step++) {
      const names: Array<string> = []
      for (const i of fresh) {
        const name = this.b.functions[i]!.name
        // one- and two-letter names are minified code: they would match nearly every function
        if (name.length < 3 || name === "<anonymous>" || name === "<computed>" || seen.has(name)) continue
        seen.add(name)
        names.push(name)
      }
      let added = false
      if (names.length > 0) {
        // whole words by the scan's ASCII identifier characters, then by this walker's (which count
        // any character outside ASCII as part of a name too)
        const { offsets: at, words } = new WholeWords(names).hits(text)
        for (let k = 0; k < at.length; k++) {
          const start = at[k]!
          if (isIdentifierChar(text.charCodeAt(start - 1)) || isIdentifierChar(text.charCodeAt(start + names[words[k]!]!.length))) continue
          offsets.push(start)
          added = true
        }
      }
      const helpers = this.helpersCalledBy(fresh)
      if (!added && helpers.length === 0) return
      offsets.sort((a, b) => a - b)
      const callers: Array<number> = [...helpers]
      // methods of a class with a modelled method: `this.x` they assign may be read there
      const owners = new Set<string | undefined>(fresh.map((i) => this.b.functions[i]!.owner).filter((o) => o !== undefined))
      for (const [index, node] of this.skipped)
        if (node.body !== undefined && !helpers.includes(index) && (anyWithin(offsets, node.body.pos, node.body.end) || owners.has(this.b.functions[index]!.owner))) callers.push(index)
      if (callers.length === 0) return
      const before = this.b.functions.length
      for (const index of callers) {
        const node = this.skipped.get(index)!
        this.skipped.delete(index)
        this.fillFunction(index, node)
      }
      fresh = callers
      for (let i = before; i < this.b.functions.length; i++) if (!this.skipped.has(i)) fresh.push(i)
    }
  }

  /**
   * Skipped functions that the given modelled ones call by name: a helper's summary (it returns its
   * argument, builds a prompt from it) is needed to follow data through it, as in python.ts and go.ts.
   */
  private helpersCalledBy(fns: ReadonlyArray<number>): Array<number> {
    const byName = new Map<string, number>()
    for (const [index] of this.skipped) {
      const name = this.b.functions[index]!.name
      if (name.length >= 3 && name !== "<anonymous>" && name !== "<computed>" && /^[\w$]+$/.test(name)) byName.set(name, index)
    }
    // the entries of a module-level table a given function calls by a computed key (`VIEWS[view](ref)`)
    const tabled = this.tableEntriesCalledBy(fns)
    if (byName.size === 0 || fns.length === 0) return tabled
    // one scan of the text for the names as whole words followed by `(`, kept where a given function
    // holds them (a regex of every name over each function's text cost the square of the functions)
    const words = new WholeWords(byName.keys())
    const { offsets, words: hit } = words.hits(this.text)
    const spans = mergeSpans(fns.map((i) => this.b.functions[i]!.span))
    const found = new Set<number>()
    for (let k = 0; k < offsets.length; k++) {
      const start = offsets[k]!
      const name = words.words[hit[k]!]!
      if (!callFollows(this.text, start + name.length) || !withinMerged(spans, start, start + name.length)) continue
      found.add(byName.get(name)!)
    }
    for (const index of tabled) found.add(index)
    return [...found]
  }

  /** Skipped functions held by a module-level object that one of the given functions calls an entry of by a computed key. */
  private tableEntriesCalledBy(fns: ReadonlyArray<number>): Array<number> {
    const given = new Set(fns)
    const out: Array<number> = []
    for (const call of this.b.calls) {
      if (call.table?.k !== "name" || !given.has(call.fn)) continue
      const name = call.table.name
      const held = this.b.module.find((st) => st.k === "assign" && st.target.name === name && st.target.path.length === 0)
      if (held?.k !== "assign" || held.value.k !== "container") continue
      for (const x of held.value.entries) if (x.value.k === "func" && this.skipped.has(x.value.fn)) out.push(x.value.fn)
    }
    return out
  }

  private span(node: ts.Node): Span {
    return { start: tokenStart(this.text, node.pos), end: node.end }
  }

  private source(node: ts.Node): string {
    return this.text.slice(tokenStart(this.text, node.pos), node.end)
  }

  private body(fn: number): Array<Statement> {
    return fn === -1 ? this.b.module : this.b.functions[fn]!.body
  }

  /**
   * The canonical form of a dotted name. Most names are neither imports nor holders: those are
   * returned as written without the builder's scope-by-scope search.
   */
  private canonical(fn: number, dotted: string): string {
    const dot = dotted.indexOf(".")
    const head = dot === -1 ? dotted : dotted.slice(0, dot)
    if (!this.holderHeads.has(head) && !this.b.isImported(head)) return dotted
    return this.b.canonical(fn, dotted, this.b.parentOf)
  }

  private bindHolder(fn: number, name: string, canonical: string): void {
    const dot = name.indexOf(".")
    this.holderHeads.add(dot === -1 ? name : name.slice(0, dot))
    this.b.bindHolder(fn, name, canonical)
  }

  // ---------------------------------------------------------------- statements

  /** Statements of a block; `blockEnd` bounds the scope of guards whose failing branch exits. */
  private statements(list: ts.NodeArray<ts.Statement>, fn: number, out: Array<Statement>, blockEnd: number): void {
    for (let i = 0; i < list.length; i++) this.statement(list[i]!, fn, out, blockEnd)
  }

  private statement(node: ts.Statement, fn: number, out: Array<Statement>, blockEnd: number): void {
    if (this.depth >= MAX_DEPTH) return
    this.depth++
    this.reduceStatement(node, fn, out, blockEnd)
    this.depth--
  }

  private reduceStatement(node: ts.Statement, fn: number, out: Array<Statement>, blockEnd: number): void {
    switch (node.kind) {
      case K.ImportDeclaration:
        return this.importDeclaration(node as ts.ImportDeclaration)
      case K.ImportEqualsDeclaration: {
        const n = node as ts.ImportEqualsDeclaration
        const ref = n.moduleReference
        if (ts.isExternalModuleReference(ref) && ts.isStringLiteral(ref.expression)) this.b.addImport(n.name.text, moduleName(ref.expression.text), this.span(n))
        return
      }
      case K.VariableStatement: {
        const n = node as ts.VariableStatement
        const isConst = (n.declarationList.flags & ts.NodeFlags.Const) !== 0
        const declarations = n.declarationList.declarations
        // the doc comment is read only for `const f = () => ...`: a function's description
        const first = declarations[0]?.initializer
        const doc = first !== undefined && isFunctionExpression(unwrap(first)) ? this.docOf(n) : undefined
        const exported = fn === -1 && exportedStatement(n)
        for (const d of declarations) {
          const before = this.b.functions.length
          this.variableDeclaration(d, fn, out, isConst, doc)
          // `export const POST = async (req) => ...`: the function the declaration made first
          const init = d.initializer === undefined ? undefined : unwrap(d.initializer)
          if (exported && init !== undefined && isFunctionExpression(init) && this.b.functions.length > before)
            (this.b.functions[before] as Writable<FunctionInfo>).exported = true
        }
        return
      }
      case K.FunctionDeclaration: {
        const n = node as ts.FunctionDeclaration
        if (n.body === undefined) return // overload signature or `declare function`
        const name = n.name?.text ?? "default"
        const index = this.functionLike(n, fn, name, n.name ?? n, this.docOf(n))
        if (fn === -1 && exportedStatement(n)) (this.b.functions[index] as Writable<FunctionInfo>).exported = true
        if (fn === -1 && defaultExport(n)) (this.b.functions[index] as Writable<FunctionInfo>).entry = true
        return
      }
      case K.ClassDeclaration:
        return this.classLike(node as ts.ClassDeclaration, fn, out)
      case K.ExpressionStatement: {
        const expression = (node as ts.ExpressionStatement).expression
        this.expressionStatement(expression, fn, out)
        // `assertInside(full)` / `await ensureAllowed(url)`: a helper of the file that throws unless its
        // parameter passes a check; the rest of the block runs only when it passed
        const call = unwrap(expression)
        const helper = ts.isCallExpression(call) && ts.isIdentifier(call.expression) ? this.topFunction(call.expression.text) : undefined
        if (helper !== undefined && ts.isCallExpression(call))
          for (const { param, kind } of this.assertionsOf(helper, fn)) {
            const arg = call.arguments[param]
            if (arg !== undefined && !ts.isSpreadElement(arg)) this.guard(kind, arg, { start: node.end, end: blockEnd }, node, out, fn)
          }
        return
      }
      case K.ReturnStatement: {
        const e = (node as ts.ReturnStatement).expression
        out.push({ k: "return", value: e === undefined ? { k: "lit", value: null } : this.expr(e, fn), span: this.span(node) })
        return
      }
      case K.IfStatement:
        return this.ifStatement(node as ts.IfStatement, fn, out, blockEnd)
      case K.Block:
        return this.statements((node as ts.Block).statements, fn, out, node.end)
      case K.ForOfStatement:
      case K.ForInStatement: {
        const n = node as ts.ForOfStatement | ts.ForInStatement
        const value = this.expr(n.expression, fn)
        const sp = this.span(n)
        for (const target of this.loopTargets(n.initializer, fn)) out.push({ k: "iterate", target, value, span: sp })
        this.b.enterLoop(sp, fn, false)
        this.statement(n.statement, fn, out, blockEnd)
        return this.b.exitLoop()
      }
      case K.ForStatement: {
        const n = node as ts.ForStatement
        if (n.initializer !== undefined) {
          if (ts.isVariableDeclarationList(n.initializer)) for (const d of n.initializer.declarations) this.variableDeclaration(d, fn, out, false, undefined)
          else this.expressionStatement(n.initializer, fn, out)
        }
        // `for (;;)`: no condition
        this.b.enterLoop(this.span(n), fn, n.condition === undefined || alwaysTrue(n.condition))
        if (n.condition !== undefined) this.expr(n.condition, fn)
        if (n.incrementor !== undefined) this.expressionStatement(n.incrementor, fn, out)
        this.statement(n.statement, fn, out, blockEnd)
        return this.b.exitLoop()
      }
      case K.WhileStatement:
      case K.DoStatement: {
        const n = node as ts.WhileStatement | ts.DoStatement
        this.b.enterLoop(this.span(n), fn, alwaysTrue(n.expression) || resultDriven(n.expression, n.statement))
        this.expr(n.expression, fn)
        this.statement(n.statement, fn, out, blockEnd)
        return this.b.exitLoop()
      }
      case K.SwitchStatement: {
        const n = node as ts.SwitchStatement
        this.expr(n.expression, fn)
        for (const clause of n.caseBlock.clauses) {
          if (ts.isCaseClause(clause)) this.expr(clause.expression, fn)
          this.statements(clause.statements, fn, out, clause.end)
        }
        return
      }
      case K.TryStatement: {
        const n = node as ts.TryStatement
        this.statements(n.tryBlock.statements, fn, out, n.tryBlock.end)
        if (n.catchClause !== undefined) this.statements(n.catchClause.block.statements, fn, out, n.catchClause.block.end)
        if (n.finallyBlock !== undefined) this.statements(n.finallyBlock.statements, fn, out, n.finallyBlock.end)
        return
      }
      case K.LabeledStatement:
        return this.statement((node as ts.LabeledStatement).statement, fn, out, blockEnd)
      case K.ThrowStatement:
        this.expr((node as ts.ThrowStatement).expression, fn)
        return
      case K.ExportAssignment: {
        // `export default {...}` / `export = x`
        const value = this.expr((node as ts.ExportAssignment).expression, fn)
        if (fn === -1) this.entries(value)
        if (value.k === "call") out.push({ k: "call", call: value.call, span: this.span(node) })
        return
      }
      case K.ModuleDeclaration: {
        // `namespace X { ... }`: its statements run at the level it is declared in
        let body = (node as ts.ModuleDeclaration).body
        while (body !== undefined && ts.isModuleDeclaration(body)) body = body.body
        if (body !== undefined && ts.isModuleBlock(body)) this.statements(body.statements, fn, out, body.end)
        return
      }
      case K.WithStatement: {
        const n = node as ts.WithStatement
        this.expr(n.expression, fn)
        return this.statement(n.statement, fn, out, blockEnd)
      }
      // types and enums carry no data flow; what they declare tells which values cannot be text
      case K.InterfaceDeclaration: {
        const n = node as ts.InterfaceDeclaration
        return this.declareType(n.name.text, dataType(this.fieldsOf(n.members)))
      }
      case K.TypeAliasDeclaration: {
        const n = node as ts.TypeAliasDeclaration
        return this.declareType(n.name.text, this.shapeOf(n.type))
      }
      case K.EnumDeclaration:
        return this.declareType((node as ts.EnumDeclaration).name.text, TEXT_TYPE)
      // empty statements and jumps carry no data flow
      case K.ExportDeclaration:
      case K.EmptyStatement:
      case K.BreakStatement:
      case K.ContinueStatement:
      case K.DebuggerStatement:
      case K.MissingDeclaration:
        return
      default:
        ts.forEachChild(node, (c) => void this.expr(c as ts.Expression, fn))
    }
  }

  private expressionStatement(e: ts.Expression, fn: number, out: Array<Statement>): void {
    const inner = unwrap(e)
    if (ts.isBinaryExpression(inner) && isAssignmentOperator(inner.operatorToken.kind)) {
      this.assignment(inner, fn, out)
      return
    }
    const value = this.expr(e, fn)
    if (value.k === "call") {
      out.push({ k: "call", call: value.call, span: this.span(e) })
      const appended = appendedTo(this.b.calls[value.call]!)
      if (appended !== undefined) out.push(appended)
    }
  }

  /** `a = v`, `this.x = v`, `a.b["c"] = v`, `({ a } = v)`, `[a, b] = v`, `a += v`. */
  private assignment(node: ts.BinaryExpression, fn: number, out: Array<Statement>): Expr {
    const op = node.operatorToken.kind
    const left = unwrap(node.left)
    const sp = this.span(node)
    if (op === K.EqualsToken && (ts.isObjectLiteralExpression(left) || ts.isArrayLiteralExpression(left))) {
      const value = this.expr(node.right, fn)
      this.destructureLiteral(left, value, fn, out, sp)
      return value
    }
    const target = this.target(left, fn)
    const right = unwrap(node.right)
    let value: Expr
    if (target !== undefined && isFunctionExpression(right)) value = this.functionExpr(right, fn, target.path.length > 0 ? target.path[target.path.length - 1]! : target.name, undefined, target.path.length > 0)
    else value = this.expr(node.right, fn)
    if (target === undefined) return value
    const augmented = op !== K.EqualsToken
    out.push({ k: "assign", target, value: augmented ? { k: "op", parts: [targetRead(target), value], ...(op === K.PlusEqualsToken ? { plus: true as const } : {}) } : value, span: sp })
    if (!augmented && value.k === "call") {
      const key = target.path.length === 0 ? target.name : `${target.name}.${target.path.join(".")}`
      this.bindHolder(target.name === "this" ? -1 : fn, key, `${this.b.calls[value.call]!.callee}()`)
    }
    return value
  }

  /** An assignment target as a variable plus a field path; undefined when it is not one. */
  private target(node: ts.Expression, fn: number): Target | undefined {
    const path: Array<string> = []
    let cur: ts.Expression = node
    for (;;) {
      cur = unwrap(cur)
      if (ts.isPropertyAccessExpression(cur)) {
        path.unshift(idText(cur.name))
        cur = cur.expression
      } else if (ts.isElementAccessExpression(cur)) {
        const key = literalKey(cur.argumentExpression)
        if (key === undefined) this.expr(cur.argumentExpression, fn)
        path.unshift(key ?? "*")
        cur = cur.expression
      } else break
    }
    if (ts.isIdentifier(cur)) return { name: idText(cur), path }
    if (cur.kind === K.ThisKeyword) return { name: "this", path }
    return undefined
  }

  private variableDeclaration(d: ts.VariableDeclaration, fn: number, out: Array<Statement>, isConst: boolean, doc: string | undefined): void {
    if (d.initializer === undefined) return
    const sp = this.span(d)
    const init = unwrap(d.initializer)
    if (ts.isIdentifier(d.name)) {
      const name = idText(d.name)
      // `const x = require("m")`, `const x = await import("m")`, `const x = require("m").y`
      const imported = this.importOf(init)
      if (imported !== undefined) {
        this.b.addImport(name, imported, sp)
        return
      }
      const value = isFunctionExpression(init) ? this.functionExpr(init, fn, name, doc) : this.expr(d.initializer, fn)
      out.push({ k: "assign", target: { name, path: [] }, value, span: sp })
      if (value.k === "call") {
        const call = this.b.calls[value.call]!
        // `const run = promisify(exec)`, `promisify(cp.exec)`: calling run calls exec
        const wrapped = PROMISIFY.test(call.callee) ? call.args[0]?.value : undefined
        let target = wrapped?.k === "ref" || wrapped?.k === "attr" ? dottedOf(wrapped) : undefined
        // `const q = pool.query.bind(pool)`: calling q calls pool.query
        if (target === undefined && BOUND.test(call.callee)) target = call.callee.slice(0, -".bind".length)
        this.bindHolder(fn, name, target ?? `${call.callee}()`)
        // a function that calls the wrapper by its own name (`execAsync(cmd)`) is modelled, as for an import alias
        if (target !== undefined) this.focus?.noteAlias(name, target)
      } else if (isConst && ts.isIdentifier(init)) {
        // `const store = sessions` where sessions holds `new Map()`: store is the same object
        const held = this.canonical(fn, idText(init))
        if (held !== idText(init)) this.bindHolder(fn, name, held)
      }
      if (fn === -1 && isConst && this.isConstant(value)) this.b.constants.set(name, value)
      return
    }
    // `const { exec, spawn: sp } = require("child_process")`
    const module = this.importOf(init)
    if (module !== undefined && ts.isObjectBindingPattern(d.name)) {
      for (const el of d.name.elements) {
        if (!ts.isIdentifier(el.name) || el.dotDotDotToken !== undefined) continue
        const key = el.propertyName === undefined ? el.name.text : propertyKey(el.propertyName)
        if (key === undefined) continue
        this.b.addImport(el.name.text, key === "default" ? module : `${module}.${key}`, this.span(el))
      }
      return
    }
    this.bindPattern(d.name, this.expr(d.initializer, fn), fn, out, sp)
  }

  /** The canonical module a `require("m")` / `import("m")` (or a property of one) stands for. */
  private importOf(node: ts.Expression): string | undefined {
    let e = unwrap(node)
    let tail = ""
    while (ts.isPropertyAccessExpression(e)) {
      tail = `.${idText(e.name)}${tail}`
      e = unwrap(e.expression)
    }
    if (ts.isCallExpression(e)) {
      const arg = e.arguments[0]
      if (e.arguments.length !== 1 || arg === undefined || !ts.isStringLiteralLike(arg)) return undefined
      if (e.expression.kind === K.ImportKeyword || (ts.isIdentifier(e.expression) && idText(e.expression) === "require")) return moduleName(arg.text) + tail
    }
    return undefined
  }

  /** Destructuring: each bound name gets the attribute / element of the value it comes from. */
  private bindPattern(pattern: ts.BindingName, value: Expr, fn: number, out: Array<Statement>, sp: Span): void {
    if (ts.isIdentifier(pattern)) {
      out.push({ k: "assign", target: { name: pattern.text, path: [] }, value, span: sp })
      return
    }
    if (ts.isObjectBindingPattern(pattern)) {
      for (const el of pattern.elements) {
        let v: Expr
        if (el.dotDotDotToken !== undefined) v = value
        else {
          const keyNode = el.propertyName ?? el.name
          const key = ts.isIdentifier(keyNode) ? keyNode.text : propertyKey(keyNode as ts.PropertyName)
          v = key !== undefined ? attrOf(value, key)
            : { k: "index", obj: value, key: ts.isComputedPropertyName(keyNode) ? this.expr(keyNode.expression, fn) : UNKNOWN }
        }
        if (el.initializer !== undefined) v = { k: "op", parts: [v, this.expr(el.initializer, fn)] }
        this.bindPattern(el.name, v, fn, out, this.span(el))
      }
      return
    }
    const elements = pattern.elements
    for (let i = 0; i < elements.length; i++) {
      const el = elements[i]!
      if (ts.isOmittedExpression(el)) continue
      let v: Expr = el.dotDotDotToken !== undefined ? value : { k: "index", obj: value, key: { k: "lit", value: i } }
      if (el.initializer !== undefined) v = { k: "op", parts: [v, this.expr(el.initializer, fn)] }
      this.bindPattern(el.name, v, fn, out, this.span(el))
    }
  }

  /** Destructuring assignment to an object / array literal pattern (`({ a, b: c.d } = v)`). */
  private destructureLiteral(pattern: ts.ObjectLiteralExpression | ts.ArrayLiteralExpression, value: Expr, fn: number, out: Array<Statement>, sp: Span): void {
    const assignTo = (node: ts.Expression, v: Expr): void => {
      let n = unwrap(node)
      if (ts.isBinaryExpression(n) && n.operatorToken.kind === K.EqualsToken) {
        v = { k: "op", parts: [v, this.expr(n.right, fn)] }
        n = unwrap(n.left)
      }
      if (ts.isObjectLiteralExpression(n) || ts.isArrayLiteralExpression(n)) return this.destructureLiteral(n, v, fn, out, sp)
      const target = this.target(n, fn)
      if (target !== undefined) out.push({ k: "assign", target, value: v, span: sp })
    }
    if (ts.isArrayLiteralExpression(pattern)) {
      pattern.elements.forEach((el, i) => {
        if (ts.isOmittedExpression(el)) return
        if (ts.isSpreadElement(el)) assignTo(el.expression, value)
        else assignTo(el, { k: "index", obj: value, key: { k: "lit", value: i } })
      })
      return
    }
    for (const p of pattern.properties) {
      if (ts.isShorthandPropertyAssignment(p)) {
        let v = attrOf(value, p.name.text)
        if (p.objectAssignmentInitializer !== undefined) v = { k: "op", parts: [v, this.expr(p.objectAssignmentInitializer, fn)] }
        out.push({ k: "assign", target: { name: p.name.text, path: [] }, value: v, span: sp })
      } else if (ts.isPropertyAssignment(p)) {
        const key = propertyKey(p.name)
        assignTo(p.initializer, key !== undefined ? attrOf(value, key) : { k: "index", obj: value, key: UNKNOWN })
      } else if (ts.isSpreadAssignment(p)) assignTo(p.expression, value)
    }
  }

  /** `for (const x of xs)`, `for (const [k, v] of ...)`, `for (x in o)`: every bound name. */
  private loopTargets(init: ts.ForInitializer, fn: number): Array<Target> {
    if (ts.isVariableDeclarationList(init)) {
      const names: Array<string> = []
      for (const d of init.declarations) bindingNames(d.name, names)
      return names.map((name) => ({ name, path: [] }))
    }
    const e = unwrap(init)
    if (ts.isArrayLiteralExpression(e) || ts.isObjectLiteralExpression(e)) {
      const out: Array<Target> = []
      const visit = (n: ts.Node): void => {
        if (ts.isIdentifier(n)) out.push({ name: n.text, path: [] })
        else if (ts.isPropertyAssignment(n)) visit(n.initializer)
        else if (ts.isShorthandPropertyAssignment(n)) out.push({ name: n.name.text, path: [] })
        else ts.forEachChild(n, visit)
      }
      visit(e)
      return out
    }
    const target = this.target(e, fn)
    return target === undefined ? [] : [target]
  }

  // ---------------------------------------------------------------- guards

  private ifStatement(node: ts.IfStatement, fn: number, out: Array<Statement>, blockEnd: number): void {
    const cond = node.expression
    // an ordering comparison (a counter, `Date.now() > deadline`) or `signal.aborted` whose branch leaves bounds the loops around it
    const before = this.b.ordered
    this.b.ordered = false
    this.expr(cond, fn)
    if ((this.b.ordered || readsAborted(cond)) && leaves(node.thenStatement)) this.b.boundLoops(fn)
    this.b.ordered ||= before
    const then = node.thenStatement
    const otherwise = node.elseStatement
    // inside the branch the check holds, whether or not the branch then leaves (`if (ALLOWED.has(x)) return run(x)`)
    if (exits(then)) {
      this.guardsOf(cond, true, { start: node.end, end: blockEnd }, out, fn)
      // a branch that only leaves (`return;`, `continue;`) reads nothing
      const only = ts.isBlock(then) ? (then.statements.length === 1 ? then.statements[0] : undefined) : then
      const bare = only !== undefined && ((ts.isReturnStatement(only) && only.expression === undefined) || ts.isContinueStatement(only) || ts.isBreakStatement(only))
      if (!bare) this.guardsOf(cond, false, this.span(then), out, fn)
    } else {
      this.guardsOf(cond, false, this.span(then), out, fn)
      if (otherwise !== undefined) {
        // `if (ok(x)) {...} else throw`: the check holds after the if; in any `else`, its failure holds
        if (exits(otherwise)) this.guardsOf(cond, false, { start: node.end, end: blockEnd }, out, fn)
        this.guardsOf(cond, true, this.span(otherwise), out, fn)
      }
    }
    this.statement(then, fn, out, blockEnd)
    if (otherwise !== undefined) this.statement(otherwise, fn, out, blockEnd)
  }

  /**
   * Records the checks a condition makes. `negated`: the condition's failure is what holds in
   * `scope` (the `if (!ok) throw` shape), so only negated checks count there.
   */
  private guardsOf(cond: ts.Expression, negated: boolean, scope: Span, out: Array<Statement>, fn: number, locals?: ReadonlyMap<string, ts.Expression>): void {
    const node = unwrap(cond)
    if (ts.isPrefixUnaryExpression(node) && node.operator === K.ExclamationToken) {
      this.guardsOf(node.operand, !negated, scope, out, fn, locals)
      return
    }
    // a check variable: `const ok = dirs.some((d) => real.startsWith(d + path.sep)); if (!ok) throw`;
    // or a value taken only when a check held: `const guide = hasOwn(GUIDES, tone) ? GUIDES[tone] : null;
    // if (!guide) return` (truthy, so the check held)
    if (ts.isIdentifier(node)) {
      let init = (locals ?? this.localsOf(fn)).get(node.text)
      if (init !== undefined && ts.isConditionalExpression(unwrap(init))) {
        const c = unwrap(init) as ts.ConditionalExpression
        init = !negated && isFalsyLiteral(unwrap(c.whenFalse)) ? c.condition : undefined
      }
      if (init !== undefined && this.checkDepth < 4) {
        this.checkDepth++
        try {
          this.guardsOf(init, negated, scope, out, fn, locals)
        } finally {
          this.checkDepth--
        }
      }
      return
    }
    if (ts.isBinaryExpression(node)) {
      const op = node.operatorToken.kind
      if (op === K.BarBarToken || op === K.AmpersandAmpersandToken) {
        // `if (!a || !b) throw` => both hold after; `if (a && b) {` => both hold inside
        if ((negated && op === K.BarBarToken) || (!negated && op === K.AmpersandAmpersandToken))
          for (const operand of chainOf(node, op)) this.guardsOf(operand, negated, scope, out, fn, locals)
        else {
          // `if (a || b) {` (or `if (!(a && b)) throw`): what every operand checks holds
          const operands = chainOf(node, op)
          const each = operands.map((operand) => {
            const held: Array<Statement> = []
            this.guardsOf(operand, negated, scope, held, fn, locals)
            return held.filter((g): g is Extract<Statement, { k: "guard" }> => g.k === "guard")
          })
          // `if (p !== root && !p.startsWith(root + path.sep)) throw`: a path equal to the base another
          // operand checks containment in is inside it
          operands.forEach((operand, i) => {
            const eq = unwrap(operand)
            if (each[i]!.length > 0 || !ts.isBinaryExpression(eq)) return
            const kind = eq.operatorToken.kind
            const holds = negated ? kind === K.ExclamationEqualsEqualsToken || kind === K.ExclamationEqualsToken : kind === K.EqualsEqualsEqualsToken || kind === K.EqualsEqualsToken
            if (!holds) return
            for (const [a, base] of [[unwrap(eq.left), unwrap(eq.right)], [unwrap(eq.right), unwrap(eq.left)]] as const) {
              if (!ts.isIdentifier(a)) continue
              const baseText = this.source(base)
              const contained = operands.some((other, j) => j !== i && this.source(other).includes(baseText) && each[j]!.some((g) => g.kind === "contained" && g.name === a.text))
              if (contained) each[i] = [{ k: "guard", kind: "contained", name: a.text, scope, span: this.span(eq) }]
            }
          })
          let common: Array<Extract<Statement, { k: "guard" }>> | undefined
          for (const guards of each) {
            common = common === undefined ? guards : common.filter((g) => guards.some((h) => h.name === g.name && h.kind === g.kind))
            if (common.length === 0) break
          }
          out.push(...(common ?? []))
        }
        return
      }
      const positive = op === K.EqualsEqualsEqualsToken || op === K.EqualsEqualsToken
      const negative = op === K.ExclamationEqualsEqualsToken || op === K.ExclamationEqualsToken
      // `RE.exec(x) !== null`, `x.match(RE) != null` (or `=== null` in a check that exits): it matched
      if (positive || negative) {
        const left = unwrap(node.left)
        const right = unwrap(node.right)
        const matched = isNullish(right) ? left : isNullish(left) ? right : undefined
        if (matched !== undefined && ts.isCallExpression(matched) && ts.isPropertyAccessExpression(matched.expression) && /^(?:exec|match)$/.test(matched.expression.name.text)) {
          if (negative !== negated) this.guardsOf(matched, false, scope, out, fn, locals)
          return
        }
      }
      if ((positive && !negated) || (negative && negated)) {
        const left = unwrap(node.left)
        const right = unwrap(node.right)
        // `typeof x === "number"`: a type check validates
        for (const [a, other] of [[left, right], [right, left]] as const) {
          if (ts.isTypeOfExpression(a) && ts.isStringLiteralLike(other) && /^(?:number|boolean|bigint)$/.test(other.text)) {
            this.guard("validated", a.expression, scope, node, out, fn)
            return
          }
        }
        if (this.constantOperand(right, fn)) this.guard("allowlist", left, scope, node, out, fn)
        else if (this.constantOperand(left, fn)) this.guard("allowlist", right, scope, node, out, fn)
        else
          // in a callback of `roots.some((root) => real === root || ...)`: equal to one of the array's elements
          for (const [a, other] of [[left, right], [right, left]] as const)
            if (ts.isIdentifier(other) && this.elements.has(other.text) && !(ts.isIdentifier(a) && this.elements.has(a.text))) {
              this.guard("allowlist", a, scope, node, out, fn)
              this.guard("contained", a, scope, node, out, fn)
            }
        return
      }
      if (op === K.InKeyword && !negated) this.guard("allowlist", node.left, scope, node, out, fn)
      return
    }
    // `if (path.relative(root, p).startsWith("..")) throw`: after it, p is inside root; also through
    // a variable, `const r = path.relative(root, p); if (r.startsWith("..") || path.isAbsolute(r)) throw`
    if (negated && ts.isCallExpression(node) && ts.isPropertyAccessExpression(node.expression) && node.expression.name.text === "startsWith") {
      const arg = node.arguments[0]
      const relative = unwrap(node.expression.expression)
      if (arg !== undefined && ts.isStringLiteralLike(arg) && arg.text.startsWith("..") && ts.isCallExpression(relative) && /(?:^|\.)relative$/.test(dottedText(relative.expression) ?? "")) {
        const target = relative.arguments[1]
        if (target !== undefined) this.guard("contained", target, scope, node, out, fn)
        return
      }
      if (arg !== undefined && ts.isStringLiteralLike(arg) && arg.text.startsWith("..") && ts.isIdentifier(relative)) {
        // the relative form itself is checked too: `path.join(root, r)` stays inside root
        for (const name of [relative.text, ...this.relativeTarget(relative.text, out)])
          out.push({ k: "guard", kind: "contained", name, scope, span: this.span(node) })
        return
      }
    }
    if (!ts.isCallExpression(node) || negated) return // a failed check proves nothing
    const callee = unwrap(node.expression)
    const method = ts.isPropertyAccessExpression(callee) ? callee.name.text : ts.isIdentifier(callee) ? callee.text : undefined
    if (method === undefined) return
    // `if (rel.startsWith(".."))` holds when the path leaves its root: it contains nothing
    if (method === "startsWith" && node.arguments[0] !== undefined && ts.isStringLiteralLike(node.arguments[0]) && node.arguments[0].text.startsWith("..")) return
    // `dirs.some((dir) => real.startsWith(dir + path.sep))`: what the callback checks of an outer value holds
    if (ts.isPropertyAccessExpression(callee) && ITERATING_CHECKS.has(method)) {
      const cb = node.arguments[0] === undefined ? undefined : unwrap(node.arguments[0])
      if (cb !== undefined && (ts.isArrowFunction(cb) || ts.isFunctionExpression(cb)) && this.checkDepth < 4) {
        const own = new Set(cb.parameters.flatMap((p) => (ts.isIdentifier(p.name) ? [p.name.text] : [])))
        const first = cb.parameters[0]
        const element = first !== undefined && ts.isIdentifier(first.name) && !this.elements.has(first.name.text) ? first.name.text : undefined
        if (element !== undefined) this.elements.add(element)
        let checks: ReadonlyMap<string, ReadonlySet<GuardKind>>
        try {
          checks = this.returnedChecks(cb, fn)
        } finally {
          if (element !== undefined) this.elements.delete(element)
        }
        for (const [name, kinds] of checks)
          if (!own.has(name.split(".")[0]!)) for (const k of kinds) out.push({ k: "guard", kind: k, name, scope, span: this.span(node) })
      }
      return
    }
    // `url.hostname.endsWith("." + allowed)`: a domain suffix allow-list (of a host only: a path's suffix contains nothing)
    if (method === "endsWith" && ts.isPropertyAccessExpression(callee) && (this.isHostPart(unwrap(callee.expression), locals) || this.isHostPart(unwrap(callee.expression), this.localsOf(fn)))) {
      const arg = node.arguments[0] === undefined ? undefined : unwrap(node.arguments[0])
      if (arg !== undefined && startsWithDot(arg)) this.guard("allowlist", callee.expression, scope, node, out, fn)
      return
    }
    // `RE.exec(x)` (truthy: it matched) with RE a regex the file shows to validate; `exec` alone is
    // no check (child_process, database drivers), so only a visible pattern makes it one
    if (method === "exec" && ts.isPropertyAccessExpression(callee) && node.arguments[0] !== undefined && !ts.isSpreadElement(node.arguments[0])) {
      const re = this.regexOf(unwrap(callee.expression), fn, locals)
      if (re !== undefined && validatingRegex(re)) this.guard("validated", node.arguments[0], scope, node, out, fn)
      return
    }
    // `Object.prototype.hasOwnProperty.call(TONES, tone)`: tone is a key of the table
    if (method === "call" && ts.isPropertyAccessExpression(callee) && ts.isPropertyAccessExpression(unwrap(callee.expression)) && (unwrap(callee.expression) as ts.PropertyAccessExpression).name.text === "hasOwnProperty") {
      const key = node.arguments[1]
      if (key !== undefined && !ts.isSpreadElement(key)) this.guard("allowlist", key, scope, node, out, fn)
      return
    }
    const kind = checkKindOf(method)
    if (kind === undefined) {
      // a predicate helper of the file: `if (!isInside(real, roots)) throw`, where isInside returns a check of its parameter
      const helper = ts.isIdentifier(callee) ? this.topFunction(callee.text) : undefined
      if (helper !== undefined && this.checkDepth < 4)
        for (const { param, kind: k } of this.predicateOf(helper, fn)) {
          const arg = node.arguments[param]
          if (arg !== undefined && !ts.isSpreadElement(arg)) this.guard(k, arg, scope, node, out, fn)
        }
      return
    }
    const receiver = ts.isPropertyAccessExpression(callee) ? unwrap(callee.expression) : undefined
    const args = node.arguments
    let subject: ts.Expression | undefined
    if (kind === "contained") subject = receiver ?? args[0]
    else if (kind === "allowlist") subject = method === "get" ? undefined : receiver !== undefined && ts.isIdentifier(receiver) && receiver.text === "Object" ? args[1] : args[0]
    else if (method === "test") {
      // `/^[a-z]+$/.test(x)`: only an anchored, restrictive pattern validates the whole value (regexGuard.ts;
      // with the `m` flag `^` and `$` match at every line); so does a regex held by a `const`
      // (`const SAFE = /^[a-z]+$/` in the function, one around it or the module): its pattern is judged
      // the same way. A receiver whose pattern the file does not show is taken as a check, as before
      if (receiver !== undefined && !this.regexValidates(receiver, fn, locals)) return
      subject = args[0]
    } else if (method === "match" && receiver !== undefined) {
      // `x.match(RE)`: the same, with the pattern the argument gives
      const pattern = args[0]
      if (pattern !== undefined && !ts.isSpreadElement(pattern) && !this.regexValidates(pattern, fn, locals, true)) return
      subject = receiver
    } else subject = args[0] ?? receiver
    if (subject !== undefined) this.guard(kind, subject, scope, node, out, fn)
  }

  /**
   * The checks that hold on values when a function returns something truthy: of each `return` (or an
   * arrow's expression body) other than a falsy constant, what its condition checks, the same for all
   * of them; checked locals are traced to what they were computed from (`rel` of `path.relative(root, p)`
   * is about `p`, `real` of `await fs.realpath(p)` too). Names are as written in the function.
   */
  private returnedChecks(node: FunctionLike, fn: number): ReadonlyMap<string, ReadonlySet<GuardKind>> {
    const locals = this.constsIn(node)
    let common: ChecksByName | undefined
    this.checkDepth++
    try {
      for (const r of returnedValues(node)) {
        if (isFalsyLiteral(r)) continue
        const held: Array<Statement> = []
        this.guardsOf(r, false, { start: 0, end: 0 }, held, fn, locals)
        const here: ChecksByName = new Map()
        for (const g of held) {
          if (g.k !== "guard") continue
          const name = tracedName(g.name, locals)
          const kinds = here.get(name) ?? new Set<GuardKind>()
          kinds.add(g.kind)
          here.set(name, kinds)
        }
        common = checksInCommon(common, here)
      }
    } finally {
      this.checkDepth--
    }
    return common ?? new Map()
  }

  /** `u.hostname` / `u.host`, or a local holding one (`const domain = new URL(raw).hostname`). */
  private isHostPart(e: ts.Expression, locals: ReadonlyMap<string, ts.Expression> | undefined): boolean {
    const init = ts.isIdentifier(e) ? locals?.get(e.text) : e
    const n = init === undefined ? undefined : unwrap(init)
    return n !== undefined && ts.isPropertyAccessExpression(n) && /^(?:hostname|host)$/.test(n.name.text)
  }

  /** The checks a predicate helper's truthy result proves about its parameters (by position). */
  private predicateOf(node: FunctionLike, fn: number): ReadonlyArray<{ readonly param: number; readonly kind: GuardKind }> {
    const done = this.predicates.get(node)
    if (done !== undefined) return done
    this.predicates.set(node, [])
    const params = node.parameters.map((p) => (ts.isIdentifier(p.name) ? p.name.text : undefined))
    const out: Array<{ param: number; kind: GuardKind }> = []
    for (const [name, kinds] of this.returnedChecks(node, fn)) {
      const param = params.indexOf(name)
      if (param !== -1) for (const kind of kinds) out.push({ param, kind })
    }
    this.predicates.set(node, out)
    return out
  }

  /**
   * The checks an assertion helper makes of its parameters: the `if (!check(p)) throw` statements at
   * the top of its body, before anything could return early (a `return` ends the caller's certainty).
   */
  private assertionsOf(node: FunctionLike, fn: number): ReadonlyArray<{ readonly param: number; readonly kind: GuardKind }> {
    const done = this.assertions.get(node)
    if (done !== undefined) return done
    this.assertions.set(node, [])
    const out: Array<{ param: number; kind: GuardKind }> = []
    const body = node.body
    if (body !== undefined && ts.isBlock(body) && this.checkDepth < 4) {
      const params = node.parameters.map((p) => (ts.isIdentifier(p.name) ? p.name.text : undefined))
      const locals = this.constsIn(node)
      this.checkDepth++
      try {
        for (const st of body.statements) {
          if (returnsIn(st)) break
          if (!ts.isIfStatement(st) || st.elseStatement !== undefined || !throwsOut(st.thenStatement)) continue
          const held: Array<Statement> = []
          this.guardsOf(st.expression, true, { start: 0, end: 0 }, held, fn, locals)
          for (const g of held) {
            if (g.k !== "guard") continue
            const param = params.indexOf(tracedName(g.name, locals))
            if (param !== -1) out.push({ param, kind: g.kind })
          }
        }
      } finally {
        this.checkDepth--
      }
    }
    this.assertions.set(node, out)
    return out
  }

  /** A function of the module by its name: `function f(...)` or `const f = (...) => ...`. */
  private topFunction(name: string): FunctionLike | undefined {
    if (this.topFunctions === undefined) {
      const found = new Map<string, FunctionLike>()
      for (const st of this.file.statements) {
        if (ts.isFunctionDeclaration(st) && st.name !== undefined && st.body !== undefined) found.set(st.name.text, st)
        else if (ts.isVariableStatement(st))
          for (const d of st.declarationList.declarations) {
            const init = d.initializer === undefined ? undefined : unwrap(d.initializer)
            if (ts.isIdentifier(d.name) && init !== undefined && (ts.isArrowFunction(init) || ts.isFunctionExpression(init))) found.set(d.name.text, init)
          }
      }
      this.topFunctions = found
    }
    return this.topFunctions.get(name)
  }

  /**
   * A value the program fixed, to compare a checked value with: a literal, or a `const` of the
   * function or the module holding one, a deployment setting (`process.env.X`), or the origin /
   * host of a URL built from them (`const ORIGIN = new URL(BASE).origin`;
   * `if (target.origin !== ORIGIN) throw` keeps requests on that host). A name bound to anything
   * else (a parameter, another request's header) is no allow-list.
   */
  private constantOperand(node: ts.Expression, fn: number, depth = 0): boolean {
    const n = unwrap(node)
    if (isConstantLiteral(n)) return true
    if (depth >= 8) return false // a chain of constants that long is no check anyone writes
    if (ts.isIdentifier(n)) {
      const init = this.localsOf(fn).get(n.text) ?? (fn === -1 ? undefined : this.localsOf(-1).get(n.text))
      return init !== undefined && this.constantOperand(init, fn, depth + 1)
    }
    if (ts.isPropertyAccessExpression(n)) {
      if (dottedText(n.expression) === "process.env") return true
      return HOST_PARTS.test(n.name.text) && this.constantOperand(n.expression, fn, depth + 1)
    }
    if (ts.isNewExpression(n) && dottedText(n.expression) === "URL")
      return n.arguments !== undefined && n.arguments.length > 0 && n.arguments.every((a) => this.constantOperand(a, fn, depth + 1))
    // `process.env.MIRROR ?? "https://mirror.example.com"`: a setting with a fixed default
    if (ts.isBinaryExpression(n) && (n.operatorToken.kind === K.QuestionQuestionToken || n.operatorToken.kind === K.BarBarToken))
      return this.constantOperand(n.left, fn, depth + 1) && this.constantOperand(n.right, fn, depth + 1)
    return false
  }

  /** The `const` declarations of a function (-1: the module), read once when a check needs them. */
  /**
   * The regex an expression stands for: a literal, `new RegExp("…", "flags")` / `RegExp(…)` with
   * constant text, or a name declared `const` with one (in the function, a function around it, or the
   * module; a parameter of that name hides the outer ones). Undefined when the file does not show it.
   * `text`: a string is a pattern too (`x.match("^[a-z]+$")` makes a RegExp of it).
   */
  private regexOf(e: ts.Expression, fn: number, locals?: ReadonlyMap<string, ts.Expression>, text = false, depth = 0): { pattern: string; flags: string } | undefined {
    const n = unwrap(e)
    if (ts.isRegularExpressionLiteral(n)) return literalRegex(n.text)
    if (text && ts.isStringLiteralLike(n)) return { pattern: n.text, flags: "" }
    if ((ts.isNewExpression(n) || ts.isCallExpression(n)) && ts.isIdentifier(n.expression) && n.expression.text === "RegExp") {
      const [source, flags] = n.arguments ?? NO_ARGS
      if (source === undefined || !ts.isStringLiteralLike(source)) return undefined
      if (flags !== undefined && !ts.isStringLiteralLike(flags)) return undefined
      return { pattern: source.text, flags: flags === undefined ? "" : flags.text }
    }
    if (!ts.isIdentifier(n) || depth > 3) return undefined
    const name = n.text
    const local = locals?.get(name)
    if (local !== undefined) return this.regexOf(local, fn, undefined, false, depth + 1)
    for (let f = fn; ; f = this.b.functions[f]!.parent) {
      const init = this.localsOf(f).get(name)
      if (init !== undefined) return this.regexOf(init, f, undefined, false, depth + 1)
      if (f === -1 || this.b.functions[f]!.params.includes(name)) return undefined
    }
  }

  /**
   * A regex check of this pattern validates: a regex the file shows must be restrictive and anchored
   * (regexGuard.ts); a literal or a constant string that is not is no check; a name the file does not
   * show a pattern for (a parameter, an import) is taken as a check.
   */
  private regexValidates(e: ts.Expression, fn: number, locals: ReadonlyMap<string, ts.Expression> | undefined, text = false): boolean {
    const re = this.regexOf(e, fn, locals, text)
    if (re !== undefined) return validatingRegex(re)
    const n = unwrap(e)
    return !ts.isRegularExpressionLiteral(n) && !ts.isStringLiteralLike(n) && !ts.isNewExpression(n)
  }

  private localsOf(fn: number): ReadonlyMap<string, ts.Expression> {
    let found = this.locals.get(fn)
    if (found === undefined) {
      const node = fn === -1 ? undefined : this.fnNodes.get(fn)
      found = fn === -1 ? this.constsIn(this.file) : node === undefined ? new Map() : this.constsIn(node)
      this.locals.set(fn, found)
    }
    return found
  }

  /** `const` names declared once in a function body (or the module), not in the functions inside it. */
  private constsIn(root: FunctionLike | ts.SourceFile): ReadonlyMap<string, ts.Expression> {
    const out = new Map<string, ts.Expression>()
    const twice = new Set<string>()
    const visit = (n: ts.Node): void => {
      if (ts.isFunctionLike(n) || ts.isClassLike(n)) return
      if (ts.isVariableDeclarationList(n) && (n.flags & ts.NodeFlags.Const) !== 0)
        for (const d of n.declarations) {
          if (!ts.isIdentifier(d.name) || d.initializer === undefined) continue
          if (out.has(d.name.text)) twice.add(d.name.text)
          out.set(d.name.text, d.initializer)
        }
      ts.forEachChild(n, visit)
    }
    if (ts.isSourceFile(root)) for (const st of root.statements) visit(st)
    else if (root.body !== undefined) ts.forEachChild(root.body, visit)
    for (const name of twice) out.delete(name)
    return out
  }

  /**
   * The path a variable holds the relative form of: `p` for the last `r = path.relative(root, p)` of
   * the block so far, also when p is resolved in place (`path.relative(root, path.resolve(root, p))`).
   */
  private relativeTarget(name: string, out: ReadonlyArray<Statement>): ReadonlyArray<string> {
    for (let i = out.length - 1; i >= 0; i--) {
      const s = out[i]!
      if (s.k !== "assign" || s.target.name !== name || s.target.path.length > 0) continue
      const call = s.value.k === "call" ? this.b.calls[s.value.call] : undefined
      if (call === undefined || !/(?:^|\.)relative$/.test(call.callee)) return []
      let target = call.args.filter((a) => a.name === undefined)[1]?.value
      const inner = target?.k === "call" ? this.b.calls[target.call] : undefined
      if (inner !== undefined && /(?:^|\.)(?:resolve|join|normalize|realpathSync)$/.test(inner.callee)) {
        const positional = inner.args.filter((a) => a.name === undefined)
        target = positional[positional.length - 1]?.value
      }
      const dotted = target === undefined ? undefined : dottedOf(target)
      return dotted === undefined ? [] : [dotted]
    }
    return []
  }

  private guard(kind: GuardKind, subject: ts.Expression, scope: Span, cond: ts.Node, out: Array<Statement>, fn: number): void {
    let node = unwrap(subject)
    // `new URL(u).hostname === "x"`, `path.resolve(p).startsWith(base)`: the check is about u / p
    let hostPart = false
    for (;;) {
      if ((ts.isCallExpression(node) || ts.isNewExpression(node)) && node.arguments !== undefined && node.arguments.length >= 1) {
        const callee = dottedText(node.expression) ?? ""
        if (WRAPPERS.test(callee)) {
          if (callee === "URL") hostPart = true
          const args = node.arguments
          node = unwrap(callee.endsWith("resolve") || callee.endsWith("join") ? args[args.length - 1]! : args[0]!)
          continue
        }
      }
      if (ts.isPropertyAccessExpression(node)) {
        const attr = node.name.text
        // `u.protocol === "https:"` fixes the scheme, not who is reached: no check of the host
        if (attr === "protocol") return
        if (HOST_PARTS.test(attr)) {
          hostPart = true
          node = unwrap(node.expression)
          continue
        }
      }
      if (ts.isCallExpression(node) && ts.isPropertyAccessExpression(node.expression)) {
        const m = node.expression.name.text
        if (NORMALISERS.has(m) || m === "trim" || m === "toUpperCase" || m === "toString") {
          node = unwrap(node.expression.expression)
          continue
        }
      }
      break
    }
    const name = dottedText(node)
    if (name === undefined) return
    out.push({ k: "guard", kind: hostPart && kind === "allowlist" ? "host_allowlist" : kind, name, scope, span: this.span(cond) })
  }

  // ---------------------------------------------------------------- imports, classes, functions

  private importDeclaration(node: ts.ImportDeclaration): void {
    const spec = node.moduleSpecifier
    const clause = node.importClause
    if (!ts.isStringLiteral(spec) || clause === undefined) return
    const module = moduleName(spec.text)
    if (clause.name !== undefined) this.b.addImport(clause.name.text, module, this.span(clause.name))
    const bindings = clause.namedBindings
    if (bindings === undefined) return
    if (ts.isNamespaceImport(bindings)) this.b.addImport(bindings.name.text, module, this.span(bindings))
    else
      for (const el of bindings.elements) {
        const imported = el.propertyName === undefined ? el.name.text : ts.isIdentifier(el.propertyName) ? el.propertyName.text : el.propertyName.text
        this.b.addImport(el.name.text, imported === "default" ? module : `${module}.${imported}`, this.span(el))
      }
  }

  /**
   * A type the file declares, by name: an interface declared twice (merged) lists the fields of
   * both; any other second declaration of the name leaves it undecided (text).
   */
  private declareType(name: string, shape: DeclaredType): void {
    const before = this.b.types.get(name)
    if (before === undefined) this.b.types.set(name, shape)
    else if (before.k === "data" && shape.k === "data") this.b.types.set(name, { k: "data", fields: new Map([...(before.fields ?? []), ...(shape.fields ?? [])]) })
    else this.b.types.set(name, TEXT_TYPE)
  }

  /** The declared types of the properties of an interface or type literal (a method is a function: data). */
  private fieldsOf(members: ts.NodeArray<ts.TypeElement>): ReadonlyMap<string, DeclaredType> | undefined {
    let fields: Map<string, DeclaredType> | undefined
    for (const m of members) {
      if (!ts.isPropertySignature(m) && !ts.isMethodSignature(m)) continue
      const key = propertyKey(m.name)
      if (key === undefined) continue
      fields ??= new Map()
      fields.set(key, ts.isMethodSignature(m) ? DATA_TYPE : m.type === undefined ? TEXT_TYPE : this.shapeOf(m.type))
    }
    return fields
  }

  /** What a type annotation says of a value of it: can it be text? (see DeclaredType) */
  private shapeOf(type: ts.TypeNode, depth = 0): DeclaredType {
    if (depth > 8) return TEXT_TYPE
    switch (type.kind) {
      case K.NumberKeyword:
      case K.BooleanKeyword:
      case K.BigIntKeyword:
      case K.ObjectKeyword:
      case K.SymbolKeyword:
      case K.VoidKeyword:
      case K.UndefinedKeyword:
      case K.NeverKeyword:
      case K.ArrayType:
      case K.TupleType:
      case K.FunctionType:
      case K.ConstructorType:
      case K.MappedType:
        return DATA_TYPE
      case K.TypeLiteral:
        return dataType(this.fieldsOf((type as ts.TypeLiteralNode).members))
      case K.LiteralType:
        return ts.isStringLiteral((type as ts.LiteralTypeNode).literal) ? TEXT_TYPE : DATA_TYPE
      case K.ParenthesizedType:
        return this.shapeOf((type as ts.ParenthesizedTypeNode).type, depth + 1)
      case K.TypeOperator: {
        const t = type as ts.TypeOperatorNode
        return t.operator === K.ReadonlyKeyword ? this.shapeOf(t.type, depth + 1) : TEXT_TYPE
      }
      case K.UnionType:
      case K.IntersectionType:
        return { k: "union", of: (type as ts.UnionTypeNode | ts.IntersectionTypeNode).types.map((t) => this.shapeOf(t, depth + 1)) }
      case K.TypeReference: {
        const t = type as ts.TypeReferenceNode
        const name = entityText(t.typeName)
        if (TEXT_TYPES.has(name)) return TEXT_TYPE
        // `NonNullable<T>`, `Awaited<T>`: T's
        if (SAME_TYPES.has(name)) return t.typeArguments?.[0] === undefined ? TEXT_TYPE : this.shapeOf(t.typeArguments[0], depth + 1)
        if (DATA_TYPES.has(name)) return DATA_TYPE
        return { k: "named", name, imported: this.b.isImported(rootOf(t.typeName)) }
      }
      default:
        // `string`, `any`, `unknown`, template literal types, `typeof x`, `T[K]`, conditional types: text, or undecided
        return TEXT_TYPE
    }
  }

  private classLike(node: ts.ClassDeclaration | ts.ClassExpression, fn: number, out: Array<Statement>): void {
    // an instance of a class is an object, never text
    if (ts.isClassDeclaration(node) && node.name !== undefined) this.declareType(node.name.text, DATA_TYPE)
    for (const d of ts.canHaveDecorators(node) ? ts.getDecorators(node) ?? [] : []) this.expr(d.expression, fn)
    // the base class, canonical (`StructuredTool` imported from @langchain/core/tools): its methods'
    // overrides may have a framework role (a tool's `_call`)
    const bases: Array<string> = []
    for (const h of node.heritageClauses ?? [])
      for (const t of h.types) {
        this.expr(t.expression, fn)
        const dotted = h.token === K.ExtendsKeyword ? dottedText(t.expression) : undefined
        if (dotted !== undefined) bases.push(this.canonical(fn, dotted))
      }
    for (const m of node.members) {
      switch (m.kind) {
        case K.MethodDeclaration:
        case K.Constructor: {
          const method = m as ts.MethodDeclaration | ts.ConstructorDeclaration
          if (method.body === undefined) continue // abstract or overload
          const nameNode = ts.isMethodDeclaration(method) ? method.name : method
          const name = ts.isMethodDeclaration(method) ? propertyKey(method.name) ?? "<computed>" : "constructor"
          const index = this.functionLike(method, fn, name, nameNode, this.docOf(method))
          if (node.name !== undefined) this.b.functions[index]!.owner = node.name.text
          if (bases.length > 0 && ts.isMethodDeclaration(method)) (this.b.functions[index] as Writable<FunctionInfo>).methodOf = bases.map((b) => `${b}.${name}`)
          continue
        }
        case K.PropertyDeclaration: {
          const p = m as ts.PropertyDeclaration
          if (p.initializer === undefined) continue
          const key = propertyKey(p.name) ?? "*"
          const init = unwrap(p.initializer)
          const value = isFunctionExpression(init) ? this.functionExpr(init, fn, key, this.docOf(p), true) : this.expr(p.initializer, fn)
          // `_call = async (input) => { ... }`: a method all the same
          if (value.k === "func" && bases.length > 0) (this.b.functions[value.fn] as Writable<FunctionInfo>).methodOf = bases.map((b) => `${b}.${key}`)
          out.push({ k: "assign", target: { name: "this", path: [key] }, value, span: this.span(p) })
          if (value.k === "call") this.bindHolder(-1, `this.${key}`, `${this.b.calls[value.call]!.callee}()`)
          continue
        }
        case K.ClassStaticBlockDeclaration:
          this.statements((m as ts.ClassStaticBlockDeclaration).body.statements, fn, out, m.end)
          continue
        default:
          // getters, setters, index signatures: no data flow the model follows
          continue
      }
    }
  }

  /** `member`: the function is a property's value (`{ execute: async () => {} }`, `obj.run = () => {}`), not in scope by its name */
  private functionExpr(node: ts.FunctionExpression | ts.ArrowFunction, fn: number, name: string, doc?: string, member = false): Expr {
    return { k: "func", fn: this.functionLike(node, fn, name, node.name ?? node, doc, member) }
  }

  private functionLike(node: FunctionLike, parent: number, name: string, nameNode: ts.Node, doc: string | undefined, member = false): number {
    const params: Array<string> = []
    // filled only when some parameter is typed (most JavaScript never is)
    let paramTypes: Array<string | undefined> | undefined
    let paramShapes: Array<DeclaredType | undefined> | undefined
    for (const p of node.parameters) {
      const plain = ts.isIdentifier(p.name)
      if (plain && idText(p.name) === "this") continue // TS `this` parameter: not an argument
      const name = plain ? idText(p.name) : `$${params.length}`
      const type = p.type === undefined ? undefined : this.typeName(p.type, parent)
      if (type !== undefined) paramTypes ??= params.map(() => undefined)
      paramTypes?.push(type)
      if (p.type !== undefined) paramShapes ??= params.map(() => undefined)
      // a rest parameter (`...parts: string[]`) is a list of what its type's elements are: leave it undecided
      paramShapes?.push(p.type === undefined || p.dotDotDotToken !== undefined ? undefined : this.shapeOf(p.type))
      params.push(name)
    }
    const decorators = node.modifiers === undefined || !ts.canHaveDecorators(node) ? NONE : ts.getDecorators(node) ?? NONE
    const span = this.span(node)
    const info: Writable<FunctionInfo> = {
      name,
      params,
      decorators: decorators.length === 0 ? NONE : decorators.map((d) => this.decoratorName(d, parent)),
      role: "plain",
      span,
      nameSpan: nameNode === node ? span : this.span(nameNode),
      body: [],
      parent
    }
    if (paramTypes !== undefined) info.paramTypes = paramTypes
    if (paramShapes !== undefined) info.paramShapes = paramShapes
    if (doc !== undefined) info.doc = doc
    const index = this.b.addFunction(info)
    this.fnNodes.set(index, node)
    // only a declaration or a function held by a variable is in scope by its name; a method (of a class
    // or an object literal, `{ options(url, options) {} }`) is not: a bare `options` names something else
    // (the walk has no parent pointers, so the caller says when the function is a property's value)
    if (name !== "<anonymous>" && !this.named.has(name) && !member && !isMethod(node)) this.named.set(name, index)
    if (this.focus === undefined || this.focus.within(span.start, span.end)) this.fillFunction(index, node)
    else {
      this.skipped.set(index, node)
      // a skipped router is still read by loop rules (code-graph): does it count?
      if (ordersValues(node)) info.compares = true
    }
    return index
  }

  /** Parameter bindings and body of a function (skipped functions are filled only when needed). */
  private fillFunction(index: number, node: FunctionLike): void {
    const info = this.b.functions[index]!
    const body = info.body
    const params = info.params
    const paramTypes = info.paramTypes
    let position = 0
    // destructured, defaulted or typed parameters need statements or holders
    let bodyWork = paramTypes !== undefined
    if (!bodyWork) for (const p of node.parameters) if (!ts.isIdentifier(p.name) || p.initializer !== undefined) bodyWork = true
    if (bodyWork) for (const p of node.parameters) {
      if (ts.isIdentifier(p.name) && idText(p.name) === "this") continue
      const pname = params[position]!
      const type = paramTypes?.[position]
      position++
      // `(client: OpenAI) =>`, `constructor(private client: OpenAI)`: the parameter holds an instance
      if (type !== undefined && p.type !== undefined && ts.isTypeReferenceNode(p.type) && this.b.isImported(rootOf(p.type.typeName))) {
        this.bindHolder(index, pname, `${type}()`)
        if (ts.isConstructorDeclaration(node) && (p.modifiers?.some((m) => PARAMETER_PROPERTY.has(m.kind)) ?? false)) this.bindHolder(-1, `this.${pname}`, `${type}()`)
      }
      let source: Expr = { k: "name", name: pname }
      if (p.initializer !== undefined) source = { k: "op", parts: [source, this.expr(p.initializer, index)] }
      // `({ query }) =>`: `query = $0.query`
      if (!ts.isIdentifier(p.name)) this.bindPattern(p.name, source, index, body, this.span(p))
      else if (p.initializer !== undefined) body.push({ k: "assign", target: { name: pname, path: [] }, value: source, span: this.span(p) })
      // `constructor(private readonly table: string)` stores the argument as `this.table`
      if (ts.isIdentifier(p.name) && ts.isConstructorDeclaration(node) && (p.modifiers?.some((m) => PARAMETER_PROPERTY.has(m.kind)) ?? false))
        body.push({ k: "assign", target: { name: "this", path: [pname] }, value: { k: "name", name: pname }, span: this.span(p) })
    }
    const fbody = node.body
    if (fbody !== undefined) {
      if (ts.isBlock(fbody)) this.statements(fbody.statements, index, body, fbody.end)
      else body.push({ k: "return", value: this.expr(fbody, index), span: this.span(fbody) })
    }
  }

  /** Canonical name of a declared parameter type (`express.Request`), keywords as written. */
  private typeName(type: ts.TypeNode, fn: number): string | undefined {
    if (ts.isTypeReferenceNode(type)) {
      const dotted = entityText(type.typeName)
      return this.canonical(fn, dotted)
    }
    switch (type.kind) {
      case K.StringKeyword: return "string"
      case K.NumberKeyword: return "number"
      case K.BooleanKeyword: return "boolean"
      case K.BigIntKeyword: return "bigint"
      default: return undefined
    }
  }

  private decoratorName(d: ts.Decorator, fn: number): string {
    const e = unwrap(d.expression)
    const target = ts.isCallExpression(e) ? e.expression : e
    if (ts.isCallExpression(e)) this.expr(e, fn)
    const dotted = dottedText(target)
    return dotted === undefined ? "" : this.canonical(fn, dotted)
  }

  /** The last JSDoc block before a declaration (in its leading trivia), without its stars. */
  private docOf(node: ts.Node): string | undefined {
    const text = this.text
    let open = -1
    let close = -1
    for (let pos = node.pos; ;) {
      const c = text.charCodeAt(pos)
      if (isSpace(c)) pos++
      else if (c === 47 && text.charCodeAt(pos + 1) === 47) {
        const eol = text.indexOf("\n", pos + 2)
        if (eol === -1) break
        pos = eol
      } else if (c === 47 && text.charCodeAt(pos + 1) === 42) {
        const end = text.indexOf("*/", pos + 2)
        if (end === -1) break
        if (text.charCodeAt(pos + 2) === 42 && end > pos + 2) {
          open = pos + 3
          close = end
        }
        pos = end + 2
      } else break
    }
    return open === -1 ? undefined : text.slice(open, close).replace(/^[ \t]*\*?[ \t]?/gm, "").trim()
  }

  // ---------------------------------------------------------------- expressions

  /** Reduces an expression to the model; calls are recorded as they are met. */
  expr(node: ts.Expression, fn: number): Expr {
    switch (node.kind) {
      case K.Identifier: {
        const name = idText(node as ts.Identifier)
        if (name === "undefined") return { k: "lit", value: null }
        if (this.b.isImported(name)) return { k: "ref", name: this.canonical(fn, name) }
        // `process` is always there: `process.env.X` is a reference like an import
        if (name === "process") return { k: "ref", name }
        return { k: "name", name }
      }
      case K.StringLiteral:
      case K.NoSubstitutionTemplateLiteral:
        return { k: "lit", value: (node as ts.StringLiteral).text }
      case K.NumericLiteral:
        return { k: "lit", value: Number((node as ts.NumericLiteral).text) }
      case K.BigIntLiteral:
      case K.RegularExpressionLiteral:
        return { k: "lit", value: (node as ts.LiteralExpression).text }
      case K.TrueKeyword:
        return { k: "lit", value: true }
      case K.FalseKeyword:
        return { k: "lit", value: false }
      case K.NullKeyword:
        return { k: "lit", value: null }
      case K.ThisKeyword:
        return { k: "name", name: "this" }
      case K.SuperKeyword:
        return { k: "name", name: "super" }
      case K.TemplateExpression: {
        const n = node as ts.TemplateExpression
        const parts: Array<Expr> = []
        if (n.head.text !== "") parts.push({ k: "lit", value: n.head.text })
        for (const s of n.templateSpans) {
          parts.push(this.expr(s.expression, fn))
          if (s.literal.text !== "") parts.push({ k: "lit", value: s.literal.text })
        }
        return { k: "concat", parts }
      }
      case K.TaggedTemplateExpression:
        return this.taggedTemplate(node as ts.TaggedTemplateExpression, fn)
      case K.PropertyAccessExpression: {
        // a chain `a.b.c.d` is walked as a loop: generated code has chains thousands long
        const names: Array<string> = []
        let cur: ts.Expression = node
        while (cur.kind === K.PropertyAccessExpression) {
          names.push(idText((cur as ts.PropertyAccessExpression).name))
          cur = (cur as ts.PropertyAccessExpression).expression
        }
        let e = this.expr(cur, fn)
        if (names.length > MAX_CHAIN) return UNKNOWN
        for (let i = names.length - 1; i >= 0; i--) e = attrOf(e, names[i]!)
        return e
      }
      case K.ElementAccessExpression: {
        const n = node as ts.ElementAccessExpression
        return { k: "index", obj: this.expr(n.expression, fn), key: this.expr(n.argumentExpression, fn) }
      }
      case K.CallExpression:
        return this.call(node as ts.CallExpression, fn, false)
      case K.JsxOpeningElement:
      case K.JsxSelfClosingElement:
        this.jsxAttributes(node as ts.JsxOpeningElement | ts.JsxSelfClosingElement, fn)
        return UNKNOWN
      case K.NewExpression:
        return this.call(node as ts.NewExpression, fn, true)
      case K.ParenthesizedExpression:
      case K.AwaitExpression:
      case K.NonNullExpression:
      case K.AsExpression:
      case K.SatisfiesExpression:
      case K.TypeAssertionExpression:
      case K.SpreadElement:
      case K.ExpressionWithTypeArguments:
      case K.PartiallyEmittedExpression:
        return this.expr((node as ts.ParenthesizedExpression).expression, fn)
      case K.BinaryExpression:
        return this.binary(node as ts.BinaryExpression, fn)
      case K.PrefixUnaryExpression: {
        const n = node as ts.PrefixUnaryExpression
        const inner = this.expr(n.operand, fn)
        // `-1` is a constant (an explicit "no limit" cap is written this way)
        if (n.operator === K.MinusToken && inner.k === "lit" && typeof inner.value === "number") return { k: "lit", value: -inner.value }
        return n.operator === K.ExclamationToken ? { k: "lit", value: true } : { k: "op", parts: [inner] }
      }
      case K.PostfixUnaryExpression:
        return { k: "op", parts: [this.expr((node as ts.PostfixUnaryExpression).operand, fn)] }
      case K.TypeOfExpression:
        this.expr((node as ts.TypeOfExpression).expression, fn)
        return { k: "lit", value: "string" }
      case K.VoidExpression:
        this.expr((node as ts.VoidExpression).expression, fn)
        return { k: "lit", value: null }
      case K.DeleteExpression:
        this.expr((node as ts.DeleteExpression).expression, fn)
        return { k: "lit", value: true }
      case K.ConditionalExpression: {
        const n = node as ts.ConditionalExpression
        this.expr(n.condition, fn)
        const branches = [n.whenTrue, n.whenFalse]
        const parts = branches.map((x) => this.expr(x, fn))
        // a branch that is the checked variable itself holds only what the check let through
        const checked = branches.map((x, i) => {
          const held: Array<Statement> = []
          this.guardsOf(n.condition, i === 1, this.span(x), held, fn)
          // (`ALLOWED.has(String(b.style)) ? String(b.style) : "plain"`: the conversion is the value checked)
          let branch = unwrap(x)
          while (ts.isCallExpression(branch) && branch.arguments.length === 1 && CONVERSIONS.has(dottedText(branch.expression) ?? "")) branch = unwrap(branch.arguments[0]!)
          const name = dottedText(branch)
          return held.flatMap((g) => (g.k === "guard" && g.name === name ? [g.kind] : []))
        })
        return checked.some((k) => k.length > 0) ? { k: "op", parts, checked } : { k: "op", parts }
      }
      case K.ArrayLiteralExpression:
        return { k: "container", entries: (node as ts.ArrayLiteralExpression).elements.map((e) => ({ value: this.expr(e, fn), span: this.span(e) })) }
      case K.ObjectLiteralExpression:
        return this.objectLiteral(node as ts.ObjectLiteralExpression, fn).expr
      case K.ArrowFunction:
      case K.FunctionExpression:
        return this.functionExpr(node as ts.ArrowFunction, fn, (node as ts.FunctionExpression).name?.text ?? "<anonymous>")
      case K.ClassExpression:
        this.classLike(node as ts.ClassExpression, fn, this.body(fn))
        return UNKNOWN
      case K.YieldExpression: {
        const e = (node as ts.YieldExpression).expression
        return e === undefined ? UNKNOWN : this.expr(e, fn)
      }
      case K.MetaProperty:
        // `import.meta.env.X` is configuration like `process.env.X`
        return { k: "ref", name: this.source(node) }
      case K.OmittedExpression:
        return UNKNOWN
      default:
        if (node.kind >= K.FirstTypeNode && node.kind <= K.LastTypeNode) return UNKNOWN
        ts.forEachChild(node, (c) => void this.expr(c as ts.Expression, fn))
        return UNKNOWN
    }
  }

  /**
   * JSX attributes: `<div dangerouslySetInnerHTML={{ __html: x }} />` is an assignment to
   * `<div>.dangerouslySetInnerHTML`, so assignment sinks see it. Only attributes whose name a rule
   * needs become statements; the others' expressions are still walked for their calls.
   */
  private jsxAttributes(n: ts.JsxOpeningElement | ts.JsxSelfClosingElement, fn: number): void {
    const tag = `<${this.source(n.tagName)}>`
    for (const attr of n.attributes.properties) {
      if (ts.isJsxSpreadAttribute(attr)) {
        this.expr(attr.expression, fn)
        continue
      }
      const init = attr.initializer
      if (init === undefined) continue
      const value = ts.isJsxExpression(init) ? (init.expression === undefined ? UNKNOWN : this.expr(init.expression, fn)) : this.expr(init, fn)
      if (!ts.isIdentifier(attr.name) || (this.focus !== undefined && !this.focus.within(attr.name.pos, attr.name.end))) continue
      this.body(fn).push({ k: "assign", target: { name: tag, path: [idText(attr.name)] }, value, span: this.span(attr) })
    }
  }

  private binary(n: ts.BinaryExpression, fn: number): Expr {
    const op = n.operatorToken.kind
    if (isAssignmentOperator(op)) return this.assignment(n, fn, this.body(fn))
    switch (op) {
      case K.CommaToken:
      case K.PlusToken:
      case K.AmpersandAmpersandToken:
      case K.BarBarToken:
      case K.QuestionQuestionToken: {
        // `a + b + c ...` is one list of operands, read in a loop (chains can be thousands long)
        const operands = chainOf(n, op)
        const parts = operands.map((o) => this.expr(o, fn))
        if (op === K.CommaToken) return parts[parts.length - 1]!
        if (op === K.PlusToken) return operands.some(stringish) ? { k: "concat", parts } : { k: "op", parts, plus: true }
        if ((op === K.QuestionQuestionToken || op === K.BarBarToken) && operands.slice(1).some((o) => ts.isObjectLiteralExpression(unwrap(o)))) return { k: "op", parts, record: true }
        return { k: "op", parts }
      }
      case K.EqualsEqualsEqualsToken:
      case K.EqualsEqualsToken:
      case K.ExclamationEqualsEqualsToken:
      case K.ExclamationEqualsToken:
      case K.LessThanToken:
      case K.LessThanEqualsToken:
      case K.GreaterThanToken:
      case K.GreaterThanEqualsToken:
        {
          const left = this.expr(n.left, fn)
          const right = this.expr(n.right, fn)
          // (`reply.indexOf("DONE") >= 0` asks whether the text holds something: no count, no bound)
          if (ORDERING.has(op)) {
            // (`reply.indexOf("DONE") >= 0` asks what the text holds: it bounds no loop)
            if (!this.b.presenceCheck(fn, [left, right])) this.b.ordered = true
            if (fn !== -1) this.b.functions[fn]!.compares = true
          }
          if (fn !== -1 && EQUALITY.has(op)) (this.b.functions[fn]!.equalities ??= []).push({ left, right, span: this.span(n) })
          if (fn !== -1 && ORDERING.has(op)) (this.b.functions[fn]!.orderings ??= []).push([left, right])
        }
        return { k: "lit", value: true }
      case K.InstanceOfKeyword:
      case K.InKeyword:
        this.expr(n.left, fn)
        this.expr(n.right, fn)
        return { k: "lit", value: true }
      default:
        return { k: "op", parts: [this.expr(n.left, fn), this.expr(n.right, fn)] }
    }
  }

  /**
   * An object literal as a container; with its entries' spans, so a call can expose its fields as
   * named arguments without reducing the values twice. Methods and function values are functions.
   */
  private objectLiteral(node: ts.ObjectLiteralExpression, fn: number): {
    expr: Expr
    fields: Array<{ key: string; value: Expr; span: Span }>
  } {
    const entries: Array<{ key?: string; value: Expr; span: Span }> = []
    const fields: Array<{ key: string; value: Expr; span: Span }> = []
    // `{ max_tokens: undefined }` sets nothing: JSON drops the key and a destructuring default or an
    // options merge fills it, as if it were left out (beside a spread it still clears what the spread gave)
    const spreads = node.properties.some((p) => p.kind === K.SpreadAssignment)
    for (const p of node.properties) {
      let key: string | undefined
      let value: Expr
      switch (p.kind) {
        case K.PropertyAssignment: {
          const pa = p as ts.PropertyAssignment
          if (!spreads && isUndefinedValue(pa.initializer)) continue
          key = propertyKey(pa.name)
          if (key === undefined && ts.isComputedPropertyName(pa.name)) this.expr(pa.name.expression, fn)
          const init = unwrap(pa.initializer)
          value = isFunctionExpression(init) ? this.functionExpr(init, fn, key ?? "<anonymous>", undefined, true) : this.expr(pa.initializer, fn)
          break
        }
        case K.ShorthandPropertyAssignment: {
          const sp = p as ts.ShorthandPropertyAssignment
          key = sp.name.text
          value = this.expr(sp.name, fn)
          break
        }
        case K.SpreadAssignment:
          value = this.expr((p as ts.SpreadAssignment).expression, fn)
          break
        case K.MethodDeclaration: {
          const m = p as ts.MethodDeclaration
          key = propertyKey(m.name)
          value = m.body === undefined ? UNKNOWN : { k: "func", fn: this.functionLike(m, fn, key ?? "<computed>", m.name, this.docOf(m)) }
          break
        }
        default:
          continue // getters and setters
      }
      if (key !== undefined) {
        entries.push({ key, value, span: this.span(p) })
        fields.push({ key, value, span: this.span(p) })
      } else entries.push({ value, span: this.span(p) })
    }
    return { expr: { k: "container", entries }, fields }
  }

  /**
   * A call. Calls nested deeper than MAX_DEPTH (generated code: thousands of chained calls) are not
   * followed, so the walk cannot exhaust the stack; operator and attribute chains are loops.
   */
  private call(node: ts.CallExpression | ts.NewExpression, fn: number, isNew: boolean): Expr {
    if (this.depth >= MAX_DEPTH) return UNKNOWN
    this.depth++
    const value = this.reduceCall(node, fn, isNew)
    this.depth--
    return value
  }

  private reduceCall(node: ts.CallExpression | ts.NewExpression, fn: number, isNew: boolean): Expr {
    const calleeNode = unwrap(node.expression)
    // `require("m")`, `import("m")`: the module itself
    if (!isNew && node.arguments?.length === 1 && (calleeNode.kind === K.ImportKeyword || (calleeNode.kind === K.Identifier && idText(calleeNode as ts.Identifier) === "require"))) {
      const imported = this.importOf(node as ts.CallExpression)
      if (imported !== undefined) return { k: "ref", name: imported }
    }
    let callee = "?"
    let written: string
    let receiver: Expr | undefined
    let table: Expr | undefined
    const methodCall = ts.isPropertyAccessExpression(calleeNode) ? idText(calleeNode.name)
      : ts.isElementAccessExpression(calleeNode) ? literalKey(calleeNode.argumentExpression) : undefined
    if (ts.isIdentifier(calleeNode)) {
      written = idText(calleeNode)
      callee = this.canonical(fn, written)
    } else if (methodCall !== undefined) {
      const obj = unwrap((calleeNode as ts.PropertyAccessExpression | ts.ElementAccessExpression).expression)
      receiver = this.expr(obj, fn)
      callee = `${this.calleeBase(receiver, fn)}.${methodCall}`
      const objText = ts.isCallExpression(obj) || ts.isNewExpression(obj) ? "…" : this.source(obj)
      written = `${objText.length > 40 ? "…" : objText}.${methodCall}`
    } else {
      const inner = this.expr(calleeNode, fn)
      if (inner.k === "call") callee = `${this.b.calls[inner.call]!.callee}()`
      else if (calleeNode.kind === K.SuperKeyword) callee = "super"
      else if (inner.k === "index") table = inner.obj
      written = callee === "?" ? "…" : callee
    }
    const args: Array<Arg> = []
    let callbacks: Array<{ arg?: number; field?: string; fn: number }> | undefined
    let pending: Array<Omit<PendingCallback, "call">> | undefined
    const list = node.arguments ?? NO_ARGS
    let objectArgs = 0
    for (const a of list) if (ts.isObjectLiteralExpression(a)) objectArgs++
    for (let i = 0; i < list.length; i++) {
      const a = list[i]!
      const inner = unwrap(a)
      if (ts.isObjectLiteralExpression(inner)) {
        const { expr, fields } = this.objectLiteral(inner, fn)
        args.push({ value: expr, span: this.span(a) })
        for (const f of fields) {
          // `fetch(url, { redirect: "manual" })`: the options object's fields are named arguments too
          if (objectArgs === 1) args.push({ name: f.key, value: f.value, span: f.span })
          if (f.value.k === "func") (callbacks ??= []).push({ arg: i, field: f.key, fn: f.value.fn })
          else if (f.value.k === "name") (pending ??= []).push({ arg: i, field: f.key, name: f.value.name })
        }
        continue
      }
      const value = this.expr(a, fn)
      args.push({ value, span: this.span(a) })
      if (value.k === "func") (callbacks ??= []).push({ arg: i, fn: value.fn })
      else if (value.k === "name" && ts.isIdentifier(inner)) (pending ??= []).push({ arg: i, name: value.name })
    }
    // `Object.freeze({...})` is the record it freezes (a constant table stays one)
    // (its fields are also listed as named arguments: the options-object reading of calls)
    if (callee === "Object.freeze" && list.length === 1 && args[0]?.value.k === "container") return args[0].value
    const call: Writable<Call> = { callee, written, args, span: this.span(node), fn }
    if (receiver !== undefined) call.receiver = receiver
    if (table !== undefined) call.table = table
    if (isNew) call.isNew = true
    if (callbacks !== undefined) call.callbacks = callbacks
    const index = this.b.addCall(call)
    if (pending !== undefined) for (const p of pending) this.pending.push(p.field === undefined ? { call: index, arg: p.arg, name: p.name } : { call: index, arg: p.arg, field: p.field, name: p.name })
    // `[a, b].join("")`, `s.concat(x)`, `"…".replace(a, b)`: string building keeps the data
    if (receiver !== undefined && methodCall !== undefined && BUILDERS.has(methodCall)) {
      // `["You are …", rules].join("\n")`: the lines with the separator between them, so the text begins with the first
      const lines = methodCall === "join" ? joinedLines(receiver, args[0]?.value ?? { k: "lit", value: "," }) : undefined
      if (lines !== undefined) return { k: "concat", parts: [...lines, { k: "call", call: index }] }
      if (methodCall === "join" || methodCall === "concat" || receiver.k === "lit" || receiver.k === "concat")
        // a module's function (`path.join(dir, name)`) gets nothing from the module it belongs to
        return { k: "concat", parts: [...(receiver.k === "ref" ? [] : [receiver]), ...args.filter((a) => a.name === undefined).map((a) => a.value), { k: "call", call: index }] }
    }
    return { k: "call", call: index }
  }

  /** `tag\`a ${x}\``: a call of the tag with the literal parts and then each substitution, as JS does. */
  private taggedTemplate(node: ts.TaggedTemplateExpression, fn: number): Expr {
    const tpl = node.template
    const strings: Array<{ value: Expr }> = []
    const args: Array<Arg> = []
    if (ts.isNoSubstitutionTemplateLiteral(tpl)) strings.push({ value: { k: "lit", value: tpl.text } })
    else {
      strings.push({ value: { k: "lit", value: tpl.head.text } })
      for (const s of tpl.templateSpans) strings.push({ value: { k: "lit", value: s.literal.text } })
    }
    args.push({ value: { k: "container", entries: strings }, span: this.span(tpl) })
    if (!ts.isNoSubstitutionTemplateLiteral(tpl)) for (const s of tpl.templateSpans) args.push({ value: this.expr(s.expression, fn), span: this.span(s.expression) })
    const tag = unwrap(node.tag)
    let callee = "?"
    let receiver: Expr | undefined
    if (ts.isIdentifier(tag)) callee = this.canonical(fn, tag.text)
    else if (ts.isPropertyAccessExpression(tag)) {
      receiver = this.expr(tag.expression, fn)
      callee = `${this.calleeBase(receiver, fn)}.${tag.name.text}`
    } else {
      const inner = this.expr(tag, fn)
      if (inner.k === "call") callee = `${this.b.calls[inner.call]!.callee}()`
    }
    const call: Writable<Call> = { callee, written: this.source(tag).slice(0, 60), args, span: this.span(node), fn }
    if (receiver !== undefined) call.receiver = receiver
    const index = this.b.addCall(call)
    return { k: "call", call: index }
  }

  /** The canonical text a method's receiver contributes to the callee name. */
  private calleeBase(receiver: Expr, fn: number): string {
    return this.b.receiverName(receiver, fn, (scope, dotted) => this.canonical(scope, dotted))
  }

  private isConstant(e: Expr): boolean {
    switch (e.k) {
      case "lit":
        return true
      case "concat":
      case "op":
        return e.parts.every((p) => this.isConstant(p))
      case "container":
        return e.entries.every((x) => this.isConstant(x.value))
      case "name":
        return this.b.constants.has(e.name)
      default:
        return false
    }
  }
}

// ---------------------------------------------------------------- helpers on raw nodes

/**
 * Where a node's first token starts: `node.pos` includes the whitespace and comments before it.
 * The same as `node.getStart(file)`, without its generic checks (spans are made for most nodes).
 */
const tokenStart = (text: string, pos: number): number => {
  for (;;) {
    const c = text.charCodeAt(pos)
    if (isSpace(c)) {
      pos++
      continue
    }
    if (c === 47) {
      const d = text.charCodeAt(pos + 1)
      if (d === 47) {
        const eol = text.indexOf("\n", pos + 2)
        if (eol === -1) return text.length
        pos = eol
        continue
      }
      if (d === 42) {
        const close = text.indexOf("*/", pos + 2)
        if (close === -1) return text.length
        pos = close + 2
        continue
      }
    }
    // `#!/usr/bin/env node` at the very start of a file is trivia too
    if (c === 35 && pos === 0 && text.charCodeAt(1) === 33) {
      const eol = text.indexOf("\n")
      if (eol === -1) return text.length
      pos = eol
      continue
    }
    return pos
  }
}

const isSpace = (c: number): boolean =>
  c === 32 || c === 10 || c === 9 || c === 13 || c === 11 || c === 12 || c === 0xa0 || c === 0xfeff || c === 0x2028 || c === 0x2029 || c === 0x1680 || (c >= 0x2000 && c <= 0x200a) || c === 0x202f || c === 0x205f || c === 0x3000

/** An identifier's name; `.text` is a getter that unescapes a leading `__` on every read. */
const idText = (id: ts.Identifier | ts.PrivateIdentifier): string => {
  const raw = id.escapedText as string
  return raw.charCodeAt(0) === 95 && raw.charCodeAt(1) === 95 && raw.charCodeAt(2) === 95 ? raw.slice(1) : raw
}

/** `node:fs` is `fs`. */
const moduleName = (spec: string): string => (spec.startsWith("node:") ? spec.slice(5) : spec)

/** Strips what does not change the value: parentheses, `await`, `!`, `as`, `satisfies`, `<T>x`. */
/** array methods whose callback's check holds for the value it tests when the call's result is truthy */
const ITERATING_CHECKS = new Set(["some", "every", "find"])

/** Text that starts with a dot: `".example.com"`, `` `.${domain}` ``, `"." + domain` */
const startsWithDot = (e: ts.Expression): boolean => {
  if (ts.isStringLiteralLike(e)) return e.text.startsWith(".")
  if (ts.isTemplateExpression(e)) return e.head.text.startsWith(".")
  if (ts.isBinaryExpression(e) && e.operatorToken.kind === K.PlusToken) return startsWithDot(unwrap(e.left))
  return false
}

/** What a function returns: an arrow's expression body, or the values of its own `return` statements. */
const returnedValues = (node: FunctionLike): ReadonlyArray<ts.Expression> => {
  const body = node.body
  if (body === undefined) return []
  if (!ts.isBlock(body)) return [body]
  const out: Array<ts.Expression> = []
  const visit = (n: ts.Node): void => {
    if (ts.isFunctionLike(n) || ts.isClassLike(n)) return
    if (ts.isReturnStatement(n)) {
      // a bare `return` returns undefined: nothing holds, and nothing is claimed
      if (n.expression !== undefined) out.push(n.expression)
      return
    }
    ts.forEachChild(n, visit)
  }
  ts.forEachChild(body, visit)
  return out
}

/** The statement holds a `return` of its function (not of a function inside it). */
const returnsIn = (st: ts.Node): boolean => {
  if (ts.isReturnStatement(st)) return true
  if (ts.isFunctionLike(st) || ts.isClassLike(st)) return false
  return ts.forEachChild(st, (n) => (returnsIn(n) ? true : undefined)) === true
}

/** A branch that ends in `throw` (alone, or after calls that log or clean up). */
const throwsOut = (st: ts.Statement): boolean => {
  if (ts.isThrowStatement(st)) return true
  if (!ts.isBlock(st) || st.statements.length === 0) return false
  return ts.isThrowStatement(st.statements[st.statements.length - 1]!) && exits(st)
}

/** `undefined` or `void 0`: no value at all. */
const isUndefinedValue = (e: ts.Expression): boolean => {
  const n = unwrap(e)
  return (ts.isIdentifier(n) && n.text === "undefined") || ts.isVoidExpression(n)
}

const isFalsyLiteral = (e: ts.Expression): boolean => {
  const n = unwrap(e)
  return (
    n.kind === K.FalseKeyword ||
    n.kind === K.NullKeyword ||
    (ts.isIdentifier(n) && n.text === "undefined") ||
    (ts.isNumericLiteral(n) && Number(n.text) === 0) ||
    (ts.isStringLiteralLike(n) && n.text === "")
  )
}

/**
 * A checked local traced to the value it was computed from, through normalisations:
 * `rel = path.relative(root, p)`, `real = await fs.realpath(abs)`, `abs = path.resolve(root, p)`,
 * `n = path.normalize(p)` all lead to `p`. Other names stay as they are.
 */
const tracedName = (name: string, locals: ReadonlyMap<string, ts.Expression>): string => {
  let current = name
  for (let i = 0; i < 6; i++) {
    const init = locals.get(current)
    if (init === undefined) return current
    const next = normalisedFrom(unwrap(init))
    const text = next === undefined ? undefined : dottedText(next)
    if (text === undefined) return current
    current = text
  }
  return current
}

/**
 * The value a normalising call (or a `path.relative`) works on, or the expression itself when it is a
 * name. `new URL(raw)` parses raw: a check of its host is a check of raw's (`const u = new URL(raw);
 * return TRUSTED.includes(u.hostname)` in a predicate helper proves raw's host allowed).
 */
const normalisedFrom = (n: ts.Expression): ts.Expression | undefined => {
  if (ts.isNewExpression(n) && dottedText(n.expression) === "URL" && n.arguments?.length === 1 && !ts.isSpreadElement(n.arguments[0]!)) n = unwrap(n.arguments[0]!)
  for (let i = 0; i < 6 && ts.isCallExpression(n); i++) {
    const callee = dottedText(n.expression) ?? ""
    const last = callee.slice(callee.lastIndexOf(".") + 1)
    const args = n.arguments
    if (last === "relative" && args.length === 2) n = unwrap(args[1]!)
    else if ((last === "resolve" || last === "join") && callee.includes(".") && args.length > 0) n = unwrap(args[args.length - 1]!)
    else if ((NORMALISERS.has(last) || last === "realpathSync") && args.length === 1) n = unwrap(args[0]!)
    else if (ts.isPropertyAccessExpression(n.expression) && args.length === 0 && (NORMALISERS.has(last) || last === "trim")) n = unwrap(n.expression.expression)
    else return undefined
  }
  return ts.isIdentifier(n) || ts.isPropertyAccessExpression(n) ? n : undefined
}

/** A regex (`/^[0-9a-f]{7,40}$/i`) that validates the whole value it tests (with `m`, `^` and `$` match at every line). */
const validatingRegex = (re: { readonly pattern: string; readonly flags: string }): boolean => !re.flags.includes("m") && restrictivePattern(re.pattern, "none")

/** The pattern and flags of a regex literal's text (`/^[a-z]+$/i`). */
const literalRegex = (literal: string): { pattern: string; flags: string } => {
  const close = literal.lastIndexOf("/")
  return { pattern: literal.slice(1, close), flags: literal.slice(close + 1) }
}

const TEXT_TYPE: DeclaredType = Object.freeze({ k: "text" })
const DATA_TYPE: DeclaredType = Object.freeze({ k: "data" })
const dataType = (fields: ReadonlyMap<string, DeclaredType> | undefined): DeclaredType => (fields === undefined ? DATA_TYPE : { k: "data", fields })
/** Global types whose values are text */
const TEXT_TYPES: ReadonlySet<string> = new Set(["String", "Uppercase", "Lowercase", "Capitalize", "Uncapitalize"])
/** Global types that are their argument's type */
const SAME_TYPES: ReadonlySet<string> = new Set(["NonNullable", "Awaited", "Readonly", "Required", "Partial", "NoInfer"])
/** Global types of objects, collections and functions (never text) */
const DATA_TYPES: ReadonlySet<string> = new Set([
  "Array", "ReadonlyArray", "Record", "Map", "ReadonlyMap", "Set", "ReadonlySet", "WeakMap", "WeakSet", "Promise", "Date", "RegExp", "Error",
  "Function", "Object", "Pick", "Omit", "Buffer", "ArrayBuffer", "Uint8Array", "URL", "URLSearchParams", "Blob", "File", "FormData", "Headers",
  "Request", "Response", "ReadableStream", "WritableStream", "AbortSignal", "AbortController", "Iterable", "AsyncIterable", "Iterator", "AsyncIterator", "Generator", "AsyncGenerator"
])

/** `null` or `undefined` */
const isNullish = (e: ts.Expression): boolean => e.kind === K.NullKeyword || (ts.isIdentifier(e) && e.text === "undefined")

const unwrap = (node: ts.Expression): ts.Expression => {
  let n = node
  for (;;) {
    switch (n.kind) {
      case K.ParenthesizedExpression:
      case K.AwaitExpression:
      case K.NonNullExpression:
      case K.AsExpression:
      case K.SatisfiesExpression:
      case K.TypeAssertionExpression:
        n = (n as ts.ParenthesizedExpression).expression
        continue
      default:
        return n
    }
  }
}

const isAssignmentOperator = (kind: ts.SyntaxKind): boolean => kind >= K.FirstAssignment && kind <= K.LastAssignment

const isFunctionExpression = (node: ts.Node): node is ts.FunctionExpression | ts.ArrowFunction =>
  node.kind === K.ArrowFunction || node.kind === K.FunctionExpression

/** Attribute access; on a reference the name stays a reference (`process.env` + `X`). */
const attrOf = (obj: Expr, name: string): Expr => (obj.k === "ref" ? { k: "ref", name: `${obj.name}.${name}` } : { k: "attr", obj, name })

const targetRead = (target: Target): Expr => {
  let e: Expr = { k: "name", name: target.name }
  for (const p of target.path) e = { k: "attr", obj: e, name: p }
  return e
}

const propertyKey = (name: ts.PropertyName): string | undefined => {
  if (ts.isIdentifier(name) || ts.isStringLiteral(name) || ts.isNumericLiteral(name) || ts.isPrivateIdentifier(name) || ts.isNoSubstitutionTemplateLiteral(name)) return name.text
  return undefined
}

const literalKey = (node: ts.Expression): string | undefined => {
  const n = unwrap(node)
  return ts.isStringLiteralLike(n) || ts.isNumericLiteral(n) ? n.text : undefined
}

const isConstantLiteral = (node: ts.Expression): boolean =>
  ts.isStringLiteralLike(node) || ts.isNumericLiteral(node) || node.kind === K.TrueKeyword || node.kind === K.FalseKeyword

/** Operands that make `+` string building (`(a + "x") + b` too). */
const stringish = (node: ts.Expression): boolean => {
  const n = unwrap(node)
  return ts.isStringLiteralLike(n) || ts.isTemplateExpression(n) || (ts.isBinaryExpression(n) && n.operatorToken.kind === K.PlusToken && chainOf(n, K.PlusToken).some(stringish))
}

/** The operands of a left-nested chain of one operator (`a + b + c`), found with a loop. */
const chainOf = (node: ts.BinaryExpression, op: ts.SyntaxKind): Array<ts.Expression> => {
  const operands: Array<ts.Expression> = [node.right]
  let left = node.left
  while (left.kind === K.BinaryExpression && (left as ts.BinaryExpression).operatorToken.kind === op) {
    operands.push((left as ts.BinaryExpression).right)
    left = (left as ts.BinaryExpression).left
  }
  operands.push(left)
  return operands.reverse()
}

const isIdentifierChar = (c: number): boolean =>
  (c >= 97 && c <= 122) || (c >= 65 && c <= 90) || (c >= 48 && c <= 57) || c === 95 || c === 36 || c > 127



/** Nesting the walk follows; real code stays far below, the stack holds several times more. */
const MAX_DEPTH = 500

/** Longer attribute chains are generated code: their value is not followed (the engine recurses on it). */
const MAX_CHAIN = 64

/** `a.b.c` / `this.x` as written, or undefined when the expression is not a name chain. */
const dottedText = (node: ts.Expression): string | undefined => {
  let n = unwrap(node)
  let tail = ""
  while (ts.isPropertyAccessExpression(n)) {
    tail = `.${idText(n.name)}${tail}`
    n = unwrap(n.expression)
  }
  if (ts.isIdentifier(n)) return idText(n) + tail
  if (n.kind === K.ThisKeyword) return `this${tail}`
  return undefined
}

const entityText = (name: ts.EntityName): string => (ts.isIdentifier(name) ? name.text : `${entityText(name.left)}.${name.right.text}`)

const rootOf = (name: ts.EntityName): string => (ts.isIdentifier(name) ? name.text : rootOf(name.left))

const bindingNames = (name: ts.BindingName, out: Array<string>): void => {
  if (ts.isIdentifier(name)) out.push(name.text)
  else for (const el of name.elements) if (!ts.isOmittedExpression(el)) bindingNames(el.name, out)
}

/**
 * Whether a branch leaves: a return / throw / continue / break, alone or ending a block of calls
 * made before it (logging, sending the error response, a metric), as in Go's model.
 */
const exits = (node: ts.Statement): boolean => {
  if (EXIT_KINDS.has(node.kind)) return true
  if (!ts.isBlock(node) || node.statements.length === 0) return false
  const last = node.statements[node.statements.length - 1]!
  if (!EXIT_KINDS.has(last.kind)) return false
  return node.statements.every((s) => s === last || EXIT_KINDS.has(s.kind) || (ts.isExpressionStatement(s) && (ts.isCallExpression(unwrap(s.expression)) || ts.isAwaitExpression(unwrap(s.expression)))))
}

/** `(` follows at `at`, after any white space (the regex's `\s*\(`): a call of the name before it */
const callFollows = (text: string, at: number): boolean => {
  let i = at
  while (i < text.length && SPACE.test(text[i]!)) i++
  return text.charCodeAt(i) === 40
}
const SPACE = /\s/

/** A method of a class or an object literal (also an accessor): not bound to its name in any scope. */
const isMethod = (node: FunctionLike): boolean =>
  ts.isMethodDeclaration(node) ||
  ts.isGetAccessorDeclaration(node) ||
  ts.isSetAccessorDeclaration(node) ||
  ts.isConstructorDeclaration(node) ||
  ((ts.isFunctionExpression(node) || ts.isArrowFunction(node)) && node.parent !== undefined && (ts.isPropertyAssignment(node.parent) || ts.isPropertyDeclaration(node.parent)))

/** Whether a (skipped) function orders two values anywhere in its body: a counter or budget check. */
const ordersValues = (node: ts.Node): boolean => {
  const visit = (n: ts.Node): boolean => (ts.isBinaryExpression(n) && ORDERING.has(n.operatorToken.kind)) || (ts.forEachChild(n, visit) ?? false)
  return visit(node)
}

/** `true`, `1`, `!0`: a loop condition that never ends the loop. */
const alwaysTrue = (e: ts.Expression): boolean => {
  const n = unwrap(e)
  if (n.kind === K.TrueKeyword) return true
  if (ts.isNumericLiteral(n)) return n.text !== "0"
  return ts.isPrefixUnaryExpression(n) && n.operator === K.ExclamationToken && ts.isNumericLiteral(n.operand) && n.operand.text === "0"
}

/** What an expression reads fields of (`client.create(...)` of `(await client.create(...)).choices[0]!`). */
const innermost = (e: ts.Node): ts.Node => {
  let cur = e
  while (ts.isPropertyAccessExpression(cur) || ts.isElementAccessExpression(cur) || ts.isNonNullExpression(cur) || ts.isParenthesizedExpression(cur) || ts.isAwaitExpression(cur)) cur = cur.expression
  return cur
}

/** The variable an expression starts from (`response` of `response.content[0].text`). */
const variableOf = (e: ts.Node): string | undefined => {
  const root = innermost(e)
  return ts.isIdentifier(root) ? root.text : undefined
}

/**
 * `while (response.stop_reason === "tool_use")` / `while (message.tool_calls?.length)` with the body
 * reassigning `response` from a call (the model's next answer): the condition reads variables, calls
 * nothing and orders nothing (no counter or deadline), and nothing in the body counts them; what the
 * body last received decides alone whether the loop runs again, as in `while (true)`. A flag set to a
 * comparison (`done = step >= limit`), or to a constant unconditionally or under a check of something
 * else (a counter, a deadline, a queue the loop drains), is not such a result; a flag set to a constant
 * under a check of what the body just received (`const uses = reply.content.filter(...); if
 * (uses.length === 0) finished = true` for `while (!finished)`) is, like `if (...) break` in `while (true)`.
 */
const resultDriven = (cond: ts.Expression, body: ts.Statement): boolean => {
  const read = new Set<string>()
  let plain = true
  // (trees carry no parent pointers: a property access scans its object, not its name)
  const scanCond = (n: ts.Node): void => {
    if (!plain) return
    if (ts.isCallExpression(n) || ts.isNewExpression(n)) plain = false
    else if (ts.isBinaryExpression(n) && ORDERING.has(n.operatorToken.kind)) plain = false
    else if (ts.isIdentifier(n)) read.add(n.text)
    else if (ts.isPropertyAccessExpression(n)) return scanCond(n.expression)
    ts.forEachChild(n, scanCond)
  }
  scanCond(cond)
  if (!plain || read.size === 0) return false
  let fromCall = false
  let counted = false
  const received = receivedIn(body)
  // `check`: the condition of the innermost `if` around the node, inside the loop's body
  const scanBody = (n: ts.Node, check: ts.Expression | undefined): void => {
    if (counted || ts.isFunctionLike(n) || ts.isClassLike(n)) return
    if ((ts.isPrefixUnaryExpression(n) || ts.isPostfixUnaryExpression(n)) && (n.operator === K.PlusPlusToken || n.operator === K.MinusMinusToken)) {
      if (read.has(variableOf(n.operand) ?? "")) counted = true
    } else if (ts.isBinaryExpression(n) && n.operatorToken.kind >= K.FirstAssignment && n.operatorToken.kind <= K.LastAssignment && read.has(variableOf(n.left) ?? "")) {
      if (n.operatorToken.kind !== K.EqualsToken) counted = true
      // the next answer: a call, or a field of one (`(await gpt.chat.completions.create(...)).choices[0]!.message`)
      else if (ts.isCallExpression(innermost(n.right))) fromCall = true
      else if (isFlagValue(n.right) && check !== undefined && checksReceived(check, received)) fromCall = true
      else counted = true
    }
    if (ts.isIfStatement(n)) {
      scanBody(n.expression, check)
      scanBody(n.thenStatement, n.expression)
      if (n.elseStatement !== undefined) scanBody(n.elseStatement, n.expression)
      return
    }
    ts.forEachChild(n, (c) => scanBody(c, check))
  }
  scanBody(body, undefined)
  return fromCall && !counted
}

/** `true` / `false`: a flag's value. */
const isFlagValue = (e: ts.Expression): boolean => {
  const n = unwrap(e)
  return n.kind === K.TrueKeyword || n.kind === K.FalseKeyword
}

/**
 * Variables a loop's body assigns from a call (`const reply = await client.messages.create(...)`),
 * or from a field of one it assigned so before (`const calls = reply.choices[0]?.message.tool_calls`).
 */
const receivedIn = (body: ts.Statement): ReadonlySet<string> => {
  const out = new Set<string>()
  const received = (e: ts.Expression): boolean => ts.isCallExpression(innermost(e)) || out.has(variableOf(e) ?? "")
  const visit = (n: ts.Node): void => {
    if (ts.isFunctionLike(n) || ts.isClassLike(n)) return
    if (ts.isVariableDeclaration(n) && ts.isIdentifier(n.name) && n.initializer !== undefined && received(n.initializer)) out.add(n.name.text)
    else if (ts.isBinaryExpression(n) && n.operatorToken.kind === K.EqualsToken && received(n.right)) {
      const name = variableOf(n.left)
      if (name !== undefined) out.add(name)
    }
    ts.forEachChild(n, visit)
  }
  visit(body)
  return out
}

/**
 * The check reads what the body received and orders nothing (no counter, deadline or
 * cancellation): whether the loop stops is the answer's to decide.
 */
const checksReceived = (check: ts.Expression, received: ReadonlySet<string>): boolean => {
  let reads = false
  let bounded = readsAborted(check)
  const visit = (n: ts.Node): void => {
    if (bounded || ts.isFunctionLike(n)) return
    if (ts.isBinaryExpression(n) && ORDERING.has(n.operatorToken.kind)) bounded = true
    else if (ts.isIdentifier(n) && received.has(n.text)) reads = true
    else if (ts.isPropertyAccessExpression(n)) return visit(n.expression)
    ts.forEachChild(n, visit)
  }
  visit(check)
  return reads && !bounded
}

/** `signal.aborted`: a cancellation check. */
const readsAborted = (e: ts.Node): boolean => (ts.isPropertyAccessExpression(e) && e.name.text === "aborted") || (ts.forEachChild(e, readsAborted) ?? false)

/** The branch leaves the loop (break / return / throw), not counting nested functions. */
const leaves = (n: ts.Node): boolean => {
  if (n.kind === K.BreakStatement || n.kind === K.ReturnStatement || n.kind === K.ThrowStatement) return true
  if (ts.isFunctionLike(n) || ts.isClassLike(n)) return false
  return ts.forEachChild(n, leaves) ?? false
}

/** `export default function handler(req) {}` */
const defaultExport = (node: ts.FunctionDeclaration): boolean =>
  exportedStatement(node) && node.modifiers?.some((m) => m.kind === ts.SyntaxKind.DefaultKeyword) === true

/** A statement written with the `export` keyword (not `export default` of an expression). */
const exportedStatement = (node: ts.FunctionDeclaration | ts.VariableStatement): boolean =>
  node.modifiers?.some((m) => m.kind === ts.SyntaxKind.ExportKeyword) === true
