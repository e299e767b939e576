import {
  type CST,
  Composer,
  type Document,
  isAlias,
  isMap,
  isScalar,
  isSeq,
  Lexer,
  type Node,
  type Pair,
  Parser,
  type Scalar,
  visit
} from "yaml"
import { type Deadline, DeadlineExceeded, type SourceDoc } from "./Source.js"
import {
  MAX_NESTING,
  type OffsetMapper,
  type Span,
  type StructuredDocument,
  type StructuredPath,
  type StructuredResult
} from "./structuredTypes.js"
import { scalarOffsetMapper } from "./structuredYamlScalars.js"

/**
 * YAML through the `yaml` library, with two guards in front of it. The library composes nodes
 * recursively: thousands of nested levels overflow the stack (and a stack overflow inside a regular
 * expression compile is fatal to the process, not a catchable error). So the lexer runs first and
 * stops at the first level past the limit, and the parsed CST is measured iteratively before it is
 * composed. Aliases are bounded by `maxAliasCount`; an alias inside its own anchor is rejected
 * because it yields a circular value that every later walker would loop on.
 */

export const MAX_ALIAS_COUNT = 100

const COMPOSE_OPTIONS = {
  logLevel: "error",
  prettyErrors: false,
  uniqueKeys: false, // PyYAML (Dify) and most tools keep the last duplicate key; so does toJS
  merge: true
} as const

type Failure = { readonly ok: false; readonly reason: string }

function at(doc: SourceDoc, offset: number): string {
  const { line, column } = doc.position(offset)
  return `line ${line} column ${column}`
}

const tooDeep = (doc: SourceDoc, offset: number): Failure => ({
  ok: false,
  reason: `YAML nesting deeper than ${MAX_NESTING} levels at ${at(doc, offset)}`
})

/** Lex and parse to CST, rejecting deep flow nesting or deep compact block nesting on the way. */
function parseCst(doc: SourceDoc, deadline: Deadline): Array<CST.Token> | Failure {
  const parser = new Parser()
  const tokens: Array<CST.Token> = []
  let flow = 0
  let lineIndicators = 0
  let steps = 0
  for (const lexeme of new Lexer().lex(doc.text)) {
    if ((++steps & 0xffff) === 0 && deadline.expired) throw new DeadlineExceeded("YAML parsing")
    switch (lexeme) {
      case "[":
      case "{":
        if (++flow > MAX_NESTING) return tooDeep(doc, parser.offset)
        break
      case "]":
      case "}":
        if (flow > 0) flow--
        break
      case "\n":
      case "\r\n":
        lineIndicators = 0
        break
      case "-":
      case "?":
        if (flow === 0 && ++lineIndicators > MAX_NESTING) return tooDeep(doc, parser.offset)
        break
    }
    for (const token of parser.next(lexeme)) tokens.push(token)
  }
  for (const token of parser.end()) tokens.push(token)
  return tokens
}

/** Deepest collection nesting in the CST, measured without recursion; -offset - 1 when over the limit. */
function cstDepthExceeded(tokens: ReadonlyArray<CST.Token>): number | undefined {
  const stack: Array<{ token: CST.Token | null | undefined; depth: number }> = tokens.map((token) => ({ token, depth: 0 }))
  while (stack.length > 0) {
    const { token, depth } = stack.pop()!
    if (token == null) continue
    switch (token.type) {
      case "document":
        stack.push({ token: token.value, depth })
        break
      case "block-map":
      case "block-seq":
      case "flow-collection": {
        if (depth + 1 > MAX_NESTING) return token.offset
        for (const item of token.items) {
          if ("key" in item) stack.push({ token: item.key, depth: depth + 1 })
          stack.push({ token: item.value, depth: depth + 1 })
        }
        break
      }
      default:
        break
    }
  }
  return undefined
}

function hasCircularAlias(doc: Document.Parsed): boolean {
  let circular = false
  visit(doc, {
    Alias(_key, node, path) {
      const target = node.resolve(doc)
      if (target !== undefined && path.includes(target)) {
        circular = true
        return visit.BREAK
      }
      return undefined
    }
  })
  return circular
}

export function parseYaml(doc: SourceDoc, deadline: Deadline): StructuredResult {
  const text = doc.text
  const tokens = parseCst(doc, deadline)
  if (!Array.isArray(tokens)) return tokens
  const deep = cstDepthExceeded(tokens)
  if (deep !== undefined) return tooDeep(doc, deep)
  if (deadline.expired) throw new DeadlineExceeded("YAML parsing")

  let parsed: Array<Document.Parsed>
  try {
    parsed = Array.from(new Composer(COMPOSE_OPTIONS).compose(tokens, false, text.length))
  } catch (e) {
    return { ok: false, reason: `invalid YAML: ${e instanceof Error ? e.message : String(e)}` }
  }
  if (deadline.expired) throw new DeadlineExceeded("YAML parsing")

  const templated = text.includes("{{")
  if (!templated) {
    for (const d of parsed) {
      const error = d.errors[0]
      if (error !== undefined) {
        const message = error.message.split("\n")[0] ?? error.message
        return { ok: false, reason: `invalid YAML at ${at(doc, error.pos[0])}: ${message}` }
      }
    }
  }

  const documents: Array<StructuredDocument> = []
  const mayAlias = text.includes("&")
  for (const d of parsed) {
    if (d.contents == null) continue
    if (mayAlias && hasCircularAlias(d)) {
      return { ok: false, reason: "YAML alias refers to its own anchor (a circular structure); it cannot be analysed" }
    }
    let value: unknown
    try {
      value = d.toJS({ maxAliasCount: MAX_ALIAS_COUNT })
    } catch (e) {
      if (e instanceof ReferenceError && /alias/i.test(e.message)) {
        return {
          ok: false,
          reason: `YAML alias expansion limit exceeded (more than ${MAX_ALIAS_COUNT} aliased nodes): the file looks like an alias bomb`
        }
      }
      if (templated) continue
      return { ok: false, reason: `invalid YAML: ${e instanceof Error ? e.message : String(e)}` }
    }
    documents.push(new YamlDocument(text, d, value, templated && d.errors.length > 0))
  }
  return { ok: true, documents }
}

function isMergeKey(key: unknown): boolean {
  if (!isScalar(key)) return false
  const v = key.value
  return v === "<<" || (typeof v === "symbol" && v.description === "<<")
}

function keyString(key: unknown): string | undefined {
  if (isScalar(key)) return key.value == null ? "" : String(key.value)
  return undefined
}

class YamlDocument implements StructuredDocument {
  readonly format = "yaml"
  private readonly mappers = new WeakMap<Scalar, OffsetMapper>()

  constructor(
    private readonly text: string,
    private readonly doc: Document.Parsed,
    readonly value: unknown,
    readonly templated: boolean
  ) {}

  get span(): Span {
    const range = this.doc.contents?.range
    return range ? { start: range[0], end: range[1] } : { start: 0, end: 0 }
  }

  locate(path: StructuredPath): Span | undefined {
    const found = this.find(path)
    if (found === undefined) return undefined
    const node = found.node
    if (node?.range) return { start: node.range[0], end: node.range[1] }
    const keyRange = (found.pair?.key as Node | null | undefined)?.range
    return keyRange ? { start: keyRange[1], end: keyRange[1] } : undefined
  }

  locateKey(path: StructuredPath): Span | undefined {
    const range = (this.find(path)?.pair?.key as Node | null | undefined)?.range
    return range ? { start: range[0], end: range[1] } : undefined
  }

  stringOffsetMapper(path: StructuredPath): OffsetMapper | undefined {
    const node = this.deref(this.find(path)?.node)
    if (!isScalar(node) || typeof node.value !== "string") return undefined
    let mapper = this.mappers.get(node)
    if (mapper === undefined) {
      mapper = scalarOffsetMapper(this.text, node)
      this.mappers.set(node, mapper)
    }
    return mapper
  }

  private deref(node: unknown): unknown {
    return isAlias(node) ? node.resolve(this.doc) : node
  }

  private find(path: StructuredPath): { node: Node | null | undefined; pair?: Pair } | undefined {
    let node: unknown = this.doc.contents
    let pair: Pair | undefined
    for (const seg of path) {
      node = this.deref(node)
      if (isMap(node)) {
        pair = this.member(node.items, String(seg))
        if (pair === undefined) return undefined
        node = pair.value
      } else if (isSeq(node)) {
        const index = typeof seg === "number" ? seg : /^(?:0|[1-9][0-9]*)$/.test(seg) ? Number(seg) : -1
        if (index < 0 || index >= node.items.length) return undefined
        node = node.items[index]
        pair = undefined
      } else {
        return undefined
      }
    }
    return pair === undefined ? { node: node as Node | null } : { node: node as Node | null, pair }
  }

  /** the last pair with this key (toJS keeps the last duplicate), looking into `<<` merges last */
  private member(items: ReadonlyArray<unknown>, key: string): Pair | undefined {
    let found: Pair | undefined
    const merges: Array<unknown> = []
    for (const item of items) {
      const p = item as Pair
      if (isMergeKey(p.key)) merges.push(p.value)
      else if (keyString(p.key) === key) found = p
    }
    if (found !== undefined) return found
    for (const source of merges) {
      const resolved = this.deref(source)
      const candidates = isSeq(resolved) ? resolved.items.map((n) => this.deref(n)) : [resolved]
      for (const candidate of candidates) {
        if (isMap(candidate)) {
          const p = this.member(candidate.items, key)
          if (p !== undefined) return p
        }
      }
    }
    return undefined
  }
}
