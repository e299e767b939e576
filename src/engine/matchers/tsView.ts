import { ts } from "../../languages/typescript.js"
import type { SyntaxView } from "./SyntaxView.js"

// SyntaxKind number -> canonical name (the enum also holds FirstX/LastX marker aliases); built on
// first use, so importing this module does not load TypeScript
let kindNames: Map<number, string> | undefined
const kindNameTable = (): Map<number, string> => {
  if (kindNames !== undefined) return kindNames
  const names = new Map<number, string>()
  for (const [name, value] of Object.entries(ts.SyntaxKind)) {
    if (typeof value !== "number") continue
    if (/^(First|Last)/.test(name) && names.has(value)) continue
    if (!names.has(value) || /^(First|Last)/.test(names.get(value)!)) names.set(value, name)
  }
  return (kindNames = names)
}
export const kindName = (kind: ts.SyntaxKind): string => kindNameTable().get(kind) ?? String(kind)
export const kindByName = (name: string): ts.SyntaxKind | undefined => {
  const value = (ts.SyntaxKind as unknown as Record<string, number | undefined>)[name]
  return typeof value === "number" ? value : undefined
}

const isConstant = (node: ts.Node): boolean => {
  if (
    ts.isStringLiteral(node) ||
    ts.isNoSubstitutionTemplateLiteral(node) ||
    ts.isNumericLiteral(node) ||
    node.kind === ts.SyntaxKind.TrueKeyword ||
    node.kind === ts.SyntaxKind.FalseKeyword ||
    node.kind === ts.SyntaxKind.NullKeyword
  ) {
    return true
  }
  if (ts.isParenthesizedExpression(node)) return isConstant(node.expression)
  if (ts.isBinaryExpression(node)) return isConstant(node.left) && isConstant(node.right)
  if (ts.isArrayLiteralExpression(node)) return node.elements.every(isConstant)
  if (ts.isAsExpression(node) || ts.isSatisfiesExpression(node)) return isConstant(node.expression)
  return false
}

const propertyName = (name: ts.PropertyName): string | undefined =>
  ts.isIdentifier(name) || ts.isStringLiteral(name) || ts.isNoSubstitutionTemplateLiteral(name) ? name.text : undefined

/** Option objects passed to a call: `new AgentExecutor({ maxIterations: 5 })`, `spawn(cmd, { shell: true })`. */
const keywordArguments = (call: ts.Node): ReadonlyMap<string, ts.Node> => {
  const out = new Map<string, ts.Node>()
  const args = ts.isCallExpression(call) || ts.isNewExpression(call) ? call.arguments ?? [] : []
  const objects: Array<ts.ObjectLiteralExpression> = []
  for (const a of args) if (ts.isObjectLiteralExpression(a)) objects.push(a)
  if (ts.isObjectLiteralExpression(call)) objects.push(call)
  for (const o of objects) {
    for (const p of o.properties) {
      if (ts.isPropertyAssignment(p)) {
        const name = propertyName(p.name)
        if (name !== undefined) out.set(name, p.initializer)
      } else if (ts.isShorthandPropertyAssignment(p)) {
        out.set(p.name.text, p.name)
      } else if (ts.isSpreadAssignment(p)) {
        out.set("...", p.expression)
      } else if (ts.isMethodDeclaration(p)) {
        const name = propertyName(p.name)
        if (name !== undefined) out.set(name, p)
      }
    }
  }
  return out
}

const isScope = (n: ts.Node): boolean =>
  ts.isFunctionDeclaration(n) ||
  ts.isFunctionExpression(n) ||
  ts.isArrowFunction(n) ||
  ts.isMethodDeclaration(n) ||
  ts.isConstructorDeclaration(n) ||
  ts.isGetAccessorDeclaration(n) ||
  ts.isSetAccessorDeclaration(n)

export const makeTsView = (file: ts.SourceFile): SyntaxView<ts.Node> => ({
  type: (n) => kindName(n.kind),
  start: (n) => n.getStart(file),
  end: (n) => n.end,
  text: (n) => file.text.slice(n.getStart(file), n.end),
  isConstant,
  isScope,
  keywordArguments
})

/** The callee as written, dotted: `eval`, `child_process.exec`, `this.client.query`; undefined when computed. */
export const calleeName = (expr: ts.Expression): string | undefined => {
  if (ts.isIdentifier(expr)) return expr.text
  if (expr.kind === ts.SyntaxKind.ThisKeyword) return "this"
  if (ts.isPropertyAccessExpression(expr)) {
    const left = calleeName(expr.expression)
    return left === undefined ? `?.${expr.name.text}` : `${left}.${expr.name.text}`
  }
  if (ts.isElementAccessExpression(expr) && ts.isStringLiteral(expr.argumentExpression)) {
    const left = calleeName(expr.expression)
    return `${left ?? "?"}.${expr.argumentExpression.text}`
  }
  if (ts.isParenthesizedExpression(expr)) return calleeName(expr.expression)
  if (ts.isNonNullExpression(expr)) return calleeName(expr.expression)
  return undefined
}
