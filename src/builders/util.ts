import type { OffsetMapper, Span, StructuredDocument, StructuredPath } from "../languages/structured.js"
import type { CodeInput, CredentialRef, EmbeddedCode, GraphNode, NodeKind } from "./Graph.js"

export const isRecord = (v: unknown): v is Record<string, unknown> =>
  v !== null && typeof v === "object" && !Array.isArray(v)

export const str = (v: unknown): string | undefined => (typeof v === "string" ? v : undefined)

export const nonEmpty = (v: unknown): string | undefined => (typeof v === "string" && v.trim() !== "" ? v : undefined)

export const record = (v: unknown): Record<string, unknown> => (isRecord(v) ? v : {})

export const array = (v: unknown): ReadonlyArray<unknown> => (Array.isArray(v) ? v : [])

export function valueAt(root: unknown, path: StructuredPath): unknown {
  let v = root
  for (const seg of path) {
    if (Array.isArray(v)) v = v[Number(seg)]
    else if (isRecord(v)) v = v[String(seg)]
    else return undefined
  }
  return v
}

export const dotted = (name: string): ReadonlyArray<string> => name.split(".")

/** Values in builder expressions that point at a variable or secret store instead of holding a value. */
export const looksLikeReference = (value: string): boolean =>
  /\{\{[^{}]*\}\}|\$vars\.|\$flow\.|\$env\.|\{\{[ \t]*\$credentials|^=[ \t]*\{\{/.test(value)

const NOWHERE: Span = { start: 0, end: 0 }

export function spanOf(doc: StructuredDocument, path: StructuredPath): Span {
  return doc.locate(path) ?? NOWHERE
}

export interface CodeDraft {
  readonly language: "javascript" | "python"
  /** dotted parameter name */
  readonly field: string
  readonly path: StructuredPath
  readonly code: string
  readonly builtin?: boolean
  readonly inputs?: ReadonlyArray<CodeInput>
}

export interface NodeDraft {
  readonly id: string
  readonly name: string
  readonly type: string
  readonly kind: NodeKind
  readonly params: Readonly<Record<string, unknown>>
  readonly paramPath: (name: string) => StructuredPath
  readonly path: StructuredPath
  /** path of the node's identifying field; the node's own span when absent */
  readonly anchorPath?: StructuredPath
  readonly secretParams?: ReadonlySet<string>
  readonly credentialRefs?: ReadonlyArray<CredentialRef>
  readonly code?: ReadonlyArray<CodeDraft>
}

const NO_SECRETS: ReadonlySet<string> = new Set()

export function buildNode(doc: StructuredDocument, draft: NodeDraft): GraphNode {
  const span = spanOf(doc, draft.path)
  const anchor = (draft.anchorPath && doc.locate(draft.anchorPath)) || span
  return {
    id: draft.id,
    name: draft.name,
    type: draft.type,
    kind: draft.kind,
    params: draft.params,
    paramPath: draft.paramPath,
    secretParams: draft.secretParams ?? NO_SECRETS,
    path: draft.path,
    span,
    anchor,
    credentialRefs: draft.credentialRefs ?? [],
    embeddedCode: (draft.code ?? []).map((c) => embedded(doc, draft, c))
  }
}

function embedded(doc: StructuredDocument, node: NodeDraft, c: CodeDraft): EmbeddedCode {
  let mapper: OffsetMapper | undefined
  const toFileOffset = (offset: number): number => {
    if (mapper === undefined) {
      const start = doc.locate(c.path)?.start ?? 0
      mapper = doc.stringOffsetMapper(c.path) ?? (() => start)
    }
    return mapper(offset)
  }
  return {
    language: c.language,
    code: c.code,
    nodeId: node.id,
    nodeName: node.name,
    field: c.field,
    path: c.path,
    toFileOffset,
    builtin: c.builtin ?? false,
    inputs: c.inputs ?? []
  }
}

/** Unique edges whose ends are both nodes of the graph, in first-seen order. */
export class EdgeSet {
  private readonly seen = new Set<string>()
  readonly edges: Array<{ source: string; target: string; kind: string; path?: StructuredPath }> = []
  constructor(private readonly ids: ReadonlySet<string>) {}
  add(source: string | undefined, target: string | undefined, kind: string, path?: StructuredPath): void {
    if (source === undefined || target === undefined) return
    if (!this.ids.has(source) || !this.ids.has(target)) return
    const key = JSON.stringify([source, target, kind])
    if (this.seen.has(key)) return
    this.seen.add(key)
    this.edges.push(path === undefined ? { source, target, kind } : { source, target, kind, path })
  }
}
