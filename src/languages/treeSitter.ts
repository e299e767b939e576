import Parser from "tree-sitter"
import Go from "tree-sitter-go"
import Python from "tree-sitter-python"
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
 * Parses with the deadline enforced inside the native parse (progress callback), because a
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

/** The first syntax error of a tree, as a location a user can look at. */
export const firstSyntaxError = (tree: Tree): SyntaxNode | undefined => {
  if (!tree.rootNode.hasError) return undefined
  const stack: Array<SyntaxNode> = [tree.rootNode]
  while (stack.length > 0) {
    const node = stack.pop()!
    if (node.type === "ERROR" || node.isMissing) return node
    if (node.hasError) for (let i = node.childCount - 1; i >= 0; i--) stack.push(node.child(i)!)
  }
  return undefined
}
