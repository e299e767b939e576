/**
 * JSON and YAML with source positions. Matchers and builder normalisers work on the plain value
 * (`value`) and ask the document where a path lives in the file only when they report, so positions
 * cost little on files without findings.
 */

export type PathSegment = string | number
export type StructuredPath = ReadonlyArray<PathSegment>

/** UTF-16 offsets into the file text, end exclusive. */
export interface Span {
  readonly start: number
  readonly end: number
}

/** Offset in a decoded string value -> offset in the file text. */
export type OffsetMapper = (decodedOffset: number) => number

export interface StructuredDocument {
  readonly format: "json" | "yaml"
  /** the plain value, as JSON.parse or YAML toJS gives it */
  readonly value: unknown
  /** span of the whole document value */
  readonly span: Span
  /** the YAML had template markers (`{{ }}`) and syntax errors that were tolerated */
  readonly templated: boolean
  /**
   * Span of the value at `path` (object keys, array indices; a numeric string also indexes an array).
   * Strings include their quotes; undefined when the path does not exist.
   */
  locate(path: StructuredPath): Span | undefined
  /** Span of the key of the object member at `path` (its last segment names the member). */
  locateKey(path: StructuredPath): Span | undefined
  /**
   * For a string value: maps offsets in the decoded string to offsets in the file, across escapes
   * (JSON `\n`, `\"`, `\uXXXX`; YAML double-quoted escapes, folding and block-scalar indentation).
   */
  stringOffsetMapper(path: StructuredPath): OffsetMapper | undefined
}

export type StructuredResult =
  | { readonly ok: true; readonly documents: ReadonlyArray<StructuredDocument> }
  | { readonly ok: false; readonly reason: string }

/** Deeper nesting is rejected: no real export needs it and recursive consumers would overflow. */
export const MAX_NESTING = 512
