/**
 * The semantic model of one source file: what the code does with data, independent of the language
 * it is written in. One small module per language (python.ts, go.ts, script.ts) fills it from the
 * syntax tree in one pass; every rule reads the model, never the tree, and trees are dropped after.
 *
 * Names are canonical: an import alias is resolved to the module path it stands for
 * (`import subprocess as sp; sp.run` is `subprocess.run`, `const { exec } = require("child_process")`
 * is `child_process.exec`, Go's `exec.Command` is `os/exec.Command`), and a variable that holds the
 * result of a call is named by that call (`conn = sqlite3.connect(); conn.cursor()` is
 * `sqlite3.connect().cursor`). Rules match these names with `*` globs (see flow/names.ts).
 */

/** A UTF-16 offset range into the file text. */
export interface Span {
  readonly start: number
  readonly end: number
}

/** An expression, reduced to what data flow needs. */
export type Expr =
  | { readonly k: "lit"; readonly value: string | number | boolean | null }
  | { readonly k: "name"; readonly name: string }
  /** a canonical reference to something imported or global (`os.environ`, `request.args`) */
  | { readonly k: "ref"; readonly name: string }
  | { readonly k: "attr"; readonly obj: Expr; readonly name: string }
  /** `slice`: a range of it (`key[-4:]`), a few characters of a string rather than an entry */
  | { readonly k: "index"; readonly obj: Expr; readonly key: Expr; readonly slice?: true }
  /** `result`: one of several results (Go's `u, err := check(raw)`: u is result 0) */
  | { readonly k: "call"; readonly call: number; readonly result?: number }
  /**
   * string building: f-strings, `%`, `.format`, `+`, template literals, fmt.Sprintf, join. `built`:
   * the last part is the building call itself (`.format(...)`, `fmt.Sprintf(...)`), which repeats
   * the data of the other parts; where each value sits in the text is read from the others
   */
  | { readonly k: "concat"; readonly parts: ReadonlyArray<Expr>; readonly built?: true }
  /**
   * dict / list / object / struct literal; keys are known for literal keys. `span`: where the entry
   * is written (a flow finding is reported at the entry that carries the data, not at the call)
   */
  | { readonly k: "container"; readonly entries: ReadonlyArray<{ readonly key?: string; readonly value: Expr; readonly span?: Span }> }
  /**
   * arithmetic, comparisons and other operators: data flows through. `both`: a Python `a & b`, whose
   * result holds only when both do (AutoGen's termination conditions combined with `&`). `plus`: a
   * `+` (or `+=`) whose operands the syntax does not show to be text (`BASE + path`): data flow joins
   * it as text when an operand's value turns out to be constant text
   */
  | {
      readonly k: "op"
      readonly parts: ReadonlyArray<Expr>
      readonly both?: true
      readonly plus?: true
      /** a Python `a | b` (LangChain's runnable sequence `prompt | llm`, a set or dict union) */
      readonly pipe?: true
      /** `xs.append(v)` / `xs.push(v)` written as `xs = xs + v`: the list gains v, its first element stays */
      readonly appended?: true
      /**
       * one alternative is an object literal (`args ?? {}`, `opts || { limit: 5 }`): the value is a
       * record, whatever the other holds, so not text a sink runs (SQL) until a field of it is read
       */
      readonly record?: true
      /**
       * a conditional expression's branches, each with the checks of its own variable that hold
       * there: `x if x in ALLOWED else "a"`, `ALLOWED.includes(x) ? x : "a"` (parallel to parts)
       */
      readonly checked?: ReadonlyArray<ReadonlyArray<GuardKind>>
    }
  /** a lambda / arrow function defined inline */
  | { readonly k: "func"; readonly fn: number }
  | { readonly k: "unknown" }

/** One argument of a call, positional (`name` undefined) or keyword / options-object field. */
export interface Arg {
  readonly name?: string
  readonly value: Expr
  readonly span: Span
}

export interface Call {
  /** canonical dotted callee, `subprocess.run`, `sqlite3.connect().cursor().execute`, `*` parts unknown */
  readonly callee: string
  /** the callee as written, for messages */
  readonly written: string
  /** the receiver of a method call (`cur` in `cur.execute(q)`), when there is one */
  readonly receiver?: Expr
  readonly args: ReadonlyArray<Arg>
  readonly span: Span
  /** the enclosing function (index into `functions`), or -1 for module level */
  readonly fn: number
  /** JS `new X()` */
  readonly isNew?: boolean
  /** a call of the entry a computed key picks from this value (`VIEWS[view](ref)`): it runs one of the value's entries */
  readonly table?: Expr
  /** functions passed as arguments (position or options field -> function index), for framework roles */
  readonly callbacks?: ReadonlyArray<{ readonly arg?: number; readonly field?: string; readonly fn: number }>
  /** the innermost loop of the same function the call sits in (index into `loops`) */
  loop?: number
}

/**
 * A loop statement, read from syntax alone (never from variable names). `endless`: nothing in its
 * header ends it (`while True`, `for {}`, `for (;;)`, `do … while (true)`, `for x in itertools.count()`).
 * `bounded`: something in it ends it semantically: an ordering comparison (a counter, a deadline
 * `time.time() > t`) in an `if` that leaves the loop, or a context cancellation (`ctx.Done()`,
 * `ctx.Err()`, `signal.aborted`), or a deadline the function set before it (`context.WithTimeout`,
 * `AbortSignal.timeout`). `waits`: it receives from a channel (`<-ch`) each lap, or (Python) reads a
 * terminal: it handles `EOFError` / `KeyboardInterrupt`, as a REPL does whatever its input function is called.
 */
export interface Loop {
  readonly span: Span
  readonly fn: number
  /** the enclosing loop of the same function, or -1 */
  readonly parent: number
  readonly endless: boolean
  bounded: boolean
  waits: boolean
}

/** Where data goes: an assignment target, as a variable plus a field path (`state["x"]`, `self.y`). */
export interface Target {
  readonly name: string
  readonly path: ReadonlyArray<string>
}

/**
 * A guard the code applies to a variable before it reaches a sink: the engine removes the guarded
 * variable's taint for rules that name the guard kind (rules/…: `guards`).
 */
export type GuardKind =
  /** `x in ALLOWED`, `ALLOWED.includes(x)`, `slices.Contains(allowed, x)`, `x == "const"` */
  | "allowlist"
  /** `resolved.startswith(base)`, `is_relative_to`, `filepath.Rel`, `startsWith(base + sep)` */
  | "contained"
  /** `urlparse(u).hostname in HOSTS`, `new URL(u).host === "..."` */
  | "host_allowlist"
  /** `isinstance(x, int)`, `int(x)`, `Number(x)`, regex fullmatch on an anchored pattern */
  | "validated"
  /**
   * a number with a ceiling: `n <= MAX`, `if n > 50: raise`, a parameter the framework bounds
   * (`Field(le=50)`, `Query(le=50)`, `conint(le=50)`, zod's `.max(50)`)
   */
  | "capped"

export type Statement =
  | { readonly k: "assign"; readonly target: Target; readonly value: Expr; readonly span: Span }
  /** `for x in xs` / `for (const x of xs)` / `for _, x := range xs`: x gets xs's data */
  | { readonly k: "iterate"; readonly target: Target; readonly value: Expr; readonly span: Span }
  | { readonly k: "return"; readonly value: Expr; readonly span: Span }
  | { readonly k: "call"; readonly call: number; readonly span: Span }
  /**
   * A check of a variable. `exits`: the failing branch leaves (return / raise / throw / continue),
   * so code after the check in the same block only runs when it held. `scope`: the span where the
   * check is known to hold (the rest of the block after an exiting check, or the positive branch).
   */
  | { readonly k: "guard"; readonly kind: GuardKind; readonly name: string; readonly scope: Span; readonly span: Span }

/** The type recorded for a parameter the framework fills from the client's request (FastAPI `Header(...)`). */
export const REQUEST_PARAMETER = "<request parameter>"

/** `graph_node`: a LangGraph node (`StateGraph(S).add_node("name", fn)`), whose first parameter is the graph's state */
/** `event_handler`: a function a cloud platform invokes with an outside event (an AWS Lambda handler), not an HTTP route the file registers */
export type FunctionRole = "tool" | "mcp_tool" | "mcp_resource" | "route" | "agent_callback" | "task" | "graph_node" | "event_handler" | "plain"

/**
 * TypeScript: a declared type, reduced to what data flow asks of it: can a value of it be text?
 * `text`: it may (`string`, a string literal, `any`, `unknown`, a type parameter); `data`: it cannot
 * (an object or class type, an array, a function, `number`, `boolean`), with the declared types of
 * its fields where the declaration lists them; `named`: a type named by reference (`ShellAction`),
 * judged by its declaration in the file (SemanticModel.types), else imported ones are data and
 * others text; `union`: every member's (`A | B`, also `A & B`).
 */
export type DeclaredType =
  | { readonly k: "text" }
  | { readonly k: "data"; readonly fields?: ReadonlyMap<string, DeclaredType> }
  | { readonly k: "named"; readonly name: string; readonly imported: boolean }
  | { readonly k: "union"; readonly of: ReadonlyArray<DeclaredType> }

export interface FunctionInfo {
  readonly name: string
  readonly params: ReadonlyArray<string>
  /** Python: the index of the `*args` parameter, which takes every positional argument from there on (JavaScript's `...rest` and Go's `args ...string` are not marked yet) */
  readonly rest?: number
  /** TypeScript: the declared type of each parameter, where declared (see DeclaredType) */
  readonly paramShapes?: ReadonlyArray<DeclaredType | undefined>
  /** canonical type names of the parameters where declared (`mcp.CallToolRequest`, `fastapi.Request`) */
  readonly paramTypes?: ReadonlyArray<string | undefined>
  /** canonical names of decorators (`langchain_core.tools.tool`, `app.get`), calls without args */
  readonly decorators: ReadonlyArray<string>
  /**
   * For a method, `<Base>.<method>` for each base class of its class, canonical (`crewai.tools.BaseTool._run`):
   * framework models give methods of a framework's base classes their role (a tool's `_run`).
   */
  readonly methodOf?: ReadonlyArray<string>
  /**
   * For a Go method, the names of every method its receiver's type declares in the file: framework
   * models give methods of types implementing a framework interface their role (a langchaingo tool's `Call`).
   */
  readonly typeMethods?: ReadonlyArray<string>
  /**
   * JavaScript / TypeScript: declared at module level with `export` (`export async function POST(req)`,
   * `export const GET = async () => ...`): frameworks that route by the exported name call it
   */
  readonly exported?: true
  /**
   * JavaScript / TypeScript: what the module hands the platform that loads it: the default export
   * (`export default async function (req) {}`) or a function-valued member of a default-exported
   * object (`export default { fetch(request, env) {} }`). Cloudflare Workers, Bun, Deno, Vercel and
   * Netlify functions call it with the incoming request; an ordinary helper is not called that way.
   */
  readonly entry?: true
  /** filled by the framework models after building (flow/roles.ts) */
  role: FunctionRole
  readonly span: Span
  /** the span of the name (for findings about the function itself) */
  readonly nameSpan: Span
  /** statements in source order, nested blocks flattened (flow-insensitive inside a function) */
  readonly body: Array<Statement>
  /** the function this one is nested in (-1: module level), so closures see outer variables */
  readonly parent: number
  /** the docstring / leading comment, for rules that read tool descriptions */
  readonly doc?: string
  /**
   * The function orders two values (`<`, `<=`, `>`, `>=`): a counter or budget check. Loop rules
   * read it on a graph's routers (code-graph matchers); set for skipped functions too.
   */
  compares?: boolean
  /**
   * The operands of each ordering comparison in a modelled function (`depth < MAX`, `len(s) > 4000`):
   * whether one reads the function's parameters or its object's state tells a depth or budget check
   * from a test of what the function just computed (a model's reply).
   */
  orderings?: Array<ReadonlyArray<Expr>>
  /** The class a method is defined in (Python, JS / TS), by name: `self.x` / `this.x` and constructors resolve through it. */
  owner?: string
  /** A Go method with a named receiver: its first parameter is the receiver (`func (s *Store) find(q string)`: params `s`, `q`), the program's own state. */
  readonly receiver?: true
  /** The function calls itself (by its name, `self.name`, `this.name`, `recv.Name`); set on build. */
  recursive?: boolean
  /**
   * The equality comparisons in the function (`doc.owner_id != user.id`, `order.userId === ctx.userId`):
   * rules read which values the function checks against each other (an ownership check), and flow
   * rules judge both operands (a secret compared with request data by `==`, not in constant time).
   */
  equalities?: Array<Equality>
}

/** `left == right` (also `!=`, `===`, `!==`): its operands and where the comparison is written. */
export interface Equality {
  readonly left: Expr
  readonly right: Expr
  readonly span: Span
}

export interface Import {
  /** the local name bound (`sp`, `exec`, `OpenAI`) */
  readonly local: string
  /** what it stands for (`subprocess`, `child_process.exec`, `openai`) */
  readonly canonical: string
  readonly span: Span
}

export interface SemanticModel {
  readonly language: "python" | "go" | "javascript" | "typescript"
  readonly imports: ReadonlyArray<Import>
  readonly functions: ReadonlyArray<FunctionInfo>
  readonly calls: ReadonlyArray<Call>
  readonly loops: ReadonlyArray<Loop>
  /** module-level statements (scripts, constants, configuration objects) */
  readonly module: Array<Statement>
  /** module-level names bound to constants, for constant propagation into functions */
  readonly constants: ReadonlyMap<string, Expr>
  /** the file's classes by name, with their base classes' canonical names (Python: `Settings` -> `pydantic_settings.BaseSettings`) */
  readonly classes?: ReadonlyMap<string, ReadonlyArray<string>>
  /**
   * Go: the fields the file's struct literals of its own types set, by type name
   * (`&Notifier{baseURL: "https://…"}`: `Notifier` -> baseURL), so a method reading `n.baseURL`
   * knows what its receiver's field can hold
   */
  readonly literalFields?: ReadonlyMap<string, ReadonlyArray<LiteralField>>
  /** TypeScript: the interfaces, type aliases, classes and enums the file declares, by name (see DeclaredType) */
  readonly types?: ReadonlyMap<string, DeclaredType>
}

/** One field a struct literal sets, in the function it is written in. */
export interface LiteralField {
  readonly field: string
  readonly value: Expr
  readonly fn: number
  /** where the field is written (reads in `value` see the function's assignments above it) */
  readonly at: number
}
