import type Parser from "tree-sitter"

/**
 * The part of tree-sitter's node API the semantic-model walkers read (src/engine/model/python.ts,
 * go.ts). Both the binding's `SyntaxNode` and `FlatNode` below implement it.
 */
export interface AstNode {
  readonly type: string
  readonly isNamed: boolean
  readonly startIndex: number
  readonly endIndex: number
  readonly text: string
  readonly id: number
  readonly parent: AstNode | null
  readonly children: ReadonlyArray<AstNode>
  readonly namedChildren: ReadonlyArray<AstNode>
  readonly namedChildCount: number
  namedChild(index: number): AstNode | null
  childForFieldName(name: string): AstNode | null
  readonly startPosition: { readonly row: number }
  readonly endPosition: { readonly row: number }
}

/*
 * Why this exists (issue 14, measured on 1.5 MB of Python stdlib / Go sources, CPU seconds, load ~25):
 * every `SyntaxNode` access crosses into native code, and every node the binding hands out is a new
 * object registered in a native cache with a weak reference (GC work). Building the Python model
 * through that API made ~83k node objects and ~220k native calls: 0.26 s for a 0.11 s parse (2.5x);
 * Go 0.6 s for a 0.2 s parse (3x). The options measured:
 * - (a, eager) a TreeCursor pass over whole subtrees reading type, field, start and end: 0.10-0.12 s
 *   for every node of the Python corpus (~1x parse), and the modelled part is 85 % of the nodes;
 * - (b) a native Query to find functions: one capture per node type already costs ~0.45x parse;
 * - (c) the binding's batched `children()` (private `NodeMethods`): 0.08 s for the whole tree, type
 *   and start only, and it depends on internals;
 * - (chosen) this lazy flat tree: one TreeCursor per file; a node's children are read only when a
 *   walker asks for them, in one cursor pass (`gotoDescendant` to the parent, then per child its type
 *   id, field id, descendant index, start and end), into plain JS objects. Nothing the walker does
 *   not look at is read (skipped functions, non-f-string literals, dotted names read from text), and
 *   no binding node object is ever made. Type names and field names are read from the cursor once
 *   per language and cached by id. Per child that is 3-6 cursor calls (type id, field id only under
 *   types with fields, descendant index not for anonymous leaves, start/end for named ones).
 * Result (warm, 10 passes over parsed trees, the prefilter's interest): Python 0.214 -> 0.124 s per
 * 1.5 MB (parse 0.105 s: 2.0x -> 1.2x), Go 0.386 -> 0.264 s (parse 0.19 s: 2.0x -> 1.4x); the
 * models are identical (test/engine/model-flat.test.ts). What is left is ~100 ns per native call on
 * ~120k (Python) / ~230k (Go) children read: going lower needs fewer nodes read, or a batched read.
 */

interface Kind {
  readonly name: string
  readonly named: boolean
  /** the grammar declares fields for this type: only then are its children's field ids read */
  readonly hasFields: boolean
  /** an anonymous type without children or fields in the grammar: its descendant index is read only if asked for */
  readonly leafLike: boolean
}

interface NodeTypeInfo {
  readonly type: string
  readonly named: boolean
  readonly fields?: Readonly<Record<string, unknown>>
  readonly children?: unknown
}

/** Per grammar: node type id -> name and whether it is named; field id -> name. */
interface Vocabulary {
  readonly kinds: Map<number, Kind>
  readonly fields: Map<number, string>
  /** node-types.json of the grammar, by named-ness and type */
  readonly info: Map<string, NodeTypeInfo>
}

const vocabularies = new WeakMap<object, Vocabulary>()

const vocabularyOf = (language: object): Vocabulary => {
  let v = vocabularies.get(language)
  if (v === undefined) {
    const info = new Map<string, NodeTypeInfo>()
    for (const t of (language as { nodeTypeInfo?: ReadonlyArray<NodeTypeInfo> }).nodeTypeInfo ?? []) info.set(`${t.named ? "n" : "a"}:${t.type}`, t)
    v = { kinds: new Map(), fields: new Map(), info }
    vocabularies.set(language, v)
  }
  return v
}

/** A tree read lazily through one cursor; see the comment above. */
export class FlatTree {
  private readonly cursor: Parser.TreeCursor
  private readonly vocabulary: Vocabulary
  private lineStarts: Array<number> | undefined
  readonly root: FlatNode

  constructor(tree: Parser.Tree, readonly text: string) {
    this.cursor = tree.walk()
    this.vocabulary = vocabularyOf((tree as unknown as { language: object }).language)
    const c = this.cursor
    this.root = new FlatNode(this, null, 0, 0, this.kind(), undefined, c.startIndex, c.endIndex)
  }

  private kind(): Kind {
    const c = this.cursor
    const id = c.nodeTypeId
    let kind = this.vocabulary.kinds.get(id)
    if (kind === undefined) {
      const name = c.nodeType
      const named = c.nodeIsNamed
      // a type the grammar does not describe (ERROR) is read in full
      const info = this.vocabulary.info.get(`${named ? "n" : "a"}:${name}`)
      const fieldCount = info === undefined ? 1 : Object.keys(info.fields ?? {}).length
      // only anonymous types (punctuation, keywords): named leaves (identifiers, comments) are asked
      // for their children often enough that finding their index later costs more than reading it
      kind = { name, named, hasFields: fieldCount > 0, leafLike: !named && info !== undefined && fieldCount === 0 && info.children === undefined }
      this.vocabulary.kinds.set(id, kind)
    }
    return kind
  }

  /** The children of a node, read in one cursor pass. */
  childrenOf(node: FlatNode): Array<FlatNode> {
    const c = this.cursor
    c.gotoDescendant(node.id)
    const out: Array<FlatNode> = []
    if (!c.gotoFirstChild()) return out
    const fields = this.vocabulary.fields
    const withFields = node.hasFields
    let ordinal = 0
    do {
      const kind = this.kind()
      let field: string | undefined
      if (withFields) {
        const fieldId = c.currentFieldId as number | undefined
        if (fieldId !== undefined && fieldId !== 0) {
          field = fields.get(fieldId)
          if (field === undefined) {
            field = c.currentFieldName
            fields.set(fieldId, field)
          }
        }
      }
      const index = kind.leafLike ? -1 : c.currentDescendantIndex
      // anonymous children (punctuation, operators) are rarely asked for their span: read it lazily
      out.push(kind.named
        ? new FlatNode(this, node, index, ordinal, kind, field, c.startIndex, c.endIndex)
        : new FlatNode(this, node, index, ordinal, kind, field, -1, -1))
      ordinal++
    } while (c.gotoNextSibling())
    return out
  }

  /** The descendant index of a node read without it (a leaf-like type that has children after all). */
  indexOf(node: FlatNode): number {
    const parent = node.parent!
    const c = this.cursor
    c.gotoDescendant(parent.id)
    c.gotoFirstChild()
    for (let i = 0; i < node.ordinal; i++) c.gotoNextSibling()
    return c.currentDescendantIndex
  }

  /** Start and end of a node whose span was not read with it. */
  spanOf(node: FlatNode): [number, number] {
    const c = this.cursor
    c.gotoDescendant(node.id)
    return [c.startIndex, c.endIndex]
  }

  /** Zero-based line of an offset (tree-sitter counts `\n` only). */
  rowOf(offset: number): number {
    if (this.lineStarts === undefined) {
      const starts = [0]
      for (let i = this.text.indexOf("\n"); i !== -1; i = this.text.indexOf("\n", i + 1)) starts.push(i + 1)
      this.lineStarts = starts
    }
    const starts = this.lineStarts
    let lo = 0
    let hi = starts.length
    while (lo < hi) {
      const mid = (lo + hi) >> 1
      if (starts[mid]! <= offset) lo = mid + 1
      else hi = mid
    }
    return lo - 1
  }
}

/** A node of a `FlatTree`: plain JS, its children read on first use and kept. */
export class FlatNode implements AstNode {
  private kids: Array<FlatNode> | undefined
  private named: Array<FlatNode> | undefined

  constructor(
    private readonly tree: FlatTree,
    readonly parent: FlatNode | null,
    /** the node's preorder index in the tree (tree-sitter's descendant index), -1 until needed */
    private index: number,
    /** its position among its parent's children */
    readonly ordinal: number,
    private readonly kind: Kind,
    /** the field this node fills in its parent */
    readonly field: string | undefined,
    private start: number,
    private end: number
  ) {}

  /** the node's descendant index: unique per node of the tree */
  get id(): number {
    if (this.index === -1) this.index = this.tree.indexOf(this)
    return this.index
  }

  get type(): string {
    return this.kind.name
  }

  get hasFields(): boolean {
    return this.kind.hasFields
  }

  get isNamed(): boolean {
    return this.kind.named
  }

  get startIndex(): number {
    if (this.start === -1) [this.start, this.end] = this.tree.spanOf(this)
    return this.start
  }

  get endIndex(): number {
    if (this.start === -1) [this.start, this.end] = this.tree.spanOf(this)
    return this.end
  }

  get text(): string {
    return this.tree.text.slice(this.startIndex, this.endIndex)
  }

  get children(): ReadonlyArray<FlatNode> {
    return (this.kids ??= this.tree.childrenOf(this))
  }

  get namedChildren(): ReadonlyArray<FlatNode> {
    return (this.named ??= this.children.filter((c) => c.kind.named))
  }

  get namedChildCount(): number {
    return this.namedChildren.length
  }

  namedChild(index: number): FlatNode | null {
    return this.namedChildren[index] ?? null
  }

  /** The first child in that field, as `ts_node_child_by_field_name` (extras such as comments fill no field). */
  childForFieldName(name: string): FlatNode | null {
    for (const c of this.children) if (c.field === name) return c
    return null
  }

  get startPosition(): { row: number } {
    return { row: this.tree.rowOf(this.startIndex) }
  }

  get endPosition(): { row: number } {
    return { row: this.tree.rowOf(this.endIndex) }
  }
}
