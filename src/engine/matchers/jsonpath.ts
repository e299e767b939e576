import type { BuilderGraph } from "../../builders/Graph.js"
import type { JsonPathMatcher } from "../../domain/Rule.js"
import type { Span, StructuredDocument, StructuredPath } from "../../languages/structured.js"
import { type Deadline, DeadlineExceeded, type SourceDoc } from "../../languages/Source.js"
import { formatJsonPath } from "../../languages/structuredPath.js"
import { DESCENT, type DescentIndex, descentIndex, fastTokens, select, selectFast, STAR } from "./jsonpathSelect.js"
import type { RawMatch } from "./RawMatch.js"
import type { MatcherEntry } from "./treeSitter.js"

/**
 * JSONPath rules over JSON/YAML files and builder exports, Spectral style: `given` selects values,
 * every `then` check must hold on a selected value for a finding. Paths are authored in the
 * catalogue, validated here at load time, and selected by jsonpathSelect.ts (the common steps in
 * place, anything else by jsonpath-plus with script evaluation disabled), so filter (`?()`) and
 * script (`()`) expressions are rejected. Each distinct `given` runs
 * once per document however many rules share it.
 *
 * Check semantics (the check *holds* when): truthy: the value is JS-truthy; falsy: it is not (an
 * absent value is falsy); defined: present (null counts); undefined: absent; null: present and null
 * (YAML `key:` with no value, `~`, `null`; JSON `null`), an explicitly removed setting; pattern / not_pattern:
 * the value is a string, number or boolean whose text matches / does not match. `field` is a dotted
 * path below the given value (`data.inputs.maxIterations`, `headers.0.value`); `@key` is the given
 * value's own key. The finding points at the value the last check with a `field` looked at, or at
 * the given value when that field is absent (an object narrowed to its id or name member, so the
 * reported text stays stable when a node moves). A named group `secret` in a pattern marks the
 * matched text as a credential; a secret found in the given value itself is where the finding points.
 * A named group `at` narrows the finding to the text it matched inside the reported value (the line
 * of a multi-line prompt or script that holds the placeholder), when that text is written there as is.
 */

export class JsonPathCompileError extends Error {}

/**
 * Where a field starts: at the given value, at the document's root (`$.permissions`), or some levels
 * above the given value (`^.^.permissions`: a step's job, from `$.jobs.*.steps[*]`). A setting that
 * governs a value is often written beside one of its ancestors, not below it.
 */
type FieldBase = { readonly from: "given" } | { readonly from: "root" } | { readonly from: "up"; readonly levels: number }

interface Check {
  readonly fn: "truthy" | "falsy" | "defined" | "undefined" | "null" | "pattern" | "not_pattern"
  /** segments below `base`; undefined = the given value itself; "@key" = its key */
  readonly field: ReadonlyArray<string> | "@key" | undefined
  readonly base: FieldBase
  readonly regex: RegExp | undefined
  /** a list of scalars is tested as its elements one per line; `at` names the element it matched */
  readonly joinLines: boolean
}

interface CompiledRule {
  readonly entry: MatcherEntry<JsonPathMatcher>
  readonly checks: ReadonlyArray<Check>
}

export interface CompiledJsonPath {
  readonly run: (doc: StructuredDocument, source: SourceDoc, deadline: Deadline, graph?: BuilderGraph) => Array<RawMatch>
}

const compileRegex = (source: string, what: string, indices = false): RegExp => {
  const caseless = source.startsWith("(?i)")
  try {
    return new RegExp(caseless ? source.slice(4) : source, (caseless ? "i" : "") + (indices ? "d" : ""))
  } catch (e) {
    throw new JsonPathCompileError(`${what}: invalid regex ${JSON.stringify(source)}: ${(e as Error).message}`)
  }
}

/**
 * The JSONPath subset the engine evaluates: `$`, `.name`, `.*`, `..name`, `..*`, and brackets with
 * `*`, indices, slices and quoted names (unions with commas). Returns a problem or undefined.
 */
export function jsonPathProblem(path: string): string | undefined {
  if (!path.startsWith("$")) return "must start with $"
  let i = 1
  const n = path.length
  const name = /[^.[\]()?'"\s,~^@*]+/y
  while (i < n) {
    const c = path[i]
    if (c === ".") {
      const recursive = path[i + 1] === "."
      i += recursive ? 2 : 1
      if (path[i] === "*") {
        i++
        continue
      }
      if (recursive && path[i] === "[") continue
      name.lastIndex = i
      if (!name.test(path)) return `a property name is expected at position ${i}`
      i = name.lastIndex
      continue
    }
    if (c === "[") {
      const close = bracketEnd(path, i)
      if (close < 0) return `unclosed [ at position ${i}`
      const problem = selectorProblem(path.slice(i + 1, close))
      if (problem !== undefined) return `${problem} at position ${i}`
      i = close + 1
      continue
    }
    return `unexpected ${JSON.stringify(c)} at position ${i}`
  }
  return undefined
}

function bracketEnd(path: string, open: number): number {
  let quote: string | undefined
  for (let j = open + 1; j < path.length; j++) {
    const c = path[j]
    if (quote !== undefined) {
      if (c === "\\") j++
      else if (c === quote) quote = undefined
    } else if (c === "'" || c === '"') quote = c
    else if (c === "]") return j
  }
  return -1
}

function selectorProblem(inner: string): string | undefined {
  const body = inner.trim()
  if (body.startsWith("?") || body.startsWith("(")) {
    return "filter and script expressions are disabled (script evaluation is off); select with paths and use `then` checks"
  }
  const parts = body.match(/'(?:[^'\\]|\\.)*'|"(?:[^"\\]|\\.)*"|[^,]+/g) ?? []
  if (parts.length === 0) return "empty []"
  for (const raw of parts) {
    const part = raw.trim()
    if (part === "*" || /^-?\d+$/.test(part) || /^(-?\d+)?:(-?\d+)?(:-?\d+)?$/.test(part)) continue
    if (/^'(?:[^'\\]|\\.)*'$|^"(?:[^"\\]|\\.)*"$/.test(part)) continue
    return `unsupported selector ${JSON.stringify(part)}`
  }
  return undefined
}

function compileCheck(entry: MatcherEntry<JsonPathMatcher>, check: JsonPathMatcher["then"][number], k: number): Check {
  const where = `rule ${entry.rule.id} matcher ${entry.matcherIndex} then[${k}]`
  const needsPattern = check.function === "pattern" || check.function === "not_pattern"
  if (needsPattern && check.pattern === undefined) throw new JsonPathCompileError(`${where}: ${check.function} needs a pattern`)
  if (!needsPattern && check.pattern !== undefined) {
    throw new JsonPathCompileError(`${where}: pattern is only used by the pattern and not_pattern functions`)
  }
  if (!needsPattern && check.join_lines === true) throw new JsonPathCompileError(`${where}: join_lines is only used by the pattern and not_pattern functions`)
  const { field, base } = compileField(check.field, where)
  const joinLines = check.join_lines === true
  return { fn: check.function, field, base, regex: check.pattern === undefined ? undefined : compileRegex(check.pattern, where, joinLines), joinLines }
}

/** `a.b`, `$.a.b` (from the root), `^.^.a` (two levels above the given value), `@key`. */
function compileField(text: string | undefined, where: string): { field: Check["field"]; base: FieldBase } {
  if (text === undefined) return { field: undefined, base: { from: "given" } }
  if (text === "@key") return { field: "@key", base: { from: "given" } }
  const segments = text.split(".")
  const invalid = () => new JsonPathCompileError(`${where}: invalid field ${JSON.stringify(text)}`)
  let base: FieldBase = { from: "given" }
  if (segments[0] === "$") {
    segments.shift()
    base = { from: "root" }
  } else {
    let levels = 0
    while (segments[0] === "^") {
      segments.shift()
      levels++
    }
    if (levels > 0) base = { from: "up", levels }
  }
  if (segments.length === 0 || segments.some((s) => s === "" || s === "$" || s === "^")) throw invalid()
  return { field: segments, base }
}

/** The path a field's segments start from, or undefined when the given value has fewer ancestors. */
function basePath(base: FieldBase, path: StructuredPath): StructuredPath | undefined {
  switch (base.from) {
    case "given":
      return path
    case "root":
      return []
    case "up":
      return base.levels > path.length ? undefined : path.slice(0, path.length - base.levels)
  }
}

export function compileJsonPath(entries: ReadonlyArray<MatcherEntry<JsonPathMatcher>>): CompiledJsonPath {
  const byGiven = new Map<string, Array<CompiledRule>>()
  for (const entry of entries) {
    const checks = entry.matcher.then.map((c, k) => compileCheck(entry, c, k))
    for (const given of entry.matcher.given) {
      const problem = jsonPathProblem(given)
      if (problem !== undefined) {
        throw new JsonPathCompileError(`rule ${entry.rule.id} matcher ${entry.matcherIndex}: invalid JSONPath ${JSON.stringify(given)}: ${problem}`)
      }
      const list = byGiven.get(given) ?? []
      list.push({ entry, checks })
      byGiven.set(given, list)
    }
  }
  if (byGiven.size === 0) return { run: () => [] }
  const selectors = [...byGiven].map(([given, rules]) => ({ given, rules, tokens: fastTokens(given) }))
  // the names a descent from the root looks for, found in one walk of the document
  const descentNames = new Set(selectors.flatMap(({ tokens }) => (tokens?.[0] === DESCENT && tokens[1] !== STAR ? [tokens[1]!] : [])))

  return {
    run: (doc, source, deadline, graph) => {
      const root = doc.value
      if (root === null || typeof root !== "object") return []
      const out: Array<RawMatch> = []
      const seen = new Set<string>()
      let index: DescentIndex | undefined
      for (const { given, rules, tokens } of selectors) {
        if (deadline.expired) throw new DeadlineExceeded("JSONPath matching")
        let selected: Array<{ path: StructuredPath; value: unknown }>
        if (tokens === undefined) selected = select(given, root)
        else {
          if (tokens[0] === DESCENT) index ??= descentIndex(root, descentNames)
          selected = selectFast(tokens, root, index)
        }
        for (const { path, value } of selected) {
          for (const rule of rules) {
            const match = evaluate(rule, path, value, doc, source, graph)
            if (match === undefined) continue
            // one rule selected twice (two givens reaching one value) reports once
            const key = `${match.ruleId}:${match.matcherIndex}:${match.start}:${match.end}`
            if (seen.has(key)) continue
            seen.add(key)
            out.push(match)
          }
        }
      }
      return out
    }
  }
}

function below(value: unknown, field: ReadonlyArray<string | number>): unknown {
  let v = value
  for (const seg of field) {
    if (Array.isArray(v)) v = /^\d+$/.test(String(seg)) ? v[Number(seg)] : undefined
    else if (v !== null && typeof v === "object") v = Object.prototype.hasOwnProperty.call(v, seg) ? (v as Record<string, unknown>)[seg] : undefined
    else return undefined
    if (v === undefined) return undefined
  }
  return v
}

const scalarText = (v: unknown): string | undefined =>
  typeof v === "string" ? v : typeof v === "number" || typeof v === "boolean" ? String(v) : undefined

/** A list of scalars as one text, its elements one per line (undefined when an element is not a scalar without a newline). */
function linesText(v: unknown): string | undefined {
  if (!Array.isArray(v)) return undefined
  const parts: Array<string> = []
  for (const e of v) {
    const t = scalarText(e)
    if (t === undefined || t.includes("\n")) return undefined
    parts.push(t)
  }
  return parts.join("\n")
}

function evaluate(
  rule: CompiledRule,
  path: StructuredPath,
  value: unknown,
  doc: StructuredDocument,
  source: SourceDoc,
  graph: BuilderGraph | undefined
): RawMatch | undefined {
  let reportPath: StructuredPath = path
  let reportKey = false
  let secret: string | undefined
  let secretOnValue = false
  let narrowTo: string | undefined
  let element: number | undefined
  for (const check of rule.checks) {
    const from = check.field === undefined || check.field === "@key" ? path : basePath(check.base, path)
    const target =
      check.field === undefined
        ? value
        : check.field === "@key"
          ? path[path.length - 1]
          : from === undefined
            ? undefined
            : below(check.base.from === "given" ? value : below(doc.value, from), check.field)
    const text = check.joinLines ? linesText(target) : scalarText(target)
    let holds: boolean
    switch (check.fn) {
      case "truthy":
        holds = Boolean(target)
        break
      case "falsy":
        holds = !target
        break
      case "defined":
        holds = target !== undefined
        break
      case "undefined":
        holds = target === undefined
        break
      case "null":
        holds = target === null
        break
      case "pattern":
      case "not_pattern": {
        const m = text === undefined ? null : check.regex!.exec(text)
        holds = text !== undefined && (check.fn === "pattern" ? m !== null : m === null)
        if (holds && m?.groups?.at) {
          const at = m.indices?.groups?.at
          // an argument vector: the finding points at the element the group matched (its index is
          // the number of line breaks before it), not at the first place its text occurs
          if (check.joinLines && at !== undefined && text !== undefined) element = text.slice(0, at[0]).split("\n").length - 1
          else narrowTo = m.groups.at
        }
        const s = m?.groups?.secret
        if (holds && s !== undefined && s !== "") {
          secret = s
          // the credential is the finding's place, also when a check on `@key` came first: the text
          // rules report the same value, and one place lets the two be one finding
          if (check.field === undefined) secretOnValue = true
        }
        break
      }
    }
    if (!holds) return undefined
    // the finding points at the value the last check with a field looked at, when it exists;
    // earlier checks select (category, type), the last one names the problem
    if (check.field === "@key") {
      reportPath = path
      reportKey = true
    } else if (check.field !== undefined) {
      reportPath = target !== undefined && from !== undefined ? [...from, ...check.field] : path
      reportKey = false
    }
    if (element !== undefined && holds) {
      reportPath = [...reportPath, element]
      element = undefined
    }
  }
  if (secretOnValue) {
    reportPath = path
    reportKey = false
  }
  const span = within(source.text, narrow(doc, reportPath, reportKey), narrowTo)
  const entry = rule.entry
  const match: RawMatch = {
    ruleId: entry.rule.id,
    matcherIndex: entry.matcherIndex,
    start: span.start,
    end: span.end,
    text: source.text.slice(span.start, span.end),
    detail: describe(reportPath, graph),
    jsonPath: formatJsonPath(reportPath)
  }
  return secret === undefined ? match : { ...match, secret }
}

/**
 * The part of a span where `text` is written verbatim (its first occurrence); the whole span when it
 * is not there as is (JSON escapes, a YAML scalar folded across lines).
 */
function within(content: string, span: Span, text: string | undefined): Span {
  if (text === undefined) return span
  const offset = content.slice(span.start, span.end).indexOf(text)
  return offset < 0 ? span : { start: span.start + offset, end: span.start + offset + text.length }
}

const IDENTIFYING = ["id", "name", "key", "title", "label", "type"]

/**
 * The span to report. A selected object or array is narrowed to something that identifies it (its
 * id or name member, else its key, else its first line): a whole node's text changes whenever the
 * node is moved on the canvas, and the reported text feeds the finding's identity hash.
 */
function narrow(doc: StructuredDocument, path: StructuredPath, key: boolean): Span {
  if (key) return doc.locateKey(path) ?? doc.locate(path) ?? doc.span
  const span = doc.locate(path) ?? doc.span
  let value: unknown = doc.value
  for (const seg of path) {
    if (value === null || typeof value !== "object") break
    value = (value as Record<string, unknown>)[String(seg)]
  }
  if (value === null || typeof value !== "object") return span
  if (!Array.isArray(value)) {
    for (const k of IDENTIFYING) {
      if (typeof (value as Record<string, unknown>)[k] === "string") {
        const member = doc.locate([...path, k])
        if (member !== undefined) return member
      }
    }
  }
  const keySpan = path.length > 0 ? doc.locateKey(path) : undefined
  if (keySpan !== undefined) return keySpan
  return { start: span.start, end: Math.min(span.end, span.start + 1) }
}

function describe(path: StructuredPath, graph: BuilderGraph | undefined): string {
  const jsonPath = formatJsonPath(path)
  const node = graph?.nodes.find((n) => n.path.length <= path.length && n.path.every((s, i) => String(s) === String(path[i])))
  if (node === undefined) return `at ${jsonPath}`
  const who = node.name === node.id ? `"${node.name}"` : `"${node.name}" (${node.id})`
  return `in node ${who} at ${jsonPath}`
}
