import { ts } from "../../../languages/typescript.js"
import { calleeName } from "../tsView.js"
import type { TaintEvent, TaintScope } from "./TaintIR.js"

interface Builder {
  params: Array<string>
  entry: boolean
  sourceParams: Array<string>
  events: Array<TaintEvent>
  children: Array<TaintScope>
  eventIndexOfChild: Array<number>
}

const bindingNames = (name: ts.BindingName): Array<string> => {
  if (ts.isIdentifier(name)) return [name.text]
  return name.elements.flatMap((e) => (ts.isOmittedExpression(e) ? [] : bindingNames(e.name)))
}

/** Callbacks registered as tools or routes: `tool({ execute })`, `app.post(path, handler)`, `server.tool(name, schema, handler)`. */
const ENTRY_REGISTRATION = /(^|\.)(get|post|put|patch|delete|all|route|tool|registerTool|handle|on|action)$|^(tool|createTool|defineTool|DynamicTool|DynamicStructuredTool)$/
const ENTRY_PROPERTY = new Set(["execute", "handler", "func", "run", "invoke", "_call"])
const REQUEST_PARAM = /^(req|request|event|input|args|params|body|query|payload|prompt|question|userInput|user_input)$/

const isFunctionLike = (n: ts.Node): n is ts.FunctionLikeDeclaration =>
  ts.isFunctionDeclaration(n) || ts.isFunctionExpression(n) || ts.isArrowFunction(n) || ts.isMethodDeclaration(n)

const isEntry = (fn: ts.FunctionLikeDeclaration, parent: ts.Node | undefined, grandparent: ts.Node | undefined): boolean => {
  if (parent !== undefined && ts.isPropertyAssignment(parent) && ts.isIdentifier(parent.name) && ENTRY_PROPERTY.has(parent.name.text)) return true
  if (ts.isMethodDeclaration(fn) && ts.isIdentifier(fn.name) && ENTRY_PROPERTY.has(fn.name.text)) return true
  const call = parent !== undefined && ts.isCallExpression(parent) ? parent : grandparent !== undefined && ts.isCallExpression(grandparent) ? grandparent : undefined
  if (call !== undefined) {
    const name = calleeName(call.expression)
    if (name !== undefined && ENTRY_REGISTRATION.test(name)) return true
  }
  return false
}

/** One pass over a TypeScript/JavaScript file, collecting each function's assignments and calls in order. */
export const taintScopesFromSource = (file: ts.SourceFile): TaintScope => {
  const root: Builder = { params: [], entry: false, sourceParams: [], events: [], children: [], eventIndexOfChild: [] }
  const stack: Array<ts.Node> = []
  const visit = (node: ts.Node, scope: Builder): void => {
    const parent = stack[stack.length - 1]
    const grandparent = stack[stack.length - 2]
    if (isFunctionLike(node)) {
      const params = node.parameters.flatMap((p) => bindingNames(p.name))
      const inner: Builder = {
        params,
        entry: isEntry(node, parent, grandparent),
        sourceParams: params.filter((p) => REQUEST_PARAM.test(p)),
        events: [],
        children: [],
        eventIndexOfChild: []
      }
      stack.push(node)
      ts.forEachChild(node, (c) => visit(c, inner))
      stack.pop()
      scope.children.push(inner)
      scope.eventIndexOfChild.push(scope.events.length)
      return
    }
    if ((ts.isForOfStatement(node) || ts.isForInStatement(node)) && ts.isVariableDeclarationList(node.initializer)) {
      const targets = node.initializer.declarations.flatMap((d) => bindingNames(d.name))
      scope.events.push({ kind: "assign", targets, value: node.expression.getText(file) })
    }
    stack.push(node)
    ts.forEachChild(node, (c) => visit(c, scope))
    stack.pop()
    if (ts.isCallExpression(node) || ts.isNewExpression(node)) {
      const callee = calleeName(node.expression)
      if (callee !== undefined) {
        scope.events.push({ kind: "call", callee, args: (node.arguments ?? []).map((a) => a.getText(file)), start: node.getStart(file), end: node.end })
      }
    } else if (ts.isVariableDeclaration(node) && node.initializer !== undefined) {
      scope.events.push({ kind: "assign", targets: bindingNames(node.name), value: node.initializer.getText(file) })
    } else if (ts.isBinaryExpression(node) && node.operatorToken.kind === ts.SyntaxKind.EqualsToken && ts.isIdentifier(node.left)) {
      scope.events.push({ kind: "assign", targets: [node.left.text], value: node.right.getText(file) })
    } else if (ts.isBinaryExpression(node) && node.operatorToken.kind === ts.SyntaxKind.PlusEqualsToken && ts.isIdentifier(node.left)) {
      scope.events.push({ kind: "assign", targets: [node.left.text], value: `${node.left.text} ${node.right.getText(file)}` })
    }
  }
  ts.forEachChild(file, (c) => visit(c, root))
  return root
}
