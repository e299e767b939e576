import { Either, ParseResult, Schema } from "effect"
import { type FlowSink, FlowSink as FlowSinkSchema, type FrameworkModel } from "../domain/FlowRule.js"
import { CapAt, type FrameworkModelSource, KindName, type Ladder, LIST_REF } from "../domain/RuleSource.js"
import type { KeyPath } from "./yamlLocate.js"

/**
 * Expands the authoring form of matchers (src/domain/RuleSource.ts) into the engine's form: several
 * targets into one matcher per target, `{ kind: <name> }` flow sinks into the sinks of that kind in
 * the target's model, `<name>` in a list into that named list, a call matcher's `caps` into one
 * matcher per entry and rung of the rule's `ladder`. Works on the raw YAML
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

/** Where a matcher expanded from `caps` was written: the entry and the rung it stands for. */
export interface CapOrigin {
  readonly entry: number
  readonly rung: string
}

/** One matcher in the engine's form, and for each of its sinks the index of the sink it was written as. */
export interface ExpandedMatcher {
  readonly raw: unknown
  readonly sinkOrigins: ReadonlyArray<number> | undefined
  readonly capOrigin?: CapOrigin | undefined
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

/** The keys of a `caps` entry's `at` that are the matcher's (the rest say where the setting is: keyword, arg, field). */
const AT_MATCHER_KEYS = new Set(["target", "callee", "assigns", "mentions"])
/** A rung's value test (the rest of a rung is the finding's outcome: variant, severity, confidence, risk_tier). */
const TEST_KEYS = new Set(["equals", "is", "at_least", "below", "absent"])

/**
 * A call matcher with `caps` as the matchers it stands for, in the order written: for each entry,
 * for each rung it names, the matcher with the entry's calls, `where` led by the setting joined to
 * the rung's test, the rung's outcome (variant: the rung's name unless it names one) and the message.
 */
const expandCaps = (
  raw: Record<string, unknown>,
  ladder: Ladder | undefined,
  problems: Array<ExpansionProblem>
): Array<{ raw: Record<string, unknown>; origin: CapOrigin }> => {
  const { caps, ...base } = raw
  if (!Array.isArray(caps) || caps.length === 0) {
    problems.push({ path: ["caps"], message: "expected a non-empty list of entries, each `at` and `<rung>: <message>`" })
    return []
  }
  if (base.kind !== "call") {
    problems.push({ path: ["caps"], message: "`caps` belongs to `call` matchers" })
    return []
  }
  if (ladder === undefined) {
    problems.push({ path: ["caps"], message: "`caps` names rungs of the rule's `ladder`, and the rule has none" })
    return []
  }
  const out: Array<{ raw: Record<string, unknown>; origin: CapOrigin }> = []
  caps.forEach((entry, i) => {
    if (!isRecord(entry)) {
      problems.push({ path: ["caps", i], message: "expected `at` and `<rung>: <message>` entries" })
      return
    }
    const { at, ...rungs } = entry
    const checked = Schema.decodeUnknownEither(CapAt)(at, decodeOptions)
    if (Either.isLeft(checked)) {
      for (const issue of ParseResult.ArrayFormatter.formatErrorSync(checked.left)) problems.push({ path: ["caps", i, "at", ...issue.path], message: issue.message })
      return
    }
    const atFields = Object.entries(at as Record<string, unknown>)
    const setting = Object.fromEntries(atFields.filter(([k]) => !AT_MATCHER_KEYS.has(k)))
    if (!("keyword" in setting) && !("arg" in setting)) {
      problems.push({ path: ["caps", i, "at"], message: "says where the setting is with `keyword` and / or `arg`" })
      return
    }
    if (Object.keys(rungs).length === 0) problems.push({ path: ["caps", i], message: `names no rung (the ladder's: ${Object.keys(ladder).join(", ")})` })
    for (const [name, message] of Object.entries(rungs)) {
      const rung = Schema.is(KindName)(name) && Object.hasOwn(ladder, name) ? ladder[name] : undefined
      if (rung === undefined) {
        problems.push({ path: ["caps", i, name], message: `unknown rung "${name}" (the ladder's: ${Object.keys(ladder).join(", ")})` })
        continue
      }
      if (typeof message !== "string" || message.length === 0) {
        problems.push({ path: ["caps", i, name], message: "expected the message of a finding on this rung" })
        continue
      }
      const test = Object.fromEntries(Object.entries(rung).filter(([k]) => TEST_KEYS.has(k)))
      const outcome = Object.fromEntries(Object.entries(rung).filter(([k]) => !TEST_KEYS.has(k)))
      const where = Array.isArray(base.where) ? base.where : []
      out.push({
        raw: {
          ...base,
          ...Object.fromEntries(atFields.filter(([k]) => AT_MATCHER_KEYS.has(k))),
          variant: name,
          ...outcome,
          where: [{ ...setting, ...test }, ...where],
          message
        },
        origin: { entry: i, rung: name }
      })
    }
  })
  return out
}

/**
 * The engine-form matchers one written matcher stands for (one per target, and with `caps` one per
 * entry and rung), with the problems of its references (paths inside the written matcher). `used`
 * collects the definitions referenced; `ladder` is the rule's.
 */
export const expandMatcher = (
  written: unknown,
  library: ModelLibrary,
  used: Map<string, unknown>,
  ladder?: Ladder
): { readonly matchers: ReadonlyArray<ExpandedMatcher>; readonly problems: ReadonlyArray<ExpansionProblem> } => {
  if (!isRecord(written)) return { matchers: [{ raw: written, sinkOrigins: undefined }], problems: [] }
  const problems: Array<ExpansionProblem> = []
  if (Object.hasOwn(written, "caps")) {
    const matchers: Array<ExpandedMatcher> = []
    const reported = new Set<string>()
    for (const { raw, origin } of expandCaps(written, ladder, problems)) {
      const own: Array<ExpansionProblem> = []
      for (const m of expandTargets(raw, library, used, own)) matchers.push({ ...m, capOrigin: origin })
      // a problem of an entry's `at` (an unknown list) is the same in the copy for each rung: reported once
      for (const p of own) {
        const path = writtenPath(p.path, { raw, sinkOrigins: undefined, capOrigin: origin })
        const key = `${JSON.stringify(path)} ${p.message}`
        if (!reported.has(key)) problems.push({ path, message: p.message })
        reported.add(key)
      }
    }
    return { matchers, problems }
  }
  return { matchers: expandTargets(written, library, used, problems), problems }
}

/** One matcher per target, its lists and sink kinds spliced; problems are added to `problems` once each. */
const expandTargets = (
  raw: Record<string, unknown>,
  library: ModelLibrary,
  used: Map<string, unknown>,
  problems: Array<ExpansionProblem>
): Array<ExpandedMatcher> => {
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
  return matchers
}

/** A path inside an expanded matcher, as a path inside the matcher as written (a sink index maps back to its reference). */
export const writtenPath = (path: KeyPath, expanded: ExpandedMatcher): KeyPath => {
  const cap = expanded.capOrigin
  if (cap !== undefined) {
    const [head, index, ...rest] = path
    if (head === "where" && index === 0) return ["caps", cap.entry, "at", ...rest]
    if (head === "where" && typeof index === "number") return ["where", index - 1, ...rest]
    if (head === "message") return ["caps", cap.entry, cap.rung]
    if (typeof head === "string" && AT_MATCHER_KEYS.has(head)) return ["caps", cap.entry, "at", ...path]
  }
  if (expanded.sinkOrigins !== undefined && path[0] === "sinks" && typeof path[1] === "number") {
    return ["sinks", expanded.sinkOrigins[path[1]] ?? path[1], ...path.slice(2)]
  }
  return path
}
