import { JSONPath } from "jsonpath-plus"
import type { StructuredPath } from "../../languages/structured.js"

/**
 * The paths most rules use (`$`, then `.name`, `.*`, `[*]`, `..name`, `..*` steps) are evaluated
 * here, with jsonpath-plus's own semantics (its results, in its order, with its paths), without its
 * per-step copies of the path: a recursive descent from the root reads an index of the document's
 * objects by key, built once per document. Other paths go to jsonpath-plus.
 */
export const DESCENT = ".."
export const STAR = "*"
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
export interface DescentIndex {
  readonly values: Array<object>
  readonly parent: Array<number>
  readonly key: Array<string | number>
  readonly byKey: Map<string, Array<number>>
}

export function descentIndex(root: object, names: ReadonlySet<string>): DescentIndex {
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

export function selectFast(tokens: ReadonlyArray<string>, root: object, index: DescentIndex | undefined): Array<{ path: StructuredPath; value: unknown }> {
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

/** What a given selects, by jsonpath-plus (script evaluation off); nothing when it cannot read it. */
export function select(given: string, json: object): Array<{ path: StructuredPath; value: unknown }> {
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
