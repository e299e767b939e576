import { Either } from "effect"

/**
 * A small multipart/form-data reader (RFC 7578) for the legacy endpoint. The body is already in
 * memory, read under the request body limit by RequestBody.readBody, so parts are slices of one
 * buffer: no temporary files, and the same 413 behaviour as POST /v1/scan.
 */

export interface Part {
  readonly name: string | undefined
  readonly filename: string | undefined
  readonly contentType: string | undefined
  readonly data: Buffer
}

const MAX_HEADER_BYTES = 16 * 1024
const CRLF = Buffer.from("\r\n")
const HEADER_END = Buffer.from("\r\n\r\n")

/** `a; b="c; d"; e=f` → ["a", ' b="c; d"', " e=f"]: splits on `;` outside quoted strings. */
const splitParams = (value: string): Array<string> => {
  const out: Array<string> = []
  let current = ""
  let quoted = false
  for (let i = 0; i < value.length; i++) {
    const ch = value[i]!
    if (quoted && ch === "\\" && i + 1 < value.length) {
      current += ch + value[i + 1]
      i++
      continue
    }
    if (ch === "\"") quoted = !quoted
    if (ch === ";" && !quoted) {
      out.push(current)
      current = ""
      continue
    }
    current += ch
  }
  out.push(current)
  return out
}

const unquote = (raw: string): string => {
  const value = raw.trim()
  if (value.length < 2 || !value.startsWith("\"") || !value.endsWith("\"")) return value
  let out = ""
  for (let i = 1; i < value.length - 1; i++) {
    const ch = value[i]!
    if (ch === "\\" && i + 1 < value.length - 1) {
      out += value[i + 1]
      i++
    } else out += ch
  }
  return out
}

/** RFC 8187 `UTF-8''a%2Fb.py`; other charsets are not used by any client of this endpoint. */
const decodeExtended = (raw: string): string | undefined => {
  const value = raw.trim()
  const quote = value.indexOf("''")
  if (quote === -1 || value.slice(0, quote).toLowerCase() !== "utf-8") return undefined
  try {
    return decodeURIComponent(value.slice(quote + 2))
  } catch {
    return undefined
  }
}

/** The parameters of a header value, lower-cased names; `name*` (extended) wins over `name`. */
export const headerParams = (value: string): { readonly type: string; readonly params: ReadonlyMap<string, string> } => {
  const [type = "", ...rest] = splitParams(value)
  const params = new Map<string, string>()
  const extended = new Map<string, string>()
  for (const item of rest) {
    const eq = item.indexOf("=")
    if (eq === -1) continue
    const key = item.slice(0, eq).trim().toLowerCase()
    const raw = item.slice(eq + 1)
    if (key.endsWith("*")) {
      const decoded = decodeExtended(raw)
      if (decoded !== undefined) extended.set(key.slice(0, -1), decoded)
    } else params.set(key, unquote(raw))
  }
  for (const [k, v] of extended) params.set(k, v)
  return { type: type.trim().toLowerCase(), params }
}

/** The boundary of a `multipart/form-data` Content-Type, or undefined when it is not one. */
export const boundaryOf = (contentType: string | undefined): string | undefined => {
  if (contentType === undefined) return undefined
  const { type, params } = headerParams(contentType)
  const boundary = params.get("boundary")
  if (type !== "multipart/form-data" || boundary === undefined || boundary.length === 0 || boundary.length > 200) return undefined
  return boundary
}

const parseHeaders = (text: string): Map<string, string> => {
  const headers = new Map<string, string>()
  for (const line of text.split("\r\n")) {
    const colon = line.indexOf(":")
    if (colon > 0) headers.set(line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim())
  }
  return headers
}

export const parseMultipart = (body: Buffer, boundary: string, limits: { readonly maxParts: number }): Either.Either<Array<Part>, string> => {
  const dash = Buffer.from(`--${boundary}`)
  const delimiter = Buffer.concat([CRLF, dash])
  let pos: number
  if (body.subarray(0, dash.length).equals(dash)) pos = 0
  else {
    const first = body.indexOf(delimiter)
    if (first === -1) return Either.left("The multipart body has no part with the boundary of its Content-Type.")
    pos = first + CRLF.length
  }
  const parts: Array<Part> = []
  for (;;) {
    pos += dash.length
    if (body[pos] === 0x2d && body[pos + 1] === 0x2d) return Either.right(parts) // closing delimiter `--boundary--`
    while (body[pos] === 0x20 || body[pos] === 0x09) pos++ // transport padding
    if (body[pos] !== 0x0d || body[pos + 1] !== 0x0a) return Either.left("The multipart body is malformed: a boundary line does not end in CRLF.")
    pos += CRLF.length
    let headerText = ""
    let dataStart: number
    if (body[pos] === 0x0d && body[pos + 1] === 0x0a) dataStart = pos + CRLF.length // a part without headers
    else {
      const end = body.indexOf(HEADER_END, pos)
      if (end === -1 || end - pos > MAX_HEADER_BYTES) return Either.left("The multipart body is malformed: a part's headers do not end (or are over 16 KB).")
      headerText = body.subarray(pos, end).toString("utf8")
      dataStart = end + HEADER_END.length
    }
    const next = body.indexOf(delimiter, dataStart)
    if (next === -1) return Either.left("The multipart body is truncated: a part is not followed by a boundary.")
    if (parts.length >= limits.maxParts) return Either.left(`The multipart body has more than ${limits.maxParts} parts.`)
    const headers = parseHeaders(headerText)
    const disposition = headerParams(headers.get("content-disposition") ?? "")
    parts.push({
      name: disposition.params.get("name"),
      filename: disposition.params.get("filename"),
      contentType: headers.get("content-type"),
      data: body.subarray(dataStart, next)
    })
    pos = next + CRLF.length
  }
}
