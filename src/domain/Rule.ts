import { Schema } from "effect"
import { CallMatcher, CodeGraphMatcher, FlowMatcher, FunctionMatcher } from "./FlowRule.js"
import { MatcherOverrides } from "./MatcherOverrides.js"
import { Category, RiskTier, Severity, Target } from "./Vocabulary.js"

/**
 * The rule file format (rules/<id>/rule.yaml). Every struct is closed (unknown keys are errors) so a
 * typo in a rule fails loading with the path of the bad key instead of being silently ignored.
 */

const strict = { onExcessProperty: "error" } as const

const RuleId = Schema.String.pipe(
  Schema.pattern(/^[a-z][a-z0-9_]*$/),
  Schema.annotations({ description: "snake_case concept id" })
)

const Capture = Schema.String.pipe(Schema.pattern(/^[A-Za-z_][A-Za-z0-9_]*$/))
const NodeTypes = Schema.Array(Schema.String).annotations({ description: "syntax node types" })

/**
 * `where` conditions, evaluated after a syntactic match. Each is a single-key object so rule files
 * read like a list of checks. Captures name tree-sitter captures (without @) or, for ts-ast, the
 * pseudo-captures `finding`, `callee`, `arg0`..`argN`.
 */
export const WhereCondition = Schema.Union(
  Schema.Struct({ not_literal: Capture }).annotations({
    description: "the capture is not a constant (string/number literal without interpolation)"
  }),
  Schema.Struct({ literal: Capture }).annotations({ description: "the capture is a constant" }),
  Schema.Struct({ inside: NodeTypes }).annotations({ description: "the finding has an ancestor of one of these types" }),
  Schema.Struct({ not_inside: NodeTypes }).annotations({ description: "no ancestor of these types" }),
  Schema.Struct({
    keyword_absent: Schema.Struct({ capture: Capture, names: Schema.Array(Schema.String) })
  }).annotations({ description: "the call (capture) passes none of these keyword arguments / options properties" }),
  Schema.Struct({
    keyword_value: Schema.Struct({ capture: Capture, name: Schema.String, matches: Schema.String })
  }).annotations({ description: "the call passes this keyword argument and its source text matches the regex" }),
  Schema.Struct({
    matches: Schema.Struct({ capture: Capture, regex: Schema.String })
  }).annotations({ description: "the capture's text matches the regex" }),
  Schema.Struct({
    not_matches: Schema.Struct({ capture: Capture, regex: Schema.String })
  }).annotations({ description: "the capture's text does not match the regex" }),
  Schema.Struct({
    scope_matches: Schema.Struct({ regex: Schema.String, node_types: Schema.optional(NodeTypes) })
  }).annotations({ description: "the enclosing function (or file when none) contains text matching the regex" }),
  Schema.Struct({
    scope_not_matches: Schema.Struct({ regex: Schema.String, node_types: Schema.optional(NodeTypes) })
  }).annotations({ description: "the enclosing function (or file when none) has no text matching the regex" }),
  Schema.Struct({ file_matches: Schema.String }).annotations({ description: "the whole file matches the regex" }),
  Schema.Struct({ file_not_matches: Schema.String }).annotations({ description: "the whole file does not match" })
)
export type WhereCondition = typeof WhereCondition.Type

const Overrides = MatcherOverrides

export const TreeSitterMatcher = Schema.Struct({
  kind: Schema.Literal("tree-sitter"),
  target: Schema.Literal("python", "go"),
  query: Schema.String.annotations({ description: "S-expression query; @finding marks the reported node" }),
  where: Schema.optional(Schema.Array(WhereCondition)),
  ...Overrides
}).annotations({ parseOptions: strict, identifier: "TreeSitterMatcher" })
export type TreeSitterMatcher = typeof TreeSitterMatcher.Type

export const TsAstMatcher = Schema.Struct({
  kind: Schema.Literal("ts-ast"),
  target: Schema.Literal("javascript", "typescript"),
  node: Schema.Array(Schema.String).annotations({
    description: "TypeScript SyntaxKind names to visit, e.g. CallExpression, NewExpression"
  }),
  callee: Schema.optional(Schema.Array(Schema.String)).annotations({
    description: "for calls: the callee as written, dotted (`eval`, `child_process.exec`, `*.exec`); any of these"
  }),
  where: Schema.optional(Schema.Array(WhereCondition)),
  ...Overrides
}).annotations({ parseOptions: strict, identifier: "TsAstMatcher" })
export type TsAstMatcher = typeof TsAstMatcher.Type

/** Spectral-style check applied to each value selected by `given`. */
export const JsonPathCheck = Schema.Struct({
  field: Schema.optional(Schema.String).annotations({ description: "dotted path below the given value; `$.a.b` from the document's root, `^.^.a` from two levels above the given value; `@key` the given value's key; omitted: the value itself" }),
  function: Schema.Literal("truthy", "falsy", "defined", "undefined", "null", "pattern", "not_pattern"),
  pattern: Schema.optional(Schema.String),
  join_lines: Schema.optional(Schema.Boolean).annotations({
    description:
      "pattern / not_pattern on a list of scalars (an argument vector): the elements are tested as one text, one per line, in order; a named group `at` then points at the element it matched"
  })
}).annotations({ parseOptions: strict, identifier: "JsonPathCheck" })
export type JsonPathCheck = typeof JsonPathCheck.Type

export const JsonPathMatcher = Schema.Struct({
  kind: Schema.Literal("jsonpath"),
  target: Schema.Literal("json", "yaml", "flowise", "n8n", "langflow", "dify"),
  given: Schema.Array(Schema.String).annotations({ description: "JSONPath expressions" }),
  then: Schema.Array(JsonPathCheck).annotations({ description: "all checks must hold for a finding" }),
  ...Overrides
}).annotations({ parseOptions: strict, identifier: "JsonPathMatcher" })
export type JsonPathMatcher = typeof JsonPathMatcher.Type

const ParamCondition = Schema.Struct({
  name: Schema.String.annotations({ description: "dotted parameter name; `*` matches any part" }),
  regex: Schema.String
}).annotations({ parseOptions: strict, identifier: "GraphParamCondition" })

/**
 * A sink of a graph `flow` check: parameters of some nodes that must not receive data of the
 * reported provenances. Reads like the code rules' flow sinks (src/domain/FlowRule.ts): node types
 * instead of callees, parameter paths instead of arguments.
 */
export const GraphFlowSink = Schema.Struct({
  node_types: Schema.optional(Schema.Array(Schema.String)).annotations({ description: "builder node types with * globs" }),
  node_kinds: Schema.optional(Schema.Array(Schema.String)).annotations({ description: "normalised node kinds (agent, llm, http, code, ...)" }),
  params: Schema.Array(Schema.String).pipe(Schema.minItems(1)).annotations({
    description:
      "parameter paths: dotted names, `*` for any key or index, `[field=regex]` to keep the array items whose field matches (an absent field reads as empty), `@input` for the node's data input"
  }),
  check: Schema.optional(Schema.Literal("value", "host", "sql")).annotations({
    description: "value: any reference in the parameter; host: only references in the scheme or host of a URL (SSRF); sql: references in the query text (parameters passed separately stay safe)"
  }),
  code_matches: Schema.optional(Schema.String).annotations({ description: "regex: only nodes whose user code matches are sinks" }),
  param_matches: Schema.optional(ParamCondition).annotations({ description: "only nodes with a matching parameter are sinks (a tool's name, an operation)" }),
  label: Schema.optional(Schema.String).annotations({ description: "what the sink does, for messages (`sends an HTTP request`)" })
}).annotations({ parseOptions: strict, identifier: "GraphFlowSink" })
export type GraphFlowSink = typeof GraphFlowSink.Type

/**
 * A node that stops a flow in a builder graph: data that reaches the sink only through such a node
 * (or is produced by one) is checked or transformed into something safe.
 */
export const GraphFlowStop = Schema.Struct({
  node_types: Schema.optional(Schema.Array(Schema.String)).annotations({ description: "builder node types with * globs" }),
  node_kinds: Schema.optional(Schema.Array(Schema.String)).annotations({ description: "normalised node kinds" }),
  param_matches: Schema.optional(ParamCondition).annotations({ description: "the node stops the flow only when this parameter matches (a comparison with a constant, an enum)" }),
  param_absent: Schema.optional(Schema.Array(Schema.String)).annotations({ description: "... and none of these parameters is set (a Switch without a fallback output)" }),
  code_matches: Schema.optional(Schema.String).annotations({ description: "regex: ... and its user code matches (a Code node that returns only a number)" }),
  outputs: Schema.optional(Schema.String).annotations({
    description: "regex: only data leaving through these outputs is checked (n8n output index `0` of an IF node; Dify source handle); default every output"
  }),
  checks: Schema.optional(Schema.String).annotations({
    description: "dotted parameter path (`*` for any key or index) of the value the node checks: it stops only a sink reference written the same way (`$json.body.host`)"
  })
}).annotations({ parseOptions: strict, identifier: "GraphFlowStop" })
export type GraphFlowStop = typeof GraphFlowStop.Type

export const GraphMatcher = Schema.Struct({
  kind: Schema.Literal("graph"),
  target: Schema.Literal("flowise", "n8n", "langflow", "dify"),
  check: Schema.Literal("cycle", "unbounded_loop", "reaches", "node", "flow"),
  sinks: Schema.optional(Schema.Array(GraphFlowSink).pipe(Schema.minItems(1))).annotations({ description: "flow: where data must not go" }),
  provenance: Schema.optional(Schema.Array(Schema.Literal("untrusted", "unknown", "secret", "config"))).annotations({
    description:
      "flow: which provenances report (default untrusted and unknown): untrusted = vulnerability at the matcher's severity; unknown = risk_pattern one severity lower; secret and config = vulnerability at the matcher's severity (for leak rules)"
  }),
  sanitizers: Schema.optional(Schema.Array(GraphFlowStop)).annotations({
    description: "flow: nodes that turn what passes through them into safe values (a number, one of fixed options); data produced by one, or reaching the sink only through one, does not report"
  }),
  guards: Schema.optional(Schema.Array(GraphFlowStop)).annotations({
    description: "flow: nodes that let data through only when a check holds (IF, Switch, Filter comparing with constants); data reaching the sink only through one does not report"
  }),
  counter_param: Schema.optional(ParamCondition).annotations({
    description: "cycle: a node of the cycle with a matching parameter counts the laps (a counter checked in the loop), so the cycle is bounded"
  }),
  restart_param: Schema.optional(ParamCondition).annotations({
    description: "cycle: an exclude_types loop node with a matching parameter restarts instead of bounding the cycle (n8n Loop Over Items with reset)"
  }),
  node_kinds: Schema.optional(Schema.Array(Schema.String)),
  node_types: Schema.optional(Schema.Array(Schema.String)),
  param_absent: Schema.optional(Schema.Array(Schema.String)),
  param_matches: Schema.optional(Schema.Struct({ name: Schema.String, regex: Schema.String })),
  code_matches: Schema.optional(Schema.String),
  from_kinds: Schema.optional(Schema.Array(Schema.String)),
  to_kinds: Schema.optional(Schema.Array(Schema.String)),
  through_kinds: Schema.optional(Schema.Array(Schema.String)),
  exclude_types: Schema.optional(Schema.Array(Schema.String)),
  ...Overrides
}).annotations({ parseOptions: strict, identifier: "GraphMatcher" })
export type GraphMatcher = typeof GraphMatcher.Type

export const RegexPattern = Schema.Struct({
  name: Schema.String.annotations({ description: "what the pattern finds, e.g. openai_key; used in [REDACTED-<name>]" }),
  regex: Schema.String,
  secret_group: Schema.optional(Schema.Int).annotations({ description: "capture group holding the secret (default 0)" }),
  min_entropy: Schema.optional(Schema.Number).annotations({ description: "Shannon bits/char the secret must reach" }),
  context: Schema.optional(Schema.String).annotations({
    description: "regex that must match the line of the secret (credential context)"
  }),
  keywords: Schema.optional(Schema.Array(Schema.String)).annotations({
    description: "cheap prefilter: one must occur in the file (lower case)"
  })
}).annotations({ parseOptions: strict, identifier: "RegexPattern" })
export type RegexPattern = typeof RegexPattern.Type

export const RegexMatcher = Schema.Struct({
  kind: Schema.Literal("regex"),
  target: Target,
  patterns: Schema.Array(RegexPattern),
  exclude: Schema.optional(Schema.Array(Schema.String)).annotations({
    description: "regexes: a secret matching any of these is a placeholder, not a finding"
  }),
  exclude_line: Schema.optional(Schema.Array(Schema.String)).annotations({
    description: "regexes: a match on a line matching any of these is ignored (env reads, secret stores)"
  }),
  paths: Schema.optional(Schema.String).annotations({
    description: "regex over the file's path (forward slashes, relative to the scanned folder): only files whose path matches (a folder a web server publishes: public/, static/)"
  }),
  ...Overrides
}).annotations({ parseOptions: strict, identifier: "RegexMatcher" })
export type RegexMatcher = typeof RegexMatcher.Type

export const Matcher = Schema.Union(
  TreeSitterMatcher,
  TsAstMatcher,
  JsonPathMatcher,
  GraphMatcher,
  RegexMatcher,
  FlowMatcher,
  CallMatcher,
  FunctionMatcher,
  CodeGraphMatcher
)
export type Matcher = typeof Matcher.Type

export const RuleCompliance = Schema.Struct({
  owasp_llm: Schema.optional(Schema.Array(Schema.String)),
  owasp_agentic: Schema.optional(Schema.Array(Schema.String)),
  eu_ai_act: Schema.optional(Schema.Array(Schema.String)),
  nist_ai_rmf: Schema.optional(Schema.Array(Schema.String)),
  iso_42001: Schema.optional(Schema.Array(Schema.String))
}).annotations({ parseOptions: strict, identifier: "RuleCompliance" })

export const Rule = Schema.Struct({
  id: RuleId,
  aliases: Schema.optional(Schema.Array(RuleId)),
  title: Schema.String.pipe(Schema.minLength(3), Schema.maxLength(120)),
  description: Schema.String.pipe(Schema.minLength(10)),
  severity: Severity,
  confidence: Schema.Number.pipe(Schema.between(0, 1)),
  risk_tier: RiskTier,
  category: Category,
  finding_type: Schema.optional(Schema.Literal("vulnerability", "governance_violation")),
  cwe: Schema.Array(Schema.String.pipe(Schema.pattern(/^CWE-\d+$/))).pipe(Schema.minItems(1)),
  owasp: Schema.String.annotations({ description: "owasp_category value: A03:2021 or LLM01 (2025 list)" }),
  cvss: Schema.String.pipe(Schema.pattern(/^CVSS:3\.1\/AV:[NALP]\/AC:[LH]\/PR:[NLH]\/UI:[NR]\/S:[UC]\/C:[HLN]\/I:[HLN]\/A:[HLN]$/)).annotations({
    description: "CVSS 3.1 base vector; the score is computed from it"
  }),
  compliance: RuleCompliance,
  remediation: Schema.Struct({
    hint: Schema.String,
    steps: Schema.Array(Schema.String).pipe(Schema.minItems(1))
  }).annotations({ parseOptions: strict }),
  quick_win: Schema.String,
  frameworks: Schema.optional(Schema.Array(Schema.String)).annotations({
    description: "only report in files that use one of these frameworks (see framework detection)"
  }),
  references: Schema.optional(Schema.Array(Schema.String)),
  matchers: Schema.Array(Matcher).pipe(Schema.minItems(1))
}).annotations({ parseOptions: strict, identifier: "Rule", title: "Vigil rule" })
export type Rule = typeof Rule.Type
