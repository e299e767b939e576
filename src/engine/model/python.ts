import { SPREAD_STEPS } from "./offsets.js"
import { DIRECT_SPREAD_LIMIT, type ModelledFunction, spreadTo } from "./spread.js"
import { Focus, type Interest } from "./interest.js"
import type { AstNode, FlatTree } from "../../languages/flatTree.js"
import { descendants } from "./treeWalk.js"
import { type Arg, type Expr, type GuardKind, REQUEST_PARAMETER, type SemanticModel, type Span, type Statement, type Target } from "./Model.js"
import { appendedTo, dottedOf, interleaveTemplate, joinedLines, ModelBuilder, UNKNOWN } from "./ModelBuilder.js"
import { restrictivePattern } from "./regexGuard.js"
import { checkKindOf, type ChecksByName, checksInCommon, HOST_PREFIX, NORMALISERS } from "./guards.js"

/** annotations a validating framework enforces as a number (annotationGuard) */
const NUMERIC_ANNOTATIONS = new Set(["int", "float", "bool"])
/** ordering comparison operators (a ceiling check, `ceilingCheck`) */
const ORDER_OPS: ReadonlySet<string> = new Set(["<", "<=", ">", ">="])
/** a constant's name: `MAX_RESULTS`, `TOP_K` */
const CONSTANT_NAME = /^[A-Z][A-Z0-9]*(?:_[A-Z0-9]+)+$|^[A-Z]{2,}$/
/** pydantic / FastAPI declarations of a field or parameter whose `le` / `lt` the framework enforces */
const BOUNDED_DECLARATIONS = /(?:^|\.)(?:Field|Query|Path|Body|Form|Header|conint|confloat|condecimal)$/
const LITERAL_TYPES = new Set(["typing.Literal", "typing_extensions.Literal"])

/** Types an `isinstance` check may name without fixing what the value says. */
const TEXT_TYPES = /\b(?:str|bytes|bytearray|object|Any|dict|list|tuple|Mapping|Sequence|Iterable)\b/

/** Prefix arguments written out as text: a tuple of literals, literals joined or parenthesised (a plain literal too, see folderPrefix) */
const WRITTEN_PREFIX = new Set(["tuple", "concatenated_string", "parenthesized_expression"])
/** Calls that resolve `..` out of a path (the last segment of the callee) */
const PATH_NORMALISER = /(?:^|\.)(?:realpath|abspath|normpath|resolve|absolute)$/
/** Calls whose result is a path (pathlib's constructors and methods, os.path's joins) */
const PATH_MAKERS = /(?:^|\.)(?:Path|PurePath|PosixPath|WindowsPath|PurePosixPath|resolve|absolute|joinpath|with_name|with_suffix|expanduser|join|abspath|realpath|normpath)$/

/**
 * Fills the semantic model from a Python tree. Walks module level and every function once; nested
 * blocks are flattened into the function's statement list (data flow inside a function is
 * flow-insensitive, guards carry the span where they hold).
 */
export const pythonModel = (tree: FlatTree, text: string, interest?: Interest): SemanticModel => pythonModelOf(tree.root, text, interest)

/** The model from any node implementation (the binding's own nodes too: test/engine/model-flat.test.ts). */
export const pythonModelOf = (root: AstNode, text: string, interest?: Interest): SemanticModel => new PythonWalker(text, interest).run(root)

const MAX_ENTRIES = 64

const unquote = (s: string): string => {
  const q = s.startsWith('"""') || s.startsWith("'''") ? 3 : 1
  return s.slice(q, Math.max(q, s.length - q))
}

/** Parameter defaults that make FastAPI inject the value server-side (an authenticated principal, a session). */
const INJECTED = new Set(["fastapi.Depends", "fastapi.Security", "fastapi.params.Depends"])

/**
 * Parameter defaults that read the value from the client's request (`x_api_key: str = Header(...)`),
 * and security schemes that do (`key: str = Security(APIKeyHeader(name="X-API-Key"))`): such a
 * parameter's type is recorded as REQUEST_PARAMETER, request data wherever the function is used
 * (a dependency is no route, but FastAPI fills it from the request all the same).
 */
const FROM_REQUEST = new Set(["fastapi.Header", "fastapi.Query", "fastapi.Cookie", "fastapi.Body", "fastapi.Form", "fastapi.Path", "fastapi.params.Header", "fastapi.params.Query", "fastapi.params.Cookie"])
const REQUEST_SCHEMES = /^fastapi\.security\.(?:APIKeyHeader|APIKeyQuery|APIKeyCookie|HTTPBearer|HTTPBasic|OAuth2PasswordBearer)$/

const span = (n: AstNode): Span => ({ start: n.startIndex, end: n.endIndex })
/** Statements that leave a branch and read nothing when written bare. */
const BARE_EXITS = new Set(["return_statement", "continue_statement", "break_statement", "pass_statement"])

const EXITS = new Set(["raise_statement", "return_statement", "continue_statement", "break_statement"])


const LITERALS = new Set(["string", "integer", "float", "true", "false", "none"])
/**
 * A default by name: a module's constant or setting (`DEFAULT_MODE`, `settings.LOGIN_REDIRECT_URL`),
 * no call, rooted in a name the function neither takes nor assigns (`voice = fallback`, with
 * `fallback` read from the request, resets nothing)
 */
const namedDefault = (e: AstNode, local: (name: string) => boolean): boolean =>
  (e.type === "identifier" || e.type === "attribute") && /^[\w.]+$/.test(e.text) && !local(e.text.split(".")[0]!)

/**
 * The variables a branch only resets to literals or named defaults (`x = "default"`,
 * `next_url = settings.LOGIN_REDIRECT_URL`, `mode = DEFAULT_MODE`), beside statements that only do
 * something (`log.warning(...)`); empty when the branch does anything else. The check then holds
 * for all the variable holds after the `if`, the default too: a module's constant or setting carries
 * no data the check would have to cover.
 */
const resetNames = (branch: ReadonlyArray<AstNode>, local: (name: string) => boolean): Set<string> => {
  const names = new Set<string>()
  for (const s of branch) {
    if (s.type !== "expression_statement") return new Set()
    const e = s.namedChildren[0]
    if (e === undefined) return new Set()
    if (e.type === "call") continue
    if (e.type !== "assignment") return new Set()
    const left = e.childForFieldName("left")
    const right = e.childForFieldName("right")
    if (left?.type !== "identifier" || right === null || !(LITERALS.has(right.type) || namedDefault(right, local))) return new Set()
    if (right.type === "string" && right.namedChildren.some((c) => c.type === "interpolation")) return new Set()
    names.add(left.text)
  }
  return names
}
/**
 * The columns of a literal list of rows that all have `width` entries (`(("name", a), ("city", b))`),
 * each as a list to iterate; undefined unless the unpacking matches every row.
 */
const columnsOf = (e: Expr, width: number): Array<Expr> | undefined => {
  if (width < 2 || e.k !== "container" || e.entries.length === 0) return undefined
  const rows: Array<ReadonlyArray<{ readonly value: Expr }>> = []
  for (const x of e.entries) {
    if (x.key !== undefined || x.value.k !== "container" || x.value.entries.length !== width) return undefined
    rows.push(x.value.entries)
  }
  return Array.from({ length: width }, (_, i) => ({ k: "container" as const, entries: rows.map((r) => ({ value: r[i]!.value })) }))
}

/** Calls that never return: they raise (Flask's / Werkzeug's `abort(404)`) or end the process. */
const NO_RETURN = /^(?:(?:flask|werkzeug\.exceptions)\.)?abort$|^(?:sys\.)?exit$|^os\._exit$/
/** A statement after which the block does not go on: raise / return / continue / break, or `abort(403)`. */
const endsBlock = (s: AstNode): boolean => {
  if (EXITS.has(s.type)) return true
  const call = s.type === "expression_statement" ? s.namedChildren[0] : undefined
  return call?.type === "call" && NO_RETURN.test(call.childForFieldName("function")?.text ?? "")
}
/**
 * A `%` / `.format` template with its values: the text before the first placeholder, the values, then
 * the rest of the template. Where the values go inside the text is not known, but the value starts
 * with that first piece only (`"https://%s/landing" % host` fixes the scheme, not the host), and every
 * constant fragment is kept (the SQL words around a placeholder).
 */
const splitTemplate = (template: Expr, placeholder: string, values: ReadonlyArray<Expr>, positional = true): Array<Expr> => {
  const text = template.k === "lit" && typeof template.value === "string" ? template.value : undefined
  const at = text?.indexOf(placeholder) ?? -1
  if (text === undefined || at === -1) return [template, ...values]
  // placeholders that take the values in order (`%s`, `{}`): each value where it goes, the template's
  // text after it kept (a host from configuration followed by `/orders/`)
  if (positional) {
    // `% (a, b)` passes a tuple: its elements are the values
    const only = values.length === 1 ? values[0]! : undefined
    const list = only !== undefined && only.k === "container" && only.entries.every((x) => x.key === undefined) ? only.entries.map((x) => x.value) : values
    const exact =
      placeholder === "%"
        ? interleaveTemplate(text, /%%|%[-#0 +]*(?:[1-9]\d*|\*)?(?:\.\d+)?[sdirfgeEFGxXoc]/g, "%%", list)
        : /\{\{|\}\}/.test(text) || /\{[^{}:!]+[}:!]/.test(text)
          ? undefined
          : interleaveTemplate(text, /\{[^{}]*\}/g, "{{", list)
    if (exact !== undefined) return exact
  }
  return [{ k: "lit", value: text.slice(0, at) }, ...values, { k: "lit", value: text.slice(at) }]
}

const BUILDERS = new Set(["format", "join", "replace", "strip", "lower", "upper", "encode", "decode", "rstrip", "lstrip", "capitalize", "title", "casefold"])

/** base classes that make a class an enumeration of fixed values */
const ENUM_BASES = new Set(["enum.Enum", "enum.StrEnum", "enum.IntEnum", "enum.Flag", "enum.IntFlag"])

/** builtins whose module-level aliases are followed (`_eval = eval`) */
const ALIASED_BUILTINS = new Set(["eval", "exec", "compile", "open", "__import__", "getattr", "setattr"])

class PythonWalker {
  /** while guards of one side of a disjunction are read (see guardsOf): the other side's text */
  private eitherSide: { readonly other: string; readonly names: ReadonlySet<string> } | undefined = undefined
  /** module-level functions by name, for predicate helpers (`if not is_allowed(url): raise`) */
  private readonly topDefs = new Map<string, AstNode>()
  /** per predicate helper: the checks that hold on its parameters when it returns a truthy value */
  private readonly predicates = new Map<AstNode, ReadonlyArray<{ readonly param: number; readonly kind: GuardKind }>>()
  private readonly validators = new Map<AstNode, ReadonlyArray<{ readonly param: number; readonly kind: GuardKind }>>()
  /** how deeply predicate helpers are being read: their checks are probed, not modelled */
  private probing = 0
  private readonly focus: Focus | undefined
  private readonly b: ModelBuilder
  /** functions whose bodies were skipped, by index, to model later if a modelled one calls them */
  private readonly skipped = new Map<number, AstNode>()
  /** functions passed to calls by name or as lambdas (`Tool(func=f)`), resolved at the end: defs may come later */
  /** functions handed to a call (by name, as a lambda, or as an instance of a class of the file: its `__call__`) */
  private readonly pending: Array<{ call: number; arg: number; field?: string; name?: string; fn?: number; instanceOf?: string; method?: string }> = []
  constructor(private readonly text: string, interest?: Interest) {
    this.focus = interest === undefined ? undefined : new Focus(interest, text)
    this.b = new ModelBuilder("python", this.focus)
  }

  run(root: AstNode): SemanticModel {
    for (const c of root.namedChildren) {
      const def = c.type === "decorated_definition" ? c.childForFieldName("definition") : c
      const name = def?.type === "function_definition" ? def.childForFieldName("name")?.text : undefined
      if (name !== undefined) this.topDefs.set(name, def!)
    }
    this.block(root, -1, this.b.module)
    // a skipped function that calls a modelled one (by name) is modelled too: its data reaches a sink
    for (let changed = this.skipped.size > 0, step = 0; changed && step < SPREAD_STEPS; step++) {
      const modelled = this.b.functions.filter((f, i) => !this.skipped.has(i) && f.name !== "<lambda>")
      const owners = new Set(modelled.map((f) => f.owner))
      changed = this.skipped.size * modelled.length > DIRECT_SPREAD_LIMIT ? this.spreadByScan(modelled, owners) : this.spreadDirect(modelled, owners)
    }
    this.resolveCallbacks()
    return this.b.build()
  }

  /** One step of the spread for a file of few functions: each skipped function against each modelled one. */
  private spreadDirect(modelled: ReadonlyArray<ModelledFunction>, owners: ReadonlySet<string | undefined>): boolean {
    let changed = false
    const names = modelled.map((f) => f.name)
    const texts = modelled.map((f) => this.text.slice(f.span.start, f.span.end))
    for (const [index, node] of this.skipped) {
      const body = node.childForFieldName("body")
      const source = body === null ? "" : this.text.slice(body.startIndex, body.endIndex)
      const { name, owner } = this.b.functions[index]!
      // it calls a modelled function, or a modelled function calls it (a helper's summary is needed),
      // or it is a method of a class with a modelled method (`self.x` it assigns may be read there)
      if (names.some((n) => source.includes(n)) || texts.some((t) => t.includes(`${name}(`)) || (owner !== undefined && owners.has(owner))) {
        this.skipped.delete(index)
        this.fillFunction(index, node)
        changed = true
      }
    }
    return changed
  }

  /**
   * One step of the spread for a file of many functions, with one scan of the text per question
   * (model/spread.ts): the same functions, in the same order, as the comparisons above. Functions
   * nested in one filled here are skipped in turn, and judged after the others against the same
   * modelled functions, in the order they were found.
   */
  private spreadByScan(modelled: ReadonlyArray<ModelledFunction>, owners: ReadonlySet<string | undefined>): boolean {
    let changed = false
    const seen = new Set<number>()
    for (let pending = [...this.skipped]; pending.length > 0; pending = [...this.skipped].filter(([index]) => !seen.has(index))) {
      for (const [index] of pending) seen.add(index)
      const skipped = pending.map(([index, node]) => {
        const body = node.childForFieldName("body")
        return { index, name: this.b.functions[index]!.name, body: body === null ? { start: node.startIndex, end: node.startIndex } : { start: body.startIndex, end: body.endIndex } }
      })
      const reached = spreadTo(this.text, skipped, modelled)
      for (const [index, node] of pending) {
        const { owner } = this.b.functions[index]!
        if (reached.has(index) || (owner !== undefined && owners.has(owner))) {
          this.skipped.delete(index)
          this.fillFunction(index, node)
          changed = true
        }
      }
    }
    return changed
  }

  private resolveCallbacks(): void {
    if (this.pending.length === 0) return
    const named = new Map<string, number>()
    this.b.functions.forEach((f, i) => {
      if (f.parent === -1 && f.name !== "<lambda>" && !named.has(f.name)) named.set(f.name, i)
    })
    const callables = new Map<string, number>()
    // methods by name, -1 when classes of the file share it: `reader.read_page` names the one there is
    const methods = new Map<string, number>()
    this.b.functions.forEach((f, i) => {
      if (f.name === "__call__" && f.owner !== undefined) callables.set(f.owner, i)
      if (f.owner !== undefined && !f.name.startsWith("__")) methods.set(f.name, methods.has(f.name) ? -1 : i)
    })
    for (const p of this.pending) {
      const method = p.method === undefined ? undefined : methods.get(p.method)
      const fn = p.fn ?? (p.name !== undefined ? named.get(p.name) : p.instanceOf !== undefined ? callables.get(p.instanceOf) : method !== undefined && method !== -1 ? method : undefined)
      if (fn === undefined) continue
      const call = this.b.calls[p.call]!
      const callback: { arg: number; field?: string; fn: number } = { arg: p.arg, fn }
      if (p.field !== undefined) callback.field = p.field
      this.b.calls[p.call] = { ...call, callbacks: [...(call.callbacks ?? []), callback] }
    }
  }

  private body(fn: number): Array<Statement> {
    return fn === -1 ? this.b.module : this.b.functions[fn]!.body
  }

  /** Statements of a block (module, function body, if/for/with/try bodies). */
  private block(node: AstNode, fn: number, out: Array<Statement>): void {
    const children = node.namedChildren
    for (let i = 0; i < children.length; i++) {
      const child = children[i]!
      this.statement(child, fn, out, node)
    }
  }

  private statement(node: AstNode, fn: number, out: Array<Statement>, block: AstNode): void {
    switch (node.type) {
      case "import_statement":
        return this.importStatement(node)
      case "import_from_statement":
        return this.importFrom(node)
      case "future_import_statement":
        return
      case "decorated_definition": {
        const definition = node.childForFieldName("definition")
        const decorators = node.namedChildren.filter((c) => c.type === "decorator")
        if (definition?.type === "function_definition") this.functionDef(definition, fn, decorators)
        else if (definition?.type === "class_definition") this.classDef(definition, fn, decorators)
        return
      }
      case "function_definition":
        return void this.functionDef(node, fn, [])
      case "class_definition":
        return this.classDef(node, fn, [])
      case "expression_statement": {
        for (const inner of node.namedChildren) this.exprStatement(inner, fn, out)
        // `_check_arithmetic(tree)`: a validator of the file that raises unless its argument passes
        // guards that argument for the rest of the block
        const call = node.namedChildren[0]
        const callee = call?.type === "call" ? call.childForFieldName("function") : null
        const helper = callee?.type === "identifier" ? this.topDefs.get(callee.text) : undefined
        if (helper !== undefined && this.probing < 3)
          this.guardArguments(this.validatorOf(helper), call!.childForFieldName("arguments")?.namedChildren ?? [], { start: node.endIndex, end: block.endIndex }, call!, out, fn)
        return
      }
      case "return_statement": {
        const value = node.namedChildren[0]
        out.push({ k: "return", value: value === undefined ? { k: "lit", value: null } : this.expr(value, fn), span: span(node) })
        return
      }
      case "if_statement":
        return this.ifStatement(node, fn, out, block)
      case "assert_statement": {
        const cond = node.namedChildren[0]
        if (cond !== undefined) this.guardsOf(cond, false, { start: node.endIndex, end: block.endIndex }, out, fn)
        for (const c of node.namedChildren) this.expr(c, fn)
        return
      }
      case "for_statement": {
        const left = node.childForFieldName("left")
        const right = node.childForFieldName("right")
        let endless = false
        if (left !== null && right !== null) {
          const value = this.expr(right, fn)
          // `for i in itertools.count()`: an iterator without end
          endless = value.k === "call" && this.b.calls[value.call]!.callee === "itertools.count"
          // `for col, val in (("name", a), ("city", b))`: each name iterates its own column of the rows
          const targets = this.targets(left, fn)
          const columns = columnsOf(value, targets.length) ?? this.zipColumns(right, value, left, targets.length)
          targets.forEach((target, i) => out.push({ k: "iterate", target, value: columns?.[i] ?? value, span: span(node) }))
        }
        const bodyNode = node.childForFieldName("body")
        this.b.enterLoop(span(node), fn, endless)
        if (bodyNode !== null) this.block(bodyNode, fn, out)
        this.b.exitLoop()
        const alt = node.childForFieldName("alternative")
        if (alt !== null) this.block(alt, fn, out)
        // `for n in ast.walk(tree): if not isinstance(n, ALLOWED): raise`: every node of the tree is of
        // an allowed kind after the loop, so the tree (and the code compiled from it) is validated
        const walked = this.allowListedTree(node, fn)
        if (walked !== undefined) out.push({ k: "guard", kind: "validated", name: walked.text, scope: { start: node.endIndex, end: block.endIndex }, span: span(node) })
        return
      }
      case "while_statement": {
        const cond = node.childForFieldName("condition")
        const body = node.childForFieldName("body")
        this.b.enterLoop(span(node), fn, cond !== null && (alwaysTrue(cond) || (body !== null && resultDriven(cond, body))))
        if (cond !== null) this.expr(cond, fn)
        for (const c of node.namedChildren) if (c.type === "block") this.block(c, fn, out)
        this.b.exitLoop()
        for (const c of node.namedChildren) if (c.type === "else_clause") this.block(c, fn, out)
        return
      }
      case "with_statement": {
        for (const c of node.namedChildren) {
          if (c.type === "with_clause") {
            for (const item of c.namedChildren) {
              const value = item.childForFieldName("value") ?? item.namedChildren[0]
              if (value === undefined || value === null) continue
              if (value.type === "as_pattern") {
                const source = value.namedChildren[0]
                const alias = value.childForFieldName("alias") ?? value.namedChildren[1]
                if (source !== undefined && alias !== undefined && alias !== null) {
                  const v = this.expr(source, fn)
                  for (const target of this.targets(alias.type === "as_pattern_target" ? alias.namedChildren[0] ?? alias : alias, fn)) {
                    out.push({ k: "assign", target, value: v, span: span(item) })
                    if (v.k === "call") this.b.bindHolder(fn, target.name, `${this.b.calls[v.call]!.callee}()`)
                  }
                }
              } else this.expr(value, fn)
            }
          } else if (c.type === "block") this.block(c, fn, out)
        }
        return
      }
      case "try_statement":
      case "block":
      case "else_clause":
      case "finally_clause":
      case "except_clause":
      case "match_statement":
      case "case_clause": {
        // `except (EOFError, KeyboardInterrupt):` in a loop: the loop reads a terminal each lap (a
        // REPL, whatever its input function is called), which the person at it ends
        if (node.type === "except_clause" && /\b(?:EOFError|KeyboardInterrupt)\b/.test(node.namedChildren.find((c) => c.type !== "block")?.text ?? "")) this.b.waitInLoop(fn)
        for (const c of node.namedChildren) {
          if (c.type === "block") this.block(c, fn, out)
          else if (c.type.endsWith("_clause") || c.type === "block") this.statement(c, fn, out, block)
          else if (node.type === "match_statement" && c.type !== "block") this.expr(c, fn)
        }
        return
      }
      case "raise_statement": {
        for (const c of node.namedChildren) this.expr(c, fn)
        return
      }
      case "global_statement":
      case "nonlocal_statement":
      case "pass_statement":
      case "break_statement":
      case "continue_statement":
      case "comment":
        return
      default:
        if (node.type.endsWith("_statement")) for (const c of node.namedChildren) this.expr(c, fn)
    }
  }

  /**
   * `for v, migration in zip(range(n), MIGRATIONS)`, `for i, step in enumerate(steps)`: each name
   * iterates its own argument of zip (the index of enumerate is a number), when the names are written
   * flat and the arguments are not unpacked (`zip(*rows)`).
   */
  private zipColumns(right: AstNode, value: Expr, left: AstNode, width: number): Array<Expr> | undefined {
    if (width < 2 || value.k !== "call" || left.namedChildren.length !== width) return undefined
    const call = this.b.calls[value.call]!
    const argsNode = right.childForFieldName("arguments")
    if (argsNode === null || argsNode.namedChildren.some((c) => c.type === "list_splat" || c.type === "dictionary_splat")) return undefined
    const positional = call.args.filter((a) => a.name === undefined).map((a) => a.value)
    if (call.callee === "zip" && positional.length === width) return positional
    if (call.callee === "enumerate" && width === 2 && positional.length >= 1) return [{ k: "lit", value: 0 }, positional[0]!]
    return undefined
  }

  private exprStatement(node: AstNode, fn: number, out: Array<Statement>): void {
    if (node.type === "assignment" || node.type === "augmented_assignment") {
      const left = node.childForFieldName("left")
      const right = node.childForFieldName("right")
      if (left === null) return
      if (right === null) {
        // annotated declaration without a value: `x: int`
        return
      }
      const value = this.expr(right, fn)
      const augmented = node.type === "augmented_assignment"
      const targets = this.targets(left, fn)
      // `a, b = f()`: each name gets the call's result at its place (a function of the file that
      // returns `x, y` gives each its own; another call's results are all of its value), `a, b = x, y`
      // each its own; other destructuring gives each target the whole value (it keeps the data)
      const names = !augmented && targets.length > 1 && left.namedChildren.length === targets.length && left.namedChildren.every((c) => c.type === "identifier")
      const pairwise = names && value.k === "container" && value.entries.length === targets.length && value.entries.every((x) => x.key === undefined)
      targets.forEach((target, i) => {
        const plus = augmented && (node.childForFieldName("operator")?.type ?? node.children.find((c) => !c.isNamed)?.type) === "+="
        const part: Expr = pairwise && value.k === "container" ? value.entries[i]!.value : names && value.k === "call" ? { k: "call", call: value.call, result: i } : value
        const v: Expr = augmented ? { k: "op", parts: [this.targetRead(target), value], ...(plus ? { plus: true as const } : {}) } : part
        out.push({ k: "assign", target, value: v, span: span(node) })
        const held = augmented || targets.length !== 1 ? undefined : value.k === "call" ? `${this.b.calls[value.call]!.callee}()` : this.sequenceHolder(value, fn) ?? this.defaultHolder(right, value) ?? this.heldBy(value, fn)
        if (held !== undefined) {
          const key = target.path.length === 0 ? target.name : `${target.name}.${target.path.join(".")}`
          const holderScope = target.name === "self" ? -1 : fn
          this.b.bindHolder(holderScope, key, held)
        }
        if (fn === -1 && targets.length === 1 && target.path.length === 0 && !augmented) this.b.constants.set(target.name, value)
        // a module-level alias of an imported callable or a builtin (`_run = subprocess.run`,
        // `evaluate = builtins.eval`, `run_code = exec`) is that callable wherever it is called
        if (fn === -1 && targets.length === 1 && target.path.length === 0 && !augmented && !this.b.isImported(target.name)) {
          if (value.k === "ref") this.b.addImport(target.name, value.name, span(node))
          else if (value.k === "name" && ALIASED_BUILTINS.has(value.name)) this.b.addImport(target.name, value.name, span(node))
        }
      })
      return
    }
    // a bare string is a docstring or a comment: it does nothing
    if (node.type === "string" || node.type === "concatenated_string") return
    const value = this.expr(node, fn)
    if (value.k === "call") {
      out.push({ k: "call", call: value.call, span: span(node) })
      const appended = appendedTo(this.b.calls[value.call]!)
      if (appended !== undefined) out.push(appended)
    }
  }

  private targetRead(target: Target): Expr {
    let e: Expr = { k: "name", name: target.name }
    for (const p of target.path) e = { k: "attr", obj: e, name: p }
    return e
  }

  /** Assignment targets: names, attribute paths (`self.x`), subscripts with literal keys, tuples. */
  private targets(node: AstNode, fn: number): Array<Target> {
    switch (node.type) {
      case "identifier":
        return [{ name: node.text, path: [] }]
      case "attribute":
      case "subscript": {
        const path: Array<string> = []
        let cur: AstNode | null = node
        while (cur !== null && (cur.type === "attribute" || cur.type === "subscript")) {
          if (cur.type === "attribute") path.unshift(cur.childForFieldName("attribute")?.text ?? "?")
          else {
            const key = cur.childForFieldName("subscript")
            const lit = key === null ? undefined : this.literalKey(key)
            path.unshift(lit ?? "*")
            if (key !== null) this.expr(key, fn)
          }
          cur = cur.type === "attribute" ? cur.childForFieldName("object") : cur.childForFieldName("value")
        }
        if (cur === null || cur.type !== "identifier") return []
        return [{ name: cur.text, path }]
      }
      case "pattern_list":
      case "tuple_pattern":
      case "list_pattern":
      case "expression_list":
      case "tuple":
      case "list":
        return node.namedChildren.flatMap((c) => this.targets(c, fn))
      case "list_splat_pattern":
      case "parenthesized_expression":
        return node.namedChildren.flatMap((c) => this.targets(c, fn))
      default:
        return []
    }
  }

  private literalKey(node: AstNode): string | undefined {
    if (node.type === "string" && !node.namedChildren.some((c) => c.type === "interpolation")) return this.stringValue(node)
    if (node.type === "integer") return node.text
    return undefined
  }

  private stringValue(node: AstNode): string {
    let out = ""
    for (const c of node.namedChildren) if (c.type === "string_content" || c.type === "escape_sequence") out += c.text
    return out
  }

  private ifStatement(node: AstNode, fn: number, out: Array<Statement>, block: AstNode): void {
    const cond = node.childForFieldName("condition")
    const consequence = node.childForFieldName("consequence")
    if (cond !== null) {
      this.exitCheck(cond, consequence, fn)
      if (consequence !== null) {
        // the branch ends by leaving, after statements that only do something (`print(...)`, `log.warning(...)`,
        // `await notify(...)`), like Go's: code after the `if` runs only when the check held
        const branch = consequence.namedChildren.filter((s) => s.type !== "comment")
        const exits = branch.length > 0 && endsBlock(branch[branch.length - 1]!) && branch.slice(0, -1).every((s) => s.type === "expression_statement" || s.type === "pass_statement" || EXITS.has(s.type))
        if (exits) this.guardsOf(cond, true, { start: node.endIndex, end: block.endIndex }, out, fn)
        else {
          // `if tone not in TONES: tone = "friendly"`: a failed check resets the variable to a literal or
          // a module's default, so after the `if` it holds a checked value or the default: the check holds there too
          const params = fn === -1 ? [] : this.b.functions[fn]?.params ?? []
          const reset = resetNames(branch, (name) => name === "self" || name === "cls" || params.includes(name) || out.some((st) => (st.k === "assign" || st.k === "iterate") && st.target.name === name))
          if (reset.size > 0) {
            const held: Array<Statement> = []
            this.guardsOf(cond, true, { start: node.endIndex, end: block.endIndex }, held, fn)
            for (const g of held) if (g.k === "guard" && reset.has(g.name)) out.push(g)
          }
        }
        // inside the branch the check holds, whether or not the branch then leaves (`if x in ALLOWED: return run(x)`);
        // a branch that only leaves (`return`, `continue`) reads nothing
        const bare = branch.length === 1 && BARE_EXITS.has(branch[0]!.type) && branch[0]!.namedChildren.length === 0
        if (!exits || !bare) this.guardsOf(cond, false, span(consequence), out, fn)
      }
    }
    if (consequence !== null) this.block(consequence, fn, out)
    for (const c of node.namedChildren) {
      if (c.type === "elif_clause") {
        const ec = c.childForFieldName("condition")
        const eb = c.childForFieldName("consequence")
        if (ec !== null) this.exitCheck(ec, eb, fn)
        if (ec !== null && eb !== null) this.guardsOf(ec, false, span(eb), out, fn)
        if (eb !== null) this.block(eb, fn, out)
      } else if (c.type === "else_clause") {
        const eb = c.childForFieldName("body") ?? c.namedChildren[0]
        if (eb !== undefined && eb !== null) this.block(eb, fn, out)
      }
    }
  }

  /** Walks an `if` condition; an ordering comparison in it whose branch leaves bounds the loops around it. */
  private exitCheck(cond: AstNode, branch: AstNode | null, fn: number): void {
    const before = this.b.ordered
    this.b.ordered = false
    this.expr(cond, fn)
    if (this.b.ordered && branch !== null && leaves(branch)) this.b.boundLoops(fn)
    this.b.ordered ||= before
  }

  /**
   * Records the checks a condition makes. `negated`: the condition's failure is what holds in
   * `scope` (the `if not ok: raise` shape), so only negated checks count there.
   */
  private guardsOf(cond: AstNode, negated: boolean, scope: Span, out: Array<Statement>, fn: number): void {
    if (cond.type === "parenthesized_expression") {
      const inner = cond.namedChildren[0]
      if (inner !== undefined) this.guardsOf(inner, negated, scope, out, fn)
      return
    }
    if (cond.type === "boolean_operator") {
      const op = cond.children.find((c) => !c.isNamed)?.type
      const left = cond.childForFieldName("left")
      const right = cond.childForFieldName("right")
      // `if not a or not b: raise` => both hold after; `if a and b:` => both hold inside
      if ((negated && op === "or") || (!negated && op === "and")) {
        if (left !== null) this.guardsOf(left, negated, scope, out, fn)
        if (right !== null) this.guardsOf(right, negated, scope, out, fn)
      } else if (left !== null && right !== null) {
        // `if not p.startswith(base + os.sep) and p != base: continue` => one of the two holds after:
        // a guard both give the same variable holds either way (a path equal to the normalised base
        // is inside the base, so such an equality counts here as containment)
        const either: [Array<Statement>, Array<Statement>] = [[], []]
        const outer = this.eitherSide
        this.eitherSide = undefined
        this.guardsOf(left, negated, scope, either[0], fn)
        this.eitherSide = { other: left.text, names: new Set(either[0].map((g) => (g.k === "guard" ? g.name : ""))) }
        this.guardsOf(right, negated, scope, either[1], fn)
        // and the equality written first (`if p != base and not p.is_relative_to(base): raise`): the
        // left side again, knowing what the right side checks
        this.eitherSide = { other: right.text, names: new Set(either[1].map((g) => (g.k === "guard" ? g.name : ""))) }
        this.guardsOf(left, negated, scope, either[0], fn)
        this.eitherSide = outer
        const held = new Set<string>()
        for (const g of either[0])
          if (g.k === "guard" && !held.has(`${g.kind} ${g.name}`) && either[1].some((h) => h.k === "guard" && h.kind === g.kind && h.name === g.name)) {
            held.add(`${g.kind} ${g.name}`)
            out.push({ ...g, span: span(cond) })
          }
      }
      return
    }
    if (cond.type === "not_operator") {
      const arg = cond.childForFieldName("argument")
      if (arg !== null) this.guardsOf(arg, !negated, scope, out, fn)
      return
    }
    if (cond.type === "comparison_operator") {
      const ops = cond.children.filter((c) => !c.isNamed).map((c) => c.type)
      const [left, right] = cond.namedChildren
      if (left === undefined || right === undefined) return
      const op = ops.join(" ")
      // `re.fullmatch(P, x) is None` (`if ... is None: raise`): the check failed; `is not None`: it held
      if ((op === "is" || op === "is not") && right.type === "none" && left.type === "call") {
        this.guardsOf(left, op === "is" ? !negated : negated, scope, out, fn)
        return
      }
      this.ceilingCheck(cond, ops, negated, scope, out, fn)
      const positive = op === "in" || op === "==" || op === "is"
      const negative = op === "not in" || op === "!=" || op === "is not"
      if ((positive && !negated) || (negative && negated)) {
        // `ROOT in p.parents` (`if ROOT not in p.parents: raise`): p is under ROOT
        if (op.endsWith("in") && right.type === "attribute" && right.childForFieldName("attribute")?.text === "parents") {
          const resolved = right.childForFieldName("object")
          if (resolved !== null) this.guard("contained", resolved, scope, cond, out, fn)
          return
        }
        if (op.endsWith("in") && right.type !== "string") this.guard("allowlist", left, scope, cond, out, fn)
        // `host == "api.example.com"`, or a module-level string constant (`host == PARTNER_HOST`)
        const constantRight = right.type === "string" || right.type === "integer" || (right.type === "identifier" && this.moduleString(right.text) !== undefined)
        if ((op === "==" || op === "!=") && constantRight) this.guard("allowlist", left, scope, cond, out, fn)
        // `p.parent == ROOT` (`if p.parent != ROOT: raise`): p is directly under ROOT
        if ((op === "==" || op === "!=") && right.type !== "string") {
          for (const side of [left, right])
            if (side.type === "attribute" && side.childForFieldName("attribute")?.text === "parent") {
              const resolved = side.childForFieldName("object")
              if (resolved !== null) this.guard("contained", resolved, scope, cond, out, fn)
            }
        }
        // inside a disjunction (above): `p == os.path.realpath(base)`, or `p == base` with base the
        // directory the other side checks against, is the base itself
        if (this.eitherSide !== undefined && (op === "==" || op === "!=")) {
          const { other, names } = this.eitherSide
          const base = (n: AstNode): boolean =>
            (n.type === "call" && /(?:^|\.)(?:realpath|abspath|normpath|resolve)$/.test(n.childForFieldName("function")?.text ?? "")) ||
            ((n.type === "identifier" || n.type === "attribute") && other.includes(n.text))
          if (names.has(left.text) && base(right)) this.guard("contained", left, scope, cond, out, fn)
          else if (names.has(right.text) && base(left)) this.guard("contained", right, scope, cond, out, fn)
        }
        // `os.path.commonpath([path, base]) == base`: every path in the list stays under base
        if (op === "==" || op === "!=") {
          for (const side of [left, right]) {
            const callee = side.type === "call" ? side.childForFieldName("function")?.text ?? "" : ""
            if (!/(?:^|\.)commonpath$/.test(callee)) continue
            const list = side.childForFieldName("arguments")?.namedChildren[0]
            if (list?.type === "list" || list?.type === "tuple") for (const p of list.namedChildren) this.guard("contained", p, scope, cond, out, fn)
          }
        }
      }
      return
    }
    if (cond.type === "call") {
      const fnNode = cond.childForFieldName("function")
      const args = cond.childForFieldName("arguments")?.namedChildren ?? []
      if (fnNode === null) return
      const written = fnNode.type === "attribute" ? fnNode.childForFieldName("attribute")?.text ?? "" : fnNode.text
      if (negated) return // a failed check proves nothing
      const kind = checkKindOf(written)
      if (kind === undefined) {
        // a predicate helper of the file: `if not is_allowed(url): raise`, where is_allowed returns a check of its parameter
        const helper = fnNode.type === "identifier" ? this.topDefs.get(fnNode.text) : undefined
        if (helper !== undefined && this.probing < 3) this.guardArguments(this.predicateOf(helper), args, scope, cond, out, fn)
        return
      }
      // `isinstance(x, str)`: a text (or container, or any) type leaves the content free; a number,
      // a bool, a UUID, an enum or a model class fixes it
      if (written === "isinstance" && TEXT_TYPES.test(args[1]?.text ?? "")) return
      // (a membership method checks its argument: `ALLOWED.get(key)` checks key, and `payload.get("topic")`
      // checks nothing of payload)
      const subject =
        (kind === "validated" && fnNode.type === "identifier") || kind === "allowlist"
          ? args[0]
          : kind === "validated" && /match$/.test(written)
            ? this.matchSubject(fnNode, written, args, fn)
            : fnNode.type === "attribute"
              ? fnNode.childForFieldName("object") ?? undefined
              : args[0]
      // a prefix check against a folder (not a written-out prefix: `dest.startswith("/")` is a same-site
      // check of a URL) proves containment only of a normalised path
      const prefix = args[0]
      const folderPrefix = kind === "contained" && (written === "startswith" || written === "is_relative_to") && prefix !== undefined && !WRITTEN_PREFIX.has(prefix.type) && !(prefix.type === "string" && !prefix.namedChildren.some((c) => c.type === "interpolation"))
      if (subject !== undefined && subject !== null) this.guard(kind, subject, scope, cond, out, fn, folderPrefix)
      // `url.startswith("https://api.example.com/")`: a prefix that ends the host with a `/` (or `?`,
      // `#`) fixes the host, so the check is a host allow-list too (`"https://api.example.com"` alone
      // is not: `https://api.example.com.evil.io` starts with it)
      if (written === "startswith" && subject !== undefined && subject !== null && args[0] !== undefined && this.hostPrefixes(args[0]))
        this.guard("host_allowlist", subject, scope, cond, out, fn)
      return
    }
  }

  /** The argument is a constant URL prefix, or a tuple of them, each naming a scheme and a whole host. */
  private hostPrefixes(arg: AstNode): boolean {
    const texts: Array<string | undefined> = []
    const read = (n: AstNode): void => {
      if (n.type === "string") texts.push(n.namedChildren.some((c) => c.type === "interpolation") ? undefined : this.stringValue(n))
      else if (n.type === "identifier") texts.push(this.moduleString(n.text))
      else texts.push(undefined)
    }
    if (arg.type === "tuple") for (const c of arg.namedChildren) read(c)
    else read(arg)
    return texts.length > 0 && texts.every((t) => t !== undefined && HOST_PREFIX.test(t))
  }

  /**
   * An ordering comparison with a constant that bounds a value from above where the check holds:
   * `if top_k > MAX_K: raise` (negated: after it, top_k <= MAX_K), `if n <= 50:`, `1 <= k <= 50`.
   */
  private ceilingCheck(cond: AstNode, ops: ReadonlyArray<string>, negated: boolean, scope: Span, out: Array<Statement>, fn: number): void {
    const operands = cond.namedChildren
    if (!ops.every((o) => ORDER_OPS.has(o))) return
    const below = (o: string): boolean => o === "<" || o === "<="
    if (ops.length === 2 && !negated && below(ops[0]!) && below(ops[1]!) && this.numericConstant(operands[2]!)) {
      this.guard("capped", operands[1]!, scope, cond, out, fn)
      return
    }
    if (ops.length !== 1 || operands.length !== 2) return
    const [left, right] = operands as [AstNode, AstNode]
    // `x < C` bounds x when it holds; `x > C` when it fails; `C > x` as `x < C`
    if (this.numericConstant(right) && !this.numericConstant(left) && below(ops[0]!) !== negated) this.guard("capped", left, scope, cond, out, fn)
    else if (this.numericConstant(left) && !this.numericConstant(right) && below(ops[0]!) === negated) this.guard("capped", right, scope, cond, out, fn)
  }

  /** A number the program fixes: a literal, a module-level number, or a constant's name (`MAX_RESULTS`, `settings.MAX_K`). */
  private numericConstant(n: AstNode): boolean {
    if (n.type === "integer" || n.type === "float") return true
    const name = n.type === "identifier" ? n.text : n.type === "attribute" ? n.childForFieldName("attribute")?.text ?? "" : ""
    if (CONSTANT_NAME.test(name)) return true
    if (n.type !== "identifier") return false
    const values = this.b.module.filter((st) => st.k === "assign" && st.target.name === name && st.target.path.length === 0)
    const only = values.length === 1 && values[0]!.k === "assign" ? values[0]!.value : undefined
    return only?.k === "lit" && typeof only.value === "number"
  }

  /** The text of a module-level string constant `NAME = "..."`, if the name is one (assigned once). */
  private moduleString(name: string): string | undefined {
    const values = this.b.module.filter((s) => s.k === "assign" && s.target.name === name && s.target.path.length === 0)
    const only = values.length === 1 && values[0]!.k === "assign" ? values[0]!.value : undefined
    return only?.k === "lit" && typeof only.value === "string" ? only.value : undefined
  }

  /**
   * What a regex match validates: `re.fullmatch(p, x)` / `re.match(p, x)` check x, a pattern compiled
   * at module level (`SAFE = re.compile(r"...")`) or in place checks its argument with `SAFE.fullmatch(x)`
   * or `SAFE.match(x)`; only a restrictive pattern that covers the whole value validates it
   * (regexGuard.ts: `match` anchors only the start, so its pattern must end with `$` or `\Z`).
   */
  private matchSubject(fnNode: AstNode, written: string, args: ReadonlyArray<AstNode>, fn: number): AstNode | undefined {
    const anchored = written === "fullmatch" ? "both" : "start"
    const receiver = fnNode.type === "attribute" ? fnNode.childForFieldName("object") : null
    const moduleCall = receiver === null || (receiver.type === "identifier" && /^(?:re|regex)$/.test(this.b.canonical(fn, receiver.text, this.b.parentOf)))
    if (moduleCall) return args[0] !== undefined && this.patternTexts(args[0]).every((p) => this.restrictive(p, anchored)) ? args[1] : undefined
    // `re.compile(r"...").fullmatch(x)`
    const compiled =
      receiver.type === "identifier"
        ? this.compiledPattern(receiver.text)
        : receiver.type === "call" && /(?:^|\.)compile$/.test(receiver.childForFieldName("function")?.text ?? "")
          ? this.patternText(receiver.childForFieldName("arguments")?.namedChildren[0])
          : undefined
    return this.restrictive(compiled, anchored) ? args[0] : undefined
  }

  private restrictive(pattern: string | undefined, anchored: "both" | "start"): boolean {
    return pattern !== undefined && restrictivePattern(pattern, anchored)
  }

  /** A pattern written in place (`r"[0-9a-f]+"`) or held by a module-level constant. */
  private patternText(node: AstNode | undefined): string | undefined {
    if (node?.type === "string") return node.namedChildren.some((c) => c.type === "interpolation") ? undefined : this.stringValue(node)
    return node?.type === "identifier" ? this.moduleString(node.text) : undefined
  }

  /**
   * The patterns a regex argument may be: written in place, a module-level constant, or a local of the
   * function assigned only pattern literals (`pattern = r"^[a-z]+$" if strict else r"^[a-z.]+$"`).
   * `[undefined]` when one of them is not known.
   */
  private patternTexts(node: AstNode): ReadonlyArray<string | undefined> {
    const direct = this.patternText(node)
    if (direct !== undefined || node.type !== "identifier") return [direct]
    let scope: AstNode | null = node.parent
    while (scope !== null && scope.type !== "function_definition") scope = scope.parent
    const body = scope?.childForFieldName("body")
    if (body === null || body === undefined) return [undefined]
    const out: Array<string | undefined> = []
    const literals = (v: AstNode): void => {
      if (v.type === "parenthesized_expression" && v.namedChildren[0] !== undefined) literals(v.namedChildren[0])
      else if (v.type === "conditional_expression" && v.namedChildren.length === 3) {
        literals(v.namedChildren[0]!)
        literals(v.namedChildren[2]!)
      }
      else out.push(this.patternText(v))
    }
    for (const a of descendants(body, NESTED_SCOPES))
      if (a.type === "assignment" && a.childForFieldName("left")?.text === node.text) {
        const right = a.childForFieldName("right")
        if (right === null) return [undefined]
        literals(right)
      }
    return out.length > 0 ? out : [undefined]
  }

  /** The text of a module-level pattern `NAME = re.compile(r"...")`, if the name is one. */
  private compiledPattern(name: string): string | undefined {
    let text: string | undefined
    for (const s of this.b.module) {
      if (s.k !== "assign" || s.target.name !== name || s.target.path.length > 0) continue
      const call = s.value.k === "call" ? this.b.calls[s.value.call] : undefined
      const first = call !== undefined && /^(?:re|regex)\.compile$/.test(call.callee) ? call.args[0]?.value : undefined
      text = first?.k === "lit" && typeof first.value === "string" ? first.value : undefined
    }
    return text
  }

  /** The syntax tree an `ast.walk` loop checks node by node against an allow-list of kinds (rejectsOtherKinds). */
  private allowListedTree(loop: AstNode, fn: number): AstNode | undefined {
    const left = loop.childForFieldName("left")
    const right = loop.childForFieldName("right")
    const body = loop.childForFieldName("body")
    const walker = right?.type === "call" ? right.childForFieldName("function") : null
    if (walker === null || walker === undefined || left?.type !== "identifier" || body === null || !/(?:^|\.)walk$/.test(walker.text)) return undefined
    if (this.b.canonical(fn, walker.text, this.b.parentOf) !== "ast.walk" || !rejectsOtherKinds(body, left.text)) return undefined
    return right!.childForFieldName("arguments")?.namedChildren[0] ?? undefined
  }

  /** A helper's proven checks, given to the arguments a call passes at those positions (not keywords or splats). */
  private guardArguments(checks: ReadonlyArray<{ readonly param: number; readonly kind: GuardKind }>, args: ReadonlyArray<AstNode>, scope: Span, cond: AstNode, out: Array<Statement>, fn: number): void {
    for (const { param, kind } of checks) {
      const arg = args[param]
      if (arg !== undefined && arg.type !== "keyword_argument" && arg.type !== "list_splat" && arg.type !== "dictionary_splat") this.guard(kind, arg, scope, cond, out, fn)
    }
  }

  /**
   * The checks a validator of the file proves about its parameters (by position) when it returns
   * instead of raising: its top-level `if <check fails>: raise …`, and loops that raise for every node
   * of a parameter's syntax tree not of an allowed kind (`for n in ast.walk(tree): if not isinstance(n, OK): raise`).
   */
  private validatorOf(def: AstNode): ReadonlyArray<{ readonly param: number; readonly kind: GuardKind }> {
    const done = this.validators.get(def)
    if (done !== undefined) return done
    this.validators.set(def, [])
    const params = parameterNames(def)
    const held: Array<Statement> = []
    this.probing++
    try {
      for (const st of def.childForFieldName("body")?.namedChildren ?? []) {
        if (st.type === "if_statement") {
          const cond = st.childForFieldName("condition")
          const branch = st.childForFieldName("consequence")?.namedChildren.filter((c) => c.type !== "comment") ?? []
          const raises = branch.length > 0 && branch[branch.length - 1]!.type === "raise_statement"
          if (cond !== null && raises && st.namedChildren.every((c) => c.type !== "elif_clause" && c.type !== "else_clause")) this.guardsOf(cond, true, { start: 0, end: 0 }, held, -1)
        } else if (st.type === "for_statement") {
          const walked = this.allowListedTree(st, -1)
          if (walked?.type === "identifier") held.push({ k: "guard", kind: "validated", name: walked.text, scope: { start: 0, end: 0 }, span: span(st) })
        }
      }
    } finally {
      this.probing--
    }
    const out = held.flatMap((g) => (g.k === "guard" && params.includes(g.name) ? [{ param: params.indexOf(g.name), kind: g.kind }] : []))
    this.validators.set(def, out)
    return out
  }

  /**
   * The checks a predicate helper's truthy result proves about its parameters (by position): of each
   * `return` other than a falsy constant, what its expression checks, the same for all of them. A
   * local the helper computed once from a parameter (`host = urlparse(u).hostname`) is traced to it.
   */
  private predicateOf(def: AstNode): ReadonlyArray<{ readonly param: number; readonly kind: GuardKind }> {
    const done = this.predicates.get(def)
    if (done !== undefined) return done
    this.predicates.set(def, [])
    const params = parameterNames(def)
    const body = def.childForFieldName("body")
    const returns: Array<AstNode> = []
    const locals = new Map<string, AstNode | undefined>()
    const visit = (n: AstNode): void => {
      for (const c of n.namedChildren) {
        if (NESTED_SCOPES.has(c.type)) continue
        if (c.type === "return_statement") returns.push(c)
        else if (c.type === "assignment") {
          const target = c.childForFieldName("left")
          // assigned twice: not one value
          if (target?.type === "identifier") locals.set(target.text, locals.has(target.text) ? undefined : c.childForFieldName("right") ?? undefined)
        } else visit(c)
      }
    }
    if (body !== null) visit(body)
    let common: ChecksByName | undefined
    this.probing++
    try {
      for (const r of returns) {
        const value = r.namedChildren[0]
        if (value === undefined || /^(?:False|None|0|""|'')$/.test(value.text)) continue
        const held: Array<Statement> = []
        this.guardsOf(value, false, { start: 0, end: 0 }, held, -1)
        const here: ChecksByName = new Map()
        for (const g of held) {
          if (g.k !== "guard") continue
          const assigned = locals.get(g.name)
          const traced: Array<Statement> = []
          // `host = urlparse(u).hostname; return host in ALLOWED`: the check is about u's host
          if (assigned !== undefined && !params.includes(g.name)) this.guard(g.kind, assigned, { start: 0, end: 0 }, r, traced, -1)
          for (const t of traced.length > 0 ? traced : [g]) if (t.k === "guard") here.set(t.name, (here.get(t.name) ?? new Set()).add(t.kind))
        }
        common = checksInCommon(common, here)
      }
    } finally {
      this.probing--
    }
    const out: Array<{ param: number; kind: GuardKind }> = []
    for (const [name, kinds] of common ?? []) {
      const param = params.indexOf(name)
      if (param !== -1) for (const kind of kinds) out.push({ param, kind })
    }
    this.predicates.set(def, out)
    return out
  }

  /** A path, as far as the file shows: a call (`Path(p)`, `p.resolve()`) or a name holding one's result. */
  private pathLike(node: AstNode, fn: number): boolean {
    if (node.type === "call") return true
    if (node.type !== "identifier" && node.type !== "attribute") return false
    // a call's result (`p = Path(x)`) or a parameter declared as a path (`p: Path`)
    const held = this.b.canonical(fn, node.text, this.b.parentOf)
    return held !== node.text && PATH_MAKERS.test(held.endsWith("()") ? held.slice(0, -2) : held)
  }

  /** `folderPrefix`: the check is a prefix check against a folder, which holds for a normalised path only */
  private guard(kind: GuardKind, subject: AstNode, scope: Span, cond: AstNode, out: Array<Statement>, fn: number, folderPrefix = false): void {
    let node = subject
    // `str(p).startswith(...)`, `urlparse(u).hostname in HOSTS`: the check is about p / u
    let hostPart = false
    // whether the checked path was normalised on the way (`os.path.realpath(p).startswith(...)`)
    let normalised = false
    for (;;) {
      if (node.type === "call" && (node.childForFieldName("arguments")?.namedChildren.length ?? 0) >= 1) {
        const callee = node.childForFieldName("function")?.text ?? ""
        if (/(?:^|\.)(?:str|os\.fspath|urlparse|urlsplit|url_parse|URL|Path|resolve|realpath|abspath|normpath)$/.test(callee)) {
          if (/url/i.test(callee)) hostPart = true
          if (PATH_NORMALISER.test(callee)) normalised = true
          node = node.childForFieldName("arguments")!.namedChildren[0]!
          continue
        }
      }
      if (node.type === "attribute") {
        const attr = node.childForFieldName("attribute")?.text ?? ""
        // `urlparse(u).scheme in ("http", "https")` fixes the scheme, not who is reached: no check of the host
        if (attr === "scheme") return
        if (/^(?:hostname|netloc|host)$/.test(attr)) hostPart = true
        // (`.name` is a path's last part only on a path: `block.name == "read_file"` checks the
        // block's name field, not the block)
        if ((/^(?:hostname|netloc|host|scheme|parent)$/.test(attr) || /^(?:lower|upper|strip)$/.test(attr) || (attr === "name" && this.pathLike(node.childForFieldName("object")!, fn)))) {
          node = node.childForFieldName("object")!
          continue
        }
      }
      if (node.type === "call") {
        const f = node.childForFieldName("function")
        if (f?.type === "attribute" && NORMALISERS.has(f.childForFieldName("attribute")?.text ?? "")) {
          if (PATH_NORMALISER.test(f.childForFieldName("attribute")?.text ?? "")) normalised = true
          node = f.childForFieldName("object")!
          continue
        }
      }
      break
    }
    // a prefix check of a path joined but never normalised (`os.path.join(ROOT, team, folder)` then
    // `.startswith(ROOT)`) holds for `ROOT/../../etc` too: it contains nothing
    if (folderPrefix && !normalised && node.type === "identifier" && !this.normalisedName(node.text, fn)) return
    const name = node.type === "identifier" ? node.text : node.type === "attribute" && this.probing === 0 ? dottedOf(this.expr(node, fn)) : this.keyedName(node, fn)
    if (name === undefined) return
    out.push({ k: "guard", kind: hostPart && kind === "allowlist" ? "host_allowlist" : kind, name, scope, span: span(cond) })
  }

  /**
   * A name the function holds a normalised path in, or may (a parameter: what callers pass is not
   * seen here): each of its assignments so far calls `realpath` / `abspath` / `normpath` / `resolve`,
   * or copies a name that does.
   */
  private normalisedName(name: string, fn: number, depth = 0): boolean {
    const f = fn === -1 ? undefined : this.b.functions[fn]
    if (f !== undefined && f.params.includes(name)) return true
    const assigned = (f?.body ?? this.b.module).filter((s): s is Extract<Statement, { k: "assign" }> => s.k === "assign" && s.target.name === name && s.target.path.length === 0)
    if (assigned.length === 0) return true
    return assigned.every((s) => {
      const v = s.value
      if (v.k === "name") return depth < 3 && this.normalisedName(v.name, fn, depth + 1)
      if (v.k !== "call") return false
      const call = this.b.calls[v.call]!
      return PATH_NORMALISER.test(call.callee.slice(call.callee.lastIndexOf(".") + 1))
    })
  }

  /** `target["src"]` (a record's entry by a constant key) as the dotted name its guard is kept under, `target.src`. */
  private keyedName(node: AstNode, fn: number): string | undefined {
    if (node.type !== "subscript" || this.probing !== 0) return undefined
    const key = node.childForFieldName("subscript")
    const obj = node.childForFieldName("value")
    const lit = key === null ? undefined : this.literalKey(key)
    if (lit === undefined || obj === null || (obj.type !== "identifier" && obj.type !== "attribute")) return undefined
    const base = obj.type === "identifier" ? obj.text : dottedOf(this.expr(obj, fn))
    return base === undefined ? undefined : `${base}.${lit}`
  }

  private importStatement(node: AstNode): void {
    for (const c of node.namedChildren) {
      if (c.type === "dotted_name") {
        const full = c.text
        // `import os.path` binds `os`
        this.b.addImport(full.split(".")[0]!, full.split(".")[0]!, span(c))
        if (full.includes(".")) this.b.addImport(full, full, span(c))
      } else if (c.type === "aliased_import") {
        const name = c.childForFieldName("name")?.text
        const alias = c.childForFieldName("alias")?.text
        if (name !== undefined && alias !== undefined) this.b.addImport(alias, name, span(c))
      }
    }
  }

  private importFrom(node: AstNode): void {
    const moduleNode = node.childForFieldName("module_name")
    const moduleName = moduleNode?.text.replace(/^\.+/, "") ?? ""
    for (const c of node.namedChildren) {
      if (c === moduleNode || c.id === moduleNode?.id) continue
      if (c.type === "dotted_name") this.b.addImport(c.text, moduleName === "" ? c.text : `${moduleName}.${c.text}`, span(c))
      else if (c.type === "aliased_import") {
        const name = c.childForFieldName("name")?.text
        const alias = c.childForFieldName("alias")?.text
        if (name !== undefined && alias !== undefined) this.b.addImport(alias, moduleName === "" ? name : `${moduleName}.${name}`, span(c))
      }
    }
  }

  /**
   * The entries of a large literal past the first MAX_ENTRIES are not part of its value, but a call
   * among them (`[1, 2, …, eval(payload)]`) is still a call: model the entries whose text has one.
   */
  private callsBeyond(node: AstNode, fn: number): void {
    if (node.namedChildCount <= MAX_ENTRIES) return
    const children = node.namedChildren
    // one forward scan for "(": entries before the next one are skipped without reading them
    let paren = this.text.indexOf("(", children[MAX_ENTRIES]!.startIndex)
    for (let i = MAX_ENTRIES; i < children.length && paren !== -1 && paren < node.endIndex; i++) {
      const c = children[i]!
      if (c.endIndex <= paren) continue
      if (c.startIndex > paren) paren = this.text.indexOf("(", c.startIndex)
      if (paren === -1 || paren >= c.endIndex) continue
      this.expr(c, fn)
      paren = this.text.indexOf("(", c.endIndex)
    }
  }

  private classDef(node: AstNode, fn: number, _decorators: ReadonlyArray<AstNode>): void {
    const bodyNode = node.childForFieldName("body")
    if (bodyNode === null) return
    const className = node.childForFieldName("name")?.text
    // the base classes, canonical (`BaseTool` imported from crewai.tools: crewai.tools.BaseTool)
    const bases = (node.childForFieldName("superclasses")?.namedChildren ?? [])
      .filter((b) => b.type === "identifier" || b.type === "attribute")
      .map((b) => this.b.canonical(fn, b.text, this.b.parentOf))
    if (className !== undefined && fn === -1) {
      if (bases.some((b) => ENUM_BASES.has(b))) this.enumClasses.add(className)
      // a pydantic model's fields with a ceiling (`top_k: int = Field(5, le=20)`), and those holding one
      // of fixed values (`plan: Plan` of an enum of the file, `Literal[...]`), for the parameters declared as it
      const capped: Array<string> = []
      const fixed: Array<string> = []
      for (const st of bodyNode.namedChildren) {
        const a = st.type === "expression_statement" ? st.namedChildren[0] : undefined
        const target = a?.type === "assignment" ? a.childForFieldName("left") : undefined
        if (target?.type !== "identifier") continue
        if (bounded(a!.childForFieldName("type")) || bounded(a!.childForFieldName("right"))) capped.push(target.text)
        if (this.annotationGuard(a!.childForFieldName("type"), fn) === "allowlist") fixed.push(target.text)
      }
      if (capped.length > 0) this.cappedFields.set(className, capped)
      if (fixed.length > 0) this.fixedFields.set(className, fixed)
    }
    const outer = this.classBases
    this.classBases = bases
    // class attributes behave like module-level constants of the class; methods are functions
    const first = this.b.functions.length
    const statements = this.body(fn)
    const before = statements.length
    try {
      this.block(bodyNode, fn, statements)
    } finally {
      this.classBases = outer
    }
    const owner = node.childForFieldName("name")?.text
    // a module-level class's attributes are also read through the class (`Config.SYSTEM_PROMPT`)
    // (the class's name holds a record of them, the last value of each)
    if (owner !== undefined && fn === -1) {
      const attrs = new Map<string, { value: Expr; span: Span }>()
      for (const st of statements.slice(before)) if (st.k === "assign" && st.target.path.length === 0 && st.target.name !== owner) attrs.set(st.target.name, { value: st.value, span: st.span })
      if (attrs.size > 0)
        statements.push({
          k: "assign",
          target: { name: owner, path: [] },
          value: { k: "container", entries: [...attrs].map(([key, a]) => ({ key, value: a.value, span: a.span })) },
          span: span(node)
        })
    }
    if (owner !== undefined && fn === -1 && bases.length > 0) this.b.classes.set(owner, bases)
    if (owner !== undefined) for (let i = first; i < this.b.functions.length; i++) if (this.b.functions[i]!.parent === fn) this.b.functions[i]!.owner = owner
  }

  /** the base classes of the class whose body is being read (methods record them) */
  private classBases: ReadonlyArray<string> = []

  /** module-level classes' fields declared with a ceiling the framework enforces (pydantic `Field(le=...)`) */
  private readonly cappedFields = new Map<string, ReadonlyArray<string>>()
  /** module-level classes' fields declared as one of fixed values (an enum of the file, `Literal[...]`) */
  private readonly fixedFields = new Map<string, ReadonlyArray<string>>()
  /** the file's enum classes (`class Plan(str, Enum)`): a value declared as one is one of its members */
  private readonly enumClasses = new Set<string>()

  /** The capped fields of the `args_schema` a function's tool decorator names (`@tool(args_schema=SearchArgs)`). */
  private argsSchemaCaps(fn: number): ReadonlySet<string> {
    if (this.cappedFields.size === 0) return NO_NAMES
    const decorated = this.b.functions[fn]!.span
    for (const c of this.b.calls) {
      if (c.span.start < decorated.start || c.span.end > decorated.end || c.fn !== this.b.functions[fn]!.parent) continue
      const schema = c.args.find((a) => a.name === "args_schema")?.value
      if (schema?.k === "name" || schema?.k === "ref") {
        const fields = this.cappedFields.get(schema.name)
        if (fields !== undefined) return new Set(fields)
      }
    }
    return NO_NAMES
  }

  private functionDef(node: AstNode, parent: number, decorators: ReadonlyArray<AstNode>): number {
    const nameNode = node.childForFieldName("name")
    const methodName = nameNode?.text
    const methodOf = methodName !== undefined && this.classBases.length > 0 ? this.classBases.map((b) => `${b}.${methodName}`) : undefined
    const decoratorNames = decorators.map((d) => this.decoratorName(d, parent))
    // a function a framework calls (a tool, a route) is modelled whatever it mentions: what it
    // returns goes to the model or the client
    const modelled =
      this.focus === undefined ||
      this.focus.within(node.startIndex, node.endIndex) ||
      this.focus.hasRole(decoratorNames) ||
      (methodOf !== undefined && this.focus.hasRole(methodOf))
    // a function nested in a method is no method
    const outerBases = this.classBases
    this.classBases = []
    const index = this.b.addFunction({
      name: nameNode?.text ?? "<lambda>",
      params: [],
      decorators: decoratorNames,
      role: "plain",
      span: span(decorators.length > 0 ? decorators[0]!.parent ?? node : node),
      nameSpan: nameNode === null ? span(node) : span(nameNode),
      body: [],
      parent,
      ...(methodOf !== undefined ? { methodOf } : {})
    })
    // the docstring is read even when the body is skipped: it is the tool's description
    const first = node.childForFieldName("body")?.namedChildren[0]
    if (first?.type === "expression_statement" && first.namedChildren[0]?.type === "string") (this.b.functions[index] as { doc?: string }).doc = this.stringValue(first.namedChildren[0])
    if (modelled) this.fillFunction(index, node)
    else {
      this.skipped.set(index, node)
      // a skipped router is still read by loop rules: one native scan answers whether it counts
      if (ORDERING.test(this.text.slice(node.startIndex, node.endIndex))) this.b.functions[index]!.compares = true
    }
    this.classBases = outerBases
    return index
  }

  /** A security scheme that reads the request (`APIKeyHeader(...)`), inline or held by a module-level name. */
  private requestScheme(e: Expr | undefined): boolean {
    if (e === undefined) return false
    if (e.k === "call") return REQUEST_SCHEMES.test(this.b.calls[e.call]!.callee)
    if (e.k !== "name") return false
    const held = this.b.module.find((s) => s.k === "assign" && s.target.name === e.name && s.target.path.length === 0)
    return held !== undefined && held.k === "assign" && this.requestScheme(held.value.k === "call" ? held.value : undefined)
  }

  /** Parameters, docstring and body of a function (skipped functions are filled only when needed). */
  private fillFunction(index: number, node: AstNode): void {
    const f = this.b.functions[index]!
    const params = f.params as Array<string>
    const parent = f.parent
    const types: Array<string | undefined> = []
    for (const p of node.childForFieldName("parameters")?.namedChildren ?? []) {
      const id = parameterId(p)
      if (id !== undefined) {
        // (`*args`, typed or not: every positional argument from here on)
        if (p.type === "list_splat_pattern" || p.namedChildren.some((c) => c.type === "list_splat_pattern")) (f as { rest?: number }).rest = params.length
        params.push(id.text)
        const type = this.typeName(p.childForFieldName("type"), parent)
        types.push(type)
        // `db: SQLDatabase`: the parameter's methods are named by its imported class, as Go's `db *sql.DB`
        const written = p.childForFieldName("type")?.text
        // (`session: aiohttp.ClientSession` after `import aiohttp` too: its canonical name is as written)
        if (type !== undefined && written !== undefined && this.b.isImported(written.split(".")[0]!)) this.b.bindHolder(index, id.text, type)
      }
      const value = p.childForFieldName("value")
      if (value !== null) {
        const v = this.expr(value, parent)
        // `user: Principal = Depends(get_current_user)`: FastAPI injects it on the server, the client does not send it
        if (v.k === "call" && id !== undefined && id !== null) {
          const call = this.b.calls[v.call]!
          if (FROM_REQUEST.has(call.callee) || (INJECTED.has(call.callee) && this.requestScheme(call.args[0]?.value))) types[types.length - 1] = REQUEST_PARAMETER
          else if (INJECTED.has(call.callee)) types[types.length - 1] = "fastapi.Depends"
        }
      }
    }
    if (types.some((t) => t !== undefined)) (f as { paramTypes?: ReadonlyArray<string | undefined> }).paramTypes = types
    // a tool or route parameter annotated `Literal["a", "b"]` or `int` / `float` / `bool`: the framework
    // (FastMCP, LangChain @tool, Agents SDK, FastAPI: pydantic) validates the argument against it
    // before the function runs, so it holds one of those values or a number
    const schemaCaps = this.argsSchemaCaps(index)
    for (const p of node.childForFieldName("parameters")?.namedChildren ?? []) {
      const id = parameterId(p)
      if (id === undefined) continue
      const kind = this.annotationGuard(p.childForFieldName("type"), parent)
      // one of fixed values is also a validated value: joined with a number it stays guarded for rules taking either
      if (kind !== undefined) for (const k of kind === "allowlist" ? (["allowlist", "validated"] as const) : [kind]) f.body.push({ k: "guard", kind: k, name: id.text, scope: f.span, span: span(p) })
      // `k: int = Query(5, le=50)`, `k: Annotated[int, Field(le=50)]`, a field of `@tool(args_schema=...)`
      // with a ceiling, and the fields with one of a pydantic model the parameter is declared as
      if (bounded(p.childForFieldName("type")) || bounded(p.childForFieldName("value")) || schemaCaps.has(id.text)) f.body.push({ k: "guard", kind: "capped", name: id.text, scope: f.span, span: span(p) })
      const declared = p.childForFieldName("type")
      for (const field of (declared !== null && this.cappedFields.get(declared.text)) || [])
        f.body.push({ k: "guard", kind: "capped", name: `${id.text}.${field}`, scope: f.span, span: span(p) })
      for (const field of (declared !== null && this.fixedFields.get(declared.text)) || [])
        for (const k of ["allowlist", "validated"] as const) f.body.push({ k: "guard", kind: k, name: `${id.text}.${field}`, scope: f.span, span: span(p) })
    }
    const bodyNode = node.childForFieldName("body")
    if (bodyNode === null) return
    this.block(bodyNode, index, f.body)
  }

  /** What a parameter's annotation guarantees once validated: `Literal[...]` one of its values, `int` / `float` / `bool` a number. */
  private annotationGuard(node: AstNode | null, fn: number): GuardKind | undefined {
    const t = node?.type === "type" ? node.namedChildren[0] : node ?? undefined
    if (t === undefined || t === null) return undefined
    if (t.type === "identifier" && NUMERIC_ANNOTATIONS.has(t.text)) return "validated"
    // an enum of the file: pydantic, FastAPI and the tool frameworks accept only its members' values
    if (t.type === "identifier" && this.enumClasses.has(t.text)) return "allowlist"
    // a module-level alias: `Lang = Literal["en", "de"]`
    if (t.type === "identifier") {
      const held = this.b.module.find((st) => st.k === "assign" && st.target.name === t.text && st.target.path.length === 0)
      const v = held?.k === "assign" ? held.value : undefined
      return v?.k === "index" && v.obj.k === "ref" && LITERAL_TYPES.has(v.obj.name) ? "allowlist" : undefined
    }
    const head = t.type === "subscript" ? t.childForFieldName("value") : t.type === "generic_type" ? t.namedChildren[0] : undefined
    if (head === undefined || head === null) return undefined
    const name = this.b.canonical(fn, head.text, this.b.parentOf)
    return LITERAL_TYPES.has(name) || head.text === "Literal" ? "allowlist" : undefined
  }

  /** The canonical name of a parameter's annotation, without subscripts: `RunContextWrapper[Ctx]` -> `agents.RunContextWrapper`. */
  private typeName(node: AstNode | null, fn: number): string | undefined {
    let t = node?.type === "type" ? node.namedChildren[0] : node ?? undefined
    if (t?.type === "generic_type") t = t.namedChildren[0]
    if (t?.type === "subscript") t = t.childForFieldName("value") ?? undefined
    if (t === undefined || t === null || (t.type !== "identifier" && t.type !== "attribute")) return undefined
    return this.b.canonical(fn, t.text, this.b.parentOf)
  }

  private decoratorName(d: AstNode, fn: number): string {
    const inner = d.namedChildren[0]
    if (inner === undefined) return ""
    const target = inner.type === "call" ? inner.childForFieldName("function") : inner
    if (target === null) return ""
    if (inner.type === "call") this.expr(inner, fn)
    const dotted = target.type === "identifier" || target.type === "attribute" ? target.text : ""
    return this.b.canonical(fn, dotted, this.b.parentOf)
  }

  /**
   * Reduces an expression to the model; calls are recorded as they are met. The larger kinds are
   * methods of their own, so that when one meets an object shape it was not optimised for, V8
   * recompiles that method and not one function holding every kind: as one function this recompiled
   * in ~80 ms of background CPU, several times over a worker's first passes (`--trace-opt`).
   */
  expr(node: AstNode, fn: number): Expr {
    switch (node.type) {
      case "identifier":
        return this.b.isImported(node.text) ? { k: "ref", name: this.b.canonical(fn, node.text, this.b.parentOf) } : { k: "name", name: node.text }
      case "string":
        return this.stringExpr(node, fn)
      case "concatenated_string":
        return { k: "concat", parts: node.namedChildren.filter((c) => c.type !== "comment").map((c) => this.expr(c, fn)) }
      case "integer":
      case "float":
        return { k: "lit", value: Number(node.text.replace(/_/g, "")) }
      case "true":
        return { k: "lit", value: true }
      case "false":
        return { k: "lit", value: false }
      case "none":
        return { k: "lit", value: null }
      case "attribute":
        return this.attributeExpr(node, fn)
      case "subscript": {
        const value = node.childForFieldName("value")
        const key = node.childForFieldName("subscript")
        if (value === null) return UNKNOWN
        const index = { k: "index", obj: this.expr(value, fn), key: key === null ? UNKNOWN : this.expr(key, fn) } as const
        return key?.type === "slice" ? { ...index, slice: true } : index
      }
      case "binary_operator":
        return this.binaryExpr(node, fn)
      case "call":
        return this.call(node, fn)
      case "await":
      case "parenthesized_expression":
      case "expression_statement":
      case "type":
      case "starred_expression":
      case "list_splat":
      case "dictionary_splat": {
        // a comment inside the parentheses is a named child too: `(\n  # why\n  "text"\n)`
        const inner = node.namedChildren.find((c) => c.type !== "comment")
        return inner === undefined ? UNKNOWN : this.expr(inner, fn)
      }
      case "dictionary":
        return this.dictionaryExpr(node, fn)
      case "list":
      case "tuple":
      case "set":
      case "expression_list":
        return this.sequenceExpr(node, fn)
      case "list_comprehension":
      case "set_comprehension":
      case "generator_expression":
      case "dictionary_comprehension":
        return this.comprehensionExpr(node, fn)
      case "for_in_clause": {
        const right = node.childForFieldName("right")
        return right === null ? UNKNOWN : this.expr(right, fn)
      }
      case "if_clause":
        return { k: "op", parts: node.namedChildren.map((c) => this.expr(c, fn)) }
      case "conditional_expression":
        return this.conditionalExpr(node, fn)
      case "boolean_operator":
        return { k: "op", parts: node.namedChildren.map((c) => this.expr(c, fn)) }
      case "comparison_operator":
        return this.comparisonExpr(node, fn)
      case "not_operator":
        for (const c of node.namedChildren) this.expr(c, fn)
        return { k: "lit", value: true }
      case "unary_operator":
        return this.unaryExpr(node, fn)
      case "lambda":
        return this.lambdaExpr(node, fn)
      case "named_expression":
        return this.walrusExpr(node, fn)
      default:
        for (const c of node.namedChildren) this.expr(c, fn)
        return UNKNOWN
    }
  }

  private stringExpr(node: AstNode, fn: number): Expr {
    // only f-strings interpolate: read other literals from the source text, without child nodes
    const raw = this.text.slice(node.startIndex, node.endIndex)
    const quote = raw.search(/['"]/)
    if (quote !== -1 && !/[fF]/.test(raw.slice(0, quote))) return { k: "lit", value: unquote(raw.slice(quote)) }
    const interpolations = node.namedChildren.filter((c) => c.type === "interpolation")
    if (interpolations.length === 0) return { k: "lit", value: this.stringValue(node) }
    const parts: Array<Expr> = []
    for (const c of node.namedChildren) {
      if (c.type === "string_content" || c.type === "escape_sequence") parts.push({ k: "lit", value: c.text })
      else if (c.type === "interpolation") {
        const e = c.childForFieldName("expression") ?? c.namedChildren[0]
        parts.push(e === undefined || e === null ? UNKNOWN : this.expr(e, fn))
      }
    }
    return { k: "concat", parts }
  }

  private attributeExpr(node: AstNode, fn: number): Expr {
    const obj = node.childForFieldName("object")
    const attr = node.childForFieldName("attribute")?.text ?? "?"
    if (obj === null) return UNKNOWN
    const inner = this.expr(obj, fn)
    if (inner.k === "ref") {
      const name = `${inner.name}.${attr}`
      // limits written as "infinity" are constants rules compare against
      if (name === "math.inf" || name === "sys.maxsize" || name === "numpy.inf") return { k: "lit", value: Number.POSITIVE_INFINITY }
      return { k: "ref", name }
    }
    return { k: "attr", obj: inner, name: attr }
  }

  /** `self._client = client` of `client: httpx.Client`: the attribute holds what the name holds */
  private heldBy(value: Expr, fn: number): string | undefined {
    if (value.k !== "name") return undefined
    const held = this.b.canonical(fn, value.name, this.b.parentOf)
    return held !== value.name && held.includes(".") ? held : undefined
  }

  /** `session or requests.Session()`: a given instance or a new one of that class, which is what the name holds */
  private defaultHolder(node: AstNode, value: Expr): string | undefined {
    if (node.type !== "boolean_operator" || node.children.find((c) => !c.isNamed)?.type !== "or" || value.k !== "op") return undefined
    const last = value.parts[value.parts.length - 1]
    return last?.k === "call" ? `${this.b.calls[last.call]!.callee}()` : undefined
  }

  /**
   * What a LangChain runnable sequence is run as: `chain = prompt | llm` hands its input along and
   * returns what its last step returns, so `chain.invoke(...)` is named by the last step
   * (`ChatOpenAI().invoke`: one completion, not an agent). Only for a `|` of at least two call
   * results (runnables the file builds or holds); a union of literals is none.
   */
  private sequenceHolder(value: Expr, fn: number): string | undefined {
    if (value.k !== "op" || value.pipe !== true) return undefined
    const steps: Array<string | undefined> = []
    const collect = (e: Expr): void => {
      if (e.k === "op" && e.pipe === true) e.parts.forEach(collect)
      else if (e.k === "call") steps.push(`${this.b.calls[e.call]!.callee}()`)
      else if (e.k === "name") {
        const held = this.b.canonical(fn, e.name, this.b.parentOf)
        steps.push(held.endsWith("()") ? held : undefined)
      } else steps.push(undefined)
    }
    collect(value)
    const last = steps[steps.length - 1]
    return last !== undefined && steps.filter((s) => s !== undefined).length >= 2 ? last : undefined
  }

  private binaryExpr(node: AstNode, fn: number): Expr {
    const left = node.childForFieldName("left")
    const right = node.childForFieldName("right")
    const op = node.childForFieldName("operator")?.type ?? node.children.find((c) => !c.isNamed)?.type
    const parts = [left, right].filter((x): x is AstNode => x !== null).map((x) => this.expr(x, fn))
    if ((op === "+" || op === "%") && (left?.type === "string" || left?.type === "concatenated_string" || left?.type === "binary_operator" || right?.type === "string"))
      return { k: "concat", parts: op === "%" ? splitTemplate(parts[0]!, "%", parts.slice(1)) : parts }
    if (op === "/") return { k: "concat", parts } // pathlib joins
    return op === "&" ? { k: "op", parts, both: true } : op === "+" ? { k: "op", parts, plus: true } : op === "|" ? { k: "op", parts, pipe: true } : { k: "op", parts }
  }

  private dictionaryExpr(node: AstNode, fn: number): Expr {
    const entries: Array<{ key?: string; value: Expr; span: Span }> = []
    const pairs = node.namedChildCount > MAX_ENTRIES ? node.namedChildren.slice(0, MAX_ENTRIES) : node.namedChildren
    for (const pair of pairs) {
      if (pair.type === "pair") {
        const k = pair.childForFieldName("key")
        const v = pair.childForFieldName("value")
        const key = k === null ? undefined : this.literalKey(k)
        if (k !== null && key === undefined) this.expr(k, fn)
        entries.push({ ...(key !== undefined ? { key } : {}), value: v === null ? UNKNOWN : this.expr(v, fn), span: span(pair) })
      } else entries.push({ value: this.expr(pair, fn), span: span(pair) })
    }
    this.callsBeyond(node, fn)
    return { k: "container", entries }
  }

  private sequenceExpr(node: AstNode, fn: number): Expr {
    // large literal tables are constants: modelling their first entries says as much
    const items = node.namedChildCount > MAX_ENTRIES ? node.namedChildren.slice(0, MAX_ENTRIES) : node.namedChildren
    const entries = items.map((c) => ({ value: this.expr(c, fn), span: span(c) }))
    this.callsBeyond(node, fn)
    return { k: "container", entries }
  }

  private comprehensionExpr(node: AstNode, fn: number): Expr {
    // the produced elements carry the data of the body, in which the loop names hold what is
    // iterated (`[int(p) for p in raw.split(",")]` holds numbers); a filter adds no data
    const parts: Array<Expr> = []
    for (const c of node.namedChildren) {
      if (c.type === "comment") continue
      if (c.type === "if_clause") {
        this.expr(c, fn)
        continue
      }
      if (c.type !== "for_in_clause") {
        // a dict comprehension's `key: value` carries both
        if (c.type === "pair") for (const kv of c.namedChildren) parts.push(this.expr(kv, fn))
        else parts.push(this.expr(c, fn))
        continue
      }
      const left = c.childForFieldName("left")
      const right = c.childForFieldName("right")
      const value = right === null ? UNKNOWN : this.expr(right, fn)
      const targets = left === null ? [] : this.targets(left, fn)
      if (targets.length === 0) parts.push(value)
      for (const target of targets) this.body(fn).push({ k: "iterate", target, value, span: span(c) })
    }
    return { k: "op", parts }
  }

  private conditionalExpr(node: AstNode, fn: number): Expr {
    const [a, b, c] = node.namedChildren
    // the condition carries no data into the result, but its calls and checks are still made
    if (b !== undefined) this.expr(b, fn)
    const branches = [a, c].filter((x): x is AstNode => x !== undefined)
    const parts = branches.map((x) => this.expr(x, fn))
    if (b === undefined || branches.length !== 2) return { k: "op", parts }
    // a branch that is the checked variable itself holds only what the check let through
    const checked = branches.map((x, i) => {
      const held: Array<Statement> = []
      this.guardsOf(b, i === 1, span(x), held, fn)
      const name = x.type === "identifier" ? x.text : x.type === "attribute" ? dottedOf(parts[i]!) : undefined
      return held.flatMap((g) => (g.k === "guard" && g.name === name ? [g.kind] : []))
    })
    return checked.some((k) => k.length > 0) ? { k: "op", parts, checked } : { k: "op", parts }
  }

  private comparisonExpr(node: AstNode, fn: number): Expr {
    const operands = node.namedChildren.map((c) => this.expr(c, fn))
    if (isOrdering(node)) {
      // (`reply.find("DONE") >= 0` asks what the text holds: it bounds no loop)
      if (!this.b.presenceCheck(fn, operands)) this.b.ordered = true
      if (fn !== -1) this.b.functions[fn]!.compares = true
    }
    if (fn !== -1 && isOrdering(node)) (this.b.functions[fn]!.orderings ??= []).push(operands)
    if (fn !== -1 && operands.length === 2 && node.children.some((c) => !c.isNamed && (c.type === "==" || c.type === "!=")))
      (this.b.functions[fn]!.equalities ??= []).push({ left: operands[0]!, right: operands[1]!, span: span(node) })
    return { k: "lit", value: true }
  }

  private unaryExpr(node: AstNode, fn: number): Expr {
    const operand = node.namedChildren[0]
    // `-1` is a constant (an explicit "no limit" cap is written this way)
    if (operand !== undefined && (operand.type === "integer" || operand.type === "float") && node.text.startsWith("-"))
      return { k: "lit", value: -Number(operand.text.replace(/_/g, "")) }
    return { k: "op", parts: node.namedChildren.map((c) => this.expr(c, fn)) }
  }

  private lambdaExpr(node: AstNode, fn: number): Expr {
    const bodyNode = node.childForFieldName("body")
    const params: Array<string> = []
    for (const p of node.childForFieldName("parameters")?.namedChildren ?? []) if (p.type === "identifier") params.push(p.text)
    const index = this.b.addFunction({ name: "<lambda>", params, decorators: [], role: "plain", span: span(node), nameSpan: span(node), body: [], parent: fn })
    if (bodyNode !== null) this.b.functions[index]!.body.push({ k: "return", value: this.expr(bodyNode, index), span: span(bodyNode) })
    return { k: "func", fn: index }
  }

  private walrusExpr(node: AstNode, fn: number): Expr {
    const name = node.childForFieldName("name")
    const value = node.childForFieldName("value")
    const v = value === null ? UNKNOWN : this.expr(value, fn)
    if (name !== null) this.body(fn).push({ k: "assign", target: { name: name.text, path: [] }, value: v, span: span(node) })
    return v
  }

  private call(node: AstNode, fn: number): Expr {
    const fnNode = node.childForFieldName("function")
    const argsNode = node.childForFieldName("arguments")
    let callee = "?"
    let written = fnNode?.text ?? "?"
    let receiver: Expr | undefined
    let table: Expr | undefined
    if (fnNode !== null) {
      if (fnNode.type === "identifier") callee = this.b.canonical(fn, fnNode.text, this.b.parentOf)
      else if (fnNode.type === "attribute") {
        const obj = fnNode.childForFieldName("object")!
        const method = fnNode.childForFieldName("attribute")?.text ?? "?"
        receiver = this.expr(obj, fn)
        const base = this.calleeBase(receiver, fn)
        callee = `${base}.${method}`
        written = `${obj.type === "call" ? "…" : obj.text.length > 40 ? "…" : obj.text}.${method}`
      } else {
        const inner = this.expr(fnNode, fn)
        callee = inner.k === "call" ? `${this.b.calls[inner.call]!.callee}()` : "?"
        if (inner.k === "index" && inner.key.k !== "lit") table = inner.obj
      }
    }
    const args: Array<Arg> = []
    // `",".join(str(i) for i in ids)`: the generator is the one argument
    const argNodes = argsNode?.type === "generator_expression" ? [argsNode] : argsNode?.namedChildren ?? []
    for (const a of argNodes) {
      if (a.type === "keyword_argument") {
        const name = a.childForFieldName("name")?.text
        const value = a.childForFieldName("value")
        args.push({ ...(name !== undefined ? { name } : {}), value: value === null ? UNKNOWN : this.expr(value, fn), span: span(a) })
      } else if (a.type === "comment") continue
      else args.push({ value: this.expr(a, fn), span: span(a) })
    }
    // `dict(k=v, ...)` builds a record as `{"k": v}` does: a container, not a call (keyword arguments
    // only: `dict(base, k=v)` or `dict(**opts)` holds more than the file shows)
    if (callee === "dict" && args.length > 0 && args.every((a) => a.name !== undefined))
      return { k: "container", entries: args.map((a) => ({ key: a.name!, value: a.value, span: a.span })) }
    // `urlunsplit(("https", host, path, query, ""))` writes the URL out of its parts: the host is
    // the second, after the scheme's `://`, and a `/` starts the path (urlunsplit adds one), so a
    // checked host makes a checked URL's host
    if ((callee === "urllib.parse.urlunsplit" || callee === "urllib.parse.urlunparse") && args.length === 1 && args[0]!.value.k === "container") {
      const parts = args[0]!.value.entries.map((x) => x.value)
      if (parts.length >= 3) {
        const rest = parts.slice(2).flatMap((p, i) => [{ k: "lit" as const, value: i === 0 ? "/" : i === parts.length - 3 ? "#" : "?" }, p])
        this.b.addCall({ callee, written, args, span: span(node), fn })
        return { k: "concat", parts: [parts[0]!, { k: "lit", value: "://" }, parts[1]!, ...rest] }
      }
    }
    // `float("inf")` is a constant: an iteration limit written as infinity
    if (callee === "float" && args.length === 1 && args[0]!.value.k === "lit" && /^[+]?inf(?:inity)?$/i.test(String(args[0]!.value.value))) {
      this.b.addCall({ callee, written, args, span: span(node), fn })
      return { k: "lit", value: Number.POSITIVE_INFINITY }
    }
    // `"sep".join(xs)`, `"{}".format(x)`, `s.replace(a, b)`: string building keeps the data
    const method = callee.slice(callee.lastIndexOf(".") + 1)
    const index = this.b.addCall({ callee, written, ...(receiver !== undefined ? { receiver } : {}), ...(table !== undefined ? { table } : {}), args, span: span(node), fn })
    args.forEach((a, i) => {
      const field = a.name !== undefined ? { field: a.name } : {}
      if (a.value.k === "name") this.pending.push({ call: index, arg: i, name: a.value.name, ...field })
      else if (a.value.k === "func") this.pending.push({ call: index, arg: i, fn: a.value.fn, ...field })
      // `FunctionTool.from_defaults(fn=reader.read_page)`: a bound method of a class of the file
      else if (a.value.k === "attr" && a.value.obj.k === "name") this.pending.push({ call: index, arg: i, method: a.value.name, ...field })
      // `ShellTool(executor=ShellExecutor())`: the framework calls the instance, so its `__call__`
      else if (a.value.k === "call" && /^[A-Za-z_]\w*$/.test(this.b.calls[a.value.call]?.callee ?? "")) this.pending.push({ call: index, arg: i, instanceOf: this.b.calls[a.value.call]!.callee, ...field })
      // `Agent(tools=[search, run_sql])`, `ToolNode([lookup])`: each function of a literal list
      else if (a.value.k === "container" && a.value.entries.every((x) => x.key === undefined))
        for (const x of a.value.entries) {
          if (x.value.k === "name") this.pending.push({ call: index, arg: i, name: x.value.name, ...field })
          else if (x.value.k === "func") this.pending.push({ call: index, arg: i, fn: x.value.fn, ...field })
          else if (x.value.k === "attr" && x.value.obj.k === "name") this.pending.push({ call: index, arg: i, method: x.value.name, ...field })
        }
    })
    if (receiver !== undefined && BUILDERS.has(method) && (receiver.k === "lit" || receiver.k === "concat" || method !== "join")) {
      if (method === "format") return { k: "concat", parts: [...splitTemplate(receiver, "{", args.map((a) => a.value), args.every((a) => a.name === undefined)), { k: "call", call: index }], built: true }
      // `"\n".join(["You are …", rules])`: the lines with the separator between them, so the text begins with the first
      const lines = method === "join" && args.length === 1 ? joinedLines(args[0]!.value, receiver) : undefined
      if (lines !== undefined) return { k: "concat", parts: [...lines, { k: "call", call: index }], built: true }
      if (method === "join" || receiver.k === "lit" || receiver.k === "concat") return { k: "concat", parts: [receiver, ...args.map((a) => a.value), { k: "call", call: index }], built: true }
    }
    return { k: "call", call: index }
  }

  /** The canonical text a method's receiver contributes to the callee name. */
  private calleeBase(receiver: Expr, fn: number): string {
    return this.b.receiverName(receiver, fn)
  }
}

/** the same question from a skipped function's text: an ordering comparison, not `->`, `<<` or `>>=` */
const ORDERING = /[^-=<>!](?:<|>|<=|>=)[^=<>]/

/** `a < b`, `n >= MAX`: a comparison that orders (a counter or budget), not an equality test */
const isOrdering = (node: AstNode): boolean => node.children.some((c) => !c.isNamed && (c.type === "<" || c.type === "<=" || c.type === ">" || c.type === ">="))

/** `True`, `1`: a loop condition that never ends the loop. */
const alwaysTrue = (node: AstNode): boolean => {
  let n: AstNode | null = node
  while (n !== null && n.type === "parenthesized_expression") n = n.namedChildren[0] ?? null
  return n !== null && (n.type === "true" || (n.type === "integer" && n.text !== "0"))
}

/** Nested scopes: what runs in them is not the enclosing loop's doing. */
const NESTED_SCOPES: ReadonlySet<string> = new Set(["function_definition", "lambda", "class_definition"])

/** What an expression reads fields of (`client.create(...)` of `(await client.create(...)).choices[0]`). */
const innermost = (e: AstNode | null): AstNode | null => {
  let cur = e
  while (cur !== null && (cur.type === "attribute" || cur.type === "subscript" || cur.type === "parenthesized_expression" || cur.type === "await"))
    cur = cur.type === "attribute" ? cur.childForFieldName("object") : cur.type === "subscript" ? cur.childForFieldName("value") : cur.namedChildren[0] ?? null
  return cur
}

/** The variable an expression starts from (`response` of `response.content[0].text`). */
const rootName = (e: AstNode | null): string | undefined => {
  const root = innermost(e)
  return root?.type === "identifier" ? root.text : undefined
}

/**
 * `while response.stop_reason == "tool_use":` / `while msg.tool_calls:` with the body ending
 * `response = client.messages.create(...)`: the condition reads variables (no call but `len`, no
 * ordering comparison: no counter or deadline), the body assigns one of them the result of a call
 * (the model's next answer), and nothing counts them: what the body last received decides alone
 * whether the loop runs again, as in `while True`. A flag set to a constant or a comparison
 * (`done = step >= limit`) is not such a result.
 */
const resultDriven = (cond: AstNode, body: AstNode): boolean => {
  const read = new Set<string>()
  for (const n of descendants(cond, NESTED_SCOPES)) {
    if (n.type === "call") {
      const f = n.childForFieldName("function")
      if (f?.type !== "identifier" || f.text !== "len") return false
    } else if (n.type === "comparison_operator") {
      if (isOrdering(n)) return false
    } else if (n.type === "identifier") {
      // a variable, not an attribute's name (`stop_reason` of `response.stop_reason`)
      const attributeName = n.parent?.type === "attribute" && n.parent.childForFieldName("attribute")?.id === n.id
      if (!attributeName && n.text !== "len") read.add(n.text)
    }
  }
  if (read.size === 0) return false
  // variables the body assigns a call's result (the model's answer) or a field of one held already
  // (`draft = answer.choices[0].message.content`)
  const answers = new Set<string>()
  const assignments = [...descendants(body, NESTED_SCOPES)].filter((n) => n.type === "assignment")
  for (let grew = true; grew; ) {
    grew = false
    for (const n of assignments) {
      const name = rootName(n.childForFieldName("left"))
      // (`notes = reply.content or ""`: the answer, with a default when it is empty)
      const written = n.childForFieldName("right")
      const right = innermost(written?.type === "boolean_operator" && written.children.some((c) => c.type === "or") ? written.childForFieldName("left") : written)
      if (name === undefined || answers.has(name)) continue
      if (right?.type === "call" || (right?.type === "identifier" && answers.has(right.text))) {
        answers.add(name)
        grew = true
      }
    }
  }
  let fromCall = false
  for (const n of descendants(body, NESTED_SCOPES)) {
    if (n.type === "augmented_assignment") {
      if (read.has(rootName(n.childForFieldName("left")) ?? "")) return false
    } else if (n.type === "assignment") {
      const left = n.childForFieldName("left")
      const right = n.childForFieldName("right")
      if (left === null || !read.has(rootName(left) ?? "")) continue
      // the next answer: a call, or a field of one (`client.chat.completions.create(...).choices[0].message`),
      // or a test of it that orders nothing (`done = "FINAL ANSWER" in reply.content`)
      if (innermost(right)?.type === "call" || (right !== null && answerTest(right, answers))) fromCall = true
      else return false
    }
  }
  return fromCall
}

/**
 * An equality or membership test (`==`, `!=`, `in`, `not in`, a method of it, `not`, `and` / `or` of
 * them) of a call's result or of a variable holding one: a flag that only the answer sets, with no
 * counter or deadline.
 */
const answerTest = (e: AstNode, answers: ReadonlySet<string>): boolean => {
  if (e.type === "parenthesized_expression" || e.type === "not_operator") {
    const inner = e.type === "not_operator" ? e.childForFieldName("argument") : e.namedChildren[0] ?? null
    return inner !== null && answerTest(inner, answers)
  }
  if (e.type === "boolean_operator") {
    const left = e.childForFieldName("left")
    const right = e.childForFieldName("right")
    return left !== null && right !== null && answerTest(left, answers) && answerTest(right, answers)
  }
  // a method of the answer that tests it (`reply.endswith("DONE")`, `text.strip().startswith("FINAL")`),
  // or a predicate given only answers (`not _accepted(notes)`: a counter passed along may bound it)
  if (e.type === "call") {
    const f = e.childForFieldName("function")
    if (f?.type === "attribute") return answers.has(rootName(f) ?? "")
    const args = e.childForFieldName("arguments")?.namedChildren ?? []
    return f?.type === "identifier" && f.text !== "len" && args.length > 0 && args.every((a) => answers.has(rootName(a.type === "keyword_argument" ? a.childForFieldName("value") : a) ?? ""))
  }
  if (e.type !== "comparison_operator" || isOrdering(e)) return false
  return e.namedChildren.some((side) => innermost(side)?.type === "call" || answers.has(rootName(side) ?? ""))
}

const LEAVES = new Set(["break_statement", "return_statement", "raise_statement"])

/** The branch leaves the loop (break / return / raise), not counting nested functions. */
const leaves = (node: AstNode): boolean => {
  if (LEAVES.has(node.type)) return true
  if (node.type === "function_definition" || node.type === "lambda" || node.type === "class_definition") return false
  return node.namedChildren.some(leaves)
}

const NO_NAMES: ReadonlySet<string> = new Set()

/** A declaration with an upper bound the framework enforces: `Field(le=50)`, `Query(5, lt=100)`, `conint(le=50)`, inside `Annotated[...]` too. */
const bounded = (node: AstNode | null): boolean => {
  if (node === null) return false
  for (const n of descendants(node, NESTED_SCOPES)) {
    if (n.type !== "call" || !BOUNDED_DECLARATIONS.test(n.childForFieldName("function")?.text ?? "")) continue
    for (const a of n.childForFieldName("arguments")?.namedChildren ?? [])
      if (a.type === "keyword_argument" && /^(?:le|lt)$/.test(a.childForFieldName("name")?.text ?? "")) return true
  }
  return false
}

/** A loop body that leaves (raise, return) for every element not of the listed kinds: `if not isinstance(node, ALLOWED): raise`. */
const rejectsOtherKinds = (body: AstNode, element: string): boolean =>
  body.namedChildren.some((st) => {
    if (st.type !== "if_statement") return false
    const cond = st.childForFieldName("condition")
    const consequence = st.childForFieldName("consequence")
    const test = cond?.type === "not_operator" ? cond.childForFieldName("argument") : undefined
    const args = test?.type === "call" && test.childForFieldName("function")?.text === "isinstance" ? test.childForFieldName("arguments")?.namedChildren ?? [] : []
    const branch = consequence?.namedChildren.filter((s) => s.type !== "comment") ?? []
    return args[0]?.text === element && args.length === 2 && branch.length > 0 && endsBlock(branch[branch.length - 1]!)
  })

/** A definition's parameter names by position (undefined where a parameter has none, `*`). */
const parameterNames = (def: AstNode): Array<string | undefined> => (def.childForFieldName("parameters")?.namedChildren ?? []).map((p) => parameterId(p)?.text)

/**
 * The name of a parameter node: itself, its `name` field, or the identifier of a splat, typed or not
 * (`*args`, `**kwargs`, `*args: str`, whose identifier sits inside the typed parameter's pattern).
 */
const parameterId = (p: AstNode): AstNode | undefined => {
  if (p.type === "identifier") return p
  const named = p.childForFieldName("name") ?? p.namedChildren.find((c) => c.type === "identifier")
  if (named !== null && named !== undefined) return named
  const splat = p.namedChildren.find((c) => c.type === "list_splat_pattern" || c.type === "dictionary_splat_pattern")
  return splat?.namedChildren.find((c) => c.type === "identifier")
}
