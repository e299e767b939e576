import type { Scalar } from "yaml"
import { OffsetMapBuilder } from "./structuredOffsets.js"
import type { OffsetMapper } from "./structuredTypes.js"

/**
 * Decoded-offset -> file-offset maps for YAML string scalars. Code embedded in exports (Dify code
 * nodes are written by PyYAML as double-quoted scalars with `\n` escapes and escaped line breaks) must
 * map back to the exact file line, so each style is decoded here with its runs recorded, and the
 * result is accepted only when it equals the value the yaml library produced. Otherwise the map falls
 * back to anchoring each source line in the value, and last to the scalar's start.
 */
export function scalarOffsetMapper(text: string, node: Scalar): OffsetMapper {
  const value = node.value
  const range = node.range
  if (typeof value !== "string" || range == null) return () => 0
  const [start, end] = range
  let decoded: Decoded | undefined
  switch (node.type) {
    case "QUOTE_DOUBLE":
      decoded = decodeFlow(text, start + 1, end - 1, "double")
      break
    case "QUOTE_SINGLE":
      decoded = decodeFlow(text, start + 1, end - 1, "single")
      break
    case "PLAIN":
      decoded = decodeFlow(text, start, end, "plain")
      break
    default:
      decoded = undefined
  }
  if (decoded !== undefined && decoded.value === value) return decoded.map.build(value.length, decoded.end)
  const anchored =
    node.type === "BLOCK_LITERAL" || node.type === "BLOCK_FOLDED"
      ? anchorBlock(text, start, end, value)
      : undefined
  if (anchored !== undefined) return anchored
  return () => start
}

interface Decoded {
  readonly value: string
  readonly map: OffsetMapBuilder
  /** file offset the end of the value maps to */
  readonly end: number
}

const SIMPLE_ESCAPES: Readonly<Record<string, string>> = {
  "0": "\0",
  a: "\x07",
  b: "\b",
  t: "\t",
  "\t": "\t",
  n: "\n",
  v: "\v",
  f: "\f",
  r: "\r",
  e: "\x1b",
  " ": " ",
  '"': '"',
  "/": "/",
  "\\": "\\",
  N: "\u0085",
  _: "\u00a0",
  L: "\u2028",
  P: "\u2029"
}
const HEX_LENGTH: Readonly<Record<string, number>> = { x: 2, u: 4, U: 8 }

function decodeEscape(text: string, at: number): { str: string; len: number } | undefined {
  const e = text[at + 1]
  if (e === undefined) return undefined
  const simple = SIMPLE_ESCAPES[e]
  if (simple !== undefined) return { str: simple, len: 2 }
  const digits = HEX_LENGTH[e]
  if (digits === undefined) return undefined
  const hex = text.slice(at + 2, at + 2 + digits)
  if (hex.length !== digits || !/^[0-9a-fA-F]+$/.test(hex)) return undefined
  const code = parseInt(hex, 16)
  if (code > 0x10ffff) return undefined
  return { str: String.fromCodePoint(code), len: 2 + digits }
}

const isBlank = (c: string | undefined): boolean => c === " " || c === "\t"
const isBreak = (c: string | undefined): boolean => c === "\n" || c === "\r"

/** Flow scalars (plain, single- and double-quoted): escapes, `''`, and line folding. */
function decodeFlow(text: string, from: number, to: number, style: "plain" | "single" | "double"): Decoded | undefined {
  const parts: Array<string> = []
  const map = new OffsetMapBuilder()
  let d = 0
  let i = from
  let runStart = from
  const flush = (stop: number, trimTrailing: boolean): void => {
    let s = text.slice(runStart, stop)
    if (trimTrailing) s = trimTrailingBlanks(s)
    if (s.length > 0) {
      map.add(d, runStart)
      parts.push(s)
      d += s.length
    }
  }
  const emit = (s: string, at: number): void => {
    map.add(d, at)
    parts.push(s)
    d += s.length
  }
  while (i < to) {
    const c = text[i]
    if (c === "\\" && style === "double") {
      flush(i, false)
      const e = text[i + 1]
      if (isBreak(e)) {
        i += e === "\r" && text[i + 2] === "\n" ? 3 : 2
        while (i < to && isBlank(text[i])) i++
        runStart = i
        continue
      }
      const esc = decodeEscape(text, i)
      if (esc === undefined) return undefined
      emit(esc.str, i)
      i += esc.len
      runStart = i
      continue
    }
    if (c === "'" && style === "single" && text[i + 1] === "'") {
      flush(i, false)
      emit("'", i)
      i += 2
      runStart = i
      continue
    }
    if (isBreak(c)) {
      flush(i, true)
      const breakAt = i
      i += c === "\r" && text[i + 1] === "\n" ? 2 : 1
      let empty = 0
      for (;;) {
        let j = i
        while (j < to && isBlank(text[j])) j++
        if (j < to && isBreak(text[j])) {
          empty++
          i = j + (text[j] === "\r" && text[j + 1] === "\n" ? 2 : 1)
        } else {
          i = j
          break
        }
      }
      emit(empty === 0 ? " " : "\n".repeat(empty), breakAt)
      runStart = i
      continue
    }
    i++
  }
  flush(to, false)
  return { value: parts.join(""), map, end: to }
}

/**
 * Block scalars (`|`, `>`): every content line, indentation removed, appears in the value in order,
 * separated only by line feeds or (folded) spaces. Anchoring each line gives an exact map for
 * literal blocks and for the text of folded ones.
 */
function anchorBlock(text: string, start: number, end: number, value: string): OffsetMapper | undefined {
  const headerEnd = text.indexOf("\n", start)
  if (headerEnd < 0 || headerEnd >= end) return value.length === 0 ? () => start : undefined
  const map = new OffsetMapBuilder()
  let indent = -1
  let p = 0
  let ls = headerEnd + 1
  while (ls < end) {
    let le = text.indexOf("\n", ls)
    if (le < 0 || le > end) le = end
    let lineEnd = le
    if (text[lineEnd - 1] === "\r") lineEnd--
    let ws = 0
    while (ls + ws < lineEnd && text[ls + ws] === " ") ws++
    if (ls + ws < lineEnd) {
      if (indent < 0) indent = ws
      const cut = Math.min(ws, indent)
      const content = text.slice(ls + cut, lineEnd)
      let q = p
      while (!value.startsWith(content, q)) {
        const ch = value[q]
        if (q >= value.length || (ch !== "\n" && ch !== " ")) return undefined
        q++
      }
      map.add(q, ls + cut)
      p = q + content.length
    }
    ls = le + 1
  }
  return map.build(value.length, end)
}

/** Trailing spaces and tabs removed without a regex: `/[ \t]+$/` is quadratic on long blank runs. */
function trimTrailingBlanks(s: string): string {
  let end = s.length
  while (end > 0 && (s[end - 1] === " " || s[end - 1] === "\t")) end--
  return s.slice(0, end)
}
