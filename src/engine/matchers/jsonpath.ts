import { JSONPath } from "jsonpath-plus"
import type { BuilderGraph } from "../../builders/Graph.js"
import type { JsonPathMatcher } from "../../domain/Rule.js"
import type { Span, StructuredDocument, StructuredPath } from "../../languages/structured.js"
import { type Deadline, DeadlineExceeded, type SourceDoc } from "../../languages/Source.js"
import { formatJsonPath } from "../../languages/structuredPath.js"
import type { RawMatch } from "./RawMatch.js"
import type { MatcherEntry } from "./treeSitter.js"

/**
 * JSONPath rules over JSON/YAML files and builder exports, Spectral style: `given` selects values,
 * every `then` check must hold on a selected value for a finding. Paths are authored in the
 * catalogue, validated here at load time, and evaluated by jsonpath-plus with script evaluation
 * disabled, so filter (`?()`) and script (`()`) expressions are rejected. Each distinct `given` runs
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
 */

export class JsonPathCompileError extends Error {}

interface Check {
  readonly fn: "truthy" | "falsy" | "defined" | "undefined" | "null" | "pattern" | "not_pattern"
  /** segments below the given value; undefined = the value itself; "@key" = its key */
  readonly field: ReadonlyArray<string> | "@key" | undefined
  readonly regex: RegExp | undefined
}

interface CompiledRule {
  readonly entry: MatcherEntry<JsonPathMatcher>
  readonly checks: ReadonlyArray<Check>
}

export interface CompiledJsonPath {
  readonly run: (doc: StructuredDocument, source: SourceDoc, deadline: Deadline, graph?: BuilderGraph) => Array<RawMatch>
}

const compileRegex = (source: string, what: string): RegExp => {
  const caseless = source.startsWith("(?i)")
  try {
    return new RegExp(caseless ? source.slice(4) : source, caseless ? "i" : "")
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
  const field = check.field === undefined ? undefined : check.field === "@key" ? "@key" : check.field.split(".")
  if (Array.isArray(field) && field.some((s) => s === "")) throw new JsonPathCompileError(`${where}: invalid field ${JSON.stringify(check.field)}`)
  return { fn: check.function, field, regex: check.pattern === undefined ? undefined : compileRegex(check.pattern, where) }
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

/**
 * The paths most rules use (`$`, then `.name`, `.*`, `[*]`, `..name`, `..*` steps) are evaluated
 * here, with jsonpath-plus's own semantics (its results, in its order, with its paths), without its
 * per-step copies of the path: a recursive descent from the root reads an index of the document's
 * objects by key, built once per document. Other paths go to jsonpath-plus.
 */
const DESCENT = ".."
const STAR = "*"
const PLAIN_NAME = /^[A-Za-z_][A-Za-z0-9_-]*$/

/** The given's steps as jsonpath-plus reads them, when every step is one evaluated here; else undefined. */
export function fastTokens(given: string): ReadonlyArray<string> | undefined {
  if (given === "$") return []
  let tokens: Array<string>
  try {
    tokens = JSONPath.toPathArray(given)
  } catch {
    return undefined
  }
  if (tokens[0] !== "$" || tokens.length < 2) return undefined
  tokens = tokens.slice(1)
  // `length` is an own property of arrays and strings: left to jsonpath-plus
  if (!tokens.every((t) => t === DESCENT || t === STAR || (PLAIN_NAME.test(t) && t !== "length"))) return undefined
  // a descent must be followed by a step
  if (tokens[tokens.length - 1] === DESCENT) return undefined
  return tokens
}

/**
 * Every object and array of a document in document order (pre-order), each with its parent and its
 * key there, and for the names a descent from the root looks for, the objects that own them.
 */
interface DescentIndex {
  readonly values: Array<object>
  readonly parent: Array<number>
  readonly key: Array<string | number>
  readonly byKey: Map<string, Array<number>>
}

function descentIndex(root: object, names: ReadonlySet<string>): DescentIndex {
  const values: Array<object> = []
  const parent: Array<number> = []
  const key: Array<string | number> = []
  const byKey = new Map<string, Array<number>>()
  for (const name of names) byKey.set(name, [])
  const stackValue: Array<object> = [root]
  const stackParent: Array<number> = [-1]
  const stackKey: Array<string | number> = [""]
  while (stackValue.length > 0) {
    const value = stackValue.pop()!
    const at = values.length
    values.push(value)
    parent.push(stackParent.pop()!)
    key.push(stackKey.pop()!)
    if (Array.isArray(value)) {
      for (let i = value.length - 1; i >= 0; i--) {
        const child: unknown = value[i]
        if (child === null || typeof child !== "object") continue
        stackValue.push(child)
        stackParent.push(at)
        stackKey.push(i)
      }
    } else {
      const keys = Object.keys(value)
      for (let i = keys.length - 1; i >= 0; i--) {
        const k = keys[i]!
        const list = byKey.get(k)
        if (list !== undefined) list.push(at)
        const child: unknown = (value as Record<string, unknown>)[k]
        if (child === null || typeof child !== "object") continue
        stackValue.push(child)
        stackParent.push(at)
        stackKey.push(k)
      }
    }
  }
  return { values, parent, key, byKey }
}

const pathTo = (index: DescentIndex, at: number): Array<string> => {
  const out: Array<string> = []
  for (let i = at; i > 0; i = index.parent[i]!) out.push(String(index.key[i]!))
  return out.reverse()
}

/** jsonpath-plus leaves `~`, `^` and `@type()` steps out of a result's pointer, so out of its path. */
const POINTER_SKIPS = /^(~|\^|@.*?\(\))$/u

function selectFast(tokens: ReadonlyArray<string>, root: object, index: DescentIndex | undefined): Array<{ path: StructuredPath; value: unknown }> {
  const out: Array<{ path: StructuredPath; value: unknown }> = []
  const path: Array<string> = []
  const emit = (value: unknown): void => {
    out.push({ path: path.some((s) => POINTER_SKIPS.test(s)) ? path.filter((s) => !POINTER_SKIPS.test(s)) : [...path], value })
  }
  const has = (value: unknown, name: string): boolean => Boolean(value) && Object.hasOwn(value as object, name)
  const walk = (value: unknown, each: (key: string, child: unknown) => void): void => {
    if (Array.isArray(value)) for (let i = 0; i < value.length; i++) each(String(i), value[i])
    else if (value !== null && typeof value === "object") for (const k of Object.keys(value)) each(k, (value as Record<string, unknown>)[k])
  }
  // `literal`: jsonpath-plus's literal priority, set after a step that selected by name or by `*`:
  // then a `*` or `..` step first takes a member literally named so, when there is one
  const trace = (i: number, value: unknown, literal: boolean): void => {
    if (i === tokens.length) return emit(value)
    const t = tokens[i]!
    if (t !== STAR && t !== DESCENT) {
      if (!has(value, t)) return
      path.push(t)
      trace(i + 1, (value as Record<string, unknown>)[t], !literal)
      path.pop()
      return
    }
    if (literal && has(value, t)) {
      path.push(t)
      trace(i + 1, (value as Record<string, unknown>)[t], false)
      path.pop()
      return
    }
    if (t === STAR) {
      walk(value, (k, child) => {
        path.push(k)
        trace(i + 1, child, true)
        path.pop()
      })
      return
    }
    trace(i + 1, value, false)
    walk(value, (k, child) => {
      if (typeof child !== "object") return
      path.push(k)
      trace(i, child, false)
      path.pop()
    })
  }
  try {
    const next = tokens[1]
    const from = tokens[0] !== DESCENT || index === undefined ? undefined : next === STAR ? index.values.map((_, at) => at) : index.byKey.get(next!)
    if (from !== undefined && index !== undefined) {
      // a descent from the root: the rest of the path from every object and array (or every one
      // that owns the next step's name), in document order
      for (const at of from) {
        path.length = 0
        path.push(...pathTo(index, at))
        trace(1, index.values[at], false)
      }
    } else trace(0, root, false)
  } catch {
    // as jsonpath-plus: a path too deep to follow selects nothing
    return []
  }
  return out
}

/** What a given selects: by the evaluator here when it reads the path, else by jsonpath-plus (`library`). */
export function selectGiven(given: string, root: object, library = false): Array<{ path: StructuredPath; value: unknown }> {
  const tokens = library ? undefined : fastTokens(given)
  if (tokens === undefined) return select(given, root)
  return selectFast(tokens, root, tokens[0] === DESCENT ? descentIndex(root, new Set(tokens[1] !== STAR ? [tokens[1]!] : [])) : undefined)
}

function select(given: string, json: object): Array<{ path: StructuredPath; value: unknown }> {
  let results: unknown
  try {
    results = JSONPath({ path: given, json, resultType: "all", eval: false, wrap: true })
  } catch {
    return []
  }
  if (!Array.isArray(results)) return []
  const out: Array<{ path: StructuredPath; value: unknown }> = []
  for (const r of results) {
    if (r === null || typeof r !== "object") continue
    const { pointer, value } = r as { pointer?: unknown; value?: unknown }
    if (typeof pointer !== "string") continue
    const path = pointer === "" ? [] : pointer.slice(1).split("/").map((s) => s.replace(/~1/g, "/").replace(/~0/g, "~"))
    out.push({ path, value })
  }
  return out
}

function below(value: unknown, field: ReadonlyArray<string>): unknown {
  let v = value
  for (const seg of field) {
    if (Array.isArray(v)) v = /^\d+$/.test(seg) ? v[Number(seg)] : undefined
    else if (v !== null && typeof v === "object") v = Object.prototype.hasOwnProperty.call(v, seg) ? (v as Record<string, unknown>)[seg] : undefined
    else return undefined
    if (v === undefined) return undefined
  }
  return v
}

const scalarText = (v: unknown): string | undefined =>
  typeof v === "string" ? v : typeof v === "number" || typeof v === "boolean" ? String(v) : undefined

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
  for (const check of rule.checks) {
    const target = check.field === undefined ? value : check.field === "@key" ? path[path.length - 1] : below(value, check.field)
    const text = scalarText(target)
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
      reportPath = target !== undefined ? [...path, ...check.field] : path
      reportKey = false
    }
  }
  if (secretOnValue) {
    reportPath = path
    reportKey = false
  }
  const span = narrow(doc, reportPath, reportKey)
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
