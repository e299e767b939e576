import type { AstNode } from "../../languages/flatTree.js"

/** The node and every named node below it, in preorder; not below nodes whose type is in `skip` (Python and Go models). */
export const descendants = function* (n: AstNode, skip?: ReadonlySet<string>): Generator<AstNode> {
  yield n
  for (const c of n.namedChildren) if (skip === undefined || !skip.has(c.type)) yield* descendants(c, skip)
}
