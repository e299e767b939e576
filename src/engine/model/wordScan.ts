/**
 * Hand-written scans that find many words in a text in one pass, in place of regexes of hundreds of
 * alternatives (V8's irregexp tries every alternative at every position: the prefilter's and the
 * text rules' keyword regexes were ~40 ms of a ~390 ms pass over the Python corpus). Each gives
 * exactly what its regex gave: see the equivalence properties in test/engine/word-scan.test.ts.
 */

/** `[A-Za-z0-9_$]`, the characters of an identifier (`\w` without the u flag, and `$`) */
const WORD = new Uint8Array(128)
for (let c = 0; c < 128; c++) {
  WORD[c] = (c >= 48 && c <= 57) || (c >= 65 && c <= 90) || (c >= 97 && c <= 122) || c === 95 || c === 36 ? 1 : 0
}
const isWordAt = (text: string, i: number): boolean => {
  const c = text.charCodeAt(i)
  return c < 128 && WORD[c] === 1
}

/** The hash of text[start, end) as the identifier scan computes it. */
const hashOf = (text: string, start: number, end: number): number => {
  let h = 0
  for (let i = start; i < end; i++) h = (Math.imul(h, 31) + text.charCodeAt(i)) | 0
  return h
}

export interface Hits {
  readonly offsets: ReadonlyArray<number>
  readonly words: ReadonlyArray<number>
}

/** Two lists of hits by offset, merged (no offset is in both: see WholeWords) */
const mergeHits = (
  a: { offsets: Array<number>; words: Array<number> },
  b: { offsets: Array<number>; words: Array<number> }
): { offsets: Array<number>; words: Array<number> } => {
  if (b.offsets.length === 0) return a
  const offsets: Array<number> = []
  const words: Array<number> = []
  let i = 0
  let j = 0
  while (i < a.offsets.length || j < b.offsets.length) {
    if (j >= b.offsets.length || (i < a.offsets.length && a.offsets[i]! < b.offsets[j]!)) {
      offsets.push(a.offsets[i]!)
      words.push(a.words[i++]!)
    } else {
      offsets.push(b.offsets[j]!)
      words.push(b.words[j++]!)
    }
  }
  return { offsets, words }
}

/**
 * The identifier tokens of a text (maximal runs of `[A-Za-z0-9_$]`): start, length and hash of each.
 * A script file is scanned for several word lists (the prefilter's, then two per step of the script
 * model's caller spread): from its second scan on, WholeWords reads these instead of every character
 * again.
 */
interface Tokens {
  /** per token, three entries: start, length, hash */
  readonly rows: Int32Array
  readonly count: number
}

/** the text scanned last (workers analyse one file at a time), and its tokens once it is scanned again */
let seenText: string | undefined
let seenTokens: Tokens | undefined

/**
 * The tokens of a text scanned before, or undefined. Finding the tokens costs about 1.3 scans,
 * reading them back a tenth of one: Python and Go files are scanned once (the prefilter), most of a
 * script corpus's bytes 7 times (the prefilter, then twice per step of the caller spread).
 */
const repeatedTokens = (text: string): Tokens | undefined => {
  if (text !== seenText) {
    seenText = text
    seenTokens = undefined
    return undefined
  }
  return (seenTokens ??= tokensOf(text))
}

const tokensOf = (text: string): Tokens => {
  const n = text.length
  // start, length and hash of each token, side by side; room for one token per 4 characters (code
  // has about one per 6), doubled when a text has more
  let rows = new Int32Array(3 * ((n >> 2) + 16))
  let count = 0
  let i = 0
  while (i < n) {
    let c = text.charCodeAt(i)
    if (c >= 128 || WORD[c] === 0) {
      i++
      continue
    }
    const start = i
    let h = c
    for (i++; i < n; i++) {
      c = text.charCodeAt(i)
      if (c >= 128 || WORD[c] === 0) break
      h = (Math.imul(h, 31) + c) | 0
    }
    if (3 * count === rows.length) {
      const next = new Int32Array(rows.length * 2)
      next.set(rows)
      rows = next
    }
    const at = 3 * count++
    rows[at] = start
    rows[at + 1] = i - start
    rows[at + 2] = h
  }
  return { rows, count }
}

/** Offsets collected in about ascending order (an automaton reports a word where it ends). */
class Starts {
  readonly list: Array<number> = []
  sorted = true
  add(start: number): void {
    const list = this.list
    if (list.length > 0 && start < list[list.length - 1]!) this.sorted = false
    list.push(start)
  }
  /** ascending and distinct */
  done(): Array<number> {
    return dedupeSorted(this.sorted ? this.list : this.list.sort((x, y) => x - y))
  }
}

/**
 * Whole words: a word counts at offset `p` where the text there starts with it and neither the
 * character before `p` nor the one after the word is in `[A-Za-z0-9_$]`, as the regex
 * `(?<![\w$])(?:word1|word2|…)(?![\w$])` finds them (the prefilter's regexes before this scan).
 *
 * The scan reads the text a character code at a time and hashes each maximal run of identifier
 * characters (a token) as it goes, or reads the tokens of a text scanned before (`Tokens`); no string
 * is made per token. A word that starts with an identifier character can only be whole at the start
 * of a token equal to its leading identifier part
 * (`node` for `node-fetch`, `open` for `open()`): the token's hash is looked up in a table of those
 * parts and checked with `startsWith`, then the word's rest and the character after it. Words that
 * start with another character (`@openai/agents`) are few: each is found with `indexOf`.
 */
export class WholeWords {
  readonly words: ReadonlyArray<string>
  /** open addressing: slot -> group index + 1 (0: empty) */
  private readonly slots: Int32Array
  private readonly slotHashes: Int32Array
  private readonly mask: number
  /** per group: its leading identifier part, and its words' indices, longest first */
  private readonly heads: Array<string> = []
  private readonly groups: Array<Array<number>> = []
  private readonly minHead: number
  private readonly maxHead: number
  /** words that start with a character outside `[A-Za-z0-9_$]` (or are empty) */
  private readonly odd: Array<number> = []

  constructor(words: Iterable<string>) {
    this.words = [...words]
    const groupOf = new Map<string, number>()
    let minHead = Infinity
    let maxHead = 0
    this.words.forEach((w, index) => {
      let head = 0
      while (head < w.length && isWordAt(w, head)) head++
      if (head === 0) {
        this.odd.push(index)
        return
      }
      const key = w.slice(0, head)
      let g = groupOf.get(key)
      if (g === undefined) {
        g = this.heads.length
        groupOf.set(key, g)
        this.heads.push(key)
        this.groups.push([])
        minHead = Math.min(minHead, head)
        maxHead = Math.max(maxHead, head)
      }
      this.groups[g]!.push(index)
    })
    // longest first, as the regex's alternatives (sorted by length by its callers): the first that
    // is whole at an offset is the one the regex reports there
    for (const g of this.groups) g.sort((a, b) => this.words[b]!.length - this.words[a]!.length || a - b)
    this.odd.sort((a, b) => this.words[b]!.length - this.words[a]!.length || a - b)
    this.minHead = minHead
    this.maxHead = maxHead
    let size = 16
    while (size < this.heads.length * 4) size *= 2
    this.mask = size - 1
    this.slots = new Int32Array(size)
    this.slotHashes = new Int32Array(size)
    this.heads.forEach((head, g) => {
      const h = hashOf(head, 0, head.length)
      let slot = h & this.mask
      while (this.slots[slot] !== 0) slot = (slot + 1) & this.mask
      this.slots[slot] = g + 1
      this.slotHashes[slot] = h
    })
  }

  /**
   * Every word whole at an offset: `offsets[k]` and `words[k]`, offsets ascending, and at one offset
   * the words longest first (the first is the one a longest-first regex matches there).
   */
  hits(text: string): Hits {
    const offsets: Array<number> = []
    const words: Array<number> = []
    const { minHead, maxHead } = this
    const tokens = repeatedTokens(text)
    if (tokens !== undefined) {
      const { rows, count } = tokens
      for (let at = 0; at < 3 * count; at += 3) {
        const len = rows[at + 1]!
        if (len >= minHead && len <= maxHead) this.probe(text, rows[at]!, len, rows[at + 2]!, offsets, words)
      }
    } else {
      // token by token: the inner loop hashes one run of identifier characters, the outer one skips
      // what lies between (a tight loop per job: one loop doing both, and the fragments' automaton,
      // ran several times slower). The same loop as tokensOf's, written out twice on purpose: one
      // tokenizer taking a callback per token was not inlined and slowed every first scan (most
      // Python and Go files are scanned only once)
      const n = text.length
      let i = 0
      while (i < n) {
        let c = text.charCodeAt(i)
        if (c >= 128 || WORD[c] === 0) {
          i++
          continue
        }
        const start = i
        let h = c
        for (i++; i < n; i++) {
          c = text.charCodeAt(i)
          if (c >= 128 || WORD[c] === 0) break
          h = (Math.imul(h, 31) + c) | 0
        }
        const len = i - start
        if (len >= minHead && len <= maxHead) this.probe(text, start, len, h, offsets, words)
      }
    }
    return this.odd.length === 0 ? { offsets, words } : mergeHits({ offsets, words }, this.oddHits(text))
  }

  /** The words whole at the token text[start, start + len) of hash h, longest first, into the lists. */
  private probe(text: string, start: number, len: number, h: number, offsets: Array<number>, words: Array<number>): void {
    const { slots, slotHashes, mask, heads, groups } = this
    for (let slot = h & mask; slots[slot] !== 0; slot = (slot + 1) & mask) {
      if (slotHashes[slot] !== h) continue
      const g = slots[slot]! - 1
      const head = heads[g]!
      if (head.length !== len || !text.startsWith(head, start)) continue
      for (const w of groups[g]!) {
        const word = this.words[w]!
        if (word.length === len || (text.startsWith(word, start) && !isWordAt(text, start + word.length))) {
          offsets.push(start)
          words.push(w)
        }
      }
      return
    }
  }

  /** Calls `found(offset, word)` for every hit (see `hits`), in order. */
  scan(text: string, found: (offset: number, word: number) => void): void {
    const { offsets, words } = this.hits(text)
    for (let k = 0; k < offsets.length; k++) found(offsets[k]!, words[k]!)
  }

  /** Every offset where some word is whole (ascending, distinct). */
  offsets(text: string): Array<number> {
    const out: Array<number> = []
    this.scan(text, (offset) => {
      if (out.length === 0 || out[out.length - 1] !== offset) out.push(offset)
    })
    return out
  }

  /** the hits of the odd words */
  private oddHits(text: string): { offsets: Array<number>; words: Array<number> } {
    const hits: Array<[number, number]> = []
    for (const w of this.odd) {
      const word = this.words[w]!
      if (word.length === 0) {
        // the empty word is whole between two non-identifier characters (and at the ends)
        for (let i = 0; i <= text.length; i++) if ((i === 0 || !isWordAt(text, i - 1)) && !isWordAt(text, i)) hits.push([i, w])
        continue
      }
      for (let i = text.indexOf(word); i !== -1; i = text.indexOf(word, i + 1)) {
        if ((i === 0 || !isWordAt(text, i - 1)) && !isWordAt(text, i + word.length)) hits.push([i, w])
      }
    }
    const rank = new Map(this.odd.map((w, i) => [w, i]))
    hits.sort((a, b) => a[0] - b[0] || rank.get(a[1])! - rank.get(b[1])!)
    return { offsets: hits.map((h) => h[0]), words: hits.map((h) => h[1]) }
  }
}

/**
 * Literal words anywhere in a text, in one pass of an Aho–Corasick automaton: a table of transitions
 * on the classes of the words' characters, one lookup per character of the text. Case-insensitive
 * (`caseless`) compares ASCII letters only, as a regex's `i` flag without `u` does for ASCII words:
 * it takes only ASCII words (see `takes`). Case-sensitive words with other characters are found
 * with `indexOf`; the empty word is at every offset.
 */
export class Literals {
  readonly words: ReadonlyArray<string>
  private readonly classOf = new Uint8Array(128)
  private readonly classes: number
  /** transitions: state (as its first index, state number × classes) + class -> next state (so) */
  private readonly delta: Int32Array
  /** per state (by its first index): 1 when some word ends there */
  private readonly accepts: Uint8Array
  /** per state number: its words (own and its suffixes') are outWords[outStart[s], outStart[s + 1]) */
  private readonly outStart: Int32Array
  private readonly outWords: Int32Array
  private readonly outLengths: Int32Array
  /** case-sensitive words with characters outside ASCII */
  private readonly others: ReadonlyArray<number>
  private readonly empty: ReadonlyArray<number>

  /** Whether the scan takes these words: when caseless, only ASCII ones. */
  static takes(words: Iterable<string>, caseless: boolean): boolean {
    return !caseless || [...words].every(isAscii)
  }

  /** per word: 1 when it is compared with case although the scan is caseless */
  private readonly withCase: Uint8Array

  /** `withCase`: indices of words compared with case in a caseless scan (both kinds found in one pass); they must be ASCII */
  constructor(words: Iterable<string>, caseless: boolean, withCase: Iterable<number> = []) {
    this.words = [...words]
    if (!Literals.takes(this.words, caseless)) throw new Error("a caseless word outside ASCII")
    this.withCase = new Uint8Array(this.words.length)
    for (const w of withCase) {
      if (!isAscii(this.words[w]!)) throw new Error("a word with case outside ASCII in a caseless scan")
      this.withCase[w] = 1
    }
    const fold = (c: number): number => (caseless && c >= 65 && c <= 90 ? c + 32 : c)
    const taken = this.words.flatMap((w, i) => (w.length > 0 && isAscii(w) ? [i] : []))
    this.others = this.words.flatMap((w, i) => (w.length > 0 && !isAscii(w) ? [i] : []))
    this.empty = this.words.flatMap((w, i) => (w.length === 0 ? [i] : []))
    // character classes: 0 for characters in no word
    let classes = 1
    for (const i of taken) {
      const w = this.words[i]!
      for (let k = 0; k < w.length; k++) {
        const c = fold(w.charCodeAt(k))
        if (this.classOf[c] === 0) {
          this.classOf[c] = classes++
          if (caseless && c >= 97 && c <= 122) this.classOf[c - 32] = this.classOf[c]!
        }
      }
    }
    this.classes = classes
    // the trie
    const children: Array<Map<number, number>> = [new Map()]
    const ends: Array<Array<number>> = [[]]
    for (const i of taken) {
      const w = this.words[i]!
      let s = 0
      for (let k = 0; k < w.length; k++) {
        const cls = this.classOf[fold(w.charCodeAt(k))]!
        let t = children[s]!.get(cls)
        if (t === undefined) {
          t = children.length
          children.push(new Map())
          ends.push([])
          children[s]!.set(cls, t)
        }
        s = t
      }
      ends[s]!.push(i)
    }
    // breadth first: failure links, and the full transition table
    const delta = new Int32Array(children.length * classes)
    const fail = new Int32Array(children.length)
    const outputs: Array<Array<number>> = ends.map((e) => [...e])
    const queue: Array<number> = []
    for (const [cls, t] of children[0]!) {
      delta[cls] = t
      queue.push(t)
    }
    for (let q = 0; q < queue.length; q++) {
      const s = queue[q]!
      // (the queue holds every state but the root, each after the states nearer the root)
      outputs[s]!.push(...outputs[fail[s]!]!)
      for (let cls = 0; cls < classes; cls++) {
        const t = children[s]!.get(cls)
        if (t === undefined) delta[s * classes + cls] = delta[fail[s]! * classes + cls]!
        else {
          fail[t] = delta[fail[s]! * classes + cls]!
          delta[s * classes + cls] = t
          queue.push(t)
        }
      }
    }
    // premultiplied: a state is held as its first index in the table
    this.delta = delta.map((t) => t * classes)
    this.accepts = new Uint8Array(delta.length)
    this.outStart = new Int32Array(outputs.length + 1)
    outputs.forEach((o, s) => {
      this.accepts[s * classes] = o.length > 0 ? 1 : 0
      this.outStart[s + 1] = this.outStart[s]! + o.length
    })
    this.outWords = Int32Array.from(outputs.flat())
    this.outLengths = this.outWords.map((w) => this.words[w]!.length)
  }

  /** Which words occur (per word index). */
  present(text: string): Uint8Array {
    const present = new Uint8Array(this.words.length)
    this.run(text, (_, w) => (present[w] = 1))
    for (const w of this.others) if (text.includes(this.words[w]!)) present[w] = 1
    for (const w of this.empty) present[w] = 1
    return present
  }

  /**
   * Every occurrence of every word, overlapping ones too: `found(start, word)` in the order the
   * occurrences end (not sorted by start), then those of words outside ASCII and of the empty word.
   */
  occurrences(text: string, found: (start: number, word: number) => void): void {
    this.run(text, found)
    for (const w of this.others) {
      const word = this.words[w]!
      for (let at = text.indexOf(word); at !== -1; at = text.indexOf(word, at + 1)) found(at, w)
    }
    for (const w of this.empty) for (let at = 0; at <= text.length; at++) found(at, w)
  }

  /** The automaton over the text: every occurrence of its (ASCII) words, words with case checked as written. */
  private run(text: string, found: (start: number, word: number) => void): void {
    const { classOf, classes, delta, accepts, outStart, outWords, outLengths, withCase } = this
    const n = text.length
    let state = 0
    for (let i = 0; i < n; i++) {
      const c = text.charCodeAt(i)
      state = delta[state + (c < 128 ? classOf[c]! : 0)]!
      if (accepts[state] === 0) continue
      const s = state / classes
      for (let k = outStart[s]!; k < outStart[s + 1]!; k++) {
        const w = outWords[k]!
        const start = i + 1 - outLengths[k]!
        if (withCase[w] === 0 || text.startsWith(this.words[w]!, start)) found(start, w)
      }
    }
  }

  /**
   * One pass for two questions: where the words flagged in `starts` begin, and which
   * words flagged in `presence` occur at all (as `present()`); a word may be flagged for both.
   */
  startsAndPresence(text: string, startWords: Uint8Array, presenceWords: Uint8Array): { readonly starts: Array<number>; readonly present: Uint8Array } {
    const starts = new Starts()
    const present = new Uint8Array(this.words.length)
    this.run(text, (start, w) => {
      if (startWords[w] === 1) starts.add(start)
      present[w] = 1
    })
    for (const w of this.others) if (presenceWords[w] === 1 && text.includes(this.words[w]!)) present[w] = 1
    for (const w of this.empty) present[w] = 1
    return { starts: this.finishStarts(text, starts, startWords), present }
  }

  /** the starts of the automaton's words (found by a scan) with those of the words it leaves out */
  private finishStarts(text: string, starts: Starts, startWords: Uint8Array): Array<number> {
    if (this.empty.some((w) => startWords[w] === 1)) return Array.from({ length: text.length + 1 }, (_, i) => i)
    for (const w of this.others) {
      if (startWords[w] !== 1) continue
      const word = this.words[w]!
      for (let i = text.indexOf(word); i !== -1; i = text.indexOf(word, i + 1)) starts.add(i)
    }
    return starts.done()
  }
}


const isAscii = (w: string): boolean => {
  for (let i = 0; i < w.length; i++) if (w.charCodeAt(i) >= 128) return false
  return true
}

const dedupeSorted = (xs: Array<number>): Array<number> => {
  let k = 0
  for (let i = 0; i < xs.length; i++) if (k === 0 || xs[i] !== xs[k - 1]) xs[k++] = xs[i]!
  xs.length = k
  return xs
}

/** The union of two ascending lists of offsets, ascending and distinct. */
export const mergeOffsets = (a: ReadonlyArray<number>, b: ReadonlyArray<number>): Array<number> => {
  if (b.length === 0) return a as Array<number>
  if (a.length === 0) return b as Array<number>
  const out: Array<number> = []
  let i = 0
  let j = 0
  while (i < a.length || j < b.length) {
    const x = j >= b.length || (i < a.length && a[i]! <= b[j]!) ? a[i++]! : b[j++]!
    if (out.length === 0 || out[out.length - 1] !== x) out.push(x)
  }
  return out
}
