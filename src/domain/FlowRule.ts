import { Schema } from "effect"
import { MatcherOverrides } from "./MatcherOverrides.js"
import { RiskTier, Severity } from "./Vocabulary.js"

/**
 * Rules over the semantic model (see src/engine/model/Model.ts): `flow` rules declare where data
 * must not go (sinks), what makes it safe (sanitizers, guards) and, beyond the shared framework
 * models in models/<language>.yaml, where it comes from; `call` rules are structural checks of a
 * call (a keyword set to a bad value, a missing argument). Names are canonical dotted names with
 * `*` globs: `subprocess.run`, `*.execute`, `openai.*.chat.completions.create`.
 */

const strict = { onExcessProperty: "error" } as const

export const CodeTarget = Schema.Literal("python", "go", "javascript", "typescript")

const Names = Schema.Array(Schema.String).annotations({ description: "canonical callee names with * globs" })
const ArgRef = Schema.Union(Schema.Int, Schema.String).annotations({
  description: "an argument: 0-based position, or a keyword / options-object field name; @receiver: the object a method is called on"
})

const Keywords = Schema.Union(Schema.String, Schema.Array(Schema.String)).annotations({
  description: "a keyword argument / options field name, or a list of names (any of them)"
})

/** A structural condition on one call. */
export const CallCondition = Schema.Union(
  Schema.Struct({
    keyword: Schema.optional(Keywords),
    arg: Schema.optional(ArgRef),
    field: Schema.optional(Schema.String),
    equals: Schema.Union(Schema.String, Schema.Number, Schema.Boolean, Schema.Null)
  }).annotations({
    description: "the keyword argument (or options field, or the argument `arg`; both given: the keyword when passed, else the argument) is this literal; with `field`, that key (a dotted path) of the dict / object it passes"
  }),
  Schema.Struct({
    keyword: Schema.optional(Keywords),
    arg: Schema.optional(ArgRef),
    field: Schema.optional(Schema.String),
    at_least: Schema.Number,
    below: Schema.optional(Schema.Number)
  }).annotations({
    description: "the keyword argument or argument (both given: the keyword when passed, else the argument; or that key of the dict it passes) is a number at least this large (and below `below`)"
  }),
  Schema.Struct({ keyword: Keywords, arg: Schema.optional(ArgRef), field: Schema.optional(Schema.String), absent: Schema.Literal(true) }).annotations({
    description: "none of the keyword arguments is passed (with `field`: the keyword passes no dict / object with that key, a dotted path); with `arg`, a setting passed by keyword or at that position: the keyword when passed, else the argument"
  }),
  Schema.Struct({ keyword: Keywords, arg: Schema.optional(ArgRef), field: Schema.optional(Schema.String), present: Schema.Literal(true) }).annotations({
    description: "one of the keyword arguments is passed (with `field`: and its dict / object has that key); with `arg`, a setting passed by keyword or at that position: the keyword when passed, else the argument"
  }),
  Schema.Struct({ keyword: Keywords, tagged: Schema.String }).annotations({
    description:
      "one of the keyword arguments passes a dict / object, or a list of them (through variables, up to three levels deep), with an entry whose key matches the regex and whose value is not a constant: records stored tagged by who owns them (`metadata={\"workspace_id\": who.workspace_id}`)"
  }),
  Schema.Struct({ keyword: Keywords, arg: Schema.optional(ArgRef), field: Schema.optional(Schema.String), not_literal: Schema.Literal(true) }).annotations({
    description: "one of the keyword arguments is passed and is not a constant (with `field`: that key of it); with `arg`, a setting passed by keyword or at that position: the keyword when passed, else the argument"
  }),
  Schema.Struct({ arg: ArgRef, container: Schema.Literal(true) }).annotations({ description: "the argument is a list / array literal (argv)" }),
  Schema.Struct({ arg: ArgRef, field: Schema.optional(Schema.String), literal: Schema.Boolean }).annotations({
    description: "the argument (with `field`: that key of the dict / object it passes, which must be there) is (true) / is not (false) a constant"
  }),
  Schema.Struct({ arg: ArgRef, absent: Schema.Literal(true) }).annotations({ description: "the argument is not passed" }),
  Schema.Struct({ arg: ArgRef, field: Schema.optional(Schema.String), element: Schema.optional(Schema.Int), matches: Schema.String }).annotations({
    description:
      "the argument is a constant (a literal, a module-level constant, or a local variable assigned only a constant) whose value matches the regex (numbers and booleans as written in JSON), or a name whose canonical dotted name does (`yaml.SafeLoader`); with `field`, that key of the dict / object it passes (a dotted path, `*` any key: `*.command`); with `element`, that element of the list"
  }),
  Schema.Struct({ arg: Schema.optional(ArgRef), keyword: Schema.optional(Keywords), is: Names }).annotations({
    description: "the argument (or any of these keyword arguments; both given: the keyword when passed, else the argument) is a reference to, or a call of, one of these canonical names, as a whole (`dict(os.environ)`, `JSON.stringify(process.env)`, `k=len(docs)`)"
  }),
  Schema.Struct({ arg: ArgRef, redos: Schema.Literal(true) }).annotations({
    description: "the argument is a constant regex (resolved like `matches`) with a quantified group that itself contains a quantifier (`(a+)+`, `(\\w+\\s?)*`): catastrophic backtracking"
  }),
  Schema.Struct({ result_named: Schema.Array(Schema.String) }).annotations({
    description:
      "the call's result (through variables, string building, conversions and containers of its function) is assigned to a variable or field, stored under a key, passed as a keyword, or returned by a function, whose name has one of these snake_case word sequences as consecutive word parts (`api_key` matches `NewAPIKey`, `api_key`, `apiKey`)"
  }),
  Schema.Struct({ doc: Schema.String }).annotations({
    description: "a function this call registers (decorates, or receives as a callback) has a docstring / doc comment matching the regex"
  }),
  Schema.Struct({ arg: ArgRef, field: Schema.optional(Schema.String), contains: Schema.String }).annotations({
    description:
      "the argument (`\"*\"`: any argument) is a list with a constant element matching the regex (a call element reads as `callee(first constant argument)`: `os.path.expanduser(~)`); with `field`, the list at that key of the dict / object it passes"
  }),
  Schema.Struct({ arg: ArgRef, field: Schema.optional(Schema.String), includes: Names }).annotations({
    description:
      "the argument (or the list at `field`) is a list with an element that is a call to, or a reference to, one of these names, or a same-file tool whose body calls one (a function, or a variable holding a call that registers one)"
  }),
  Schema.Struct({ args_at_most: Schema.Int }).annotations({ description: "the call passes at most this many arguments" }),
  Schema.Struct({
    in_loop: Schema.Literal("endless"),
    interactive: Schema.optional(Names).annotations({
      description: "calls that read user input or wait for a message (input, readline, a websocket receive, a queue get): a loop making one each lap is a REPL, not a runaway loop; a Go channel receive (`<-ch`) counts too"
    })
  }).annotations({
    description:
      "the call sits in a loop that is endless by construction (`while True`, `for {}`, `for (;;)`, `for i in itertools.count()`) and that nothing in it bounds: no ordering comparison in an `if` that leaves the loop (a counter, a deadline), no context cancellation (`ctx.Done()`, `ctx.Err()`, `signal.aborted`)"
  }),
  Schema.Struct({ sets: Schema.Array(Schema.String) }).annotations({
    description:
      "some argument sets one of these names: a keyword argument or options field, a key of a dict / object / struct literal passed, or a call whose last segment it is (Go functional options `llms.WithMaxTokens(512)`)"
  }),
  Schema.Struct({ in_recursion: Schema.Literal(true) }).annotations({
    description: "the call sits in a function that calls itself (by name, self.name, this.name) and orders no values (no depth check)"
  })
)
export type CallCondition = typeof CallCondition.Type

const Role = Schema.Literal("tool", "mcp_tool", "mcp_resource", "route", "agent_callback", "task", "graph_node", "event_handler", "plain")

export const FlowSink = Schema.Struct({
  callee: Schema.optional(Names).annotations({ description: "calls that are sinks (a sink names `callee`, `assign`, `returns` or `compares`)" }),
  assign: Schema.optional(Names).annotations({
    description:
      "assignments that are sinks: the target as a dotted name with * globs (`*.innerHTML`: a property of any object); a JSX attribute is an assignment to `<tag>.<attribute>` (`*.dangerouslySetInnerHTML`)"
  }),
  returns: Schema.optional(Schema.Literal(true)).annotations({
    description:
      "instead of a call: the value the function returns (its return statements) is the sink, for functions with one of `roles`; the function's own parameters are not sources here (its caller, usually the model, wrote them)"
  }),
  compares: Schema.optional(Schema.Literal("secret")).annotations({
    description:
      "instead of a call: the operands of an equality comparison (`==`, `!=`, `===`, `!==`) in a function; when one operand is a secret (a secret from the environment, or a settings attribute or constant named by `secret_names`), the other is judged (a credential checked by `==` rather than in constant time)"
  }),
  secret_names: Schema.optional(Schema.String).annotations({
    description:
      "with compares: a regex over the name an operand is read by (a variable, attribute, constant or constant key: `settings.webhook_secret`, `EXPECTED_TOKEN`); such an operand is a secret when it is configuration, of unknown origin, or a constant that looks like a credential (eight characters or more, no spaces)"
  }),
  mentions: Schema.optional(Schema.Array(Schema.String)).annotations({
    description: "with compares: words a function must mention to be modelled for this sink (the prefilter)"
  }),
  roles: Schema.optional(Schema.Array(Role)).annotations({ description: "with returns: the framework roles of the functions whose return values are judged" }),
  labels: Schema.optional(Schema.Array(Schema.String)).annotations({
    description: "with returns: only sources with these labels in models/<language>.yaml count (`file contents`, `an HTTP response`); a rule's own `sources` are labelled `untrusted data`"
  }),
  args: Schema.optional(Schema.Array(ArgRef)).annotations({ description: "arguments that carry the data (default: all)" }),
  not_callee: Schema.optional(Names).annotations({
    description:
      "calls that match `callee` but are not this sink: the same method name on an object another library made, or a function of another module, by the call's canonical name (`llamaindex.**.*`: anything built from the llamaindex module, so a query engine's `query(question)` is no SQL; `syscall.Exec` is no database's `*.Exec`)"
  }),
  bound: Schema.optional(Schema.Array(ArgRef)).annotations({
    description:
      "with check sql / sql_text: arguments that carry bound query parameters (`cursor.execute(query, params)`); when the call passes one (not None and not empty), the statement is a parameterised query, so text of unknown origin or from configuration in it does not count (it is structure: table names, placeholder lists, clauses); untrusted text still does"
  }),
  when: Schema.optional(Schema.Array(CallCondition)).annotations({ description: "all must hold for the call to be a sink" }),
  unless: Schema.optional(Schema.Array(CallCondition)).annotations({ description: "the call is not a sink when any holds" }),
  check: Schema.optional(Schema.Literal("value", "host", "sql", "sql_text", "program", "inline_code", "string", "system_message", "prompt_text", "unlabelled", "html_text")).annotations({
    description:
      "html_text: only text whose constant parts hold an HTML tag (`res.send(`<div>${answer}</div>`)`: a page built around the value, where a generic send takes text or data); unlabelled: only values whose constant parts do not mark them as data (a delimiter tag `<document>`, a fence, or words such as `untrusted`); value: any untrusted part; host: only a scheme or host that is not a constant prefix (SSRF); sql: a string built from non-constant parts around SQL words, or untrusted text passed whole (model-written SQL); sql_text: only text that visibly is SQL (for sinks with generic names like run or get); program: of an argv list only its first element, the program, counts; inline_code: of an argv list only the element after an inline-code flag (`-c`, `-e`, `--eval`, `-p`, `-r`, `-Command`, `/c`) counts, and a list that holds its program must start with a shell or an interpreter (`[\"python3\", \"-c\", code]`); string: only string values, not functions (a value of unknown origin counts only when built from string parts or held by a parameter declared `string`: `setTimeout(done, ms)` is a callback); system_message: only the content of system / developer messages in the arguments (records whose role is system, (\"system\", text) pairs, followed through variables and appends; or the rest of a call whose first argument is a system role); prompt_text: only text whose constant parts instruct a model (\"You are a ... assistant\")"
  }),
  matches: Schema.optional(Schema.String).annotations({
    description:
      "a rule about what text says: only values whose constant text (literal, f-string / template parts) matches the regex are reported, whatever their provenance, at the matcher's tier and confidence"
  }),
  scope_fields: Schema.optional(Schema.String).annotations({
    description:
      "a regex over record keys: when the argument is a record (a dict / object literal, also built by a helper or field by field) with keys that match, only those fields are judged (`filter={\"org_id\": principal.org_id, \"department\": body.department}` is scoped by its org_id; the department is an ordinary filter the caller may choose)"
  }),
  label: Schema.optional(Schema.String).annotations({ description: "what the sink does, for messages (`runs a shell command`)" })
}).annotations({ parseOptions: strict, identifier: "FlowSink" })
export type FlowSink = typeof FlowSink.Type

export const GuardKindSchema = Schema.Literal("allowlist", "contained", "host_allowlist", "validated", "capped")

const Overrides = MatcherOverrides

export const FlowMatcher = Schema.Struct({
  kind: Schema.Literal("flow"),
  target: CodeTarget,
  sinks: Schema.Array(FlowSink).pipe(Schema.minItems(1)),
  sources: Schema.optional(Names).annotations({ description: "extra untrusted sources (callee or attribute names) beyond models/<language>.yaml" }),
  sanitizers: Schema.optional(Names).annotations({ description: "calls whose result is safe for this rule" }),
  guards: Schema.optional(Schema.Array(GuardKindSchema)).annotations({ description: "checks that make a value safe for this rule" }),
  keeps: Schema.optional(Names).annotations({
    description: "calls the framework models count as safe whose result still carries the data for this rule (`strconv.Atoi` for a size or a count)"
  }),
  untrusted_labels: Schema.optional(
    Schema.Struct({
      only: Schema.optional(Schema.Array(Schema.String)),
      except: Schema.optional(Schema.Array(Schema.String))
    }).annotations({ parseOptions: strict })
  ).annotations({
    description:
      "untrusted data reports only when its source's label (models/<language>.yaml: `model output`, `request data`, ...) is in `only` and not in `except`: one sink kind split between rules by who wrote the value (a redirect to model output is output_validation, to request data unvalidated_redirect)"
  }),
  provenance: Schema.optional(Schema.Array(Schema.Literal("untrusted", "unknown", "secret", "config", "constant"))).annotations({
    description:
      "which provenances report (default untrusted and unknown): untrusted = vulnerability at the rule's severity; unknown = risk_pattern one severity lower; secret = a credential (for leak rules); config = environment or settings; constant = constant text, with check: prompt_text only (a prompt written to a log or a response), risk_pattern one severity lower"
  }),
  approved_by: Schema.optional(
    Schema.Struct({
      registered: Schema.optional(Schema.Array(CallCondition)).annotations({
        description: "the decorator or the call that registers the function holding the sink (or the tool around it) has one of these (`needs_approval=True`, `needsApproval: true`)"
      }),
      interrupts: Schema.optional(Schema.Array(Schema.String)).annotations({
        description:
          "keyword names (`interrupt_before`, `interrupt_on`): the function is a graph node or a tool whose name a call of the file lists, as a constant, in one of them (or `*`; a dict lists its keys whose value is not `False`)"
      }),
      calls: Schema.optional(Names).annotations({
        description: "the function holding the sink (or the tool / node around it) calls one of these before the sink (`langgraph.types.interrupt`)"
      }),
      variant: MatcherOverrides.variant.annotations({ description: "the message variant of a finding the approval lowered (`ruleid: <id>[<variant>]`)" })
    }).annotations({ parseOptions: strict })
  ).annotations({
    description:
      "a person approves each run of the function holding the sink before it runs: a proven flow is reported as a risk_pattern one severity lower, anything weaker not at all"
  }),
  ...Overrides
}).annotations({ parseOptions: strict, identifier: "FlowMatcher" })
export type FlowMatcher = typeof FlowMatcher.Type

const FileCall = Schema.Union(
  Schema.Struct({
    callee: Names.annotations({ description: "a call of one of these, or a function of one of these names passed by reference (`app.use(authenticate)`: the framework calls it)" }),
    where: Schema.optional(Schema.Array(CallCondition)).annotations({ description: "all must hold" }),
    other: Schema.optional(Schema.Literal(true)).annotations({
      description: "call matchers: a call other than the one reported (a second agent that also delegates)"
    })
  }).annotations({ parseOptions: strict }),
  Schema.Struct({
    checks: Schema.Literal("request_credential", "project_middleware").annotations({
      description:
        "request_credential: a request handler or middleware of the file checks the caller's credential: compares the request's Authorization header, API key or token, or passes it to a call (a verifier). project_middleware (unless_guarded only): a middleware imported from the project's own JavaScript modules (a relative or aliased path) stands in the route's registration or wraps it; what it does is in another file"
    })
  }).annotations({ parseOptions: strict })
)
export type FileCall = typeof FileCall.Type

export const CallMatcher = Schema.Struct({
  kind: Schema.Literal("call"),
  target: CodeTarget,
  callee: Names.annotations({ description: "canonical callee names with * globs; [\"*\"] is any call (its `where` keywords are then what a file must mention)" }),
  where: Schema.optional(Schema.Array(CallCondition)).annotations({ description: "all must hold" }),
  unless: Schema.optional(Schema.Array(CallCondition)).annotations({ description: "no finding when any holds" }),
  in_roles: Schema.optional(Schema.Array(Schema.Literal("tool", "mcp_tool", "mcp_resource", "route", "agent_callback", "task", "graph_node", "event_handler", "plain"))).annotations({
    description: "only calls inside functions with one of these framework roles, or inside a function of the file one of those calls by name (a helper doing the tool's work)"
  }),
  if_file: Schema.optional(Schema.Array(FileCall)).annotations({
    description: "only when the file makes one of these calls anywhere (a read-only connection)"
  }),
  unless_file: Schema.optional(Schema.Array(FileCall)).annotations({
    description: "no finding when the file makes one of these calls anywhere"
  }),
  assigns: Schema.optional(Schema.Literal(true)).annotations({
    description: "check assignments instead of calls: `callee` names the target (`process.env.NODE_TLS_REJECT_UNAUTHORIZED`, `*.verify`; `*` any name) and the assigned value is argument 0"
  }),
  mentions: Schema.optional(Schema.Array(Schema.String)).annotations({
    description: "with callee [\"*\"]: words a file must contain for the matcher to apply (prefilter), beyond the keywords of `where`"
  }),
  through_helpers: Schema.optional(Schema.Literal(true)).annotations({
    description:
      "a call of a function of the file (`_generate(...)`, `self._ask(...)`) that makes one of `callee` (itself or through its own helpers, three deep) matches too, at that call: for conditions about where a call sits (`in_loop`, `in_recursion`), not about its arguments"
  }),
  ...Overrides
}).annotations({ parseOptions: strict, identifier: "CallMatcher" })
export type CallMatcher = typeof CallMatcher.Type

/** One kind of edge call of a graph built in code (`add_edge("a", "b")`): see CodeGraphMatcher. */
export const CodeGraphEdge = Schema.Struct({
  callee: Names,
  from: ArgRef.annotations({
    description: "the argument holding the source node; `@owner`: the variable the call's result is assigned to, or the function returning it (CrewAI `Task(context=...)`); `@caller`: the function making the call (a tool that runs an agent)"
  }),
  to: Schema.optional(ArgRef).annotations({
    description: "the argument holding the target node (unconditional edge); a list of nodes is several edges; names and calls (`self.review_task()`) name nodes; `@receiver`: the object the method is called on"
  }),
  field: Schema.optional(Schema.String).annotations({
    description: "with `@owner`: `x.<field> = [...]` and `x.<field>.append(y)` add edges from x too (`task.context = [other]`)"
  }),
  router: Schema.optional(ArgRef).annotations({ description: "the argument holding the router function (conditional edge)" }),
  routes: Schema.optional(ArgRef).annotations({ description: "the argument holding the path map (dict / object values, list elements); absent: the router's own string returns, or any node" })
}).annotations({ parseOptions: strict, identifier: "CodeGraphEdge" })
export type CodeGraphEdge = typeof CodeGraphEdge.Type

/**
 * A check of a whole function with a framework role, by what its body does (never by its name):
 * a tool whose body (or a same-file helper it calls) calls one of `calls` is reported at that call,
 * unless an approval step or an authorization check is there.
 */
export const FunctionMatcher = Schema.Struct({
  kind: Schema.Literal("function"),
  target: CodeTarget,
  roles: Schema.Array(Role).pipe(Schema.minItems(1)).annotations({ description: "framework roles of the functions checked" }),
  calls: Names.annotations({ description: "the body (or a same-file helper it calls) calls any of these: the effect reported" }),
  from_params: Schema.optional(Schema.Boolean).annotations({
    description: "the effect call must receive a value derived from the function's parameters (an id the model chose); guards in `guards` clear it"
  }),
  call_where: Schema.optional(Schema.Array(CallCondition)).annotations({
    description:
      "the effect call must also satisfy all of these (as a call matcher's `where`): an effect recognised by its arguments, not its receiver (`{ keyword: where, present: true }`: an ORM lookup `x.order.findUnique({ where })` on a client imported from another module)"
  }),
  statement_matches: Schema.optional(Schema.String).annotations({
    description: "regex: the effect call's first argument is a constant (a literal or a module constant) matching it, e.g. a DELETE / UPDATE statement given to a generic query call"
  }),
  guards: Schema.optional(Schema.Array(GuardKindSchema)).annotations({ description: "with from_params: checks of the parameter that count as an ownership / validity check" }),
  program: Schema.optional(Schema.Boolean).annotations({
    description: "with from_params: only the program counts (the first positional argument, or the first element of an argv list), not its arguments"
  }),
  fixed_program: Schema.optional(
    Schema.Struct({
      severity: Severity,
      confidence: Schema.optional(Schema.Number.pipe(Schema.between(0, 1))),
      risk_tier: Schema.optional(RiskTier),
      except: Schema.optional(Schema.Array(Schema.String)).annotations({
        description: "programs that keep the matcher's severity: destructive ones, interpreters and wrappers that run another program (`sudo`, `env`, `python3`)"
      }),
      read_only: Schema.optional(Schema.Record({ key: Schema.String, value: Schema.Array(Schema.String) })).annotations({
        description:
          "programs of `except` whose subcommands listed here only read (`git: [log, show, diff]`): run with one of them written as the first argument (every list a helper of the file may return starting with one), the program counts as fixed"
      }),
      value_options: Schema.optional(Schema.Record({ key: Schema.String, value: Schema.Array(Schema.String) })).annotations({
        description:
          "with read_only: the program's options before the subcommand that take the next argument as their value (`git: [-C, -c]`, as in `git -C <dir> log`); other leading arguments starting with `-` are flags on their own (`--no-pager`)"
      }),
      quoting: Schema.optional(Names).annotations({
        description:
          "calls that quote a value as one shell word (`shlex.quote`): a command string run by a shell whose every program is constant text and whose data all went through one of them counts as a fixed program too"
      })
    }).annotations({ parseOptions: strict })
  ).annotations({
    description:
      "with from_params: when the effect runs a constant program with an argument list and no shell (no shell=True / { shell: true }, the program not a shell), so the model chooses only its arguments, the finding takes this severity (and confidence, tier)"
  }),
  grows: Schema.optional(
    Schema.Struct({
      append: Names.annotations({ description: "calls that add to a collection (`*.append`, `*.push`, Go `append`)" }),
      trim: Schema.optional(Names).annotations({ description: "calls on the same collection that bound it (`*.pop`, `*.shift`)" }),
      bounded: Schema.optional(
        Schema.Array(
          Schema.Struct({
            callee: Names,
            keyword: Schema.String,
            arg: Schema.optional(Schema.Number)
          }).annotations({ parseOptions: strict })
        )
      ).annotations({
        description:
          "calls that make a collection of fixed capacity when given this keyword (or positional argument) other than None / null (`collections.deque` with `maxlen`): a collection assigned one anywhere in the file drops its oldest items and is not reported"
      }),
      paced_by: Schema.optional(Names).annotations({
        description:
          "calls that wait for a person's next turn (`input`, a readline, a websocket receive): a local history sent from a loop around one, or from an endless loop nothing bounds, grows for as long as the session lasts and is reported at the matcher's severity; from any other loop it is rated MEDIUM"
      })
    }).annotations({ parseOptions: strict })
  ).annotations({
    description:
      "instead of any effect call: a collection that outlives the call (module-level, a field of self/this/a receiver, or an entry of a module-level map) is appended to and passed whole to one of `calls`"
  }),
  context_types: Schema.optional(Names).annotations({
    description: "with from_params: parameters of these types are the framework's caller context, not values the model chose (Go's context.Context always is)"
  }),
  unless_calls: Schema.optional(Names).annotations({ description: "no finding when the body (or a helper) calls any: an approval step, an authorization check" }),
  except_calls: Schema.optional(Names).annotations({
    description: "calls that match `calls` but are not the effect (a chat model's own invoke among `*.invoke`, where `calls` means an agent's or a chain's run)"
  }),
  unless_param_types: Schema.optional(Names).annotations({ description: "no finding when a parameter has one of these types (caller context passed out of band)" }),
  unless_caller: Schema.optional(
    Schema.Struct({
      names: Schema.optional(Names).annotations({ description: "canonical names that read the caller's identity (`flask_login.current_user`, `*.request.user`, `*.authInfo`, `context.Context.Value`)" }),
      types: Schema.optional(Names).annotations({ description: "parameter types that carry the caller's identity (`agents.RunContextWrapper`)" })
    }).annotations({ parseOptions: strict })
  ).annotations({
    description:
      "no finding when the function (or a helper) checks or scopes by the caller's identity: compares a value with it (`doc.owner_id != user.id`) or passes it to a call (a query filtered by owner, an authorization helper), directly or through a variable"
  }),
  unless_registered: Schema.optional(Schema.Array(CallCondition)).annotations({
    description: "no finding when the decorator or the call that registers the function has any of these (`needs_approval=True`, `needsApproval: true`)"
  }),
  unless_decorated: Schema.optional(Names).annotations({
    description: "no finding when the function itself has one of these decorators (canonical names: `slowapi.Limiter().limit` for `@limiter.limit(...)` of a `Limiter()` instance), a per-function setting that `unless_file` would apply to every function of the file"
  }),
  unless_guarded: Schema.optional(Schema.Array(FileCall)).annotations({
    description:
      "routes: no finding when what stands in front of this route meets one of these (its body and helpers, its decorators and parameter defaults, the middleware and wrappers of the call registering it, its router group's middleware); `unless_file` then sees only what is not attached to particular routes"
  }),
  unless_upstream: Schema.optional(Schema.Array(CodeGraphEdge)).annotations({
    description:
      "graph nodes: `unless_calls` also holds when a node that runs before this one (by these edge calls, as a code-graph matcher reads them: `add_edge(\"review\", \"pay\")`) makes one (a review node that calls `interrupt(...)`)"
  }),
  unless_file: Schema.optional(Schema.Array(FileCall)).annotations({
    description: "no finding when the file makes one of these calls anywhere (`compile(interrupt_before=[...])`, `HumanApprovalCallbackHandler()`)"
  }),
  ...Overrides
}).annotations({ parseOptions: strict, identifier: "FunctionMatcher" })
export type FunctionMatcher = typeof FunctionMatcher.Type

/** A framework model: where untrusted data, configuration and secrets come from, per language. */
const SourceSpec = Schema.Struct({
  names: Names.annotations({ description: "callee or attribute names whose value is the source" }),
  label: Schema.String.annotations({ description: "how a finding names the source: request data, model output, ..." })
}).annotations({ parseOptions: strict })

const RoleSpec = Schema.Struct({
  role: Schema.Literal("tool", "mcp_tool", "mcp_resource", "route", "agent_callback", "task", "graph_node", "event_handler"),
  decorators: Schema.optional(Names),
  callbacks: Schema.optional(
    Schema.Array(
      Schema.Struct({ callee: Names, arg: Schema.optional(Schema.Int), field: Schema.optional(Schema.String) }).annotations({ parseOptions: strict })
    )
  ).annotations({ description: "functions passed to these calls (at the position, or as the options field) get the role" }),
  param_types: Schema.optional(Names).annotations({ description: "functions with a parameter of one of these types get the role" }),
  entry_param_types: Schema.optional(Names).annotations({
    description:
      "JavaScript / TypeScript: like param_types, but only for what a module hands the platform that loads it: its default export or a function member of a default-exported object (`export default { fetch(request: Request) {} }` in Cloudflare Workers, Bun, Deno; Vercel and Netlify functions). For types client code passes around as well (the Fetch API's `Request`): a helper `send(req: Request)` stays plain and its parameters come from its callers"
  }),
  exports: Schema.optional(Schema.Array(Schema.String)).annotations({
    description:
      "JavaScript / TypeScript: functions a module exports under one of these names get the role (frameworks that route by the exported name: Next.js App Router, SvelteKit and Astro endpoints, `export async function POST(req)`)"
  }),
  signatures: Schema.optional(Schema.Array(Schema.Array(Schema.String).pipe(Schema.minItems(1)))).annotations({
    description:
      "module-level functions (not methods, not nested) whose parameters are named exactly as one of these lists, in order, get the role: a platform that calls a function it is configured with by name, with a fixed signature (an AWS Lambda handler `def handler(event, context)`)"
  }),
  methods: Schema.optional(Names).annotations({ description: "methods of classes deriving from a framework base class get the role: `<Base>.<method>` (`crewai.tools.BaseTool._run`)" }),
  declared_by: Schema.optional(
    Schema.Struct({
      name: Schema.String.annotations({ description: "the key holding the declared function's name (`name`)" }),
      with: Schema.Array(Schema.String).pipe(Schema.minItems(1)).annotations({ description: "keys of which one sits beside it: the declaration's argument schema (`input_schema`, `parameters`)" })
    }).annotations({ parseOptions: strict })
  ).annotations({
    description:
      "functions declared to a model as data get the role: a dict / object literal anywhere in the file (a module constant, a variable, a call's argument) with the function's name under `name` and one of `with` beside it (`{\"name\": \"fetch_page\", \"input_schema\": {...}}`, OpenAI's `{\"function\": {\"name\": ..., \"parameters\": ...}}`) names a function of the file, or a dispatch table's entry under that name (`{\"fetch_page\": fetch_page}`, a lambda there): the application runs it with the arguments the model wrote for the declared tool"
  }),
  answers: Schema.optional(Names).annotations({
    description:
      "functions (not methods) that return a call of one of these names and read their first parameter as the request (one of `request_attributes` of it, or pass it on first to one of these calls) get the role: a Django view, `def show(request): ... return HttpResponse(...)`, answers the request it is given"
  }),
  request_attributes: Schema.optional(Schema.Array(Schema.String)).annotations({
    description: "with answers: the attributes and methods of a request object (`GET`, `POST`, `headers`, `get_full_path`): reading one of them from the first parameter marks it as the request"
  }),
  implements: Schema.optional(
    Schema.Array(
      Schema.Struct({
        has: Schema.Array(Schema.String).pipe(Schema.minItems(1)).annotations({ description: "method names the type declares (all of them)" }),
        methods: Schema.Array(Schema.String).pipe(Schema.minItems(1)).annotations({ description: "its methods that get the role" })
      }).annotations({ parseOptions: strict })
    )
  ).annotations({
    description:
      "Go: a type of the file that declares every method in `has` implements a framework interface (langchaingo's tools.Tool: Name, Description, Call), and its methods named in `methods` get the role"
  })
}).annotations({ parseOptions: strict })

export const FrameworkModel = Schema.Struct({
  language: CodeTarget,
  untrusted: Schema.Array(SourceSpec),
  config: Schema.optional(Names),
  secret_names: Schema.optional(Schema.String).annotations({ description: "regex over configuration keys that hold secrets" }),
  safe: Schema.optional(Names).annotations({ description: "calls whose result carries no data of their arguments (int(), len()), and names that hold none (the program's own location: __file__, __dirname)" }),
  parsers: Schema.optional(Names).annotations({
    description: "calls that parse text into a record or a list (JSON.parse, json.loads): passed whole to an SQL sink, their result is no SQL text (a field read from it is text again)"
  }),
  context_types: Schema.optional(Names).annotations({
    description:
      "types of a tool's run context, which the framework passes beside the model's arguments (PydanticAI `RunContext`, the OpenAI Agents SDK's `RunContextWrapper`): the application's dependencies and state, not data the model chose (Go's context.Context always is one)"
  }),
  credential_holders: Schema.optional(Names).annotations({
    description:
      "values that carry credentials when read whole: an HTTP request's headers (`flask.request.headers`, an outgoing `httpx.Request().headers` a hook receives); logged or sent whole they are a secret, while a field read from them (`headers.get(\"User-Agent\")`) is judged by its own name. Request data read whole under the name `headers` (Express `req.headers`) always is one"
  }),
  api_clients: Schema.optional(Names).annotations({
    description:
      "calls on a client of one service's API whose host the library or the program fixes (`github.com/google/go-github/*.Client.*.*`: an SDK's client of its vendor's API): what one returns is the service's answer, which the arguments only select (an owner, a repository, a job id), not the arguments' data; it is of unknown origin unless a source names the call (`untrusted`, a rule's `sources`)"
  }),
  roles: Schema.optional(Schema.Array(RoleSpec)),
  not_decorators: Schema.optional(Names).annotations({
    description: "decorators that never give a role, though a role's pattern matches them (`unittest.mock.patch` is not an HTTP PATCH route)"
  }),
  untrusted_roles: Schema.optional(Schema.Array(Schema.Literal("tool", "mcp_tool", "mcp_resource", "route", "agent_callback", "task", "graph_node", "event_handler"))).annotations({
    description: "parameters of functions with these roles are untrusted"
  })
}).annotations({ parseOptions: strict, identifier: "FrameworkModel" })
export type FrameworkModel = typeof FrameworkModel.Type

export const CodeGraphBound = Schema.Struct({
  callee: Names,
  keyword: Keywords.annotations({ description: "passed as a keyword / options field, or as a key of a dict / object argument (also through a variable or a config call)" })
}).annotations({ parseOptions: strict, identifier: "CodeGraphBound" })
export type CodeGraphBound = typeof CodeGraphBound.Type

/**
 * A graph built in code (LangGraph `add_edge` / `addEdge`, CrewAI task `context`): every call that
 * adds an edge is read from the model, the edges of one function form one graph, and its cycles are
 * checked. `from` / `to` name the arguments that hold the node names (string constants, or the
 * end constants in `end`); a conditional edge names its `router` (a function) and the `routes`
 * argument (a path map: dict / object values or list elements are the targets). A router that is
 * a same-file function and orders values (`count >= MAX`) counts its passes: its cycle is bounded.
 */
export const CodeGraphMatcher = Schema.Struct({
  kind: Schema.Literal("code-graph"),
  target: CodeTarget,
  edges: Schema.Array(CodeGraphEdge).pipe(Schema.minItems(1)),
  end: Schema.optional(Names).annotations({ description: "canonical names (or string values) of the end node: edges to it leave the graph" }),
  routers: Schema.optional(Schema.Array(Schema.Struct({ callee: Names, targets: Schema.Array(Schema.String) }).annotations({ parseOptions: strict }))).annotations({
    description: "library routers and where they can go (`langgraph.prebuilt.tools_condition` -> tools, END)"
  }),
  cycle: Schema.Literal("unconditional", "routed", "calls").annotations({
    description: "unconditional: a cycle of plain edges none of whose nodes has a conditional exit; routed: a cycle through a conditional edge whose router does not count its passes; calls: any cycle none of whose `@caller` functions orders values (a depth or budget check)"
  }),
  bounds: Schema.optional(Schema.Array(CodeGraphBound)).annotations({ description: "calls in the file that bound every run (a recursion limit): no finding" }),
  ...Overrides
}).annotations({ parseOptions: strict, identifier: "CodeGraphMatcher" })
export type CodeGraphMatcher = typeof CodeGraphMatcher.Type
