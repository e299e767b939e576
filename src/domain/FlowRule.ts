import { Schema } from "effect"
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
  description: "an argument: 0-based position, or a keyword / options-object field name"
})

const Keywords = Schema.Union(Schema.String, Schema.Array(Schema.String)).annotations({
  description: "a keyword argument / options field name, or a list of names (any of them)"
})

/** A structural condition on one call. */
export const CallCondition = Schema.Union(
  Schema.Struct({
    keyword: Keywords,
    field: Schema.optional(Schema.String),
    equals: Schema.Union(Schema.String, Schema.Number, Schema.Boolean, Schema.Null)
  }).annotations({
    description: "the keyword argument (or options field) is this literal; with `field`, that key of the dict / object it passes"
  }),
  Schema.Struct({
    keyword: Schema.optional(Keywords),
    arg: Schema.optional(ArgRef),
    field: Schema.optional(Schema.String),
    at_least: Schema.Number,
    below: Schema.optional(Schema.Number)
  }).annotations({
    description: "the keyword argument or argument (or that key of the dict it passes) is a number at least this large (and below `below`)"
  }),
  Schema.Struct({ keyword: Schema.String, absent: Schema.Literal(true) }).annotations({ description: "the keyword argument is not passed" }),
  Schema.Struct({ keyword: Schema.String, present: Schema.Literal(true) }).annotations({ description: "the keyword argument is passed" }),
  Schema.Struct({ keyword: Schema.String, not_literal: Schema.Literal(true) }).annotations({
    description: "the keyword argument is passed and is not a constant"
  }),
  Schema.Struct({ arg: ArgRef, container: Schema.Literal(true) }).annotations({ description: "the argument is a list / array literal (argv)" }),
  Schema.Struct({ arg: ArgRef, literal: Schema.Boolean }).annotations({ description: "the argument is (true) / is not (false) a constant" }),
  Schema.Struct({ arg: ArgRef, absent: Schema.Literal(true) }).annotations({ description: "the argument is not passed" }),
  Schema.Struct({ arg: ArgRef, matches: Schema.String }).annotations({
    description: "the argument is a constant whose value matches the regex"
  }),
  Schema.Struct({ arg: ArgRef, contains: Schema.String }).annotations({
    description: "the argument is a list literal with a constant element matching the regex"
  }),
  Schema.Struct({ args_at_most: Schema.Int }).annotations({ description: "the call passes at most this many arguments" })
)
export type CallCondition = typeof CallCondition.Type

export const FlowSink = Schema.Struct({
  callee: Names,
  args: Schema.optional(Schema.Array(ArgRef)).annotations({ description: "arguments that carry the data (default: all)" }),
  when: Schema.optional(Schema.Array(CallCondition)).annotations({ description: "all must hold for the call to be a sink" }),
  unless: Schema.optional(Schema.Array(CallCondition)).annotations({ description: "the call is not a sink when any holds" }),
  check: Schema.optional(Schema.Literal("value", "host", "sql", "sql_text", "program", "string")).annotations({
    description:
      "value: any untrusted part; host: only a scheme or host that is not a constant prefix (SSRF); sql: a string built from non-constant parts around SQL words, or untrusted text passed whole (model-written SQL); sql_text: only text that visibly is SQL (for sinks with generic names like run or get); program: of an argv list only its first element, the program, counts; string: only string values (not functions)"
  }),
  label: Schema.optional(Schema.String).annotations({ description: "what the sink does, for messages (`runs a shell command`)" })
}).annotations({ parseOptions: strict, identifier: "FlowSink" })
export type FlowSink = typeof FlowSink.Type

export const GuardKindSchema = Schema.Literal("allowlist", "contained", "host_allowlist", "validated")

const Overrides = {
  title: Schema.optional(Schema.String),
  severity: Schema.optional(Severity),
  confidence: Schema.optional(Schema.Number.pipe(Schema.between(0, 1))),
  risk_tier: Schema.optional(RiskTier),
  message: Schema.optional(Schema.String),
  variant: Schema.optional(Schema.String).annotations({ description: "names this matcher's message for `ruleid: id[variant]` annotations" })
}

export const FlowMatcher = Schema.Struct({
  kind: Schema.Literal("flow"),
  target: CodeTarget,
  sinks: Schema.Array(FlowSink).pipe(Schema.minItems(1)),
  sources: Schema.optional(Names).annotations({ description: "extra untrusted sources (callee or attribute names) beyond models/<language>.yaml" }),
  sanitizers: Schema.optional(Names).annotations({ description: "calls whose result is safe for this rule" }),
  guards: Schema.optional(Schema.Array(GuardKindSchema)).annotations({ description: "checks that make a value safe for this rule" }),
  provenance: Schema.optional(Schema.Array(Schema.Literal("untrusted", "unknown", "secret", "config"))).annotations({
    description:
      "which provenances report (default untrusted and unknown): untrusted = vulnerability at the rule's severity; unknown = risk_pattern one severity lower; secret = a credential (for leak rules); config = environment or settings"
  }),
  ...Overrides
}).annotations({ parseOptions: strict, identifier: "FlowMatcher" })
export type FlowMatcher = typeof FlowMatcher.Type

export const CallMatcher = Schema.Struct({
  kind: Schema.Literal("call"),
  target: CodeTarget,
  callee: Names.annotations({ description: "canonical callee names with * globs; [\"*\"] is any call (its `where` keywords are then what a file must mention)" }),
  where: Schema.optional(Schema.Array(CallCondition)).annotations({ description: "all must hold" }),
  unless: Schema.optional(Schema.Array(CallCondition)).annotations({ description: "no finding when any holds" }),
  in_roles: Schema.optional(Schema.Array(Schema.Literal("tool", "mcp_tool", "route", "agent_callback", "task", "plain"))).annotations({
    description: "only calls inside functions with one of these framework roles"
  }),
  ...Overrides
}).annotations({ parseOptions: strict, identifier: "CallMatcher" })
export type CallMatcher = typeof CallMatcher.Type

/** A framework model: where untrusted data, configuration and secrets come from, per language. */
const SourceSpec = Schema.Struct({
  names: Names.annotations({ description: "callee or attribute names whose value is the source" }),
  label: Schema.String.annotations({ description: "how a finding names the source: request data, model output, ..." })
}).annotations({ parseOptions: strict })

const RoleSpec = Schema.Struct({
  role: Schema.Literal("tool", "mcp_tool", "route", "agent_callback", "task"),
  decorators: Schema.optional(Names),
  callbacks: Schema.optional(
    Schema.Array(
      Schema.Struct({ callee: Names, arg: Schema.optional(Schema.Int), field: Schema.optional(Schema.String) }).annotations({ parseOptions: strict })
    )
  ).annotations({ description: "functions passed to these calls (at the position, or as the options field) get the role" }),
  param_types: Schema.optional(Names).annotations({ description: "functions with a parameter of one of these types get the role" })
}).annotations({ parseOptions: strict })

export const FrameworkModel = Schema.Struct({
  language: CodeTarget,
  untrusted: Schema.Array(SourceSpec),
  config: Schema.optional(Names),
  secret_names: Schema.optional(Schema.String).annotations({ description: "regex over configuration keys that hold secrets" }),
  safe: Schema.optional(Names).annotations({ description: "calls whose result carries no data of their arguments (int(), len())" }),
  roles: Schema.optional(Schema.Array(RoleSpec)),
  untrusted_roles: Schema.optional(Schema.Array(Schema.Literal("tool", "mcp_tool", "route", "agent_callback", "task"))).annotations({
    description: "parameters of functions with these roles are untrusted"
  })
}).annotations({ parseOptions: strict, identifier: "FrameworkModel" })
export type FrameworkModel = typeof FrameworkModel.Type

/**
 * A graph built in code (LangGraph `add_edge` / `addEdge`, CrewAI task `context`): every call that
 * adds an edge is read from the model, the edges of one function form one graph, and its cycles are
 * checked. `from` / `to` name the arguments that hold the node names (string constants, or the
 * end constants in `end`); a conditional edge names its `router` (a function) and the `routes`
 * argument (a path map: dict / object values or list elements are the targets). A router that is
 * a same-file function and orders values (`count >= MAX`) counts its passes: its cycle is bounded.
 */
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

export const CodeGraphBound = Schema.Struct({
  callee: Names,
  keyword: Keywords.annotations({ description: "passed as a keyword / options field, or as a key of a dict / object argument (also through a variable or a config call)" })
}).annotations({ parseOptions: strict, identifier: "CodeGraphBound" })
export type CodeGraphBound = typeof CodeGraphBound.Type

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
