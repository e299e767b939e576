import type { SyntaxNode } from "../../languages/treeSitter.js"
import type { SyntaxView } from "./SyntaxView.js"

const CONSTANT_LEAVES = new Set([
  // python
  "integer",
  "float",
  "true",
  "false",
  "none",
  // go
  "int_literal",
  "float_literal",
  "imaginary_literal",
  "rune_literal",
  "raw_string_literal",
  "nil",
  "iota"
])

const isConstant = (node: SyntaxNode): boolean => {
  switch (node.type) {
    case "string":
      // a Python f-string carries interpolation children; a plain string only string_start/content/end
      return !node.namedChildren.some((c) => c.type === "interpolation")
    case "concatenated_string":
      return node.namedChildren.every(isConstant)
    case "interpreted_string_literal":
      return true
    case "parenthesized_expression":
      return node.namedChildren.length === 1 && isConstant(node.namedChildren[0]!)
    case "binary_expression":
    case "binary_operator": {
      const left = node.childForFieldName("left")
      const right = node.childForFieldName("right")
      return left !== null && right !== null && isConstant(left) && isConstant(right)
    }
    case "list":
    case "tuple":
      return node.namedChildren.every(isConstant)
    default:
      return CONSTANT_LEAVES.has(node.type)
  }
}

const SCOPES = new Set([
  "function_definition",
  "lambda",
  "function_declaration",
  "method_declaration",
  "func_literal"
])

const argumentsOf = (call: SyntaxNode): SyntaxNode | null =>
  call.childForFieldName("arguments") ?? call.namedChildren.find((c) => c.type === "argument_list") ?? null

/** Go options are passed as `WithMaxIterations(3)` calls or `Field: value` keyed elements. */
const goKeywords = (args: SyntaxNode, into: Map<string, SyntaxNode>): void => {
  const stack = [...args.namedChildren]
  while (stack.length > 0) {
    const n = stack.pop()!
    if (n.type === "keyed_element") {
      const key = n.namedChildren[0]
      const value = n.namedChildren[1]
      if (key !== undefined && value !== undefined) into.set(key.text, value)
    } else if (n.type === "call_expression") {
      const fn = n.childForFieldName("function")
      const name = fn?.type === "selector_expression" ? fn.childForFieldName("field")?.text : fn?.text
      const inner = argumentsOf(n)
      if (name !== undefined && inner !== null) into.set(name, inner)
    }
    if (n.type === "literal_value" || n.type === "composite_literal" || n.type === "unary_expression") {
      stack.push(...n.namedChildren)
    }
  }
}

export const treeSitterView: SyntaxView<SyntaxNode> = {
  type: (n) => n.type,
  start: (n) => n.startIndex,
  end: (n) => n.endIndex,
  text: (n) => n.text,
  isConstant,
  isScope: (n) => SCOPES.has(n.type),
  keywordArguments: (call) => {
    const out = new Map<string, SyntaxNode>()
    const args = argumentsOf(call)
    if (args === null) return out
    for (const a of args.namedChildren) {
      if (a.type === "keyword_argument") {
        const name = a.childForFieldName("name")
        const value = a.childForFieldName("value")
        if (name !== null && value !== null) out.set(name.text, value)
      } else if (a.type === "dictionary_splat") {
        out.set("**", a)
      }
    }
    if (args.type === "argument_list" && call.type === "call_expression") goKeywords(args, out)
    return out
  }
}
