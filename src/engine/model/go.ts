import { SPREAD_STEPS } from "./offsets.js"
import { DIRECT_SPREAD_LIMIT, spreadTo } from "./spread.js"
import type { AstNode, FlatTree } from "../../languages/flatTree.js"
import { descendants } from "./treeWalk.js"
import type { Arg, Call, Expr, GuardKind, SemanticModel, Span, Statement, Target } from "./Model.js"
import { dottedOf, interleaveTemplate, ModelBuilder, UNKNOWN } from "./ModelBuilder.js"
import { restrictivePattern } from "./regexGuard.js"
import { type ChecksByName, checkKindOf, checksInCommon, HOST_PREFIX, NORMALISERS } from "./guards.js"
import { Focus, type Interest } from "./interest.js"

/**
 * Fills the semantic model from a Go tree, with the conventions of python.ts: nested blocks are
 * flattened into the function's statement list, guards carry the span where they hold, a variable
 * holding a call's result is named by that call. Go specifics:
 * - a package is named by its import path (`exec.Command` is `os/exec.Command`);
 * - a parameter, `var` or struct field with a package-qualified type holds that type
 *   (`db *sql.DB`: `db.Query` is `database/sql.DB.Query`), and so does a composite literal
 *   (`c := &http.Client{}`: `c.Do` is `net/http.Client.Do`);
 * - a method's receiver is its first parameter; calls on it keep their written name (`s.helper`).
 * The walk reads the top level several times (imports and types first, so that every name is
 * resolvable wherever it is used), but every function body and expression once. With an `interest`
 * (analyseSource.ts), only the bodies of functions that mention a name some rule needs are walked,
 * plus the functions that call those, as python.ts does; every function's header is kept.
 */
export const goModel = (tree: FlatTree, text: string, interest?: Interest): SemanticModel => goModelOf(tree.root, text, interest)

/** The model from any node implementation (the binding's own nodes too: test/engine/model-flat.test.ts). */
export const goModelOf = (root: AstNode, text: string, interest?: Interest): SemanticModel => new GoWalker(text, interest).run(root)

const span = (n: AstNode): Span => ({ start: n.startIndex, end: n.endIndex })

type Field = "alias" | "alternative" | "arguments" | "body" | "channel" | "condition" | "consequence" | "element" | "field" | "function" | "index" | "initializer" | "key" | "left" | "name" | "operand" | "operator" | "package" | "parameters" | "path" | "receiver" | "result" | "right" | "type" | "update" | "value"
/** A field of a node (with a flat node, a scan of its children already read; see languages/flatTree.ts). */
const fieldOf = (n: AstNode, field: Field): AstNode | null => n.childForFieldName(field)

/** Package functions that build a string from their arguments: the result carries all of them. */
const BUILDERS = new Set([
  "fmt.Sprintf", "fmt.Sprint", "fmt.Sprintln", "fmt.Errorf", "fmt.Appendf", "fmt.Append",
  "strings.Join", "strings.Replace", "strings.ReplaceAll", "strings.ToLower", "strings.ToUpper", "strings.ToTitle", "strings.Title",
  "strings.TrimSpace", "strings.Trim", "strings.TrimLeft", "strings.TrimRight", "strings.TrimPrefix", "strings.TrimSuffix",
  "strings.Repeat", "strings.Clone", "strings.ToValidUTF8", "strings.Map",
  "bytes.Join", "bytes.ReplaceAll", "bytes.Replace", "bytes.TrimSpace", "bytes.ToLower", "bytes.ToUpper",
  "strings.NewReplacer().Replace"
])

/**
 * `for len(msg.ToolCalls) > 0 { …; msg = resp.Choices[0].Message }`: a loop with only a condition,
 * no call in it but `len` / `cap`, that the body decides by assigning a variable the condition reads
 * anew, and that counts nothing (no `i++`, `n -= 1`, `q = q[1:]` of such a variable): what the body
 * last computed (a model's answer) decides alone whether it runs again, as in `for {}`.
 */
const resultDriven = (node: AstNode): boolean => {
  const parts = node.namedChildren.filter((c) => c.type !== "comment")
  const body = parts.find((c) => c.type === "block")
  const cond = parts.find((c) => c !== body)
  if (body === undefined || cond === undefined || parts.length !== 2 || cond.type === "for_clause" || cond.type === "range_clause") return false
  const read = new Set<string>()
  for (const n of descendants(cond)) {
    if (n.type === "call_expression") {
      const f = fieldOf(n, "function")
      if (f?.type !== "identifier" || (f.text !== "len" && f.text !== "cap")) return false
    } else if (n.type === "identifier" && n.text !== "len" && n.text !== "cap") read.add(n.text)
  }
  if (read.size === 0) return false
  const root = (e: AstNode | null): string | undefined => {
    let cur = e
    while (cur !== null && (cur.type === "selector_expression" || cur.type === "index_expression")) cur = fieldOf(cur, "operand")
    return cur?.type === "identifier" ? cur.text : undefined
  }
  let assigned = false
  for (const n of descendants(body)) {
    if (n.type === "inc_statement" || n.type === "dec_statement") {
      if (read.has(root(n.namedChild(0)) ?? "")) return false
    } else if (n.type === "assignment_statement") {
      const left = fieldOf(n, "left")?.namedChildren ?? []
      const right = fieldOf(n, "right")?.namedChildren ?? []
      const plain = fieldOf(n, "operator")?.text === "="
      for (let i = 0; i < left.length; i++) {
        if (!read.has(root(left[i]!) ?? "")) continue
        // `n -= 1`, `q = q[1:]`: a count or a shrinking queue ends the loop
        if (!plain || right[i]?.type === "slice_expression") return false
        assigned = true
      }
    }
  }
  return assigned
}

/** Functions that write their later arguments into the writer given first (`fmt.Fprintf(&sb, ...)`). */
const FPRINTS = new Set(["fmt.Fprintf", "fmt.Fprint", "fmt.Fprintln", "io.WriteString"])
/** Methods that append to a string builder: `sb.WriteString(x)` is `sb += x`. */
const BUILDER_WRITES = new Set(["WriteString", "Write", "WriteByte", "WriteRune"])
const BUILDER_TYPES = new Set(["strings.Builder", "bytes.Buffer"])
/**
 * Methods that fill the variable an `&x` argument points to with what they read (decoders, binders),
 * or write into it (a template executed into a buffer, `tmpl.Execute(&buf, data)`).
 */
const DECODES_INTO = /^(?:Decode|Unmarshal|UnmarshalJSON|ShouldBind\w*|Bind\w*|BodyParser|Execute|ExecuteTemplate)$/
/** Conversions that keep a string's data (`string(b)`, `[]byte(s)` parse as type conversions). */
const TRANSPARENT_CONVERSIONS = new Set(["string", "any"])
/**
 * The regex a Go string literal holds: a raw string as written, an interpreted one with a doubled backslash read
 * as one backslash; undefined for anything else, or an interpreted string with other escapes.
 */
const regexOfLiteral = (literal: string): string | undefined => {
  if (literal.length >= 2 && literal.startsWith("`") && literal.endsWith("`")) return literal.slice(1, -1)
  if (literal.length < 2 || !literal.startsWith('"') || !literal.endsWith('"')) return undefined
  const body = literal.slice(1, -1)
  return /\\[^\\]/.test(body.replace(/\\\\/g, "")) ? undefined : body.replace(/\\\\/g, "\\")
}

const NUMERIC_CONVERSIONS = new Set(["int", "int8", "int16", "int32", "int64", "uint", "uint8", "uint16", "uint32", "uint64", "float32", "float64", "byte", "rune", "uintptr", "bool"])
/** A call that never returns, so a block ending with it exits. */
const NO_RETURN = /^(?:panic|os\.Exit|runtime\.Goexit|(?:[\w.]+\.)?(?:Fatal|Fatalf|Fatalln|Panic|Panicf|Panicln|FailNow|SkipNow|Skip|Skipf))$/
const EXIT_STATEMENTS = new Set(["return_statement", "continue_statement", "break_statement", "goto_statement"])
const COMPARISONS = new Set(["==", "!=", "<", "<=", ">", ">="])
/** Text that starts with a URL scheme (`file://`, `https:`) */
const URL_SCHEME = /^[a-z][a-z0-9+.-]*:/i
const LITERALS = new Set(["interpreted_string_literal", "raw_string_literal", "int_literal", "float_literal", "rune_literal"])
/** Normalising calls whose result is checked instead of their argument (`filepath.Clean(p)`). */
const GO_NORMALISERS = new Set([...NORMALISERS, "EvalSymlinks", "ToLower", "ToUpper", "TrimSpace", "FromSlash", "ToSlash"])
/** A URL's parts that name its host: checking them checks where a request goes (its `Scheme` alone does not) */
const HOST_PARTS = new Set(["Host", "Hostname"])
/** `a`, `a, err`: assignment targets that are plain names */
const SIMPLE_NAMES = /^[A-Za-z_]\w*(?:\s*,\s*[A-Za-z_]\w*)*$/
/** entries of a composite literal that are modelled (python.ts keeps the same number) */
const MAX_ENTRIES = 64
const NIL_CHECK = /^\w+ [!=]= nil$/
/** Nodes whose insides belong to another function */
const FUNC_LITERALS: ReadonlySet<string> = new Set(["func_literal"])
/** Go's predeclared functions and types, which a local computed from a parameter may use */
const GO_BUILTINS: ReadonlySet<string> = new Set(["string", "len", "append", "byte", "rune", "true", "false", "nil", "copy", "min", "max", "strings"])
/**
 * The argument a result is relative to, by canonical callee: `url.Parse(raw)`'s URL is raw's,
 * `filepath.Rel(base, p)` is p's place below base; -1 for other calls.
 */
const originArgument = (callee: string): number =>
  callee === "net/url.Parse" || callee === "net/url.ParseRequestURI" ? 0 : callee === "path/filepath.Rel" ? 1 : -1

/** A selector written as plain identifiers joined by dots (no calls, indexes, spaces or comments). */
const DOTTED = /^[A-Za-z_]\w*(?:\.[A-Za-z_]\w*)+$/

/**
 * The name a package is used by when imported without an alias: the last path segment, skipping a
 * major-version segment (`…/v2`), a `.vN` suffix (`gopkg.in/yaml.v3`), a `go-` / `-go` affix
 * (`github.com/sashabaranov/go-openai` is `openai`) and an `-sdk` suffix (`anthropic-sdk-go`).
 */
export const goPackageName = (path: string): string => {
  const segments = path.split("/")
  let last = segments[segments.length - 1] ?? path
  if (/^v\d+$/.test(last) && segments.length > 1) last = segments[segments.length - 2]!
  // `anthropic-sdk-go` is package anthropic
  last = last.replace(/\.v\d+$/, "").replace(/^go-/, "").replace(/[-.]go$/, "").replace(/-sdk$/, "")
  return last.replace(/[^\w]/g, "")
}

const isConstant = (e: Expr, constants: ReadonlyMap<string, Expr>): boolean => {
  switch (e.k) {
    case "lit":
      return true
    case "concat":
    case "op":
      return e.parts.every((p) => isConstant(p, constants))
    case "container":
      return e.entries.every((x) => isConstant(x.value, constants))
    case "name":
      return constants.has(e.name)
    default:
      return false
  }
}

class GoWalker {
  private readonly focus: Focus | undefined
  private readonly b: ModelBuilder
  /** top-level functions by name, so a function passed by name is known as a callback */
  private readonly topFunctions = new Map<string, number>()
  /** methods by name, so `s.handle` passed as a value is known as a callback */
  private readonly methods = new Map<string, number>()
  /** receiver type -> its methods (function indexes), for types implementing a framework interface */
  private readonly typeMethods = new Map<string, Array<number>>()
  /** struct type -> field -> canonical package-qualified type, for `s.db.Query` on a receiver */
  private readonly structFields = new Map<string, Map<string, string>>()
  private readonly structs = new Map<string, AstNode>()
  /** per function: locals that shadow an import name (`url := …`) */
  private readonly shadows = new Map<number, Set<string>>()
  /** per function: variable -> the value it was parsed from (`u, _ := url.Parse(raw)`, `rel, _ := filepath.Rel(base, p)`) */
  private readonly origins = new Map<number, Map<string, string>>()
  /** per function: boolean variable -> the check that set it (`_, ok := allowed[x]`, `ok := slices.Contains(…)`) */
  private readonly checks = new Map<number, Map<string, AstNode>>()
  /** package-level names declared with one string literal (`const namePattern = \`^[a-z]+$\``), as written */
  private readonly packageLiterals = new Map<string, string>()

  /** function index -> its declaration, for predicate helpers (`if !fs.inside(p) { return }`) */
  private readonly declarations = new Map<number, AstNode>()
  /** per predicate helper: the checks that hold on its parameters when it returns true */
  private readonly predicates = new Map<number, ReadonlyArray<{ readonly param: number; readonly kind: GuardKind }>>()
  /** how deeply predicate helpers are being read: their checks are probed, not modelled */
  private probing = 0

  /** functions whose bodies were skipped (not of interest) -> their top-level position, to walk later if they call a walked one */
  private readonly skipped = new Map<number, number>()

  constructor(private readonly text: string, interest?: Interest) {
    this.focus = interest === undefined ? undefined : new Focus(interest, text)
    this.b = new ModelBuilder("go", this.focus)
  }

  run(root: AstNode): SemanticModel {
    const top = root.namedChildren
    const headers: Array<number> = []
    // 1: imports, struct types and function headers (any of them may be used before it is declared)
    for (let i = 0; i < top.length; i++) {
      const n = top[i]!
      const type = n.type
      if (type === "import_declaration") this.importDeclaration(n)
      else if (type === "type_declaration") this.typeDeclaration(n)
      else if (type === "function_declaration" || type === "method_declaration") headers.push(this.header(n))
    }
    this.noteTypeMethods()
    // 2: package-level constants and variables, so functions see them as constants
    for (const n of top) if (n.type === "const_declaration" || n.type === "var_declaration") this.statement(n, -1, this.b.module, root)
    // 3: function bodies
    let h = 0
    for (let i = 0; i < top.length; i++) {
      const n = top[i]!
      const type = n.type
      if (type === "function_declaration" || type === "method_declaration") {
        const index = headers[h++]!
        if (this.focus === undefined || this.focus.within(n.startIndex, n.endIndex)) this.functionBody(n, index, top, i)
        else this.skipped.set(index, i)
      } else if (type !== "import_declaration" && type !== "type_declaration" && type !== "const_declaration" && type !== "var_declaration" && type !== "package_clause" && type !== "comment")
        this.statement(n, -1, this.b.module, root)
    }
    // a skipped function is walked too when it calls a walked one (its data may reach a sink) or a
    // walked one calls it (a helper's summary is needed), as python.ts does
    for (let changed = this.skipped.size > 0, step = 0; changed && step < SPREAD_STEPS; step++) {
      changed = false
      const walked = this.b.functions.filter((f, i) => !this.skipped.has(i) && f.name !== "<lambda>")
      // a constructor (`&Pager{base: statusAPI}`) sets the fields a walked method of the type reads
      const types = walked.flatMap((f) => (f.receiver === true && f.paramTypes?.[0] !== undefined && !f.paramTypes[0].includes(".") ? [`${f.paramTypes[0]}{`] : []))
      const names = walked.map((f) => f.name)
      const texts = walked.map((f) => this.text.slice(f.span.start, f.span.end))
      // many functions: one scan of the text per question (model/spread.ts), the same answers
      const reached =
        this.skipped.size * walked.length <= DIRECT_SPREAD_LIMIT
          ? undefined
          : spreadTo(
              this.text,
              [...this.skipped].map(([index, at]) => {
                const body = fieldOf(top[at]!, "body")
                return { index, name: this.b.functions[index]!.name, body: body === null ? { start: top[at]!.startIndex, end: top[at]!.startIndex } : { start: body.startIndex, end: body.endIndex } }
              }),
              walked,
              types
            )
      const calls = (index: number, node: AstNode): boolean => {
        if (reached !== undefined) return reached.has(index)
        const body = fieldOf(node, "body")
        const source = body === null ? "" : this.text.slice(body.startIndex, body.endIndex)
        const name = this.b.functions[index]!.name
        return names.some((n) => source.includes(n)) || texts.some((t) => t.includes(`${name}(`)) || types.some((t) => source.includes(t))
      }
      for (const [index, at] of this.skipped) {
        const node = top[at]!
        if (calls(index, node)) {
          this.skipped.delete(index)
          this.functionBody(node, index, top, at)
          changed = true
        }
      }
    }
    return this.b.build()
  }

  private body(fn: number): Array<Statement> {
    return fn === -1 ? this.b.module : this.b.functions[fn]!.body
  }

  // ---- declarations ------------------------------------------------------------------------------

  private importDeclaration(node: AstNode): void {
    for (const c of node.namedChildren) {
      if (c.type === "import_spec") this.importSpec(c)
      else if (c.type === "import_spec_list") for (const s of c.namedChildren) if (s.type === "import_spec") this.importSpec(s)
    }
  }

  private importSpec(node: AstNode): void {
    const pathNode = fieldOf(node, "path")
    if (pathNode === null) return
    const path = pathNode.text.slice(1, -1)
    const nameNode = fieldOf(node, "name")
    // `_` imports bind nothing; `.` imports put names in scope unqualified, which we do not model
    if (nameNode !== null && nameNode.type !== "package_identifier") return
    this.b.addImport(nameNode !== null ? nameNode.text : goPackageName(path), path, span(node))
  }

  /** Struct types are only noted here; their fields are read when a walked method has one as receiver. */
  private typeDeclaration(node: AstNode): void {
    for (const spec of node.namedChildren) {
      if (spec.type !== "type_spec") continue
      const struct = fieldOf(spec, "type")
      const name = struct?.type === "struct_type" ? fieldOf(spec, "name")?.text : undefined
      if (name !== undefined && struct !== null) this.structs.set(name, struct)
    }
  }

  /** The fields of a struct type of this file whose type is imported or a struct of the file, by field name. */
  private structFieldsOf(name: string): Map<string, string> | undefined {
    const known = this.structFields.get(name)
    if (known !== undefined) return known
    const struct = this.structs.get(name)
    if (struct === undefined) return undefined
    const fields = new Map<string, string>()
    for (const list of struct.namedChildren) {
      if (list.type !== "field_declaration_list") continue
      for (const field of list.namedChildren) {
        if (field.type !== "field_declaration") continue
        const typeNode = fieldOf(field, "type")
        const type = typeNode === null ? undefined : this.typeName(typeNode)
        // (an imported type, or a struct of this file: `pay *payments` calls the file's payments methods)
        if (type === undefined || (!type.includes(".") && !this.structs.has(type))) continue
        for (const f of field.namedChildren) if (f.type === "field_identifier") fields.set(f.text, type)
      }
    }
    this.structFields.set(name, fields)
    return fields
  }

  /** The canonical name of a type, pointer / slice / array markers and type arguments dropped. */
  private typeName(node: AstNode): string | undefined {
    for (let n: AstNode | null = node; n !== null; ) {
      switch (n.type) {
        case "type_identifier":
          return n.text
        case "qualified_type": {
          const pkg = fieldOf(n, "package")?.text
          const name = fieldOf(n, "name")?.text
          if (pkg === undefined || name === undefined) return undefined
          return this.b.canonical(-1, `${pkg}.${name}`, this.b.parentOf)
        }
        case "pointer_type":
        case "parenthesized_type":
          n = n.namedChild(0)
          continue
        case "slice_type":
        case "array_type":
        case "implicit_length_array_type":
          n = fieldOf(n, "element")
          continue
        case "generic_type":
          n = fieldOf(n, "type")
          continue
        case "selector_expression": {
          // `new(http.Client)`: a type in expression position parses as a selector
          const text = n.text
          const dot = text.indexOf(".")
          return DOTTED.test(text) && this.isPackage(text.slice(0, dot), -1) ? this.b.canonical(-1, text, this.b.parentOf) : undefined
        }
        default:
          return undefined
      }
    }
    return undefined
  }

  /** Parameters of a parameter list, unnamed ones as `_`, with their declared types. */
  private parameters(list: AstNode | null, params: Array<string>, types: Array<string | undefined>): void {
    if (list === null) return
    for (const p of list.namedChildren) {
      if (p.type !== "parameter_declaration" && p.type !== "variadic_parameter_declaration") continue
      let type: string | undefined
      let named = false
      const first = params.length
      for (const c of p.namedChildren) {
        if (c.type === "identifier") {
          params.push(c.text)
          types.push(undefined)
          named = true
        } else if (type === undefined && c.type !== "comment") type = this.typeName(c)
      }
      if (!named) {
        params.push("_")
        types.push(type)
      } else for (let i = first; i < types.length; i++) types[i] = type
    }
  }

  /** Registers a function by name; parameters and doc are filled with its body (not at all when skipped). */
  private header(node: AstNode): number {
    const nameNode = fieldOf(node, "name")
    const isMethod = node.type === "method_declaration"
    const name = nameNode?.text ?? "<func>"
    const index = this.b.addFunction({
      name,
      params: [],
      paramTypes: [],
      decorators: [],
      role: "plain",
      span: span(node),
      nameSpan: nameNode === null ? span(node) : span(nameNode),
      body: [],
      parent: -1
    })
    const byName = isMethod ? this.methods : this.topFunctions
    if (!byName.has(name)) byName.set(name, index)
    this.declarations.set(index, node)
    if (isMethod) {
      const type = this.receiverType(node)
      if (type !== undefined) {
        let list = this.typeMethods.get(type)
        if (list === undefined) this.typeMethods.set(type, (list = []))
        list.push(index)
      }
    }
    return index
  }

  /** The type name of a method's receiver, pointer dropped (`func (t *SQLTool) Call` -> `SQLTool`). */
  private receiverType(node: AstNode): string | undefined {
    const receiver = fieldOf(node, "receiver")
    const param = receiver?.namedChildren.find((c) => c.type === "parameter_declaration")
    const type = param === undefined ? null : fieldOf(param, "type")
    return type === null ? undefined : this.typeName(type)
  }

  /** Gives every method the names of all methods its receiver's type declares (framework interfaces, flow/roles.ts). */
  private noteTypeMethods(): void {
    for (const indexes of this.typeMethods.values()) {
      const names = indexes.map((i) => this.b.functions[i]!.name)
      for (const i of indexes) (this.b.functions[i] as { typeMethods?: ReadonlyArray<string> }).typeMethods = names
    }
  }

  /** The comment lines directly above a declaration (Go doc comments). */
  private docBefore(siblings: ReadonlyArray<AstNode>, at: number, node: AstNode): string | undefined {
    let row = node.startPosition.row
    const lines: Array<string> = []
    for (let i = at - 1; i >= 0; i--) {
      const c = siblings[i]!
      if (c.type !== "comment" || c.endPosition.row !== row - 1) break
      lines.unshift(c.text.replace(/^\/\/ ?|^\/\*|\*\/$/g, ""))
      row = c.startPosition.row
    }
    return lines.length > 0 ? lines.join("\n") : undefined
  }

  /** Binds what typed parameters hold and walks the body of a function or method. */
  private functionBody(node: AstNode, index: number, siblings: ReadonlyArray<AstNode>, at: number): void {
    const info = this.b.functions[index]!
    const params = info.params as Array<string>
    const types = info.paramTypes as Array<string | undefined>
    if (node.type === "method_declaration") {
      this.parameters(fieldOf(node, "receiver"), params, types)
      if (params.length > 0) (info as { receiver?: true }).receiver = true
    }
    this.parameters(fieldOf(node, "parameters"), params, types)
    const doc = this.docBefore(siblings, at, node)
    if (doc !== undefined) (info as { doc?: string }).doc = doc
    this.bindParameters(index)
    if (node.type === "method_declaration") {
      // `func (s *Server) …`: `s.db.Query` is a method of the type of the struct's `db` field
      const receiverType = info.paramTypes?.[0]
      const fields = receiverType === undefined ? undefined : this.structFieldsOf(receiverType)
      const receiver = info.params[0]
      if (fields !== undefined && receiver !== undefined && receiver !== "_") for (const [field, type] of fields) this.b.bindHolder(index, `${receiver}.${field}`, type)
    }
    const bodyNode = fieldOf(node, "body")
    if (bodyNode !== null) this.block(bodyNode, index, info.body)
  }

  private bindParameters(index: number): void {
    const info = this.b.functions[index]!
    for (let i = 0; i < info.params.length; i++) {
      const name = info.params[i]!
      if (name === "_") continue
      this.declare(index, name)
      const type = info.paramTypes?.[i]
      if (type !== undefined && type.includes(".")) this.b.bindHolder(index, name, type)
    }
  }

  /** A local declared with the name of an imported package hides the package in this function. */
  private declare(fn: number, name: string): void {
    if (!this.b.isImported(name)) return
    let set = this.shadows.get(fn)
    if (set === undefined) {
      set = new Set()
      this.shadows.set(fn, set)
    }
    set.add(name)
    // a holder bound to itself stops the builder from resolving the name as the package
    this.b.bindHolder(fn, name, name)
  }

  private isPackage(name: string, fn: number): boolean {
    if (!this.b.isImported(name)) return false
    for (let scope = fn; ; scope = this.b.parentOf(scope)) {
      if (this.shadows.get(scope)?.has(name) === true) return false
      if (scope === -1) return true
    }
  }

  // ---- statements --------------------------------------------------------------------------------

  /** A `block` (or case body): its statement list, flattened into `out`. */
  private block(node: AstNode, fn: number, out: Array<Statement>): void {
    const children = node.namedChildren
    for (let i = 0; i < children.length; i++) {
      const c = children[i]!
      if (c.type === "statement_list") this.statements(c, fn, out)
      else this.statement(c, fn, out, node)
    }
  }

  private statements(list: AstNode, fn: number, out: Array<Statement>): void {
    const children = list.namedChildren
    for (let i = 0; i < children.length; i++) this.statement(children[i]!, fn, out, list)
  }

  private statement(node: AstNode, fn: number, out: Array<Statement>, block: AstNode): void {
    switch (node.type) {
      case "expression_statement": {
        const inner = node.namedChild(0)
        if (inner === null) return
        const value = this.expr(inner, fn)
        if (value.k === "call") out.push({ k: "call", call: value.call, span: span(node) })
        return
      }
      case "short_var_declaration":
      case "assignment_statement":
      case "receive_statement": {
        const left = fieldOf(node, "left")
        const right = fieldOf(node, "right")
        if (right === null) return
        if (left === null) return void this.expr(right, fn)
        const op = node.type === "assignment_statement" ? fieldOf(node, "operator")?.type : undefined
        const rights = right.type === "expression_list" ? right.namedChildren : [right]
        // `a, err :=`: plain names are read from the text instead of visiting each identifier
        const leftText = left.text
        const lefts = SIMPLE_NAMES.test(leftText) ? leftText.split(",").map((name) => name.trim()) : left.namedChildren
        this.assign(lefts, rights, op === "+=" ? "plus" : op !== undefined && op !== "=", node.type !== "assignment_statement", fn, out, node)
        return
      }
      case "var_declaration":
      case "const_declaration": {
        const isConst = node.type === "const_declaration"
        let previous: AstNode | null = null
        let iota = 0
        for (const spec of node.namedChildren) {
          if (spec.type === "var_spec_list") {
            for (const s of spec.namedChildren) if (s.type === "var_spec") this.spec(s, false, 0, null, fn, out)
          } else if (spec.type === "var_spec" || spec.type === "const_spec") {
            // in a const group, a spec without a value repeats the previous one's (with the next iota)
            previous = this.spec(spec, isConst, iota++, previous, fn, out)
          }
        }
        return
      }
      case "return_statement": {
        const list = node.namedChild(0)
        let value: Expr = { k: "lit", value: null }
        if (list !== null) {
          const values = list.type === "expression_list" ? list.namedChildren : [list]
          value = values.length === 1 ? this.expr(values[0]!, fn) : { k: "container", entries: values.map((v) => ({ value: this.expr(v, fn) })) }
        }
        out.push({ k: "return", value, span: span(node) })
        return
      }
      case "if_statement":
        return this.ifStatement(node, fn, out, block, true)
      case "for_statement":
        return this.forStatement(node, fn, out)
      case "expression_switch_statement":
      case "type_switch_statement":
        return this.switchStatement(node, fn, out, block)
      case "select_statement": {
        for (const c of node.namedChildren) {
          if (c.type !== "communication_case" && c.type !== "default_case") continue
          for (const part of c.namedChildren) {
            if (part.type === "statement_list") this.statements(part, fn, out)
            else this.statement(part, fn, out, c)
          }
        }
        return
      }
      case "defer_statement":
      case "go_statement": {
        const inner = node.namedChild(0)
        if (inner === null) return
        const value = this.expr(inner, fn)
        if (value.k === "call") out.push({ k: "call", call: value.call, span: span(node) })
        return
      }
      case "send_statement": {
        // `ch <- v`: the channel carries v's data to whoever receives it
        const channel = fieldOf(node, "channel")
        const value = fieldOf(node, "value")
        if (channel === null || value === null) return
        const target = this.target(channel, fn)
        const v = this.expr(value, fn)
        if (target !== undefined) out.push({ k: "assign", target, value: { k: "op", parts: [this.targetRead(target), v] }, span: span(node) })
        return
      }
      case "labeled_statement": {
        const children = node.namedChildren
        for (const c of children) if (c.type !== "label_name") this.statement(c, fn, out, block)
        return
      }
      case "block":
        return this.block(node, fn, out)
      case "statement_list":
        return this.statements(node, fn, out)
      case "inc_statement":
      case "dec_statement":
      case "break_statement":
      case "continue_statement":
      case "goto_statement":
      case "fallthrough_statement":
      case "empty_statement":
      case "type_declaration":
      case "comment":
      case "import_declaration":
      case "package_clause":
        return
      default:
        // ERROR recovery and anything unforeseen: keep the calls inside
        for (const c of node.namedChildren) this.expr(c, fn)
    }
  }

  /** One `var` / `const` spec; returns the node whose value a following valueless const spec repeats. */
  private spec(spec: AstNode, isConst: boolean, iota: number, previous: AstNode | null, fn: number, out: Array<Statement>): AstNode | null {
    const names: Array<AstNode> = []
    let typeNode: AstNode | null = null
    let valueNode: AstNode | null = null
    for (const c of spec.namedChildren) {
      if (c.type === "identifier") names.push(c)
      else if (c.type === "expression_list") valueNode = c
      else if (c.type !== "comment" && typeNode === null) typeNode = c
    }
    if (valueNode === null && isConst) {
      if (previous === null) return null
      valueNode = previous
    }
    if (valueNode !== null) {
      const rights = valueNode.namedChildren
      if (fn === -1 && rights.length === names.length)
        rights.forEach((r, i) => {
          if (r.type === "raw_string_literal" || r.type === "interpreted_string_literal") this.packageLiterals.set(names[i]!.text, r.text)
        })
      this.iota = iota
      this.assign(names, rights, false, true, fn, out, spec)
      return valueNode
    }
    // `var sb strings.Builder`, `var db *sql.DB`: the variable holds a value of that type
    const type = typeNode === null ? undefined : this.typeName(typeNode)
    for (const n of names) {
      const name = n.text
      if (name === "_") continue
      this.declare(fn, name)
      if (type !== undefined && type.includes(".")) this.b.bindHolder(fn, name, type)
      // a package variable without a value (`var history []Message`) is still one of the package's:
      // recorded with an unknown value, so rules can tell it from a function's own variable
      if (fn === -1) out.push({ k: "assign", target: { name, path: [] }, value: UNKNOWN, span: span(n) })
      // a function's own `var sb strings.Builder` starts empty: what it holds is what is written to it
      else if (type !== undefined && BUILDER_TYPES.has(type)) out.push({ k: "assign", target: { name, path: [] }, value: { k: "lit", value: "" }, span: span(n) })
    }
    return null
  }

  private iota = 0

  /**
   * `a, b := x, y` pairs the sides; `a, b := f()` gives every target the whole value (as python.ts
   * does for tuple targets). `declares`: `:=` / `var`, which may hide an import of the same name.
   */
  private assign(lefts: ReadonlyArray<AstNode | string>, rights: ReadonlyArray<AstNode>, augmented: boolean | "plus", declares: boolean, fn: number, out: Array<Statement>, node: AstNode): void {
    const values = rights.map((r) => this.expr(r, fn))
    const pairwise = lefts.length === values.length
    const whole: Expr = values.length === 1 ? values[0]! : { k: "container", entries: values.map((value) => ({ value })) }
    for (let i = 0; i < lefts.length; i++) {
      const left = lefts[i]!
      const target = typeof left === "string" ? (left === "_" ? undefined : { name: left, path: [] }) : this.target(left, fn)
      if (target === undefined) continue
      // `u, err := check(raw)`: each target holds its own result of a call (a helper's error says nothing of u)
      const value = pairwise ? values[i]! : whole.k === "call" && lefts.length > 1 ? { k: "call" as const, call: whole.call, result: i } : whole
      const rightNode = pairwise ? rights[i] : rights.length === 1 ? rights[0] : undefined
      if (declares && target.path.length === 0) this.declare(fn, target.name)
      out.push({ k: "assign", target, value: augmented !== false ? { k: "op", parts: [this.targetRead(target), value], ...(augmented === "plus" ? { plus: true as const } : {}) } : value, span: span(node) })
      if (augmented) continue
      const key = target.path.length === 0 ? target.name : `${target.name}.${target.path.join(".")}`
      // the first target of a call holds its result (`db, err := sql.Open(…)`); a struct literal its type
      if (value.k === "call" && (pairwise || i === 0)) {
        const callee = this.b.calls[value.call]!.callee
        // `c := new(http.Client)` holds a net/http.Client
        const typeArg = callee === "new" && rightNode !== undefined ? fieldOf(rightNode, "arguments")?.namedChild(0) : undefined
        const type = typeArg === undefined || typeArg === null ? undefined : this.typeName(typeArg)
        this.b.bindHolder(fn, key, type !== undefined && type.includes(".") ? type : `${callee}()`)
        this.noteOrigin(fn, target.name, this.b.calls[value.call]!)
      } else if (value.k === "container" && rightNode !== undefined) {
        const type = this.compositeType(rightNode)
        if (type !== undefined && type.includes(".")) this.b.bindHolder(fn, key, type)
      }
      // `name := filepath.Clean("/" + p)`: a rooted path cleaned cannot climb above `/`, so joined to a
      // base it stays inside (what http.Dir does); the rest of the function reads name as contained
      if (fn !== -1 && target.path.length === 0 && rightNode !== undefined && this.cleansRooted(rightNode, fn))
        out.push({ k: "guard", kind: "contained", name: target.name, scope: { start: node.endIndex, end: this.b.functions[fn]!.span.end }, span: span(node) })
      if (rightNode !== undefined && target.path.length === 0) {
        const t = rightNode.type
        // `ok := allowed[x]`, `_, ok := allowed[x]`, `ok := slices.Contains(…)`: `if !ok` checks x; a
        // call's check may be any of its results (`ok, err := regexp.MatchString(P, x)`: the first), and
        // only a boolean result is read as a bare condition
        if (t === "index_expression" || t === "call_expression" || t === "binary_expression" || t === "unary_expression") {
          if (pairwise || i === lefts.length - 1 || t === "call_expression") this.rememberCheck(fn, target.name, rightNode)
        }
      }
      if (fn === -1 && target.path.length === 0 && isConstant(value, this.b.constants)) this.b.constants.set(target.name, value)
    }
  }

  /** `filepath.Clean("/" + p)` / `path.Clean("/" + p)`: a path made absolute with a constant `/`, then cleaned */
  private cleansRooted(node: AstNode, fn: number): boolean {
    if (node.type !== "call_expression") return false
    const f = fieldOf(node, "function")
    const operand = f?.type === "selector_expression" ? fieldOf(f, "operand") : null
    if (operand?.type !== "identifier" || fieldOf(f!, "field")?.text !== "Clean" || !this.isPackage(operand.text, fn)) return false
    const pkg = this.b.canonical(fn, operand.text, this.b.parentOf)
    if (pkg !== "path/filepath" && pkg !== "path") return false
    const arg = fieldOf(node, "arguments")?.namedChild(0)
    if (arg === null || arg === undefined || arg.type !== "binary_expression" || fieldOf(arg, "operator")?.type !== "+") return false
    const left = fieldOf(arg, "left")
    return left !== null && this.constantText(left) === "/"
  }

  private rememberCheck(fn: number, name: string, node: AstNode): void {
    let scope = this.checks.get(fn)
    if (scope === undefined) {
      scope = new Map()
      this.checks.set(fn, scope)
    }
    scope.set(name, node)
  }

  /** `u, _ := url.Parse(raw)` / `rel, _ := filepath.Rel(base, p)`: a check on u or rel also holds for raw or p. */
  private noteOrigin(fn: number, name: string, call: Call): void {
    const arg = call.args[originArgument(call.callee)]
    const origin = arg === undefined ? undefined : dottedOf(arg.value)
    if (origin !== undefined) this.setOrigin(fn, name, origin)
  }

  private setOrigin(fn: number, name: string, origin: string): void {
    let scope = this.origins.get(fn)
    if (scope === undefined) {
      scope = new Map()
      this.origins.set(fn, scope)
    }
    scope.set(name, origin)
  }

  /** The canonical type of a composite literal, through `&` and parentheses. */
  private compositeType(node: AstNode): string | undefined {
    let n: AstNode | null = node
    while (n !== null && (n.type === "unary_expression" || n.type === "parenthesized_expression"))
      n = n.type === "unary_expression" ? fieldOf(n, "operand") : n.namedChild(0)
    if (n === null || n.type !== "composite_literal") return undefined
    const type = fieldOf(n, "type")
    return type === null ? undefined : this.typeName(type)
  }

  private targetRead(target: Target): Expr {
    let e: Expr = { k: "name", name: target.name }
    for (const p of target.path) e = { k: "attr", obj: e, name: p }
    return e
  }

  /** An assignment target: a variable with a field / literal-key path (`cfg.Name`, `m["k"]`, `*p`). */
  private target(node: AstNode, fn: number): Target | undefined {
    const path: Array<string> = []
    let cur: AstNode | null = node
    while (cur !== null) {
      switch (cur.type) {
        case "identifier":
          return cur.text === "_" ? undefined : { name: cur.text, path }
        case "selector_expression":
          path.unshift(fieldOf(cur, "field")?.text ?? "?")
          cur = fieldOf(cur, "operand")
          continue
        case "index_expression": {
          const key = fieldOf(cur, "index")
          const lit = key === null ? undefined : this.literalKey(key)
          path.unshift(lit ?? "*")
          if (key !== null && lit === undefined) this.expr(key, fn)
          cur = fieldOf(cur, "operand")
          continue
        }
        case "unary_expression":
          cur = fieldOf(cur, "operand")
          continue
        case "parenthesized_expression":
          cur = cur.namedChild(0)
          continue
        default:
          this.expr(cur, fn)
          return undefined
      }
    }
    return undefined
  }

  /** The text of a string literal, or of a package-level constant holding one. */
  private constantText(node: AstNode): string | undefined {
    if (node.type === "interpreted_string_literal" || node.type === "raw_string_literal") return node.text.slice(1, -1)
    const held = node.type === "identifier" ? this.b.constants.get(node.text) : undefined
    return held?.k === "lit" && typeof held.value === "string" ? held.value : undefined
  }

  private literalKey(node: AstNode): string | undefined {
    const t = node.type
    if (t === "interpreted_string_literal" || t === "raw_string_literal") return node.text.slice(1, -1)
    if (t === "int_literal") return node.text
    return undefined
  }

  private ifStatement(node: AstNode, fn: number, out: Array<Statement>, block: AstNode, mayExit: boolean): void {
    const init = fieldOf(node, "initializer")
    if (init !== null) this.statement(init, fn, out, block)
    const cond = fieldOf(node, "condition")
    const consequence = fieldOf(node, "consequence")
    // `if err != nil`, the commonest condition in Go, checks nothing a rule cares about: skip its walk
    if (cond !== null && !(cond.type === "binary_expression" && NIL_CHECK.test(cond.text))) {
      // an ordering comparison whose branch leaves bounds the loops around it (a counter, a deadline)
      const before = this.b.ordered
      this.b.ordered = false
      this.expr(cond, fn)
      if (this.b.ordered && consequence !== null && leaves(consequence)) this.b.boundLoops(fn)
      this.b.ordered ||= before
      if (consequence !== null) {
        // an `else if` is reached only when earlier conditions failed: only its own branch is guarded
        const leavesAfter = mayExit && this.exits(consequence)
        if (leavesAfter) this.guardsOf(cond, true, { start: node.endIndex, end: block.endIndex }, out, fn)
        // inside the branch the check holds, whether or not the branch then leaves; a branch that only
        // leaves (`return`, `continue`) reads nothing
        const stmts = consequence.namedChildren.filter((c) => c.type !== "comment")
        const inner = stmts.length === 1 && stmts[0]!.type === "statement_list" ? stmts[0]!.namedChildren.filter((c) => c.type !== "comment") : stmts
        const bare = inner.length === 1 && (inner[0]!.type === "return_statement" || inner[0]!.type === "continue_statement" || inner[0]!.type === "break_statement") && inner[0]!.namedChildren.length === 0
        if (!leavesAfter || !bare) this.guardsOf(cond, false, span(consequence), out, fn)
        // `if n > 20 { n = 20 }`: a failed check sets the variable to a constant, so after the `if` the
        // check holds or the variable holds that constant
        if (!leavesAfter && inner.length > 0 && inner.every((st) => st.type === "assignment_statement" && constantReset(st, this.b.constants))) {
          const reset = new Set(inner.map((st) => fieldOf(st, "left")?.text ?? ""))
          const held: Array<Statement> = []
          this.guardsOf(cond, true, { start: node.endIndex, end: block.endIndex }, held, fn)
          for (const g of held) if (g.k === "guard" && reset.has(g.name)) out.push(g)
        }
      }
    } else if (cond !== null && consequence !== null && this.checks.get(fn)?.get(cond.text.split(" ")[0]!)?.type === "call_expression") {
      // `err := validate(x); if err != nil { return }`: a same-file helper's nil (errorHelperGuard)
      if (mayExit && this.exits(consequence)) this.guardsOf(cond, true, { start: node.endIndex, end: block.endIndex }, out, fn)
      this.guardsOf(cond, false, span(consequence), out, fn)
    }
    if (consequence !== null) this.block(consequence, fn, out)
    const alternative = fieldOf(node, "alternative")
    if (alternative !== null) {
      if (alternative.type === "if_statement") this.ifStatement(alternative, fn, out, block, false)
      else this.block(alternative, fn, out)
    }
  }

  /**
   * A block that always leaves: it ends with return / continue / break / goto or a call that never
   * returns (panic, log.Fatal, os.Exit), after calls only (logging, `http.Error(w, …)`).
   */
  private exits(blockNode: AstNode): boolean {
    const list = blockNode.type === "statement_list" ? blockNode : blockNode.namedChildren.find((c) => c.type === "statement_list")
    if (list === undefined) return false
    const statements = list.namedChildren
    let last = statements.length - 1
    while (last >= 0 && statements[last]!.type === "comment") last--
    if (last < 0) return false
    for (let i = 0; i < last; i++) {
      const t = statements[i]!.type
      if (t !== "expression_statement" && t !== "comment") return false
    }
    const final = statements[last]!
    if (EXIT_STATEMENTS.has(final.type)) return true
    if (final.type !== "expression_statement") return false
    const call = final.namedChild(0)
    return call?.type === "call_expression" && NO_RETURN.test(fieldOf(call, "function")?.text ?? "")
  }

  private forStatement(node: AstNode, fn: number, out: Array<Statement>): void {
    // `for {}`, `for ;; {}`, `for true {}`: no condition, no range
    const endless =
      node.namedChildren.every((c) => c.type === "block" || c.type === "comment" || c.type === "true" || (c.type === "for_clause" && fieldOf(c, "condition") === null)) ||
      resultDriven(node)
    this.b.enterLoop(span(node), fn, endless)
    this.forParts(node, fn, out)
    this.b.exitLoop()
  }

  private forParts(node: AstNode, fn: number, out: Array<Statement>): void {
    for (const c of node.namedChildren) {
      switch (c.type) {
        case "range_clause": {
          const left = fieldOf(c, "left")
          const right = fieldOf(c, "right")
          if (right === null) break
          const value = this.expr(right, fn)
          if (left === null) break
          for (const l of left.namedChildren) {
            const target = this.target(l, fn)
            if (target === undefined) continue
            if (target.path.length === 0) this.declare(fn, target.name)
            out.push({ k: "iterate", target, value, span: span(node) })
          }
          break
        }
        case "for_clause": {
          const init = fieldOf(c, "initializer")
          if (init !== null) this.statement(init, fn, out, node)
          const cond = fieldOf(c, "condition")
          if (cond !== null) this.expr(cond, fn)
          const update = fieldOf(c, "update")
          if (update !== null) this.statement(update, fn, out, node)
          break
        }
        case "block":
          this.block(c, fn, out)
          break
        case "comment":
          break
        default:
          this.expr(c, fn)
      }
    }
  }

  private switchStatement(node: AstNode, fn: number, out: Array<Statement>, block: AstNode): void {
    const init = fieldOf(node, "initializer")
    if (init !== null) this.statement(init, fn, out, node)
    const valueNode = fieldOf(node, "value")
    const value = valueNode === null ? undefined : this.expr(valueNode, fn)
    if (node.type === "type_switch_statement" && value !== undefined) {
      // `switch v := x.(type)`: v is x
      for (const l of fieldOf(node, "alias")?.namedChildren ?? []) {
        const target = this.target(l, fn)
        if (target === undefined) continue
        this.declare(fn, target.name)
        out.push({ k: "assign", target, value, span: span(node) })
      }
    }
    // `switch x { case "a", "b": … }`: x is one of the listed constants inside that case
    const subject = value === undefined || node.type === "type_switch_statement" ? undefined : dottedOf(value)
    let casesAreLiterals = true
    let defaultExits = false
    for (const c of node.namedChildren) {
      if (c.type !== "expression_case" && c.type !== "default_case" && c.type !== "type_case") continue
      let allLiterals = c.type === "expression_case"
      for (const part of c.namedChildren) {
        if (part.type === "statement_list") this.statements(part, fn, out)
        else if (part.type === "expression_list" && c.type === "expression_case") {
          for (const v of part.namedChildren) {
            if (!LITERALS.has(v.type)) allLiterals = false
            this.expr(v, fn)
          }
        }
      }
      if (allLiterals && subject !== undefined && valueNode !== null) out.push({ k: "guard", kind: "allowlist", name: subject, scope: span(c), span: span(valueNode) })
      if (c.type === "expression_case" && !allLiterals) casesAreLiterals = false
      if (c.type === "default_case" && subject !== undefined) defaultExits = this.exits(c)
    }
    // `switch x { case "a", "b": default: return }`: after the switch, x is one of the cases
    if (defaultExits && casesAreLiterals && subject !== undefined && valueNode !== null)
      out.push({ k: "guard", kind: "allowlist", name: subject, scope: { start: node.endIndex, end: block.endIndex }, span: span(valueNode) })
  }

  // ---- guards ------------------------------------------------------------------------------------

  /**
   * Records the checks a condition makes. `negated`: the condition's failure is what holds in
   * `scope` (the `if !ok { return }` shape), so only negated checks count there.
   */
  private guardsOf(cond: AstNode, negated: boolean, scope: Span, out: Array<Statement>, fn: number, depth = 0): void {
    if (depth > 8) return
    switch (cond.type) {
      case "parenthesized_expression": {
        const inner = cond.namedChild(0)
        if (inner !== null) this.guardsOf(inner, negated, scope, out, fn, depth + 1)
        return
      }
      case "unary_expression": {
        if (fieldOf(cond, "operator")?.type !== "!") return
        const operand = fieldOf(cond, "operand")
        if (operand !== null) this.guardsOf(operand, !negated, scope, out, fn, depth + 1)
        return
      }
      case "identifier": {
        // `_, ok := allowed[x]; if !ok { return }`
        const check = this.checks.get(fn)?.get(cond.text)
        if (check !== undefined) this.guardsOf(check, negated, scope, out, fn, depth + 1)
        return
      }
      case "index_expression": {
        // `allowed[x]` (a set as map[string]bool) or the `ok` of a lookup in it
        const key = fieldOf(cond, "index")
        if (!negated && key !== null) this.guard("allowlist", key, scope, cond, out, fn)
        return
      }
      case "binary_expression": {
        const op = fieldOf(cond, "operator")?.type
        const left = fieldOf(cond, "left")
        const right = fieldOf(cond, "right")
        if (left === null || right === null) return
        // `if !a || !b { return }` => both hold after; `if a && b {` => both hold inside
        if (op === "&&" || op === "||") {
          if ((negated && op === "||") || (!negated && op === "&&")) {
            this.guardsOf(left, negated, scope, out, fn, depth + 1)
            this.guardsOf(right, negated, scope, out, fn, depth + 1)
          } else {
            // `if x != "a" && x != "b" { return }` / `if x == "a" || x == "b" {`: x is one of them
            const onLeft: Array<Statement> = []
            const onRight: Array<Statement> = []
            this.guardsOf(left, negated, scope, onLeft, fn, depth + 1)
            this.guardsOf(right, negated, scope, onRight, fn, depth + 1)
            for (const g of onLeft) if (g.k === "guard" && onRight.some((r) => r.k === "guard" && r.kind === g.kind && r.name === g.name)) out.push({ ...g, span: span(cond) })
          }
          return
        }
        // `if n > maxK { return }` (after it), `if n <= 50 {` (inside): a number with a ceiling
        if (op === "<" || op === "<=" || op === ">" || op === ">=") {
          const below = op === "<" || op === "<="
          const fixed = (n: AstNode): boolean => n.type === "int_literal" || n.type === "float_literal" || (n.type === "identifier" && this.b.constants.has(n.text))
          if (fixed(right) && !fixed(left) && below !== negated) this.guard("capped", left, scope, cond, out, fn)
          else if (fixed(left) && !fixed(right) && below === negated) this.guard("capped", right, scope, cond, out, fn)
          return
        }
        if (op !== "==" && op !== "!=") return
        // `if err := validate(x); err != nil { return }`, `if validate(x) != nil { return }`: where the
        // error is nil, a same-file helper has passed the checks its nil returns follow
        if (left.text === "nil" || right.text === "nil") {
          if ((op === "!=") !== negated) return
          const value = left.text === "nil" ? right : left
          const call = value.type === "identifier" ? this.checks.get(fn)?.get(value.text) : value
          if (call?.type === "call_expression") this.errorHelperGuard(call, scope, out, fn)
          return
        }
        if ((op === "==") === negated) return
        const constant = (n: AstNode): boolean => LITERALS.has(n.type) || (n.type === "identifier" && this.b.constants.has(n.text))
        if (constant(right) && !constant(left)) this.guard("allowlist", left, scope, cond, out, fn)
        else if (constant(left) && !constant(right)) this.guard("allowlist", right, scope, cond, out, fn)
        return
      }
      case "call_expression":
        return this.callGuard(cond, negated, scope, out, fn)
      default:
        return
    }
  }

  private callGuard(cond: AstNode, negated: boolean, scope: Span, out: Array<Statement>, fn: number): void {
    const fnNode = fieldOf(cond, "function")
    if (fnNode === null) return
    const args = fieldOf(cond, "arguments")?.namedChildren.filter((a) => a.type !== "comment") ?? []
    let name: string
    let pkg: string | undefined
    let operand: AstNode | null = null
    if (fnNode.type === "selector_expression") {
      name = fieldOf(fnNode, "field")?.text ?? ""
      operand = fieldOf(fnNode, "operand")
      if (operand?.type === "identifier" && this.isPackage(operand.text, fn)) pkg = this.b.canonical(fn, operand.text, this.b.parentOf)
    } else if (fnNode.type === "identifier") name = fnNode.text
    else return
    if (negated) {
      // `rel, err := filepath.Rel(base, p); if err != nil || strings.HasPrefix(rel, "..") { return }`
      const [subject, prefix] = args
      if (pkg === "strings" && name === "HasPrefix" && subject?.type === "identifier" && prefix !== undefined && prefix.text.includes("..")) {
        if (this.origins.get(fn)?.has(subject.text) === true) this.guard("contained", subject, scope, cond, out, fn)
      }
      return // otherwise a failed check proves nothing
    }
    if (pkg === "strings" && name === "EqualFold" && args.length === 2) {
      const [a, b] = args as [AstNode, AstNode]
      if (LITERALS.has(b.type) && !LITERALS.has(a.type)) this.guard("allowlist", a, scope, cond, out, fn)
      else if (LITERALS.has(a.type) && !LITERALS.has(b.type)) this.guard("allowlist", b, scope, cond, out, fn)
      return
    }
    if (pkg === "path/filepath" && name === "IsLocal") {
      if (args[0] !== undefined) this.guard("contained", args[0], scope, cond, out, fn)
      return
    }
    const kind = checkKindOf(name)
    if (kind === undefined) {
      // a predicate helper of the file, a function or a method of one of its types: `if !fs.inside(abs) { return }`,
      // where inside returns true only where a check of its parameter holds
      const helper = pkg !== undefined ? undefined : operand === null ? this.topFunctions.get(name) : this.methods.get(name)
      if (helper !== undefined && this.probing < 3)
        for (const { param, kind: k } of this.predicateOf(helper, "bool")) {
          const arg = args[param]
          if (arg !== undefined) this.guard(k, arg, scope, cond, out, fn)
        }
      return
    }
    // `regexp.MatchString(P, x)`, `re.MatchString(x)`: a match anywhere, so only a pattern anchored at
    // both ends and restrictive validates (regexGuard.ts)
    if (kind === "validated" && /^Match(?:String)?$/.test(name) && (pkg === "regexp" || (pkg === undefined && operand !== null))) {
      const pattern = pkg === "regexp" ? this.patternText(args[0], fn) : operand === null ? undefined : this.compiledPattern(operand, fn)
      if (pattern === undefined || !restrictivePattern(pattern, "none")) return
    }
    if (pkg !== undefined) {
      // package functions take the checked value as an argument
      if (pkg === "strings" && name === "Contains") return // a substring test, not membership
      const position = pkg === "slices" || pkg === "golang.org/x/exp/slices" || pkg === "regexp" ? 1 : 0
      const subject = args[position]
      const prefix = pkg === "strings" && name === "HasPrefix" && args[1] !== undefined ? this.constantText(args[1]) : undefined
      // a URL's scheme (`strings.HasPrefix(uri, "file://")`) says nothing about which directory a path is in
      const schemeOnly = prefix !== undefined && URL_SCHEME.test(prefix)
      if (subject !== undefined && !schemeOnly) this.guard(kind, subject, scope, cond, out, fn)
      // `strings.HasPrefix(u, "https://api.github.com/")`: a prefix that ends the host with `/` (or
      // `?`, `#`) fixes the host, so the check is a host allow-list (`"https://api.github.com"` alone
      // is not: `https://api.github.com.evil.io` starts with it)
      if (subject !== undefined && prefix !== undefined && HOST_PREFIX.test(prefix)) this.guard("host_allowlist", subject, scope, cond, out, fn)
      return
    }
    if (operand !== null) {
      // methods: `re.MatchString(x)`, `allowed.Contains(x)`; a validation without argument checks its receiver
      const subject = args[0] ?? (kind === "validated" ? operand : undefined)
      if (subject !== undefined) this.guard(kind, subject, scope, cond, out, fn)
      return
    }
    // a helper of the file (`contains(allowed, x)`, `isValid(x)`): every argument is checked
    for (const a of args) this.guard(kind, a, scope, cond, out, fn)
  }

  /** `validate(x)` / `s.validate(x)`, a same-file helper returning an error, seen to return nil: what its nil proves of x. */
  private errorHelperGuard(call: AstNode, scope: Span, out: Array<Statement>, fn: number): void {
    const fnNode = fieldOf(call, "function")
    let helper: number | undefined
    if (fnNode?.type === "identifier") helper = this.topFunctions.get(fnNode.text)
    else if (fnNode?.type === "selector_expression") {
      const operand = fieldOf(fnNode, "operand")
      if (operand !== null && !(operand.type === "identifier" && this.isPackage(operand.text, fn))) helper = this.methods.get(fieldOf(fnNode, "field")?.text ?? "")
    }
    if (helper === undefined || this.probing >= 3) return
    const args = fieldOf(call, "arguments")?.namedChildren.filter((a) => a.type !== "comment") ?? []
    for (const { param, kind } of this.predicateOf(helper, "error")) {
      const arg = args[param]
      if (arg !== undefined) this.guard(kind, arg, scope, call, out, fn)
    }
  }

  /**
   * The checks a predicate helper's `true` proves about its parameters (by position, the receiver not
   * counted): a function returning one `bool`, each of whose returns other than `false` is a check
   * (`return strings.HasPrefix(p, root)`), or sits where checks hold: in the branch of an `if` whose
   * condition checks (`for _, d := range dirs { if strings.HasPrefix(p, d) { return true } }`), or
   * after an `if` that returns when one fails (`if !ok { return false }; return true`). Only what
   * every such return proves counts. A local computed from the parameter alone, through calls and
   * concatenation (`abs, err := filepath.Abs(p)`, `abs = abs + sep`), is traced to it.
   */
  private predicateOf(index: number, result: "bool" | "error"): ReadonlyArray<{ readonly param: number; readonly kind: GuardKind }> {
    const key = result === "bool" ? index * 2 : index * 2 + 1
    const done = this.predicates.get(key)
    if (done !== undefined) return done
    this.predicates.set(key, [])
    const node = this.declarations.get(index)
    const body = node === undefined ? null : fieldOf(node, "body")
    if (node === undefined || body === null || fieldOf(node, "result")?.text !== result) return []
    const params: Array<string> = []
    this.parameters(fieldOf(node, "parameters"), params, [])
    // the body's `ok` checks and Rel / url.Parse origins are read into copies, put back after the probe,
    // so a walk of the body (before or after) sees its own in order
    const savedChecks = this.checks.get(index)
    const savedOrigins = this.origins.get(index)
    this.checks.set(index, new Map(savedChecks ?? []))
    this.origins.set(index, new Map(savedOrigins ?? []))
    const returns: Array<AstNode> = []
    const sources = new Map<string, Array<AstNode>>()
    for (const n of descendants(body, FUNC_LITERALS)) {
      if (n.type === "return_statement") returns.push(n)
      else if (n.type === "short_var_declaration" || n.type === "assignment_statement") {
        const left = fieldOf(n, "left")
        const right = fieldOf(n, "right")
        if (left === null || right === null) continue
        const lefts = left.type === "expression_list" ? left.namedChildren : [left]
        const rights = right.type === "expression_list" ? right.namedChildren : [right]
        lefts.forEach((l, i) => {
          if (l.type !== "identifier") return
          const r = rights.length === lefts.length ? rights[i] : rights[0]
          if (r !== undefined) sources.set(l.text, [...(sources.get(l.text) ?? []), r])
          // `_, ok := allowed[x]` read by a later `if !ok`, whether or not the body was walked yet
          if (r !== undefined && (r.type === "index_expression" || r.type === "call_expression") && this.checks.get(index)?.has(l.text) !== true) this.rememberCheck(index, l.text, r)
        })
        // `rel, err := filepath.Rel(base, p)` / `u, err := url.Parse(raw)`, as noteOrigin records them in a walked body
        const first = lefts[0]
        const call = rights.length === 1 ? rights[0] : undefined
        const f = call?.type === "call_expression" ? fieldOf(call, "function") : null
        const operand = f?.type === "selector_expression" ? fieldOf(f, "operand") : null
        if (first?.type === "identifier" && operand?.type === "identifier" && this.isPackage(operand.text, index) && this.origins.get(index)?.has(first.text) !== true) {
          const position = originArgument(`${this.b.canonical(index, operand.text, this.b.parentOf)}.${fieldOf(f!, "field")?.text ?? ""}`)
          const arg = position === -1 ? undefined : fieldOf(call!, "arguments")?.namedChildren.filter((a) => a.type !== "comment")[position]
          const origin = arg === undefined ? undefined : this.dottedText(arg)
          if (origin !== undefined) this.setOrigin(index, first.text, origin)
        }
      }
    }
    // the parameter a local is computed from alone (through itself), if one
    const tracedTo = (name: string): string | undefined => {
      if (params.includes(name)) return name
      const from = sources.get(name)
      if (from === undefined) return undefined
      let param: string | undefined
      for (const r of from)
        for (const id of descendants(r, FUNC_LITERALS)) {
          if (id.type !== "identifier" || id.text === name || GO_BUILTINS.has(id.text) || this.b.constants.has(id.text)) continue
          const parent = id.parent
          if (parent?.type === "selector_expression" && fieldOf(parent, "field")?.startIndex === id.startIndex) continue
          if (this.isPackage(id.text, index)) continue
          if (!params.includes(id.text) || (param !== undefined && param !== id.text)) return undefined
          param = id.text
        }
      return param
    }
    let common: ChecksByName | undefined
    const none: Span = { start: 0, end: 0 }
    this.probing++
    try {
      for (const r of returns) {
        const value = r.namedChild(0)
        const held: Array<Statement> = []
        if (result === "bool") {
          if (value === null || value.text === "false") continue
          if (value.text !== "true") this.guardsOf(value, false, none, held, index)
        } else if (value !== null && value.text !== "nil" && this.failure(value.type === "expression_list" && value.namedChildCount === 1 ? value.namedChild(0)! : value, r)) continue
        // an error helper's other returns (`return nil`, a bare return, `return other(p)`) may be nil:
        // only what the checks around them prove counts
        // the branches and blocks around the return, up to the body
        for (let child: AstNode = r, up = r.parent; up !== null && child.startIndex !== body.startIndex; child = up, up = up.parent) {
          if (up.type === "if_statement" && fieldOf(up, "consequence")?.startIndex === child.startIndex) {
            const cond = fieldOf(up, "condition")
            if (cond !== null) this.guardsOf(cond, false, none, held, index)
          }
          if (up.type === "block" || up.type === "statement_list")
            for (const sibling of up.namedChildren) {
              if (sibling.startIndex >= child.startIndex) break
              const cond = sibling.type === "if_statement" && fieldOf(sibling, "alternative") === null ? fieldOf(sibling, "condition") : null
              const consequence = sibling.type === "if_statement" ? fieldOf(sibling, "consequence") : null
              if (cond !== null && consequence !== null && this.exits(consequence)) this.guardsOf(cond, true, none, held, index)
            }
        }
        const here: ChecksByName = new Map()
        for (const g of held) {
          if (g.k !== "guard") continue
          const name = tracedTo(g.name)
          if (name !== undefined) here.set(name, (here.get(name) ?? new Set()).add(g.kind))
        }
        common = checksInCommon(common, here)
      }
    } finally {
      this.probing--
      if (savedChecks === undefined) this.checks.delete(index)
      else this.checks.set(index, savedChecks)
      if (savedOrigins === undefined) this.origins.delete(index)
      else this.origins.set(index, savedOrigins)
    }
    const out: Array<{ param: number; kind: GuardKind }> = []
    for (const [name, kinds] of common ?? []) {
      const param = params.indexOf(name)
      if (param !== -1) for (const kind of kinds) out.push({ param, kind })
    }
    this.predicates.set(key, out)
    return out
  }

  /**
   * A returned error that is not nil: one made there (`fmt.Errorf(…)`, `errors.New(…)`, `&PathError{…}`),
   * a package's error variable (`ErrOutside`), or the `err` of an enclosing `if err != nil`.
   */
  private failure(value: AstNode, ret: AstNode): boolean {
    const t = value.type
    if (t === "composite_literal" || (t === "unary_expression" && fieldOf(value, "operator")?.type === "&")) return true
    if (t === "call_expression") {
      const f = fieldOf(value, "function")
      const name = f?.type === "selector_expression" ? fieldOf(f, "field")?.text : f?.text
      return name !== undefined && /^(?:Errorf|New\w*|Wrap\w*|WithMessage\w*|WithStack)$/.test(name)
    }
    if (t === "selector_expression") return /^Err[A-Z]\w*$/.test(fieldOf(value, "field")?.text ?? "")
    if (t !== "identifier") return false
    if (/^Err[A-Z]\w*$/.test(value.text)) return true
    for (let up = ret.parent; up !== null; up = up.parent) {
      if (up.type === "function_declaration" || up.type === "method_declaration" || up.type === "func_literal") return false
      const cond = up.type === "if_statement" ? fieldOf(up, "condition") : null
      if (cond !== null && cond.text === `${value.text} != nil` && (fieldOf(up, "consequence")?.endIndex ?? 0) >= ret.endIndex && (fieldOf(up, "consequence")?.startIndex ?? Infinity) <= ret.startIndex) return true
    }
    return false
  }

  /**
   * A regex written as a string literal (`"^\\d+$"` is `^\d+$`, a raw string is as written), or a
   * package-level constant or variable declared with one that the function does not assign itself.
   */
  private patternText(node: AstNode | undefined, fn: number): string | undefined {
    if (node === undefined) return undefined
    return node.type === "identifier" ? this.namedPattern(node.text, fn) : regexOfLiteral(node.text)
  }

  private namedPattern(name: string, fn: number): string | undefined {
    const held = this.packageLiterals.get(name)
    if (held === undefined) return undefined
    for (let scope = fn; scope !== -1; scope = this.b.parentOf(scope))
      if (this.body(scope).some((st) => st.k === "assign" && st.target.name === name) || this.b.functions[scope]!.params.includes(name)) return undefined
    return regexOfLiteral(held)
  }

  /**
   * The pattern a compiled regex holds: `regexp.MustCompile("...")` written in place, or a variable
   * assigned it once (`re := regexp.MustCompile(...)` in the function or one around it, a
   * package-level `var re = ...`); undefined for anything else.
   */
  private compiledPattern(node: AstNode, fn: number): string | undefined {
    let n: AstNode | null = node
    while (n !== null && n.type === "parenthesized_expression") n = n.namedChild(0)
    if (n === null) return undefined
    if (n.type === "call_expression") {
      const f = fieldOf(n, "function")
      const operand = f?.type === "selector_expression" ? fieldOf(f, "operand") : null
      if (operand?.type !== "identifier" || !/^(?:MustCompile|Compile)$/.test(fieldOf(f!, "field")?.text ?? "") || !this.isPackage(operand.text, fn)) return undefined
      return this.b.canonical(fn, operand.text, this.b.parentOf) === "regexp" ? this.patternText(fieldOf(n, "arguments")?.namedChildren.find((a) => a.type !== "comment"), fn) : undefined
    }
    if (n.type !== "identifier") return undefined
    const name = n.text
    // the innermost scope that assigns the name: a local variable hides the package's
    for (let scope = fn; ; scope = scope === -1 ? -1 : this.b.parentOf(scope)) {
      const held = this.body(scope).filter((st) => st.k === "assign" && st.target.name === name && st.target.path.length === 0)
      if (held.length > 0 || scope === -1) {
        const value = held.length === 1 && held[0]!.k === "assign" ? held[0]!.value : undefined
        const call = value?.k === "call" ? this.b.calls[value.call] : undefined
        const first = call !== undefined && /^regexp\.(?:MustCompile|Compile)$/.test(call.callee) ? call.args[0] : undefined
        if (first === undefined) return undefined
        // `regexp.MustCompile(namePattern)`: a package-level literal the assigning scope does not rebind
        return first.value.k === "name" ? this.namedPattern(first.value.name, scope) : regexOfLiteral(this.text.slice(first.span.start, first.span.end))
      }
    }
  }

  private guard(kind: GuardKind, subject: AstNode, scope: Span, cond: AstNode, out: Array<Statement>, fn: number): void {
    let node: AstNode = subject
    let hostPart = false
    // `filepath.Clean(p)`, `u.Hostname()`, `u.Host`, `string(x)`: the check is about p / u / x
    for (let steps = 0; steps < 8; steps++) {
      const t = node.type
      if (t === "parenthesized_expression" || t === "type_conversion_expression") {
        const inner: AstNode | null = t === "parenthesized_expression" ? node.namedChild(0) : fieldOf(node, "operand")
        if (inner === null) break
        node = inner
        continue
      }
      if (t === "selector_expression") {
        const field = fieldOf(node, "field")?.text ?? ""
        // `u.Scheme != "https"` fixes the scheme, not who is reached: no check of the host
        if (field === "Scheme") return
        if (!HOST_PARTS.has(field)) break
        hostPart = true
        node = fieldOf(node, "operand")!
        continue
      }
      if (t === "call_expression") {
        const f = fieldOf(node, "function")
        if (f === null) break
        if (f.type === "identifier" && TRANSPARENT_CONVERSIONS.has(f.text)) {
          const a = fieldOf(node, "arguments")?.namedChild(0)
          if (a === null || a === undefined) break
          node = a
          continue
        }
        if (f.type !== "selector_expression") break
        const field = fieldOf(f, "field")?.text ?? ""
        const operand = fieldOf(f, "operand")!
        if (HOST_PARTS.has(field)) {
          hostPart = true
          node = operand
          continue
        }
        if (!GO_NORMALISERS.has(field)) break
        const isPkg = operand.type === "identifier" && this.isPackage(operand.text, fn)
        const a = isPkg ? fieldOf(node, "arguments")?.namedChild(0) : operand
        if (a === null || a === undefined) break
        node = a
        continue
      }
      break
    }
    const name = this.dottedText(node)
    if (name === undefined) return
    const final: GuardKind = hostPart && kind === "allowlist" ? "host_allowlist" : kind
    out.push({ k: "guard", kind: final, name, scope, span: span(cond) })
    const origin = this.origins.get(fn)?.get(name)
    if (origin !== undefined) out.push({ k: "guard", kind: final, name: origin, scope, span: span(cond) })
  }

  /** `x`, `req.Name`, `a.b.c` as written, or undefined for anything else. */
  private dottedText(node: AstNode): string | undefined {
    if (node.type === "identifier") return node.text
    if (node.type !== "selector_expression") return undefined
    const operand = fieldOf(node, "operand")
    const head = operand === null ? undefined : this.dottedText(operand)
    return head === undefined ? undefined : `${head}.${fieldOf(node, "field")?.text ?? "?"}`
  }

  // ---- expressions -------------------------------------------------------------------------------

  /** Reduces an expression to the model; calls are recorded as they are met. */
  expr(node: AstNode, fn: number): Expr {
    switch (node.type) {
      case "identifier":
        return { k: "name", name: node.text }
      case "interpreted_string_literal":
      case "raw_string_literal":
      case "rune_literal":
        return { k: "lit", value: node.text.slice(1, -1) }
      case "int_literal":
      case "float_literal": {
        const text = node.text.replace(/_/g, "")
        const n = Number(text)
        return { k: "lit", value: Number.isNaN(n) ? text : n }
      }
      case "imaginary_literal":
        return { k: "lit", value: node.text }
      case "true":
        return { k: "lit", value: true }
      case "false":
        return { k: "lit", value: false }
      case "nil":
        return { k: "lit", value: null }
      case "iota":
        return { k: "lit", value: this.iota }
      case "selector_expression": {
        // `a.b.c` written plainly (most selectors) is read from the text, without visiting its nodes
        const text = node.text
        if (DOTTED.test(text)) return this.dotted(text, fn)
        const operand = fieldOf(node, "operand")
        const field = fieldOf(node, "field")?.text ?? "?"
        if (operand === null) return UNKNOWN
        const inner = this.expr(operand, fn)
        if (inner.k === "ref") return { k: "ref", name: `${inner.name}.${field}` }
        return { k: "attr", obj: inner, name: field }
      }
      case "call_expression":
        return this.call(node, fn)
      case "index_expression": {
        const operand = fieldOf(node, "operand")
        const key = fieldOf(node, "index")
        if (operand === null) return UNKNOWN
        return { k: "index", obj: this.expr(operand, fn), key: key === null ? UNKNOWN : this.expr(key, fn) }
      }
      case "slice_expression": {
        const operand = fieldOf(node, "operand")
        if (operand === null) return UNKNOWN
        const obj = this.expr(operand, fn)
        for (const c of node.namedChildren) if (c.startIndex !== operand.startIndex && c.type !== "int_literal") this.expr(c, fn)
        return { k: "index", obj, key: UNKNOWN, slice: true }
      }
      case "type_assertion_expression":
      case "type_conversion_expression": {
        const operand = fieldOf(node, "operand")
        return operand === null ? UNKNOWN : this.expr(operand, fn)
      }
      case "parenthesized_expression": {
        const inner = node.namedChild(0)
        return inner === null ? UNKNOWN : this.expr(inner, fn)
      }
      case "unary_expression": {
        const operator = fieldOf(node, "operator")?.type
        const operand = fieldOf(node, "operand")
        if (operand === null) return UNKNOWN
        const inner = this.expr(operand, fn)
        // `&x`, `*p`, `+x`: the same data; `!x` is a boolean; `<-ch`, `-x`, `^x`: derived from it
        if (operator === "&" || operator === "*" || operator === "+") return inner
        // `<-ch` (not `<-ctx.Done()` or `<-time.After(d)`): the loop waits for a message each lap
        if (operator === "<-" && inner.k !== "call") this.b.waitInLoop(fn)
        if (operator === "!") return { k: "lit", value: true }
        // `-1` is a constant (an explicit "no limit" cap is written this way)
        if (operator === "-" && inner.k === "lit" && typeof inner.value === "number") return { k: "lit", value: -inner.value }
        return { k: "op", parts: [inner] }
      }
      case "binary_expression": {
        const operator = fieldOf(node, "operator")?.type
        const left = fieldOf(node, "left")
        const right = fieldOf(node, "right")
        const parts: Array<Expr> = []
        if (left !== null) parts.push(this.expr(left, fn))
        if (right !== null) parts.push(this.expr(right, fn))
        if ((operator === "==" || operator === "!=") && fn !== -1 && parts.length === 2) (this.b.functions[fn]!.equalities ??= []).push({ left: parts[0]!, right: parts[1]!, span: span(node) })
        if (operator !== undefined && COMPARISONS.has(operator)) {
          if (operator !== "==" && operator !== "!=") {
            // (`strings.Index(reply, "DONE") >= 0` asks what the text holds: it bounds no loop)
            if (!this.b.presenceCheck(fn, parts)) this.b.ordered = true
            if (fn !== -1) {
              this.b.functions[fn]!.compares = true
              ;(this.b.functions[fn]!.orderings ??= []).push(parts)
            }
          }
          return { k: "lit", value: true }
        }
        if (operator === "+") return parts.some((p) => p.k === "concat" || (p.k === "lit" && typeof p.value === "string")) ? { k: "concat", parts } : { k: "op", parts, plus: true }
        return { k: "op", parts }
      }
      case "composite_literal": {
        const body = fieldOf(node, "body")
        const type = fieldOf(node, "type")
        // `tls.Config{InsecureSkipVerify: true}` builds a value of a package's type the way a
        // constructor call does: call rules see it as a call of the type with its fields as keywords
        const named = type !== null && (type.type === "qualified_type" || type.type === "generic_type") ? this.typeName(type) : undefined
        const args: Array<Arg> | undefined = named !== undefined && named.includes(".") ? [] : undefined
        const value: Expr = body === null ? { k: "container", entries: [] } : this.literalValue(body, fn, args)
        if (args !== undefined) this.b.addCall({ callee: named!, written: type!.text.length > 40 ? "…" : type!.text, args, span: span(node), fn })
        // `&Notifier{baseURL: base}`: a struct of the file's own type, whose fields its methods read
        if (type !== null && type.type === "type_identifier" && value.k === "container") {
          let list = this.b.literalFields.get(type.text)
          for (const e of value.entries) {
            if (e.key === undefined) continue
            if (list === undefined) this.b.literalFields.set(type.text, (list = []))
            list.push({ field: e.key, value: e.value, fn, at: e.span?.start ?? span(node).start })
          }
        }
        // the value stays a container for data flow (its fields carry their data)
        return value
      }
      case "literal_value":
        return this.literalValue(node, fn)
      case "func_literal":
        return this.funcLiteral(node, fn)
      case "expression_list":
        return { k: "container", entries: node.namedChildren.map((c) => ({ value: this.expr(c, fn) })) }
      case "comment":
      case "type_identifier":
      case "qualified_type":
      case "pointer_type":
      case "slice_type":
      case "array_type":
      case "map_type":
      case "channel_type":
      case "function_type":
      case "interface_type":
      case "struct_type":
      case "generic_type":
        return UNKNOWN
      default:
        for (const c of node.namedChildren) this.expr(c, fn)
        return UNKNOWN
    }
  }

  /** A plain dotted name (`exec.Command`, `s.db`): a package reference, or a variable's field path. */
  private dotted(text: string, fn: number): Expr {
    const first = text.indexOf(".")
    const head = first === -1 ? text : text.slice(0, first)
    if (this.isPackage(head, fn)) return { k: "ref", name: this.b.canonical(fn, text, this.b.parentOf) }
    let e: Expr = { k: "name", name: head }
    for (let at = first; at !== -1; ) {
      const next = text.indexOf(".", at + 1)
      e = { k: "attr", obj: e, name: text.slice(at + 1, next === -1 ? undefined : next) }
      at = next
    }
    return e
  }

  /** `{A: x, "k": y, z}`: keyed by field names, literal keys; nested elided literals are containers too. */
  private literalValue(body: AstNode, fn: number, args?: Array<Arg>): Expr {
    const entries: Array<{ key?: string; value: Expr; span: Span }> = []
    // large literal tables are constants: their first entries say as much (as python.ts)
    const count = body.namedChildCount
    const elements = count > MAX_ENTRIES ? Array.from({ length: MAX_ENTRIES }, (_, i) => body.namedChild(i)!) : body.namedChildren
    for (const el of elements) {
      if (el.type === "keyed_element") {
        const keyEl = fieldOf(el, "key")
        const valueEl = fieldOf(el, "value")
        const k = keyEl?.namedChild(0) ?? null
        const v = valueEl?.namedChild(0) ?? null
        let key: string | undefined
        if (k !== null) {
          if (k.type === "identifier" || k.type === "field_identifier") key = k.text
          else {
            key = this.literalKey(k)
            if (key === undefined) this.expr(k, fn)
          }
        }
        const value = v === null ? UNKNOWN : this.expr(v, fn)
        entries.push({ ...(key !== undefined ? { key } : {}), value, span: span(el) })
        args?.push({ ...(key !== undefined ? { name: key } : {}), value, span: span(el) })
      } else if (el.type === "literal_element") {
        const v = el.namedChild(0)
        const value = v === null ? UNKNOWN : this.expr(v, fn)
        entries.push({ value, span: span(el) })
        args?.push({ value, span: span(el) })
      }
    }
    return { k: "container", entries }
  }

  private funcLiteral(node: AstNode, parent: number): Expr {
    const params: Array<string> = []
    const types: Array<string | undefined> = []
    this.parameters(fieldOf(node, "parameters"), params, types)
    const index = this.b.addFunction({
      name: "<lambda>",
      params,
      paramTypes: types,
      decorators: [],
      role: "plain",
      span: span(node),
      nameSpan: span(node),
      body: [],
      parent
    })
    this.bindParameters(index)
    const bodyNode = fieldOf(node, "body")
    if (bodyNode !== null) this.block(bodyNode, index, this.b.functions[index]!.body)
    return { k: "func", fn: index }
  }

  private call(node: AstNode, fn: number): Expr {
    const fnNode = fieldOf(node, "function")
    const argsNode = fieldOf(node, "arguments")
    const argNodes = argsNode === null ? [] : argsNode.namedChildren
    let callee = "?"
    let written = "?"
    let receiver: Expr | undefined
    if (fnNode !== null) {
      const t = fnNode.type
      if (t === "identifier") {
        const name = fnNode.text
        written = name
        // builtins that are conversions or appends: the data passes through, nothing is called
        if (argNodes.length === 1 && TRANSPARENT_CONVERSIONS.has(name)) return this.expr(argNodes[0]!, fn)
        if (NUMERIC_CONVERSIONS.has(name) && argNodes.length === 1) return { k: "op", parts: [this.expr(argNodes[0]!, fn)] }
        if (name === "append") return { k: "op", parts: argNodes.filter((a) => a.type !== "comment").map((a) => this.expr(a.type === "variadic_argument" ? a.namedChild(0) ?? a : a, fn)) }
        callee = this.b.canonical(fn, name, this.b.parentOf)
      } else if (t === "selector_expression") {
        const text = fnNode.text
        const dot = text.lastIndexOf(".")
        if (DOTTED.test(text)) {
          // `exec.Command`, `s.db.Query`: read from the text, without visiting the selector's nodes
          const method = text.slice(dot + 1)
          const head = text.slice(0, dot)
          receiver = this.dotted(head, fn)
          callee = receiver.k === "ref" ? `${receiver.name}.${method}` : `${this.calleeBase(receiver, fnNode, fn)}.${method}`
          written = head.length > 40 ? `…${text.slice(dot)}` : text
        } else {
          const operand = fieldOf(fnNode, "operand")!
          const method = fieldOf(fnNode, "field")?.text ?? "?"
          receiver = this.expr(operand, fn)
          callee = `${this.calleeBase(receiver, operand, fn)}.${method}`
          written = `${operand.type === "call_expression" || dot > 40 ? "…" : text.slice(0, dot)}.${method}`
        }
      } else {
        const inner = this.expr(fnNode, fn)
        callee = inner.k === "call" ? `${this.b.calls[inner.call]!.callee}()` : "?"
        written = t === "func_literal" ? "func(…){…}" : fnNode.endIndex - fnNode.startIndex > 40 ? "…" : fnNode.text
      }
    }
    const args: Array<Arg> = []
    let callbacks: Array<{ arg?: number; field?: string; fn: number }> | undefined
    for (const a of argNodes) {
      if (a.type === "comment") continue
      const at = span(a)
      const t = a.type
      // the commonest arguments are read from the text of their span, without further node access
      const value: Expr =
        t === "identifier" ? { k: "name", name: this.text.slice(at.start, at.end) }
        : t === "interpreted_string_literal" || t === "raw_string_literal" ? { k: "lit", value: this.text.slice(at.start + 1, at.end - 1) }
        : this.expr(t === "variadic_argument" ? a.namedChild(0) ?? a : a, fn)
      const position = args.length
      args.push({ value, span: at })
      // functions handed over: func literals, functions and methods of this file, struct fields holding them
      const direct = this.functionOf(value, fn)
      if (direct !== undefined) (callbacks ??= []).push({ arg: position, fn: direct })
      else if (value.k === "container") {
        for (const entry of value.entries) {
          if (entry.key === undefined) continue
          const held = this.functionOf(entry.value, fn)
          if (held !== undefined) (callbacks ??= []).push({ arg: position, field: entry.key, fn: held })
        }
      }
    }
    const index = this.b.addCall({
      callee,
      written,
      ...(receiver !== undefined ? { receiver } : {}),
      args,
      span: span(node),
      fn,
      ...(callbacks !== undefined ? { callbacks } : {})
    })
    // `json.NewDecoder(r.Body).Decode(&in)`, `json.Unmarshal(body, &in)`, `c.ShouldBindJSON(&in)`:
    // the variable pointed to receives what the call reads (its receiver and other arguments)
    if (DECODES_INTO.test(callee.slice(callee.lastIndexOf(".") + 1))) {
      for (const a of argNodes) {
        if (a.type !== "unary_expression" || fieldOf(a, "operator")?.type !== "&") continue
        const operand = fieldOf(a, "operand")
        const target = operand === null ? undefined : this.exprTarget(this.expr(operand, fn))
        if (target !== undefined) this.body(fn).push({ k: "assign", target, value: { k: "call", call: index }, span: span(node) })
      }
    }
    // `fmt.Fprintf(&sb, "[%d] %s\n", id, body)`, `io.WriteString(&sb, s)`: what is written into a
    // builder is appended to it, as `sb.WriteString(s)` is (below)
    if (FPRINTS.has(callee) && args.length > 1) {
      const first = argNodes[0]
      const operand = first !== undefined && first.type === "unary_expression" && fieldOf(first, "operator")?.type === "&" ? fieldOf(first, "operand") : null
      const written = operand === null ? undefined : args[0]!.value
      const target = written === undefined ? undefined : this.exprTarget(written)
      if (target !== undefined) this.body(fn).push({ k: "assign", target, value: { k: "op", parts: [written!, ...args.slice(1).map((a) => a.value)] }, span: span(node) })
    }
    // `ctx.Done()`, `ctx.Err()`: the loop around ends when the context is cancelled
    if (args.length === 0 && (callee.endsWith(".Done") || callee.endsWith(".Err"))) this.b.boundLoops(fn)
    // string building keeps the data of every part
    if (BUILDERS.has(callee)) {
      // `fmt.Sprintf("%s/orders/%s", base, id)`: each value where its verb is, the format's text around
      const format = args[0]?.value
      const exact =
        callee === "fmt.Sprintf" && format !== undefined && format.k === "lit" && typeof format.value === "string" && args.every((a) => a.name === undefined)
          ? interleaveTemplate(format.value, /%%|%[-+# 0]*(?:[1-9]\d*|\*)?(?:\.(?:\d+|\*))?[a-zA-Z]/g, "%%", args.slice(1).map((a) => a.value))
          : undefined
      return { k: "concat", parts: [...(exact ?? args.map((a) => a.value)), { k: "call", call: index }], built: true }
    }
    if (receiver !== undefined && receiver.k !== "ref") {
      const dot = callee.lastIndexOf(".")
      const base = callee.slice(0, dot)
      const method = callee.slice(dot + 1)
      if (BUILDER_TYPES.has(base)) {
        // `sb.WriteString(x)` appends x to sb; `sb.String()` reads it back
        if (BUILDER_WRITES.has(method)) {
          const target = this.exprTarget(receiver)
          if (target !== undefined) this.body(fn).push({ k: "assign", target, value: { k: "op", parts: [receiver, ...args.map((a) => a.value)] }, span: span(node) })
        } else if (method === "String" || method === "Bytes") return { k: "concat", parts: [receiver, { k: "call", call: index }] }
      }
    }
    return { k: "call", call: index }
  }

  /** A function value: a func literal, a function of this file by name, or `recv.method` of this file. */
  private functionOf(value: Expr, fn: number): number | undefined {
    if (value.k === "func") return value.fn
    if (value.k === "name") return this.shadows.get(fn)?.has(value.name) === true ? undefined : this.topFunctions.get(value.name)
    if (value.k === "attr" && value.obj.k === "name") return this.methods.get(value.name)
    return undefined
  }

  private exprTarget(e: Expr): Target | undefined {
    const path: Array<string> = []
    let cur = e
    while (cur.k === "attr") {
      path.unshift(cur.name)
      cur = cur.obj
    }
    return cur.k === "name" ? { name: cur.name, path } : undefined
  }

  /** The canonical text a method's receiver contributes to the callee name. */
  private calleeBase(receiver: Expr, operand: AstNode, fn: number): string {
    if (receiver.k === "ref") return receiver.name
    if (receiver.k === "call") return `${this.b.calls[receiver.call]!.callee}()`
    if (receiver.k === "lit") return typeof receiver.value === "string" ? "str" : "lit"
    if (receiver.k === "concat") return "str"
    if (receiver.k === "container") return this.compositeType(operand) ?? "?"
    const dotted = dottedOf(receiver)
    return dotted !== undefined ? this.b.canonical(fn, dotted, this.b.parentOf) : "?"
  }
}

const LEAVES = new Set(["break_statement", "return_statement", "goto_statement"])

/** The branch leaves the loop (break / return / goto), not counting function literals. */
const leaves = (node: AstNode): boolean => {
  if (LEAVES.has(node.type)) return true
  if (node.type === "func_literal") return false
  return node.namedChildren.some(leaves)
}

/** `n = 20`, `n = maxK`: one name set to a literal or a constant of the package. */
const constantReset = (st: AstNode, constants: ReadonlyMap<string, unknown>): boolean => {
  const left = fieldOf(st, "left")
  const right = fieldOf(st, "right")
  const value = right?.namedChildren.length === 1 ? right.namedChildren[0]! : right
  return (
    left !== null && left.namedChildren.length <= 1 && (left.namedChildren[0] ?? left).type === "identifier" && fieldOf(st, "operator")?.type === "=" &&
    value !== null && (value.type === "int_literal" || value.type === "float_literal" || value.type === "interpreted_string_literal" || (value.type === "identifier" && constants.has(value.text)))
  )
}
