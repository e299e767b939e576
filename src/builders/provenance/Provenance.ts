import type { GraphNode } from "../Graph.js"

/**
 * Where a value in a builder export comes from. Every parameter of every node can hold references
 * (n8n `{{ $json.x }}`, Dify `{{#node.var#}}`, Flowise `{{ question }}`) or be fed by an edge
 * (Langflow template fields); each reference resolves to the node or store that produces it, and
 * that producer is classified:
 *
 * - `untrusted`: data an outsider can shape: trigger, chat and form input, webhook bodies, HTTP
 *   responses and scraped pages, sheets, databases, e-mail, retrieved documents, model output and
 *   tool arguments the model chooses (`$fromAI`).
 * - `secret`: credential stores and secret environment variables.
 * - `config`: settings of the deployment: environment and builder variables that are not secrets.
 * - `constant`: literals written into the export (a Set node with a fixed value, a start-state default).
 * - `unknown`: a producer the classifier cannot judge (custom code with no input, an unmodelled node).
 */
export type ProvenanceKind = "untrusted" | "secret" | "config" | "constant" | "unknown"

export interface Origin {
  readonly provenance: ProvenanceKind
  /** what produces the value, for messages: `the webhook body`, `model output`, `secret env var API_KEY` */
  readonly label: string
  /** the producing node, when a node produces it */
  readonly nodeId?: string
}

/** One reference inside a parameter's text: its place in the text and what it resolves to. */
export interface ValueRef {
  /** offsets into the parameter's string value */
  readonly start: number
  readonly end: number
  readonly origins: ReadonlyArray<Origin>
}

export interface ValueProvenance {
  /** the parameter's text (strings as they are, other values as JSON), undefined when absent */
  readonly text: string | undefined
  readonly refs: ReadonlyArray<ValueRef>
  /** origins of a value that arrives whole through an edge (Langflow fields wired from another node) */
  readonly whole: ReadonlyArray<Origin>
}

export interface GraphProvenance {
  /** the references in one parameter of a node (dotted name) and where each comes from */
  readonly param: (node: GraphNode, name: string, value: unknown) => ValueProvenance
  /** where the node's data input comes from (what its code or tool call receives) */
  readonly input: (node: GraphNode) => ReadonlyArray<Origin>
}

export const untrusted = (label: string, nodeId?: string): Origin =>
  nodeId === undefined ? { provenance: "untrusted", label } : { provenance: "untrusted", label, nodeId }
export const constant = (label: string, nodeId?: string): Origin =>
  nodeId === undefined ? { provenance: "constant", label } : { provenance: "constant", label, nodeId }
export const unknown = (label: string, nodeId?: string): Origin =>
  nodeId === undefined ? { provenance: "unknown", label } : { provenance: "unknown", label, nodeId }

/** Names of environment or builder variables that hold secrets. */
export const SECRET_NAME = /(?:^|[_.-])(?:api[_-]?key|apikey|secret|token|password|passwd|pwd|private[_-]?key|credential|auth)|(?:key|secret|token|password)$/i

export const variableOrigin = (store: string, name: string): Origin =>
  SECRET_NAME.test(name) || /key$/i.test(name)
    ? { provenance: "secret", label: `${store} ${name}` }
    : { provenance: "config", label: `${store} ${name}` }

/** `{{ … }}` parts of a text: offset of the opening braces and the body, scanned without backtracking. */
export function templateParts(text: string): Array<{ start: number; end: number; body: string }> {
  const out: Array<{ start: number; end: number; body: string }> = []
  let from = 0
  for (;;) {
    const open = text.indexOf("{{", from)
    if (open < 0) break
    const close = text.indexOf("}}", open + 2)
    if (close < 0) break
    out.push({ start: open, end: close + 2, body: text.slice(open + 2, close) })
    from = close + 2
  }
  return out
}

const sameOrigin = (a: Origin, b: Origin): boolean => a.provenance === b.provenance && a.label === b.label && (a.nodeId ?? "") === (b.nodeId ?? "")

/**
 * The matches of a global regex in a text, as `text.matchAll(re)` gives them, without the copy of the
 * regex `matchAll` makes on every call (a cost that dominated resolving references). The matches are
 * collected before the caller acts on any, so resolving one may use the same regex again.
 */
export function allMatches(re: RegExp, text: string): Array<RegExpExecArray> {
  const out: Array<RegExpExecArray> = []
  re.lastIndex = 0
  for (let m = re.exec(text); m !== null; m = re.exec(text)) {
    out.push(m)
    if (m[0] === "") re.lastIndex++
  }
  re.lastIndex = 0
  return out
}

/** Unique origins, first seen first. */
export function dedupe(origins: ReadonlyArray<Origin>): Array<Origin> {
  if (origins.length <= 16 && !origins.some((o) => o.label.includes("\u0000") || (o.nodeId?.includes("\u0000") ?? false))) {
    // short lists (nearly all): compared in place, no key strings
    const out: Array<Origin> = []
    for (const o of origins) if (!out.some((x) => sameOrigin(x, o))) out.push(o)
    return out
  }
  const seen = new Set<string>()
  const out: Array<Origin> = []
  for (const o of origins) {
    const key = `${o.provenance}\u0000${o.label}\u0000${o.nodeId ?? ""}`
    if (seen.has(key)) continue
    seen.add(key)
    out.push(o)
  }
  return out
}

/** A value's text: strings as written, other values as JSON; undefined when absent. */
export const textOf = (v: unknown): string | undefined =>
  typeof v === "string" ? v : v === undefined || v === null ? undefined : typeof v === "object" ? JSON.stringify(v) : String(v)

/**
 * Memoised, cycle-safe resolution of a node's output: a producer that depends on itself (a loop in
 * the graph) contributes nothing on the inner visit, so every resolution ends.
 */
export class OutputMemo {
  private readonly done = new Map<string, ReadonlyArray<Origin>>()
  private readonly busy = new Set<string>()
  get(key: string, compute: () => ReadonlyArray<Origin>): ReadonlyArray<Origin> {
    const hit = this.done.get(key)
    if (hit !== undefined) return hit
    if (this.busy.has(key) || this.busy.size > 200) return []
    this.busy.add(key)
    try {
      const value = dedupe(compute())
      this.done.set(key, value)
      return value
    } finally {
      this.busy.delete(key)
    }
  }
}
