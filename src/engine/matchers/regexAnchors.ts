/**
 * Where a text rule's pattern can start, read from its source, so that the regex is tried only there
 * instead of at every position of every file (V8 tries a pattern that starts with a class or an
 * alternation of words at each character: the secret patterns were ~6 % of a Python scan and ~9 %
 * of a builder export's).
 *
 * An anchor plan names literal words and a distance: every match has one of the words starting at
 * most `before` characters after the match's own start. Two shapes give one:
 * - a run of three or more literal characters after atoms of bounded width
 *   (`(?:^|[^\w+.-])[a-zA-Z][a-zA-Z0-9+.-]{1,20}://…`: `://`, at most 22 characters in);
 * - an alternation every branch of which starts with three or more literal characters, after atoms
 *   of bounded width (`(?i)(?:api[_-]?key|secret|token|…)…`: `api`, `secret`, `token`, … at the start).
 * Anything else (an unbounded quantifier before the first such word, a back-reference, characters
 * outside ASCII) gives no plan and the pattern runs over the whole text as before.
 */
export interface AnchorPlan {
  /** the words (lower case when the pattern ignores case) */
  readonly words: ReadonlyArray<string>
  /** the most characters a match can hold before the word */
  readonly before: number
}

interface Atom {
  /** most characters it matches (Infinity: unbounded) */
  readonly width: number
  /** an unquantified literal character */
  readonly literal?: string
  /** an unquantified group with several branches: each branch's leading literal characters */
  readonly prefixes?: ReadonlyArray<string>
  /** an unquantified group of one branch (capturing or not): its atoms stand in the sequence */
  readonly inner?: ReadonlyArray<Atom>
}

class Unsupported extends Error {}

const MIN_WORD = 3
const ASCII = /^[\x20-\x7e]*$/

/** The anchor plan of a pattern's source (without its `(?i)`), or undefined. */
export const anchorPlan = (source: string, caseless: boolean): AnchorPlan | undefined => {
  if (!ASCII.test(source)) return undefined
  let branches: ReadonlyArray<ReadonlyArray<Atom>>
  try {
    const parser = new Parser(source)
    branches = parser.alternatives()
    if (parser.i !== source.length) return undefined
  } catch (e) {
    if (e instanceof Unsupported) return undefined
    throw e
  }
  // a pattern that is itself an alternation has no one place to start from
  if (branches.length !== 1) return undefined
  const plan = planOf(flatten(branches[0]!))
  return plan === undefined ? undefined : { words: plan.words.map((w) => (caseless ? w.toLowerCase() : w)), before: plan.before }
}

/** single-branch groups opened in place: their atoms are part of the sequence */
const flatten = (atoms: ReadonlyArray<Atom>): Array<Atom> => atoms.flatMap((a) => (a.inner !== undefined ? flatten(a.inner) : [a]))

const planOf = (atoms: ReadonlyArray<Atom>): AnchorPlan | undefined => {
  let before = 0
  for (let i = 0; i < atoms.length; i++) {
    const atom = atoms[i]!
    if (atom.literal !== undefined) {
      let run = ""
      let j = i
      while (j < atoms.length && atoms[j]!.literal !== undefined) run += atoms[j++]!.literal
      if (run.length >= MIN_WORD) return { words: [run], before }
      before += run.length
      i = j - 1
      continue
    }
    if (atom.prefixes !== undefined && atom.prefixes.every((p) => p.length >= MIN_WORD)) return { words: [...new Set(atom.prefixes)], before }
    before += atom.width
    if (!Number.isFinite(before)) return undefined
  }
  return undefined
}

/** A recursive-descent reader of the regex syntax the rules use; anything else is Unsupported. */
class Parser {
  i = 0
  constructor(private readonly s: string) {}

  alternatives(): Array<Array<Atom>> {
    const branches: Array<Array<Atom>> = [this.sequence()]
    while (this.s[this.i] === "|") {
      this.i++
      branches.push(this.sequence())
    }
    return branches
  }

  private sequence(): Array<Atom> {
    const atoms: Array<Atom> = []
    while (this.i < this.s.length && this.s[this.i] !== "|" && this.s[this.i] !== ")") atoms.push(this.quantified(this.atom()))
    return atoms
  }

  /** The atom with the quantifier that follows it, if any. */
  private quantified(atom: Atom): Atom {
    const c = this.s[this.i]
    let most: number
    if (c === "?") most = 1
    else if (c === "*" || c === "+") most = Infinity
    else if (c === "{" && /^\{\d+(?:,\d*)?\}/.test(this.s.slice(this.i))) {
      const m = /^\{(\d+)(?:(,)(\d*))?\}/.exec(this.s.slice(this.i))!
      this.i += m[0].length - 1
      most = m[2] === undefined ? Number(m[1]) : m[3] === "" ? Infinity : Number(m[3])
    } else return atom
    this.i++
    if (this.s[this.i] === "?") this.i++
    return { width: most === 0 ? 0 : atom.width * most }
  }

  private atom(): Atom {
    const s = this.s
    const c = s[this.i]!
    if (c === "(") return this.group()
    if (c === "[") {
      this.characterClass()
      return { width: 1 }
    }
    if (c === "\\") return this.escape()
    this.i++
    if (c === "^" || c === "$") return { width: 0 }
    if (c === ".") return { width: 1 }
    if ("*+?{}]".includes(c)) throw new Unsupported()
    return { width: 1, literal: c }
  }

  private escape(): Atom {
    const next = this.s[this.i + 1]
    if (next === undefined) throw new Unsupported()
    this.i += 2
    if (next === "b" || next === "B") return { width: 0 }
    if ("wWsSdDntrfv0".includes(next)) return { width: 1 }
    if (next === "x" && /^[0-9a-fA-F]{2}/.test(this.s.slice(this.i))) {
      this.i += 2
      return { width: 1 }
    }
    if (next === "u" && /^[0-9a-fA-F]{4}/.test(this.s.slice(this.i))) {
      this.i += 4
      return { width: 1 }
    }
    // back-references, \k<name>, \p{…}, \c: not read here
    if (/[A-Za-z0-9]/.test(next)) throw new Unsupported()
    return { width: 1, literal: next }
  }

  private characterClass(): void {
    const s = this.s
    this.i++
    if (s[this.i] === "^") this.i++
    // a `]` first is a literal member
    if (s[this.i] === "]") this.i++
    while (this.i < s.length && s[this.i] !== "]") this.i += s[this.i] === "\\" ? 2 : 1
    if (s[this.i] !== "]") throw new Unsupported()
    this.i++
  }

  private group(): Atom {
    const s = this.s
    this.i++
    let lookaround = false
    if (s[this.i] === "?") {
      const head = s.slice(this.i, this.i + 3)
      if (head.startsWith("?:")) this.i += 2
      else if (head.startsWith("?=") || head.startsWith("?!")) {
        this.i += 2
        lookaround = true
      } else if (head === "?<=" || head === "?<!") {
        this.i += 3
        lookaround = true
      } else if (head.startsWith("?<")) {
        const close = s.indexOf(">", this.i)
        if (close === -1) throw new Unsupported()
        this.i = close + 1
      } else throw new Unsupported()
    }
    const branches = this.alternatives()
    if (s[this.i] !== ")") throw new Unsupported()
    this.i++
    if (lookaround) return { width: 0 }
    const width = Math.max(...branches.map((b) => b.reduce((sum, a) => sum + a.width, 0)))
    if (this.quantifierFollows()) return { width }
    if (branches.length === 1) return { width, inner: branches[0]! }
    return { width, prefixes: branches.map((b) => leadingLiterals(flatten(b))) }
  }

  private quantifierFollows(): boolean {
    const c = this.s[this.i]
    return c === "?" || c === "*" || c === "+" || (c === "{" && /^\{\d+(?:,\d*)?\}/.test(this.s.slice(this.i)))
  }
}

const leadingLiterals = (atoms: ReadonlyArray<Atom>): string => {
  let word = ""
  for (const a of atoms) {
    if (a.literal === undefined) break
    word += a.literal
  }
  return word
}

/**
 * Every match of `sticky` (the pattern with the `y` flag) in the text, as `text.matchAll(global)`
 * finds them: leftmost first, each search resuming where the last match ended. `starts`: where the
 * plan's words start in the text, ascending. A match can only start `before` characters or fewer
 * ahead of one of them, so only those positions are tried; at a position the sticky regex matches
 * exactly what the global one matches when that position is the leftmost that matches.
 */
export const anchoredMatches = (text: string, sticky: RegExp, starts: ReadonlyArray<number>, before: number): Array<RegExpExecArray> => {
  const out: Array<RegExpExecArray> = []
  let next = 0
  for (const q of starts) {
    for (let at = Math.max(next, q - before); at <= q; ) {
      sticky.lastIndex = at
      const m = sticky.exec(text)
      if (m === null) {
        at++
        continue
      }
      out.push(m)
      const end = m.index + m[0].length
      next = end > at ? end : at + 1
      at = next
    }
    if (next <= q) next = q + 1
  }
  return out
}
