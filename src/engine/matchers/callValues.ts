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
  // (a literal's flags: `/…/i` compares letters without case)
  const flagsAt = source.startsWith("/") ? source.lastIndexOf("/") : -1
  const caseless = flagsAt > 0 && /^[a-z]*$/.test(source.slice(flagsAt + 1)) && source.slice(flagsAt + 1).includes("i")
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
      if (inner && isQuantifier(source, i + 1) && !delimited(source.slice(group!.start, i), caseless)) return true
      if (inner && groups.length > 0) groups[groups.length - 1]!.inner = true
    } else if (isQuantifier(source, i) && groups.length > 0) groups[groups.length - 1]!.inner = true
  }
  return false
}

/**
 * A repeated group whose every pass starts or ends with a character, or a class of characters,
 * that nothing else in the group can match (`([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?\.)*`, the hostname
 * pattern; `(\.[a-z]+)*`; `([A-Z][a-z\d]*)+`, words in CamelCase; `(\|.*\|\n)+`, table rows, as
 * `.` stops at a line break): the passes split an input one way only, so the repetition does not
 * backtrack exponentially. Alternatives, lookarounds, back-references, a delimiter that is itself
 * repeated or optional, and one that matches characters outside ASCII (`[^x]`, `\W`, `.`) leave it
 * undecided (exponential).
 */
const delimited = (body: string, caseless: boolean): boolean => {
  const b = body.startsWith("?:") ? body.slice(2) : body
  if (b.startsWith("?")) return false
  const atoms = atomsOf(b)
  if (atoms === undefined || atoms.length < 2) return false
  const first = atoms[0]!
  const last = atoms[atoms.length - 1]!
  const apart = (edge: Atom, others: ReadonlyArray<Atom>): boolean => {
    if (edge.repeated) return false
    const chars = asciiMembers(edge.source, caseless)
    return chars !== undefined && chars.length > 0 && !others.some((a) => chars.some((c) => atomMatches(a.source, c, caseless)))
  }
  return apart(first, atoms.slice(1)) || apart(last, atoms.slice(0, -1))
}

interface Atom {
  /** the atom as written: a class, an escape, `.` or a literal character */
  readonly source: string
  /** followed by a quantifier (`*`, `+`, `?`, `{n,m}`) */
  readonly repeated: boolean
}

/** The atoms of a piece of a pattern, in order; undefined where it alternates, looks around or refers back. */
const atomsOf = (piece: string): Array<Atom> | undefined => {
  const out: Array<Atom> = []
  // where each open group's atoms begin, and where the group just closed began (a quantifier after it repeats them all)
  const opened: Array<number> = []
  let closedAt: number | undefined
  let i = 0
  while (i < piece.length) {
    const c = piece[i]!
    let source: string
    if (c === "|") return undefined
    if (c === "(") {
      if (piece[i + 1] === "?") {
        if (piece[i + 2] === ":") i += 3
        else if (piece[i + 2] === "<" && piece[i + 3] !== "=" && piece[i + 3] !== "!") i = piece.indexOf(">", i) + 1
        else return undefined
        if (i <= 0) return undefined
      } else i++
      opened.push(out.length)
      closedAt = undefined
      continue
    }
    if (c === ")") {
      closedAt = opened.pop() ?? 0
      i++
      continue
    }
    if (c === "^" || c === "$") {
      closedAt = undefined
      i++
      continue
    }
    if (c === "*" || c === "+" || c === "?" || (c === "{" && /^\{(?:\d+(?:,\d*)?|,\d+)\}/.test(piece.slice(i)))) {
      const close = c === "{" ? piece.indexOf("}", i) : i
      if (!(c === "{" && /^\{(\d+)\}/.test(piece.slice(i)))) {
        for (let k = closedAt ?? out.length - 1; k >= 0 && k < out.length; k++) (out[k] as { repeated: boolean }).repeated = true
      }
      closedAt = undefined
      i = close + 1
      continue
    }
    closedAt = undefined
    if (c === "\\") {
      const e = piece[i + 1] ?? ""
      if (/[1-9k]/.test(e)) return undefined
      const len = e === "u" ? (piece[i + 2] === "{" ? piece.indexOf("}", i) + 1 - i : 6) : e === "x" ? 4 : e === "c" ? 3 : e === "p" || e === "P" ? piece.indexOf("}", i) + 1 - i : 2
      if (len <= 0) return undefined
      source = piece.slice(i, i + len)
      i += len
    } else if (c === "[") {
      let j = i + 1
      if (piece[j] === "^") j++
      if (piece[j] === "]") j++
      for (; j < piece.length && piece[j] !== "]"; j++) if (piece[j] === "\\") j++
      if (j >= piece.length) return undefined
      source = piece.slice(i, j + 1)
      i = j + 1
    } else {
      source = c
      i++
    }
    out.push({ source, repeated: false })
  }
  return out
}

const atomRegexes = new Map<string, RegExp | null>()
const atomRegex = (source: string, caseless: boolean): RegExp | null => {
  const key = `${caseless ? "i" : "-"}${source}`
  let re = atomRegexes.get(key)
  if (re === undefined) {
    try {
      re = new RegExp(`^(?:${source})$`, caseless ? "i" : "")
    } catch {
      re = null
    }
    atomRegexes.set(key, re)
  }
  return re
}

/** Whether an atom may match the character (an atom that does not compile may match anything). */
const atomMatches = (source: string, c: string, caseless: boolean): boolean => {
  const re = atomRegex(source, caseless)
  return re === null || re.test(c)
}

/** The ASCII characters an atom matches, or undefined when it also matches beyond ASCII (or cannot be read). */
const asciiMembers = (source: string, caseless: boolean): Array<string> | undefined => {
  const re = atomRegex(source, caseless)
  if (re === null) return undefined
  // (one character past ASCII of each kind a negated class or `\W`, `\S`, `.` would take)
  if (["\u00e9", "\u4e00", "\u2028"].some((c) => re.test(c))) return undefined
  const out: Array<string> = []
  for (let code = 0; code < 128; code++) {
    const ch = String.fromCharCode(code)
    if (re.test(ch)) out.push(ch)
  }
  return out
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
