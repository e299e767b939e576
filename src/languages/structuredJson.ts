import { type Deadline, DeadlineExceeded, type SourceDoc } from "./Source.js"
import { OffsetMapBuilder } from "./structuredOffsets.js"
import {
  MAX_NESTING,
  type OffsetMapper,
  type Span,
  type StructuredDocument,
  type StructuredPath,
  type StructuredResult
} from "./structuredTypes.js"

/**
 * JSON with positions in one iterative pass. The scanner validates the text, enforces the nesting
 * limit and records, for every value in document order, its span, the span of its key and where its
 * subtree ends (so siblings are one jump apart). `JSON.parse` then builds the value: it is several
 * times faster than building values in JS, and the scan has already proved the text valid. Comments
 * and trailing commas (JSONC, used by rule examples and some configs) are blanked before JSON.parse.
 */

const OBJECT = 1
const ARRAY = 2
const STRING = 3
const NUMBER = 4
const LITERAL = 5

/** Compact per-value table, grown by doubling. */
class JsonIndex {
  count = 0
  start = new Int32Array(256)
  end = new Int32Array(256)
  /** index of the first value after this value's subtree */
  next = new Int32Array(256)
  keyStart = new Int32Array(256)
  keyEnd = new Int32Array(256)
  kind = new Uint8Array(256)

  alloc(): number {
    if (this.count === this.start.length) this.grow()
    return this.count++
  }

  private grow(): void {
    const size = this.start.length * 2
    const grow32 = (a: Int32Array): Int32Array<ArrayBuffer> => {
      const b = new Int32Array(size)
      b.set(a)
      return b
    }
    this.start = grow32(this.start)
    this.end = grow32(this.end)
    this.next = grow32(this.next)
    this.keyStart = grow32(this.keyStart)
    this.keyEnd = grow32(this.keyEnd)
    const kind = new Uint8Array(size)
    kind.set(this.kind)
    this.kind = kind
  }
}

interface ScanOk {
  readonly ok: true
  readonly index: JsonIndex
  /** comment and trailing-comma ranges to blank before JSON.parse */
  readonly blanks: ReadonlyArray<number>
}
interface ScanError {
  readonly ok: false
  readonly offset: number
  readonly message: string
}

const STRING_BODY = /[^"\\\u0000-\u001f]*/y
const NUMBER_RE = /-?(?:0|[1-9][0-9]*)(?:\.[0-9]+)?(?:[eE][+-]?[0-9]+)?/y
const HEX4 = /[0-9a-fA-F]{4}/y

const EXPECT_VALUE = 0
const EXPECT_VALUE_OR_CLOSE = 1
const EXPECT_KEY_OR_CLOSE = 2
const AFTER_VALUE = 3
const DONE = 4

function describe(text: string, at: number): string {
  if (at >= text.length) return "end of input"
  const ch = text[at]!
  const code = ch.charCodeAt(0)
  if (code < 0x20) return `control character U+${code.toString(16).padStart(4, "0").toUpperCase()}`
  return `'${ch}'`
}

function scan(text: string, deadline: Deadline): ScanOk | ScanError {
  const idx = new JsonIndex()
  const blanks: Array<number> = []
  const stack: Array<number> = []
  const len = text.length
  let i = text.charCodeAt(0) === 0xfeff ? 1 : 0
  let state = EXPECT_VALUE
  let keyS = -1
  let keyE = -1
  let lastComma = -1
  let afterComma = false
  let steps = 0

  const fail = (offset: number, message: string): ScanError => ({ ok: false, offset, message })

  /** returns the offset after whitespace and comments, or -1 - offset of an unterminated comment */
  const skip = (from: number): number => {
    let j = from
    for (;;) {
      const c = text.charCodeAt(j)
      if (c === 32 || c === 10 || c === 13 || c === 9) {
        j++
        continue
      }
      if (c === 47) {
        const d = text.charCodeAt(j + 1)
        if (d === 47) {
          const nl = text.indexOf("\n", j + 2)
          const stop = nl < 0 ? len : nl
          blanks.push(j, stop)
          j = stop
          continue
        }
        if (d === 42) {
          const close = text.indexOf("*/", j + 2)
          if (close < 0) return -1 - j
          blanks.push(j, close + 2)
          j = close + 2
          continue
        }
      }
      return j
    }
  }

  /** returns the offset after the closing quote, or -1 - offset of the error (message in `stringError`) */
  let stringError = ""
  const scanString = (from: number): number => {
    let j = from + 1
    // most strings (keys, short values) end within a few characters: a plain loop beats a regex call
    const quick = Math.min(len, j + 32)
    while (j < quick) {
      const c = text.charCodeAt(j)
      if (c === 34 || c === 92 || c < 0x20) break
      j++
    }
    for (;;) {
      let c = text.charCodeAt(j)
      if (c !== 34 && c !== 92 && c >= 0x20) {
        STRING_BODY.lastIndex = j
        STRING_BODY.test(text)
        j = STRING_BODY.lastIndex
        c = text.charCodeAt(j)
      }
      if (c === 34) return j + 1
      if (c === 92) {
        const e = text.charCodeAt(j + 1)
        // " \ / b f n r t
        if (e === 34 || e === 92 || e === 47 || e === 98 || e === 102 || e === 110 || e === 114 || e === 116) {
          j += 2
          continue
        }
        if (e === 117) {
          HEX4.lastIndex = j + 2
          if (HEX4.test(text)) {
            j += 6
            continue
          }
          stringError = "invalid \\u escape (four hex digits expected)"
          return -1 - j
        }
        stringError = `invalid escape ${describe(text, j + 1)} in string`
        return -1 - j
      }
      stringError = j >= len ? "unterminated string" : `${describe(text, j)} in string (escape it)`
      return -1 - j
    }
  }

  for (;;) {
    if ((++steps & 0xffff) === 0 && deadline.expired) throw new DeadlineExceeded("JSON parsing")
    i = skip(i)
    if (i < 0) return fail(-1 - i, "unterminated /* comment")
    const c = text.charCodeAt(i)

    if (state === EXPECT_VALUE_OR_CLOSE) {
      if (c === 93) {
        if (afterComma) blanks.push(lastComma, lastComma + 1)
        afterComma = false
        const n = stack.pop()!
        idx.end[n] = i + 1
        idx.next[n] = idx.count
        i++
        state = stack.length > 0 ? AFTER_VALUE : DONE
        continue
      }
      state = EXPECT_VALUE
    }

    if (state === EXPECT_VALUE) {
      afterComma = false
      const n = idx.alloc()
      idx.start[n] = i
      idx.keyStart[n] = keyS
      idx.keyEnd[n] = keyE
      keyS = -1
      keyE = -1
      if (c === 123 || c === 91) {
        if (stack.length >= MAX_NESTING) {
          return fail(i, `nesting deeper than ${MAX_NESTING} levels`)
        }
        idx.kind[n] = c === 123 ? OBJECT : ARRAY
        stack.push(n)
        i++
        state = c === 123 ? EXPECT_KEY_OR_CLOSE : EXPECT_VALUE_OR_CLOSE
        continue
      }
      if (c === 34) {
        const j = scanString(i)
        if (j < 0) return fail(-1 - j, stringError)
        idx.kind[n] = STRING
        i = j
      } else if (c === 45 || (c >= 48 && c <= 57)) {
        NUMBER_RE.lastIndex = i
        if (!NUMBER_RE.test(text)) return fail(i, "invalid number")
        idx.kind[n] = NUMBER
        i = NUMBER_RE.lastIndex
      } else if (c === 116 && text.startsWith("true", i)) {
        idx.kind[n] = LITERAL
        i += 4
      } else if (c === 102 && text.startsWith("false", i)) {
        idx.kind[n] = LITERAL
        i += 5
      } else if (c === 110 && text.startsWith("null", i)) {
        idx.kind[n] = LITERAL
        i += 4
      } else {
        if (i >= len && n === 0) return fail(i, "the document is empty")
        return fail(i, `unexpected ${describe(text, i)} (a value was expected)`)
      }
      idx.end[n] = i
      idx.next[n] = n + 1
      state = stack.length > 0 ? AFTER_VALUE : DONE
      continue
    }

    if (state === EXPECT_KEY_OR_CLOSE) {
      if (c === 125) {
        if (afterComma) blanks.push(lastComma, lastComma + 1)
        afterComma = false
        const n = stack.pop()!
        idx.end[n] = i + 1
        idx.next[n] = idx.count
        i++
        state = stack.length > 0 ? AFTER_VALUE : DONE
        continue
      }
      if (c !== 34) return fail(i, `unexpected ${describe(text, i)} (a property name in double quotes was expected)`)
      const j = scanString(i)
      if (j < 0) return fail(-1 - j, stringError)
      keyS = i
      keyE = j
      i = skip(j)
      if (i < 0) return fail(-1 - i, "unterminated /* comment")
      if (text.charCodeAt(i) !== 58) return fail(i, `unexpected ${describe(text, i)} (':' was expected after the property name)`)
      i++
      state = EXPECT_VALUE
      continue
    }

    if (state === AFTER_VALUE) {
      const top = stack[stack.length - 1]!
      const isObject = idx.kind[top] === OBJECT
      if (c === 44) {
        lastComma = i
        afterComma = true
        i++
        state = isObject ? EXPECT_KEY_OR_CLOSE : EXPECT_VALUE_OR_CLOSE
        continue
      }
      if ((isObject && c === 125) || (!isObject && c === 93)) {
        stack.pop()
        idx.end[top] = i + 1
        idx.next[top] = idx.count
        i++
        state = stack.length > 0 ? AFTER_VALUE : DONE
        continue
      }
      return fail(i, `unexpected ${describe(text, i)} (',' or '${isObject ? "}" : "]"}' was expected)`)
    }

    // DONE
    if (i < len) return fail(i, `unexpected ${describe(text, i)} after the end of the JSON value`)
    return { ok: true, index: idx, blanks }
  }
}

/** The text JSON.parse accepts: BOM dropped, comments and trailing commas blanked, offsets kept. */
function parseable(text: string, blanks: ReadonlyArray<number>): string {
  const bom = text.charCodeAt(0) === 0xfeff
  if (blanks.length === 0) return bom ? text.slice(1) : text
  const parts: Array<string> = []
  let at = bom ? 1 : 0
  for (let k = 0; k < blanks.length; k += 2) {
    const s = blanks[k]!
    const e = blanks[k + 1]!
    parts.push(text.slice(at, s), " ".repeat(e - s))
    at = e
  }
  parts.push(text.slice(at))
  return parts.join("")
}

export function parseJson(doc: SourceDoc, deadline: Deadline): StructuredResult {
  const text = doc.text
  const scanned = scan(text, deadline)
  if (!scanned.ok) {
    const { line, column } = doc.position(scanned.offset)
    return { ok: false, reason: `invalid JSON at line ${line} column ${column}: ${scanned.message}` }
  }
  let value: unknown
  try {
    value = JSON.parse(parseable(text, scanned.blanks))
  } catch (e) {
    // the scanner accepts only valid JSON; this is a safety net, not an expected path
    return { ok: false, reason: `invalid JSON: ${e instanceof Error ? e.message : String(e)}` }
  }
  if (deadline.expired) throw new DeadlineExceeded("JSON parsing")
  return { ok: true, documents: [new JsonDocument(text, value, scanned.index)] }
}

/** Containers with more children than this get a lookup table on first access. */
const TABLE_THRESHOLD = 8

class JsonDocument implements StructuredDocument {
  readonly format = "json"
  readonly templated = false
  private readonly keyTables = new Map<number, Map<string, number>>()
  private readonly itemTables = new Map<number, Int32Array>()

  constructor(
    private readonly text: string,
    readonly value: unknown,
    private readonly idx: JsonIndex
  ) {}

  get span(): Span {
    return { start: this.idx.start[0]!, end: this.idx.end[0]! }
  }

  locate(path: StructuredPath): Span | undefined {
    const n = this.find(path)
    return n < 0 ? undefined : { start: this.idx.start[n]!, end: this.idx.end[n]! }
  }

  locateKey(path: StructuredPath): Span | undefined {
    const n = this.find(path)
    if (n < 0 || this.idx.keyStart[n]! < 0) return undefined
    return { start: this.idx.keyStart[n]!, end: this.idx.keyEnd[n]! }
  }

  stringOffsetMapper(path: StructuredPath): OffsetMapper | undefined {
    const n = this.find(path)
    if (n < 0 || this.idx.kind[n] !== STRING) return undefined
    const text = this.text
    const s = this.idx.start[n]! + 1
    const e = this.idx.end[n]! - 1
    const map = new OffsetMapBuilder()
    map.add(0, s)
    let decoded = 0
    let raw = s
    for (;;) {
      const bs = text.indexOf("\\", raw)
      if (bs < 0 || bs >= e) break
      decoded += bs - raw
      map.add(decoded, bs)
      raw = bs + (text.charCodeAt(bs + 1) === 117 ? 6 : 2)
      decoded += 1
      map.add(decoded, raw)
    }
    decoded += e - raw
    return map.build(decoded, e)
  }

  /** value index at `path`, or -1 */
  private find(path: StructuredPath): number {
    let n = 0
    for (const seg of path) {
      const kind = this.idx.kind[n]
      if (kind === OBJECT) n = this.member(n, String(seg))
      else if (kind === ARRAY) n = this.item(n, typeof seg === "number" ? seg : /^(?:0|[1-9][0-9]*)$/.test(seg) ? Number(seg) : -1)
      else return -1
      if (n < 0) return -1
    }
    return n
  }

  private key(n: number): string {
    const s = this.idx.keyStart[n]!
    const e = this.idx.keyEnd[n]!
    const raw = this.text.slice(s + 1, e - 1)
    return raw.includes("\\") ? (JSON.parse(this.text.slice(s, e)) as string) : raw
  }

  private member(obj: number, key: string): number {
    const table = this.keyTables.get(obj)
    if (table !== undefined) return table.get(key) ?? -1
    const end = this.idx.next[obj]!
    let children = 0
    let found = -1
    for (let c = obj + 1; c < end; c = this.idx.next[c]!) {
      children++
      // JSON.parse keeps the last of duplicate keys; so does the lookup
      if (this.key(c) === key) found = c
    }
    if (children > TABLE_THRESHOLD) {
      const built = new Map<string, number>()
      for (let c = obj + 1; c < end; c = this.idx.next[c]!) built.set(this.key(c), c)
      this.keyTables.set(obj, built)
    }
    return found
  }

  private item(arr: number, at: number): number {
    if (at < 0 || !Number.isInteger(at)) return -1
    let table = this.itemTables.get(arr)
    if (table === undefined) {
      const end = this.idx.next[arr]!
      let c = arr + 1
      let k = 0
      for (; c < end && k < at; k++) c = this.idx.next[c]!
      if (c >= end) return -1
      if (at < TABLE_THRESHOLD) return c
      const items: Array<number> = []
      for (let d = arr + 1; d < end; d = this.idx.next[d]!) items.push(d)
      table = Int32Array.from(items)
      this.itemTables.set(arr, table)
    }
    return at < table.length ? table[at]! : -1
  }
}
