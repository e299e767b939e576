/**
 * What `where` conditions need to know about a syntax node, so one condition vocabulary serves both
 * tree-sitter (Python, Go) and TypeScript (JS/TS) trees.
 */
export interface SyntaxView<N> {
  readonly type: (node: N) => string
  readonly start: (node: N) => number
  readonly end: (node: N) => number
  readonly text: (node: N) => string
  /** a constant: a literal string/number/bool/null without interpolation or concatenation of non-constants */
  readonly isConstant: (node: N) => boolean
  /** keyword arguments (Python), option-object properties (JS), keyed fields / With* options (Go) of a call */
  readonly keywordArguments: (call: N) => ReadonlyMap<string, N>
  /** function-like nodes that delimit a scope */
  readonly isScope: (node: N) => boolean
}

/** The evaluation context of one match: captures, the reported node and its ancestors (innermost first). */
export interface MatchContext<N> {
  readonly captures: ReadonlyMap<string, N>
  readonly finding: N
  readonly ancestors: () => ReadonlyArray<N>
  readonly fileText: string
}
