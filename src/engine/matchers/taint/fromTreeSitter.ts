import type { SyntaxNode, Tree } from "../../../languages/treeSitter.js"
import type { TaintEvent, TaintScope } from "./TaintIR.js"

/** Entry points of Python code: tools, MCP tools, web routes (recognised by their decorators). */
const PY_ENTRY_DECORATOR = /@(?:[\w.]*\.)?(?:tool|function_tool|route|get|post|put|patch|delete|websocket|api_route|api_view|task)\b/

interface Builder {
  params: Array<string>
  entry: boolean
  sourceParams: Array<string>
  events: Array<TaintEvent>
  children: Array<TaintScope>
  eventIndexOfChild: Array<number>
}

const identifiersIn = (node: SyntaxNode): Array<string> => {
  if (node.type === "identifier") return [node.text]
  return node.namedChildren.flatMap((c) => (c.type === "identifier" || c.type.endsWith("pattern") || c.type === "expression_list" || c.type === "pattern_list" || c.type === "tuple" || c.type === "list" ? identifiersIn(c) : []))
}

const pythonParams = (fn: SyntaxNode): Array<string> => {
  const params = fn.childForFieldName("parameters")
  if (params === null) return []
  return params.namedChildren.flatMap((p) => {
    if (p.type === "identifier") return [p.text]
    const name = p.childForFieldName("name") ?? p.namedChildren.find((c) => c.type === "identifier")
    return name === null || name === undefined ? [] : [name.text]
  })
}

const goParams = (fn: SyntaxNode): { params: Array<string>; sources: Array<string> } => {
  const list = fn.childForFieldName("parameters")
  const params: Array<string> = []
  const sources: Array<string> = []
  for (const decl of list?.namedChildren ?? []) {
    const names = decl.namedChildren.filter((c) => c.type === "identifier").map((c) => c.text)
    const type = decl.childForFieldName("type")?.text ?? ""
    params.push(...names)
    // an HTTP request or an MCP tool call carries caller data whatever the function is called
    if (/http\.Request|CallToolRequest|CallToolParams/.test(type)) sources.push(...names)
  }
  return { params, sources }
}

const argumentTexts = (args: SyntaxNode | null): Array<string> =>
  (args?.namedChildren ?? []).map((a) => (a.type === "keyword_argument" ? a.childForFieldName("value")?.text ?? a.text : a.text))

const FUNCTION_TYPES = new Set(["function_definition", "lambda", "function_declaration", "method_declaration", "func_literal"])

/** One pass over a Python or Go tree, collecting each function's assignments and calls in order. */
export const taintScopesFromTree = (tree: Tree, language: "python" | "go"): TaintScope => {
  const root: Builder = { params: [], entry: false, sourceParams: [], events: [], children: [], eventIndexOfChild: [] }
  const visit = (node: SyntaxNode, scope: Builder): void => {
    if (FUNCTION_TYPES.has(node.type) && node !== tree.rootNode) {
      const inner: Builder = { params: [], entry: false, sourceParams: [], events: [], children: [], eventIndexOfChild: [] }
      if (language === "python") {
        inner.params.push(...pythonParams(node))
        const decorated = node.parent?.type === "decorated_definition" ? node.parent : null
        inner.entry = decorated !== null && decorated.namedChildren.some((d) => d.type === "decorator" && PY_ENTRY_DECORATOR.test(d.text))
      } else {
        const { params, sources } = goParams(node)
        inner.params.push(...params)
        inner.sourceParams.push(...sources)
      }
      for (const c of node.namedChildren) visit(c, inner)
      scope.children.push(inner)
      scope.eventIndexOfChild.push(scope.events.length)
      return
    }
    if (node.type === "for_statement" || node.type === "range_clause" || node.type === "for_in_clause") {
      // the loop variable is bound before the body runs
      const left = node.childForFieldName("left")
      const right = node.childForFieldName("right")
      if (left !== null && right !== null) scope.events.push({ kind: "assign", targets: identifiersIn(left), value: right.text })
    }
    for (const c of node.namedChildren) visit(c, scope)
    switch (node.type) {
      case "call":
      case "call_expression": {
        const fn = node.childForFieldName("function")
        if (fn !== null) scope.events.push({ kind: "call", callee: fn.text.replace(/\s+/g, ""), args: argumentTexts(node.childForFieldName("arguments")), start: node.startIndex, end: node.endIndex })
        break
      }
      case "assignment":
      case "augmented_assignment":
      case "assignment_statement":
      case "short_var_declaration": {
        const left = node.childForFieldName("left")
        const right = node.childForFieldName("right")
        if (left !== null && right !== null) {
          const targets = identifiersIn(left)
          // `x += tainted` keeps x tainted; `x = tainted` replaces it
          const value = node.type === "augmented_assignment" ? `${left.text} ${right.text}` : right.text
          scope.events.push({ kind: "assign", targets, value })
        }
        break
      }
      case "var_spec": {
        const value = node.childForFieldName("value")
        if (value !== null) scope.events.push({ kind: "assign", targets: node.namedChildren.filter((c) => c.type === "identifier").map((c) => c.text), value: value.text })
        break
      }
    }
  }
  visit(tree.rootNode, root)
  return root
}
