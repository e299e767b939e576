import { Either, ParseResult, Schema } from "effect"
import { type FlowSink, FlowSink as FlowSinkSchema, type FrameworkModel } from "../domain/FlowRule.js"
import { LIST_REF, type FrameworkModelSource } from "../domain/RuleSource.js"
import type { KeyPath } from "./yamlLocate.js"

/**
 * Expands the authoring form of matchers (src/domain/RuleSource.ts) into the engine's form: several
 * targets into one matcher per target, `{ kind: <name> }` flow sinks into the sinks of that kind in
 * the target's model, `<name>` in a list into that named list. Works on the raw YAML
 * value, before the engine's schemas decode it, so the engine sees exactly what a rule spelling
 * everything out would give it.
 */

/** The named sink kinds and named lists of the models, by language. */
export interface ModelLibrary {
  readonly sinks: ReadonlyMap<string, Readonly<Record<string, ReadonlyArray<FlowSink>>>>
  readonly lists: ReadonlyMap<string, Readonly<Record<string, ReadonlyArray<string>>>>
}

/** Splits decoded model files into the engine's models (without the named lists) and the library rules reference. */
export const splitModels = (sources: ReadonlyArray<FrameworkModelSource>): { models: Array<FrameworkModel>; library: ModelLibrary } => {
  const sinks = new Map<string, Record<string, ReadonlyArray<FlowSink>>>()
  const lists = new Map<string, Record<string, ReadonlyArray<string>>>()
  const models = sources.map(({ sinks: s, lists: l, ...model }) => {
    if (s !== undefined) sinks.set(model.language, { ...sinks.get(model.language), ...s })
    if (l !== undefined) lists.set(model.language, { ...lists.get(model.language), ...l })
    return model
  })
  return { models, library: { sinks, lists } }
}

const CODE_KINDS = new Set(["flow", "call", "function", "code-graph"])

/** The models a target reads: TypeScript also reads JavaScript's, as the engine does. */
const languagesOf = (target: string): ReadonlyArray<string> => (target === "typescript" ? ["typescript", "javascript"] : [target])

const lookup = <A>(table: ReadonlyMap<string, Readonly<Record<string, A>>>, target: string, name: string): A | undefined => {
  for (const language of languagesOf(target)) {
    const entry = table.get(language)
    if (entry !== undefined && Object.hasOwn(entry, name)) return entry[name]
  }
  return undefined
}

const knownNames = (table: ReadonlyMap<string, Readonly<Record<string, unknown>>>, target: string): string =>
  languagesOf(target).flatMap((l) => Object.keys(table.get(l) ?? {})).sort().join(", ") || "none"

export interface ExpansionProblem {
  readonly path: KeyPath
  readonly message: string
}

/** One matcher in the engine's form, and for each of its sinks the index of the sink it was written as. */
export interface ExpandedMatcher {
  readonly raw: unknown
  readonly sinkOrigins: ReadonlyArray<number> | undefined
}

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === "object" && v !== null && !Array.isArray(v)

/** Replaces every `<name>` element of every list below `value` by the target's named list. */
const spliceLists = (
  value: unknown,
  path: KeyPath,
  target: string,
  library: ModelLibrary,
  used: Map<string, unknown>,
  problems: Array<ExpansionProblem>
): unknown => {
  if (Array.isArray(value)) {
    return value.flatMap((item, i) => {
      const ref = typeof item === "string" ? LIST_REF.exec(item) : null
      if (ref === null) return [spliceLists(item, [...path, i], target, library, used, problems)]
      const list = lookup(library.lists, target, ref[1]!)
      if (list === undefined) {
        problems.push({ path: [...path, i], message: `unknown list "${item}" for ${target} (known: ${knownNames(library.lists, target)}; models/<language>.yaml \`lists\`)` })
        return []
      }
      used.set(`${target}:lists:${ref[1]}`, list)
      return [...list]
    })
  }
  if (isRecord(value)) return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, spliceLists(v, [...path, k], target, library, used, problems)]))
  return value
}

const decodeOptions = { onExcessProperty: "error", errors: "all" } as const

/** Replaces every `{ kind: <name>, ...fields }` sink by the kind's sinks with the fields set on each. */
const expandSinks = (
  sinks: ReadonlyArray<unknown>,
  target: string,
  library: ModelLibrary,
  used: Map<string, unknown>,
  problems: Array<ExpansionProblem>
): { sinks: Array<unknown>; origins: Array<number> } => {
  const out: Array<unknown> = []
  const origins: Array<number> = []
  sinks.forEach((sink, j) => {
    if (!isRecord(sink) || !Object.hasOwn(sink, "kind")) {
      out.push(sink)
      origins.push(j)
      return
    }
    const { kind, ...fields } = sink
    const defs = typeof kind === "string" ? lookup(library.sinks, target, kind) : undefined
    if (defs === undefined) {
      problems.push({ path: ["sinks", j, "kind"], message: `unknown sink kind ${JSON.stringify(kind)} for ${target} (known: ${knownNames(library.sinks, target)}; models/<language>.yaml \`sinks\`)` })
      return
    }
    const checked = Schema.decodeUnknownEither(FlowSinkSchema)(fields, decodeOptions)
    if (Either.isLeft(checked)) {
      for (const issue of ParseResult.ArrayFormatter.formatErrorSync(checked.left)) problems.push({ path: ["sinks", j, ...issue.path], message: issue.message })
      return
    }
    used.set(`${target}:sinks:${kind as string}`, defs)
    for (const def of defs) {
      out.push({ ...def, ...fields })
      origins.push(j)
    }
  })
  return { sinks: out, origins }
}

/**
 * The engine-form matchers one written matcher stands for (one per target), with the problems of
 * its references (paths inside the written matcher). `used` collects the definitions referenced.
 */
export const expandMatcher = (
  raw: unknown,
  library: ModelLibrary,
  used: Map<string, unknown>
): { readonly matchers: ReadonlyArray<ExpandedMatcher>; readonly problems: ReadonlyArray<ExpansionProblem> } => {
  if (!isRecord(raw)) return { matchers: [{ raw, sinkOrigins: undefined }], problems: [] }
  const problems: Array<ExpansionProblem> = []
  const targets = Array.isArray(raw.target) ? raw.target : [raw.target]
  if (targets.length === 0) problems.push({ path: ["target"], message: "an empty list of targets" })
  const seen = new Set<string>()
  const matchers = targets.map((target): ExpandedMatcher => {
    const one: Record<string, unknown> = { ...raw, target }
    if (typeof target !== "string" || !CODE_KINDS.has(String(raw.kind))) return { raw: one, sinkOrigins: undefined }
    const own: Array<ExpansionProblem> = []
    const spliced = spliceLists(one, [], target, library, used, own) as Record<string, unknown>
    let sinkOrigins: Array<number> | undefined
    if (raw.kind === "flow" && Array.isArray(spliced.sinks)) {
      const expanded = expandSinks(spliced.sinks, target, library, used, own)
      spliced.sinks = expanded.sinks
      sinkOrigins = expanded.origins
    }
    // the same problem in the copy for each target is reported once
    for (const p of own) {
      const key = `${JSON.stringify(p.path)} ${p.message}`
      if (!seen.has(key)) problems.push(p)
      seen.add(key)
    }
    return { raw: spliced, sinkOrigins }
  })
  return { matchers, problems }
}

/** A path inside an expanded matcher, as a path inside the matcher as written (a sink index maps back to its reference). */
export const writtenPath = (path: KeyPath, expanded: ExpandedMatcher): KeyPath => {
  if (expanded.sinkOrigins !== undefined && path[0] === "sinks" && typeof path[1] === "number") {
    return ["sinks", expanded.sinkOrigins[path[1]] ?? path[1], ...path.slice(2)]
  }
  return path
}
