import { createRequire } from "node:module"

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
 * Why a tree exported in one native call (issue 14). Reading a tree-sitter tree through the Node
 * binding costs about 100 ns per native call: the walkers' lazy cursor reads (several calls per
 * child) cost 0.7x the parse on Python and more on Go, and every binding `Tree` held native memory
 * until a GC finalizer ran, so workers forced collections. native/tree-export/tree_export.c parses
 * and writes every node (symbol, field, start, end, subtree size) into one Int32Array in preorder,
 * then frees the tree before it returns: parse + export cost less than the binding's parse alone
 * (the binding reads the text through a JavaScript callback). Walking the array is plain JavaScript.
 */

const STRIDE = 4
const ERROR_SYMBOL = 0xffff

/** A grammar's names: symbol id -> type name and named-ness; field id -> field name. */
interface Vocabulary {
  readonly symbols: ReadonlyArray<string>
  readonly named: ReadonlyArray<boolean>
  readonly fields: ReadonlyArray<string>
}

interface Names extends Vocabulary {
  readonly fieldIds: ReadonlyMap<string, number>
}

interface Exporter {
  parse(language: unknown, text: string, deadlineEpochMs: number): { readonly nodes: Int32Array; readonly error: number } | null
  vocabulary(language: unknown): Vocabulary
}

// "#tree-export" (package.json "imports") is the addon scripts/native-parsers.mjs builds on install
const exporter = createRequire(import.meta.url)("#tree-export") as Exporter

/** A grammar module as tree-sitter-python / tree-sitter-go export it. */
export interface Grammar {
  readonly language: unknown
}

const vocabularies = new WeakMap<Grammar, Names>()
const vocabularyOf = (grammar: Grammar): Names => {
  let v = vocabularies.get(grammar)
  if (v === undefined) {
    const read = exporter.vocabulary(grammar.language)
    v = { ...read, fieldIds: new Map(read.fields.map((name, id) => [name, id] as const).filter(([name]) => name !== "")) }
    vocabularies.set(grammar, v)
  }
  return v
}

/** Parses `text`; undefined when `deadlineEpochMs` passed during the parse or the export. */
export const parseFlat = (grammar: Grammar, text: string, deadlineEpochMs: number): FlatTree | undefined => {
  const result = exporter.parse(grammar.language, text, deadlineEpochMs)
  return result === null ? undefined : new FlatTree(result.nodes, result.error, vocabularyOf(grammar), text)
}

/**
 * A whole parsed file: every node in preorder, 4 int32 each (see tree_export.c). Node objects are
 * made only for the nodes a walker reaches, once each: a field or the named children are found in
 * the array without making objects for the punctuation around them.
 */
export class FlatTree {
  private lineStarts: Array<number> | undefined
  /** by preorder index; filled so V8 keeps it a plain array, not a sparse dictionary */
  private readonly made: Array<FlatNode | undefined>
  readonly root: FlatNode

  constructor(
    readonly nodes: Int32Array,
    /** preorder index of the first ERROR or MISSING node, -1 when the parse had no error */
    private readonly errorIndex: number,
    readonly vocabulary: Names,
    readonly text: string
  ) {
    this.made = new Array<FlatNode | undefined>(nodes.length / STRIDE).fill(undefined)
    this.root = this.node(0, null)
  }

  /** The node at a preorder index, made on first use. */
  node(index: number, parent: FlatNode | null): FlatNode {
    return (this.made[index] ??= new FlatNode(this, parent, index))
  }

  /** Whether the node at a preorder index is named. */
  isNamed(index: number): boolean {
    const symbol = this.nodes[index * STRIDE]! & 0xffff
    return symbol === ERROR_SYMBOL || this.vocabulary.named[symbol]!
  }

  /** The first syntax error (an ERROR node or one error recovery inserted), as the binding's search finds it. */
  firstError(): { readonly start: number; readonly missing: boolean; readonly type: string } | undefined {
    if (this.errorIndex === -1) return undefined
    const node = this.made[this.errorIndex] ?? new FlatNode(this, null, this.errorIndex)
    return { start: node.startIndex, missing: this.nodes[this.errorIndex * STRIDE]! < 0, type: node.type }
  }

  /** The children of a node (the nodes that follow it in preorder, each skipping its own subtree); `named`: only the named ones. */
  childrenOf(node: FlatNode, named: boolean): Array<FlatNode> {
    const nodes = this.nodes
    const out: Array<FlatNode> = []
    const end = node.id + nodes[node.id * STRIDE + 3]!
    for (let i = node.id + 1; i < end; i += nodes[i * STRIDE + 3]!) if (!named || this.isNamed(i)) out.push(this.node(i, node))
    return out
  }

  /** The first child of a node in that field, or null. */
  fieldChild(node: FlatNode, name: string): FlatNode | null {
    const field = this.vocabulary.fieldIds.get(name)
    if (field === undefined) return null
    const nodes = this.nodes
    const end = node.id + nodes[node.id * STRIDE + 3]!
    for (let i = node.id + 1; i < end; i += nodes[i * STRIDE + 3]!) if (((nodes[i * STRIDE]! >>> 16) & 0x7fff) === field) return this.node(i, node)
    return null
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

/** A node of a `FlatTree`: a view of its row in the array; its children lists are made on first use and kept. */
export class FlatNode implements AstNode {
  private kids: Array<FlatNode> | undefined
  private named: Array<FlatNode> | undefined

  constructor(
    private readonly tree: FlatTree,
    readonly parent: FlatNode | null,
    /** the node's preorder index: unique per node of the tree (tree-sitter's descendant index) */
    readonly id: number
  ) {}

  private get symbol(): number {
    return this.tree.nodes[this.id * STRIDE]! & 0xffff
  }

  get type(): string {
    const symbol = this.symbol
    return symbol === ERROR_SYMBOL ? "ERROR" : this.tree.vocabulary.symbols[symbol]!
  }

  get isNamed(): boolean {
    return this.tree.isNamed(this.id)
  }

  /** the field this node fills in its parent */
  get field(): string | undefined {
    const id = (this.tree.nodes[this.id * STRIDE]! >>> 16) & 0x7fff
    return id === 0 ? undefined : this.tree.vocabulary.fields[id]
  }

  get startIndex(): number {
    return this.tree.nodes[this.id * STRIDE + 1]!
  }

  get endIndex(): number {
    return this.tree.nodes[this.id * STRIDE + 2]!
  }

  get text(): string {
    return this.tree.text.slice(this.startIndex, this.endIndex)
  }

  get children(): ReadonlyArray<FlatNode> {
    return (this.kids ??= this.tree.childrenOf(this, false))
  }

  get namedChildren(): ReadonlyArray<FlatNode> {
    return (this.named ??= this.kids === undefined ? this.tree.childrenOf(this, true) : this.kids.filter((c) => c.isNamed))
  }

  get namedChildCount(): number {
    return this.namedChildren.length
  }

  namedChild(index: number): FlatNode | null {
    return this.namedChildren[index] ?? null
  }

  /** The first child in that field, as `ts_node_child_by_field_name` (extras such as comments fill no field). */
  childForFieldName(name: string): FlatNode | null {
    return this.tree.fieldChild(this, name)
  }

  get startPosition(): { row: number } {
    return { row: this.tree.rowOf(this.startIndex) }
  }

  get endPosition(): { row: number } {
    return { row: this.tree.rowOf(this.endIndex) }
  }
}
