import type { Call, Expr, SemanticModel } from "../model/Model.js"
import { statementsOf } from "../model/heldValue.js"

/**
 * What call conditions read beyond the call's own syntax: constants and option objects held by
 * local variables, where a call's result ends up, and whether a constant regex backtracks.
 */

/** Words of an identifier or key, lowercased: `NewAPIKey` -> new api key, `reset_code` -> reset code. */
const wordsOf = (name: string): ReadonlyArray<string> => (name.match(/[A-Z]+(?![a-z])|[A-Z]?[a-z]+|\d+/g) ?? []).map((w) => w.toLowerCase())

/** The name has one of these word sequences as consecutive words (`api_key` in `NewAPIKey`). */
export const nameHas = (name: string, sequences: ReadonlyArray<ReadonlyArray<string>>): boolean => {
  const words = wordsOf(name)
  return sequences.some((seq) => words.some((_, i) => seq.every((w, j) => words[i + j] === w)))
}

type Found = (e: Expr) => boolean

/**
 * The names that hold `found` inside `e`: the nearest key of a dict / object entry or keyword
 * argument around it, or `null` where `e` carries it as a whole (through string building,
 * conversions, operators, indexing).
 */
const holdersIn = (e: Expr, found: Found, model: SemanticModel, out: Array<string | null>, depth = 0): void => {
  if (depth > 12) return
  if (found(e)) {
    out.push(null)
    return
  }
  switch (e.k) {
    case "concat":
    case "op":
      for (const p of e.parts) holdersIn(p, found, model, out, depth + 1)
      return
    case "container":
      for (const x of e.entries) {
        const inner: Array<string | null> = []
        holdersIn(x.value, found, model, inner, depth + 1)
        for (const h of inner) out.push(h ?? x.key ?? null)
      }
      return
    case "index":
      holdersIn(e.obj, found, model, out, depth + 1)
      holdersIn(e.key, found, model, out, depth + 1)
      return
    case "attr":
      holdersIn(e.obj, found, model, out, depth + 1)
      return
    case "call": {
      const c = model.calls[e.call]
      if (c === undefined) return
      if (c.receiver !== undefined) holdersIn(c.receiver, found, model, out, depth + 1)
      for (const a of c.args) {
        const inner: Array<string | null> = []
        holdersIn(a.value, found, model, inner, depth + 1)
        for (const h of inner) out.push(h ?? a.name ?? null)
      }
      return
    }
    default:
      return
  }
}

/**
 * The call's result ends up in something named like one of `sequences`: a variable or field it is
 * assigned to, a key it is stored under, a keyword it is passed as, or the function returning it.
 * Followed through the variables of its function that hold it.
 */
export const resultNamed = (call: Call, model: SemanticModel, sequences: ReadonlyArray<ReadonlyArray<string>>, depth = 0): boolean => {
  const index = model.calls.indexOf(call)
  const held = new Set<string>()
  const found: Found = (e) => (e.k === "call" && e.call === index) || (e.k === "name" && held.has(e.name))
  const body = statementsOf(model, call.fn)
  const fnName = call.fn === -1 ? undefined : model.functions[call.fn]!.name
  for (let pass = 0, grew = true; grew && pass < 4; pass++) {
    grew = false
    for (const s of body) {
      const holders: Array<string | null> = []
      if (s.k === "assign" || s.k === "return") holdersIn(s.value, found, model, holders)
      else if (s.k === "call") holdersIn({ k: "call", call: s.call }, found, model, holders)
      for (const h of holders) {
        const name = h ?? (s.k === "assign" ? s.target.path[s.target.path.length - 1] ?? s.target.name : s.k === "return" ? fnName : undefined)
        if (name !== undefined && nameHas(name, sequences)) return true
        // returned whole by a same-file helper (`def rand_string(n)`): judged where the helper is called
        if (h === null && s.k === "return" && fnName !== undefined && depth < 2 && model.calls.some((c) => c.callee === fnName && c.fn !== call.fn && resultNamed(c, model, sequences, depth + 1))) return true
        // held as a whole by a variable (or an element of it, `b[i] = ...`): follow that variable
        if (h === null && s.k === "assign" && !held.has(s.target.name) && (s.target.path.length === 0 || s.target.path.every((p) => !/^[A-Za-z_]/.test(p)))) {
          held.add(s.target.name)
          grew = true
        }
      }
    }
  }
  return false
}

const isQuantifier = (source: string, i: number): boolean => {
  const c = source[i]
  if (c === "+" || c === "*") return true
  // `{n,}` and `{n,m}` with a real range repeat; `{3}` does not backtrack
  return c === "{" && /^\{\d*,\d*\}/.test(source.slice(i, i + 12))
}

/**
 * A quantified group that itself contains a quantifier (`(a+)+`, `(\w+\s?)*`, `(?:x*y)+`): the
 * shape that backtracks exponentially. One linear scan; escapes and character classes skipped.
 */
export const hasNestedQuantifier = (source: string): boolean => {
  const groups: Array<{ inner: boolean; start: number }> = []
  let inClass = false
  for (let i = 0; i < source.length; i++) {
    const c = source[i]
    if (c === "\\") {
      i++
      continue
    }
    if (inClass) {
      if (c === "]") inClass = false
      continue
    }
    if (c === "[") inClass = true
    else if (c === "(") groups.push({ inner: false, start: i + 1 })
    else if (c === ")") {
      const group = groups.pop()
      const inner = group?.inner ?? false
      if (inner && isQuantifier(source, i + 1) && !delimited(source.slice(group!.start, i))) return true
      if (inner && groups.length > 0) groups[groups.length - 1]!.inner = true
    } else if (isQuantifier(source, i) && groups.length > 0) groups[groups.length - 1]!.inner = true
  }
  return false
}

const PUNCTUATION = /^[!-/:-@[-`{-~]$/

/**
 * A repeated group whose every pass starts or ends with one punctuation character nothing else in
 * the group can match (`([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?\.)*`, the hostname pattern;
 * `(\.[a-z]+)*`): the passes split an input one way only, so the repetition does not backtrack
 * exponentially. Alternatives, lookarounds, wildcards, negated classes and `\W \S \D` leave it undecided.
 */
const delimited = (body: string): boolean => {
  const b = body.startsWith("?:") ? body.slice(2) : body
  if (b.startsWith("?")) return false
  const literalAt = (i: number): string | undefined =>
    b[i] === "\\" ? (b[i + 1] === "n" ? "\n" : PUNCTUATION.test(b[i + 1] ?? "") ? b[i + 1] : undefined) : PUNCTUATION.test(b[i] ?? "") && !"()[]{}|.*+?^$".includes(b[i]!) ? b[i] : undefined
  const lead = literalAt(0)
  const leadEnd = b[0] === "\\" ? 2 : 1
  // the last character, unless it is a quantifier's or belongs to an escape or a class
  const tailAt = b.length >= 2 && b[b.length - 2] === "\\" ? b.length - 2 : b.length - 1
  const tail = tailAt >= 0 && (tailAt === 0 || b[tailAt - 1] !== "\\" || tailAt === b.length - 2) ? literalAt(tailAt) : undefined
  const fits = (d: string, from: number, to: number): boolean => !matchesIn(b.slice(from, to), d)
  return (lead !== undefined && !isQuantifier(b, leadEnd) && b[leadEnd] !== "?" && fits(lead, leadEnd, b.length)) || (tail !== undefined && fits(tail, 0, tailAt))
}

/**
 * Whether something in a piece of a pattern (no alternation) may match the delimiter `d`: a punctuation
 * character, or a line break (which `.` does not match: `(\|.*\|\n)+`, the rows of a table, is linear).
 */
const matchesIn = (piece: string, d: string): boolean => {
  const newline = d === "\n"
  for (let i = 0; i < piece.length; i++) {
    const c = piece[i]!
    if (c === "|" || (c === "." && !newline)) return true
    if (c === "\\") {
      const e = piece[i + 1] ?? ""
      if (newline ? "WDsn".includes(e) : "WSDbB".includes(e) || e === d) return true
      i++
      continue
    }
    if (c === d) return true
    if (c === "[") {
      let j = i + 1
      if (piece[j] === "^") return true
      for (; j < piece.length && piece[j] !== "]"; j++) {
        const escaped = piece[j] === "\\"
        const x = escaped ? piece[++j] ?? "" : piece[j]!
        if (escaped && (newline ? "WDsn" : "WSD").includes(x)) return true
        if (x === d) return true
        if (piece[j + 1] === "-" && piece[j + 2] !== undefined && piece[j + 2] !== "]") {
          const hi = piece[j + 2] === "\\" ? piece[j + 3] ?? "" : piece[j + 2]!
          if (d >= x && d <= hi) return true
          j += piece[j + 2] === "\\" ? 3 : 2
        }
      }
      i = j
    }
  }
  return false
}

const referenceTables = new WeakMap<SemanticModel, ReadonlyArray<string>>()

/**
 * The imported functions the file passes by reference as arguments (`app.use(authenticate)`,
 * `router.post("/x", requireUser, handler)`): the framework calls them, so a file condition that asks
 * for a call of one is met. Functions of the file itself are not listed: their bodies are in the model.
 */
export const passedReferences = (model: SemanticModel): ReadonlyArray<string> => {
  let list = referenceTables.get(model)
  if (list === undefined) {
    const names = new Set<string>()
    for (const c of model.calls) for (const a of c.args) if (a.value.k === "ref") names.add(a.value.name)
    referenceTables.set(model, (list = [...names]))
  }
  return list
}
