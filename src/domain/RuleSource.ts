import { Schema } from "effect"
import { CallMatcher, CodeGraphMatcher, FlowMatcher, FlowSink, FrameworkModel, FunctionMatcher } from "./FlowRule.js"
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
 *   `interactive`, `is`, `keyword`, ...) stands for the named list `lists.<name>` of the target's model.
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

type AnyMatcher =
  | typeof TreeSitterMatcher
  | typeof TsAstMatcher
  | typeof JsonPathMatcher
  | typeof GraphMatcher
  | typeof RegexMatcher
  | typeof CallMatcher
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

export const MatcherSource = Schema.Union(
  multiTarget(TreeSitterMatcher, "TreeSitterMatcherSource"),
  multiTarget(TsAstMatcher, "TsAstMatcherSource"),
  multiTarget(JsonPathMatcher, "JsonPathMatcherSource"),
  multiTarget(GraphMatcher, "GraphMatcherSource"),
  multiTarget(RegexMatcher, "RegexMatcherSource"),
  FlowMatcherSource,
  multiTarget(CallMatcher, "CallMatcherSource"),
  multiTarget(FunctionMatcher, "FunctionMatcherSource"),
  multiTarget(CodeGraphMatcher, "CodeGraphMatcherSource")
)

/** rules/<id>/rule.yaml as written. */
export const RuleSource = Schema.Struct({ ...Rule.fields, matchers: Schema.Array(MatcherSource).pipe(Schema.minItems(1)) }).annotations({
  parseOptions: strict,
  identifier: "Rule",
  title: "Vigil rule"
})

/** The sibling matcher files of a rule folder (rules/<id>/builders.yaml, rules/<id>/config.yaml): a plain list of matchers. */
export const MatcherListSource = Schema.Array(MatcherSource).pipe(Schema.minItems(1)).annotations({
  title: "Vigil rule matchers (builders.yaml: builder exports; config.yaml: YAML / JSON configuration)"
})

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
