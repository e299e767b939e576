import Parser from "tree-sitter"
import Go from "tree-sitter-go"
import Python from "tree-sitter-python"
import { type FlatTree, type Grammar, parseFlat } from "./flatTree.js"
import { type Deadline, DeadlineExceeded } from "./Source.js"

export type TreeSitterLanguage = "python" | "go"
export type SyntaxNode = Parser.SyntaxNode
export type Tree = Parser.Tree

const GRAMMARS: Record<TreeSitterLanguage, Parser.Language> = {
  python: Python as Parser.Language,
  go: Go as Parser.Language
}

export const grammarOf = (language: TreeSitterLanguage): Parser.Language => GRAMMARS[language]

const parsers = new Map<TreeSitterLanguage, Parser>()
const parserFor = (language: TreeSitterLanguage): Parser => {
  let parser = parsers.get(language)
  if (parser === undefined) {
    parser = new Parser()
    parser.setLanguage(GRAMMARS[language])
    parsers.set(language, parser)
  }
  return parser
}

/**
 * The engine's parse: the whole tree as one flat array (flatTree.ts), the native tree already freed.
 * The deadline is checked inside the native parse, which a synchronous call cannot be interrupted
 * from outside.
 */
export const parseCode = (language: TreeSitterLanguage, text: string, deadline: Deadline): FlatTree => {
  const tree = parseFlat(GRAMMARS[language] as unknown as Grammar, text, deadline.at)
  if (tree === undefined) throw new DeadlineExceeded("parse")
  return tree
}

/**
 * The binding's tree, for tree-sitter query matchers (purely syntactic rules) and tests that compare
 * against the binding. Parses with the deadline enforced inside the native parse (progress callback), because a
 * synchronous native call cannot be interrupted from outside. After a halted parse the parser must
 * be reset, or the next parse would resume the abandoned input.
 */
export const parseTreeSitter = (language: TreeSitterLanguage, text: string, deadline: Deadline): Tree => {
  const parser = parserFor(language)
  const at = deadline.at
  let calls = 0
  const tree = parser.parse(text, null, {
    // Date.now() is cheap but not free: check the clock every 64 progress calls
    progressCallback: () => (++calls & 63) === 0 && Date.now() >= at
  }) as Tree | null
  if (tree === null) {
    parser.reset()
    throw new DeadlineExceeded("parse")
  }
  return tree
}
