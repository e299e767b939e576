import { Schema } from "effect"
import { CallMatcher, CodeGraphMatcher, CodeTarget, FlowMatcher, FlowSink, FrameworkModel, FunctionMatcher } from "./FlowRule.js"
import { MatcherOverrides } from "./MatcherOverrides.js"
import { GraphMatcher, JsonPathMatcher, RegexMatcher, Rule, TreeSitterMatcher, TsAstMatcher } from "./Rule.js"

/**
 * The authoring form of the rule files, as written in rules/<id>/ and models/<language>.yaml. The
 * catalogue loader (src/catalogue/expand.ts) expands it into the engine's form (`Rule`, `FrameworkModel`)
 * before decoding, so the engine never sees a reference:
 *
 * - a matcher's `target` may list several targets: one matcher per target, in that order;
 * - a `flow` sink may be `{ kind: <name>, ...fields }`: the sinks of that named sink kind in the
 *   target's model (models/<language>.yaml `sinks`), each with these fields set on it;
 * - an element `<name>` of a list of names in a code matcher (`callee`, `calls`, `sanitizers`,
 *   `interactive`, `is`, `keyword`, ...) stands for the named list `lists.<name>` of the target's model;
 * - a `call` matcher's `caps` lists settings that cap something (an iteration limit: `at`) and, for
 *   each, the rungs of the rule's `ladder` that apply there with their messages: one call matcher per
 *   entry and rung, its value test joined to the setting in `where`, the rung's outcome on top.
 *
 * These schemas only describe that form for the generated JSON Schemas (editors); loading checks the
 * expanded matchers with the engine's schemas and reports problems at the place they were written.
 */

const strict = { onExcessProperty: "error" } as const

export const KindName = Schema.String.pipe(Schema.pattern(/^[a-z][a-z0-9_]*$/)).annotations({ description: "snake_case name of a sink kind or a named list" })

/** `<name>`: a named list of the target's model (`lists`), spliced into the list it appears in. */
export const LIST_REF = /^<([a-z][a-z0-9_]*)>$/

/** A flow sink naming a sink kind of the target's model, with fields set on each of its sinks. */
export const SinkRef = Schema.Struct({
  kind: KindName.annotations({ description: "a sink kind of models/<language>.yaml `sinks` (http_request, shell, log, ...)" }),
  ...FlowSink.fields
}).annotations({ parseOptions: strict, identifier: "FlowSinkRef" })

const Outcome = {
  variant: MatcherOverrides.variant,
  severity: MatcherOverrides.severity,
  confidence: MatcherOverrides.confidence,
  risk_tier: MatcherOverrides.risk_tier
}
const Literal = Schema.Union(Schema.String, Schema.Number, Schema.Boolean, Schema.Null)

/**
 * One rung of a rule's `ladder`: a test of the number (or value) a setting is given, and what a
 * finding on that rung reports; its variant is the rung's name unless it names one.
 */
export const Rung = Schema.Union(
  Schema.Struct({ equals: Literal, ...Outcome }).annotations({ parseOptions: strict, description: "the setting is this literal (`null`: None / null / nil)" }),
  Schema.Struct({ is: Schema.Array(Schema.String).pipe(Schema.minItems(1)), ...Outcome }).annotations({
    parseOptions: strict,
    description: "the setting is one of these names (`Infinity`, `Number.MAX_SAFE_INTEGER`)"
  }),
  Schema.Struct({ at_least: Schema.Number, below: Schema.optional(Schema.Number), ...Outcome }).annotations({
    parseOptions: strict,
    description: "the setting is a number at least this large (and below `below`)"
  }),
  Schema.Struct({ absent: Schema.Literal(true), ...Outcome }).annotations({ parseOptions: strict, description: "the setting is not passed" })
).annotations({ identifier: "Rung" })
export type Rung = typeof Rung.Type

/** rule.yaml `ladder`: the rungs `caps` entries name, by name. */
export const Ladder = Schema.Record({ key: KindName, value: Rung }).annotations({
  description: "rungs by name: a value test (`equals`, `is`, `at_least` / `below`, `absent`) and the variant, severity, confidence and risk tier of a finding on it; a `call` matcher's `caps` entries name the rungs that apply to a setting"
})
export type Ladder = typeof Ladder.Type

/** Where a `caps` entry's setting is: the calls (or assignments) and the argument, keyword or field. */
export const CapAt = Schema.Struct({
  target: Schema.optional(Schema.Union(CodeTarget, Schema.Array(CodeTarget).pipe(Schema.minItems(1)))).annotations({
    description: "the entry's own target(s), instead of the matcher's"
  }),
  callee: CallMatcher.fields.callee,
  assigns: CallMatcher.fields.assigns,
  mentions: CallMatcher.fields.mentions,
  keyword: Schema.optional(Schema.Union(Schema.String, Schema.Array(Schema.String))),
  arg: Schema.optional(Schema.Union(Schema.Int, Schema.String)),
  field: Schema.optional(Schema.String)
}).annotations({
  parseOptions: strict,
  identifier: "CapAt",
  description: "the calls (`callee`; `assigns`, `mentions` as in a call matcher) and where the setting is (`keyword`, `arg`, `field`, as in a condition)"
})

/** One entry of `caps`: `at` and, for each rung of the ladder that applies there, the message. */
export const CapEntry = Schema.Struct(
  { at: CapAt },
  Schema.Record({ key: KindName, value: Schema.Union(Schema.String, CapAt) })
).annotations({ identifier: "CapEntry", description: "`at`, then `<rung>: <message>` for each rung of the rule's `ladder` that applies here, in the order of the matchers" })

type AnyMatcher =
  | typeof TreeSitterMatcher
  | typeof TsAstMatcher
  | typeof JsonPathMatcher
  | typeof GraphMatcher
  | typeof RegexMatcher
  | typeof FunctionMatcher
  | typeof CodeGraphMatcher

/** A matcher whose `target` may also be a list of targets. */
const multiTarget = <M extends AnyMatcher>(m: M, identifier: string) =>
  Schema.Struct({
    ...m.fields,
    target: Schema.Union(m.fields.target, Schema.Array(m.fields.target).pipe(Schema.minItems(1))).annotations({
      description: "a target, or several: the matcher is repeated for each, in this order"
    })
  }).annotations({ parseOptions: strict, identifier })

export const FlowMatcherSource = Schema.Struct({
  ...FlowMatcher.fields,
  target: Schema.Union(FlowMatcher.fields.target, Schema.Array(FlowMatcher.fields.target).pipe(Schema.minItems(1))),
  sinks: Schema.Array(Schema.Union(FlowSink, SinkRef)).pipe(Schema.minItems(1))
}).annotations({ parseOptions: strict, identifier: "FlowMatcherSource" })

/** A call matcher; with `caps`, its calls and settings come from each entry (`callee` is then every entry's default). */
export const CallMatcherSource = Schema.Struct({
  ...CallMatcher.fields,
  target: Schema.Union(CallMatcher.fields.target, Schema.Array(CallMatcher.fields.target).pipe(Schema.minItems(1))).annotations({
    description: "a target, or several: the matcher is repeated for each, in this order"
  }),
  callee: Schema.optional(CallMatcher.fields.callee).annotations({ description: "canonical callee names with * globs (required unless `caps` entries name theirs)" }),
  caps: Schema.optional(Schema.Array(CapEntry).pipe(Schema.minItems(1))).annotations({
    description: "settings that cap something, each with the rungs of the rule's `ladder` that apply there: one matcher per entry and rung"
  })
}).annotations({ parseOptions: strict, identifier: "CallMatcherSource" })

export const MatcherSource = Schema.Union(
  multiTarget(TreeSitterMatcher, "TreeSitterMatcherSource"),
  multiTarget(TsAstMatcher, "TsAstMatcherSource"),
  multiTarget(JsonPathMatcher, "JsonPathMatcherSource"),
  multiTarget(GraphMatcher, "GraphMatcherSource"),
  multiTarget(RegexMatcher, "RegexMatcherSource"),
  FlowMatcherSource,
  CallMatcherSource,
  multiTarget(FunctionMatcher, "FunctionMatcherSource"),
  multiTarget(CodeGraphMatcher, "CodeGraphMatcherSource")
)

/** rules/<id>/rule.yaml as written. */
export const RuleSource = Schema.Struct({
  ...Rule.fields,
  ladder: Schema.optional(Ladder),
  // optional in the file: python.yaml, javascript.yaml and go.yaml continue this list (LANGUAGE_FILES);
  // the loader requires at least one matcher in all of them together
  matchers: Schema.optional(Schema.Array(MatcherSource))
}).annotations({
  parseOptions: strict,
  identifier: "Rule",
  title: "Vigil rule"
})

/**
 * The sibling matcher files of a rule folder (rules/<id>/python.yaml, javascript.yaml, go.yaml,
 * builders.yaml, config.yaml): a plain list of matchers.
 */
export const MatcherListSource = Schema.Array(MatcherSource).pipe(Schema.minItems(1)).annotations({
  title: "Vigil rule matchers (python.yaml, javascript.yaml, go.yaml: code of one language; builders.yaml: builder exports; config.yaml: YAML / JSON configuration)"
})

/**
 * The language files of a rule folder and the one target each holds. Each continues rule.yaml's
 * `matchers:` list, in this order, so a matcher there may use an anchor set in rule.yaml or in a
 * language file before it (`<<: *py_flow` in javascript.yaml): a rule shares one matcher between
 * languages by overriding its target, and anchors do not cross YAML documents.
 */
export const LANGUAGE_FILES = {
  "python.yaml": ["python"],
  "javascript.yaml": ["javascript"],
  "go.yaml": ["go"]
} as const satisfies Record<string, ReadonlyArray<string>>

/** The sibling matcher files and the targets each may hold. */
export const SIBLING_FILES = {
  "builders.yaml": ["flowise", "n8n", "langflow", "dify"],
  "config.yaml": ["json", "yaml"]
} as const satisfies Record<string, ReadonlyArray<string>>

/** models/<language>.yaml as written: the engine's framework model plus the named sink kinds and lists rules reference. */
export const FrameworkModelSource = Schema.Struct({
  ...FrameworkModel.fields,
  sinks: Schema.optional(Schema.Record({ key: KindName, value: Schema.Array(FlowSink).pipe(Schema.minItems(1)) })).annotations({
    description: "named sink kinds: a rule's flow sink `{ kind: <name>, ...fields }` stands for these sinks, each with the rule's fields set on it"
  }),
  lists: Schema.optional(Schema.Record({ key: KindName, value: Schema.Array(Schema.String).pipe(Schema.minItems(1)) })).annotations({
    description: "named lists of framework names (callees, keyword names, types): `<name>` in any list of a code matcher stands for the list"
  })
}).annotations({ parseOptions: strict, identifier: "FrameworkModel", title: "Vigil framework model" })
export type FrameworkModelSource = typeof FrameworkModelSource.Type
