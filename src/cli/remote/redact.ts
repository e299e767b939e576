import type { SecretHit } from "../../engine/service.js"
import { SourceDoc } from "../../languages/Source.js"

/**
 * Replaces secrets by `[REDACTED-<type>]` markers before a file leaves the machine. Newlines are
 * never touched, so every line keeps its number and the server's findings need no line mapping;
 * columns after a marker shift, and `edits` records by how much so they can be mapped back.
 */

export interface SecretSpan {
  readonly start: number
  readonly end: number
  readonly type: string
}

/** One replaced piece of one line, in the original text's coordinates (1-based line and column). */
export interface LineEdit {
  readonly line: number
  readonly column: number
  readonly originalLength: number
  readonly replacementLength: number
}

export interface Redaction {
  readonly content: string
  readonly edits: ReadonlyArray<LineEdit>
  /** the original text of every replaced piece (for masking locally built findings the same way) */
  readonly pieces: ReadonlyArray<string>
}

/** Shorter values (n8n inline fields can be 4 characters) are only redacted where they were found. */
const MIN_GLOBAL_LENGTH = 8
/** How far a PEM body may run before its END line: further, and only the matched part is redacted. */
const MAX_PEM_BODY = 20_000

export const markerFor = (type: string): string => `[REDACTED-${type}]`

const occurrences = (text: string, needle: string): Array<number> => {
  const out: Array<number> = []
  if (needle === "") return out
  for (let i = text.indexOf(needle); i !== -1; i = text.indexOf(needle, i + needle.length)) out.push(i)
  return out
}

/** How a value may be spelt in the file: as is, and JSON-escaped (quotes, backslashes, `\/`). */
const spellings = (secret: string): Array<string> => {
  const escaped = JSON.stringify(secret).slice(1, -1)
  return [...new Set([secret, escaped, escaped.replaceAll("/", "\\/")])]
}

/** Where the secret of one match is: inside the match when it is spelt literally, else the match minus quotes. */
const ownSpan = (content: string, hit: SecretHit): { start: number; end: number } => {
  const { start, end, secret = "" } = hit.match
  for (const spelt of spellings(secret)) {
    const at = content.indexOf(spelt, start)
    if (at !== -1 && at + spelt.length <= Math.max(end, start + spelt.length)) return { start: at, end: at + spelt.length }
  }
  const quoted = end - start >= 2 && `"'`.includes(content[start] ?? "") && content[end - 1] === content[start]
  return quoted ? { start: start + 1, end: end - 1 } : { start, end }
}

/** A secret found somewhere in the repository, redacted wherever else it appears. */
export interface KnownSecret {
  readonly secret: string
  readonly type: string
}

/** The secrets of a repository's hits that are long enough to be searched for everywhere. */
export const knownSecrets = (hits: Iterable<SecretHit>): Array<KnownSecret> => {
  const out = new Map<string, KnownSecret>()
  for (const hit of hits) {
    const secret = hit.match.secret ?? ""
    if (secret.length >= MIN_GLOBAL_LENGTH && !out.has(secret)) out.set(secret, { secret, type: hit.type })
  }
  return [...out.values()]
}

/**
 * Every span to redact: each match of this file, every spelling of every known secret of the
 * repository (a key detected in config.py is also hidden where a test copies it), whole PEM bodies.
 */
export const secretSpans = (content: string, hits: ReadonlyArray<SecretHit>, known: ReadonlyArray<KnownSecret> = []): Array<SecretSpan> => {
  const spans: Array<SecretSpan> = []
  for (const hit of hits) {
    const own = ownSpan(content, hit)
    let end = own.end
    if (hit.type === "private_key") {
      // the rule matches the first run of the key body; the rest of the block is just as secret
      const close = content.indexOf("-----END", own.end)
      if (close !== -1 && close - own.end <= MAX_PEM_BODY) end = close
    }
    spans.push({ start: own.start, end, type: hit.type })
  }
  for (const { secret, type } of [...knownSecrets(hits), ...known]) {
    for (const spelt of spellings(secret)) {
      for (const at of occurrences(content, spelt)) spans.push({ start: at, end: at + spelt.length, type })
    }
  }
  spans.sort((a, b) => a.start - b.start || b.end - a.end)
  const merged: Array<SecretSpan> = []
  for (const span of spans) {
    if (span.end <= span.start) continue
    const last = merged[merged.length - 1]
    if (last !== undefined && span.start <= last.end) {
      if (span.end > last.end) merged[merged.length - 1] = { ...last, end: span.end }
    } else merged.push(span)
  }
  return merged
}

/**
 * In YAML a plain scalar starting with `[` would become a list: a marker that starts a value is
 * quoted so the file keeps its shape for the server's builder and JSONPath rules.
 */
const startsYamlPlainScalar = (lineBefore: string, after: string): boolean => {
  const trimmed = lineBefore.trimEnd()
  if (trimmed.length === lineBefore.length) return false
  const opensValue = trimmed.endsWith(":") || trimmed === "-" || trimmed.endsWith(" -")
  return opensValue && (after === "" || after.startsWith(" ") || after.startsWith("\t") || after.startsWith("\r"))
}

/** Applies the spans: each line piece of a span becomes one marker; newlines stay where they were. */
export const redact = (content: string, spans: ReadonlyArray<SecretSpan>, options: { readonly yaml: boolean }): Redaction => {
  const doc = new SourceDoc("", content)
  const edits: Array<LineEdit> = []
  const pieces = new Set<string>()
  let out = ""
  let from = 0
  for (const span of spans) {
    let pieceStart = span.start
    while (pieceStart < span.end) {
      const newline = content.indexOf("\n", pieceStart)
      let pieceEnd = newline === -1 || newline >= span.end ? span.end : newline
      if (pieceEnd > pieceStart && content[pieceEnd - 1] === "\r" && pieceEnd === newline) pieceEnd--
      if (pieceEnd > pieceStart) {
        const { line, column } = doc.position(pieceStart)
        const lineStart = doc.lineStart(line)
        const nextNewline = content.indexOf("\n", pieceEnd)
        const after = content.slice(pieceEnd, nextNewline === -1 ? content.length : nextNewline)
        let marker = markerFor(span.type)
        if (options.yaml && startsYamlPlainScalar(content.slice(lineStart, pieceStart), after)) marker = `"${marker}"`
        out += content.slice(from, pieceStart) + marker
        from = pieceEnd
        edits.push({ line, column, originalLength: pieceEnd - pieceStart, replacementLength: marker.length })
        pieces.add(content.slice(pieceStart, pieceEnd))
      }
      pieceStart = newline === -1 ? span.end : Math.max(newline + 1, pieceEnd)
    }
  }
  out += content.slice(from)
  return { content: out, edits, pieces: [...pieces] }
}

/**
 * A column the server reported on the redacted text, in the original text: columns after a marker
 * move back by the length difference; a column inside a marker is the secret's first column.
 */
export const originalColumn = (edits: ReadonlyArray<LineEdit>, line: number, column: number): number => {
  let shift = 0
  for (const edit of edits.filter((e) => e.line === line).sort((a, b) => a.column - b.column)) {
    const markerStart = edit.column + shift
    if (column < markerStart) break
    if (column < markerStart + edit.replacementLength) return edit.column
    shift += edit.replacementLength - edit.originalLength
  }
  return column - shift
}
