/**
 * Whether a regex match validates a value: the pattern must match the whole value (anchored at both
 * ends, by the call or by `^` / `$`) and allow only characters that mean nothing to a shell, a path
 * or SQL (letters, digits, `_ - . : @ ,`). `[0-9a-f]{7,40}` validates a commit id; `.+`, `[\w ;&|]+`
 * or `[\w./-]+` (a path with `/`) validate nothing, and neither does a pattern matched anywhere.
 *
 * `anchored`: what the call anchors itself — `both` (Python's `fullmatch`), `start` (`re.match`) or
 * `none` (`RegExp.test`, Go's `MatchString`); the pattern must anchor the rest.
 */
export const restrictivePattern = (pattern: string, anchored: "both" | "start" | "none"): boolean => {
  let body = pattern
  const start = /^(?:\^|\\A)/.exec(body)
  if (start !== null) body = body.slice(start[0].length)
  else if (anchored === "none") return false
  const end = /(?:\\[Zz]|\$)$/.exec(body)
  // `\$` at the end is a dollar sign, not the end of the value
  if (end !== null && !(end[0] === "$" && escaped(body, body.length - 1))) body = body.slice(0, -end[0].length)
  else if (anchored !== "both") return false
  // `^a|b$` is `(^a)|(b$)`: each side is anchored at one end only, unless the call anchors both
  return body.length > 0 && onlySafeAtoms(body, anchored === "both")
}

/** The character at `at` follows an odd number of backslashes. */
const escaped = (text: string, at: number): boolean => {
  let n = 0
  for (let i = at - 1; i >= 0 && text[i] === "\\"; i--) n++
  return n % 2 === 1
}

/** Characters a validated value may hold: none of them quotes, separates, comments or names a path. */
const SAFE_CHAR = /^[A-Za-z0-9_\-.:@,]$/
/** Escapes of such characters, and the classes of word characters and digits. */
const SAFE_ESCAPE = /^[dw_\-.:@,]$/

/** Every atom of the pattern (outside anchors) is a safe character, a safe escape or a safe class. */
const onlySafeAtoms = (body: string, topLevelAlternation: boolean): boolean => {
  let depth = 0
  for (let i = 0; i < body.length; i++) {
    const c = body[i]!
    if (c === "\\") {
      if (!SAFE_ESCAPE.test(body[++i] ?? "")) return false
      continue
    }
    if (c === "[") {
      const end = classEnd(body, i)
      if (end === -1 || !safeClass(body.slice(i + 1, end))) return false
      i = end
      continue
    }
    if (c === "(") {
      depth++
      // a non-capturing or named group: `(?:`, `(?P<name>`
      const named = /^\(\?(?::|P<\w+>)/.exec(body.slice(i))
      if (named !== null) i += named[0].length - 1
      else if (body[i + 1] === "?") return false
      continue
    }
    if (c === ")") {
      if (--depth < 0) return false
      continue
    }
    if (c === "{") {
      const end = body.indexOf("}", i)
      if (end === -1 || !/^\d+(?:,\d*)?$/.test(body.slice(i + 1, end))) return false
      i = end
      continue
    }
    if (c === "|" && depth === 0 && !topLevelAlternation) return false
    if (c === "|" || c === "*" || c === "+" || c === "?") continue
    if (c === "." || !SAFE_CHAR.test(c)) return false
  }
  return depth === 0
}

/** The index of the `]` closing the class opened at `open` (a `]` first in the class is a member). */
const classEnd = (body: string, open: number): number => {
  for (let i = open + (body[open + 1] === "]" ? 2 : 1); i < body.length; i++) {
    if (body[i] === "\\") i++
    else if (body[i] === "]") return i
  }
  return -1
}

/** A class of safe members only: characters, ranges between letters or digits, `\d`, `\w`; never negated. */
const safeClass = (members: string): boolean => {
  if (members.length === 0 || members.startsWith("^")) return false
  for (let i = 0; i < members.length; i++) {
    const c = members[i]!
    if (c === "\\") {
      if (!SAFE_ESCAPE.test(members[++i] ?? "")) return false
      continue
    }
    // a range (`a-f`, `0-9`) between letters or digits; a `-` first or last is itself
    if (c === "-" && i > 0 && i < members.length - 1) {
      if (!sameKind(members[i - 1]!, members[i + 1]!) || members[i - 1]! > members[i + 1]!) return false
      continue
    }
    if (!SAFE_CHAR.test(c)) return false
  }
  return true
}

/** Both digits, both lower-case or both upper-case letters: a range between them holds nothing else (`A-z` holds `[\\]^_`). */
const sameKind = (a: string, b: string): boolean => [/^[0-9]$/, /^[a-z]$/, /^[A-Z]$/].some((re) => re.test(a) && re.test(b))
