import { createRequire } from "node:module"
import type { ts as TypeScript } from "ts-morph"
import { type Deadline, DeadlineExceeded } from "./Source.js"

/**
 * TypeScript's compiler API (bundled in ts-morph), loaded on first use: it costs ~250 ms and ~70 MB
 * per process, which an analysis worker only pays once a JavaScript or TypeScript file arrives.
 * Module code must not touch `ts` at import time (keep such tables lazy), or the saving is lost.
 */
let loaded: typeof TypeScript | undefined
const load = (): typeof TypeScript => {
  if (loaded === undefined) {
    loaded = (createRequire(import.meta.url)("ts-morph") as { readonly ts: typeof TypeScript }).ts
    // an ES module binding is live: once loaded, every importer reads the compiler API itself, not
    // through the proxy (a proxy trap on every `ts.SyntaxKind`/`ts.isX` cost ~6 % of a JavaScript scan)
    ts = loaded
  }
  return loaded
}

export let ts: typeof TypeScript = new Proxy({} as typeof TypeScript, {
  get: (_target, key) => Reflect.get(load(), key),
  has: (_target, key) => Reflect.has(load(), key),
  ownKeys: () => Reflect.ownKeys(load()),
  getOwnPropertyDescriptor: (_target, key) => {
    const descriptor = Reflect.getOwnPropertyDescriptor(load(), key)
    return descriptor === undefined ? undefined : { ...descriptor, configurable: true }
  }
})

/**
 * The compiler API's types under the same name, for `ts.Node` in type positions. A value cannot
 * carry a namespace's types, so they are listed: add the ones you need.
 */
// eslint-disable-next-line @typescript-eslint/no-namespace
export declare namespace ts {
  export type ArrayLiteralExpression = TypeScript.ArrayLiteralExpression
  export type ArrowFunction = TypeScript.ArrowFunction
  export type AsExpression = TypeScript.AsExpression
  export type BinaryExpression = TypeScript.BinaryExpression
  export type BindingElement = TypeScript.BindingElement
  export type BindingName = TypeScript.BindingName
  export type Block = TypeScript.Block
  export type CallExpression = TypeScript.CallExpression
  export type ClassDeclaration = TypeScript.ClassDeclaration
  export type ClassExpression = TypeScript.ClassExpression
  export type ClassStaticBlockDeclaration = TypeScript.ClassStaticBlockDeclaration
  export type ConditionalExpression = TypeScript.ConditionalExpression
  export type ConstructorDeclaration = TypeScript.ConstructorDeclaration
  export type Decorator = TypeScript.Decorator
  export type DeleteExpression = TypeScript.DeleteExpression
  export type Diagnostic = TypeScript.Diagnostic
  export type DoStatement = TypeScript.DoStatement
  export type ElementAccessExpression = TypeScript.ElementAccessExpression
  export type EnumDeclaration = TypeScript.EnumDeclaration
  export type EntityName = TypeScript.EntityName
  export type ExportAssignment = TypeScript.ExportAssignment
  export type ExportDeclaration = TypeScript.ExportDeclaration
  export type Expression = TypeScript.Expression
  export type ExpressionStatement = TypeScript.ExpressionStatement
  export type ForInStatement = TypeScript.ForInStatement
  export type ForInitializer = TypeScript.ForInitializer
  export type ForOfStatement = TypeScript.ForOfStatement
  export type ForStatement = TypeScript.ForStatement
  export type FunctionDeclaration = TypeScript.FunctionDeclaration
  export type FunctionExpression = TypeScript.FunctionExpression
  export type FunctionLikeDeclaration = TypeScript.FunctionLikeDeclaration
  export type GetAccessorDeclaration = TypeScript.GetAccessorDeclaration
  export type Identifier = TypeScript.Identifier
  export type IfStatement = TypeScript.IfStatement
  export type InterfaceDeclaration = TypeScript.InterfaceDeclaration
  export type JsxOpeningElement = TypeScript.JsxOpeningElement
  export type JsxSelfClosingElement = TypeScript.JsxSelfClosingElement
  export type ImportClause = TypeScript.ImportClause
  export type ImportDeclaration = TypeScript.ImportDeclaration
  export type ImportEqualsDeclaration = TypeScript.ImportEqualsDeclaration
  export type ImportSpecifier = TypeScript.ImportSpecifier
  export type LabeledStatement = TypeScript.LabeledStatement
  export type LiteralExpression = TypeScript.LiteralExpression
  export type MethodDeclaration = TypeScript.MethodDeclaration
  export type ModuleDeclaration = TypeScript.ModuleDeclaration
  export type NamedImports = TypeScript.NamedImports
  export type NamespaceImport = TypeScript.NamespaceImport
  export type NewExpression = TypeScript.NewExpression
  export type NoSubstitutionTemplateLiteral = TypeScript.NoSubstitutionTemplateLiteral
  export type Node = TypeScript.Node
  export type NodeArray<T extends TypeScript.Node> = TypeScript.NodeArray<T>
  export type NumericLiteral = TypeScript.NumericLiteral
  export type ObjectBindingPattern = TypeScript.ObjectBindingPattern
  export type ObjectLiteralElementLike = TypeScript.ObjectLiteralElementLike
  export type ObjectLiteralExpression = TypeScript.ObjectLiteralExpression
  export type ParameterDeclaration = TypeScript.ParameterDeclaration
  export type ParenthesizedExpression = TypeScript.ParenthesizedExpression
  export type PostfixUnaryExpression = TypeScript.PostfixUnaryExpression
  export type PrefixUnaryExpression = TypeScript.PrefixUnaryExpression
  export type PrivateIdentifier = TypeScript.PrivateIdentifier
  export type PropertyAccessExpression = TypeScript.PropertyAccessExpression
  export type PropertyAssignment = TypeScript.PropertyAssignment
  export type PropertyDeclaration = TypeScript.PropertyDeclaration
  export type PropertyName = TypeScript.PropertyName
  export type ReturnStatement = TypeScript.ReturnStatement
  export type ScriptKind = TypeScript.ScriptKind
  export type ScriptTarget = TypeScript.ScriptTarget
  export type SetAccessorDeclaration = TypeScript.SetAccessorDeclaration
  export type ShorthandPropertyAssignment = TypeScript.ShorthandPropertyAssignment
  export type SourceFile = TypeScript.SourceFile
  export type SpreadAssignment = TypeScript.SpreadAssignment
  export type SpreadElement = TypeScript.SpreadElement
  export type Statement = TypeScript.Statement
  export type StringLiteral = TypeScript.StringLiteral
  export type SwitchStatement = TypeScript.SwitchStatement
  export type SyntaxKind = TypeScript.SyntaxKind
  export type TaggedTemplateExpression = TypeScript.TaggedTemplateExpression
  export type TemplateExpression = TypeScript.TemplateExpression
  export type TemplateSpan = TypeScript.TemplateSpan
  export type ThrowStatement = TypeScript.ThrowStatement
  export type TryStatement = TypeScript.TryStatement
  export type TypeAliasDeclaration = TypeScript.TypeAliasDeclaration
  export type TypeNode = TypeScript.TypeNode
  export type TypeReferenceNode = TypeScript.TypeReferenceNode
  export type IntersectionTypeNode = TypeScript.IntersectionTypeNode
  export type UnionTypeNode = TypeScript.UnionTypeNode
  export type TypeOperatorNode = TypeScript.TypeOperatorNode
  export type ParenthesizedTypeNode = TypeScript.ParenthesizedTypeNode
  export type LiteralTypeNode = TypeScript.LiteralTypeNode
  export type TypeLiteralNode = TypeScript.TypeLiteralNode
  export type TypeElement = TypeScript.TypeElement
  export type TypeOfExpression = TypeScript.TypeOfExpression
  export type VariableDeclaration = TypeScript.VariableDeclaration
  export type VariableDeclarationList = TypeScript.VariableDeclarationList
  export type VariableStatement = TypeScript.VariableStatement
  export type VoidExpression = TypeScript.VoidExpression
  export type WhileStatement = TypeScript.WhileStatement
  export type WithStatement = TypeScript.WithStatement
  export type YieldExpression = TypeScript.YieldExpression
}

export type ScriptLanguage = "javascript" | "typescript"

const scriptKind = (path: string, language: ScriptLanguage): ts.ScriptKind => {
  const lower = path.toLowerCase()
  if (lower.endsWith(".tsx")) return ts.ScriptKind.TSX
  if (lower.endsWith(".jsx")) return ts.ScriptKind.JSX
  if (language === "typescript") return ts.ScriptKind.TS
  // JSX is legal in many .js files (React); parsing .js as JSX accepts both
  return ts.ScriptKind.JSX
}

/**
 * Parses with TypeScript's own parser (bundled in ts-morph): no parent pointers, because the matcher
 * walks once and keeps its own ancestor stack. The parse is not interruptible, so the deadline is
 * checked before it; TypeScript parses ~15 MB/s, so a 5 MB file costs well under a second.
 */
export const parseScript = (
  path: string,
  text: string,
  language: ScriptLanguage,
  deadline: Deadline
): ts.SourceFile => {
  if (deadline.expired) throw new DeadlineExceeded("parse")
  return ts.createSourceFile(path, text, ts.ScriptTarget.Latest, false, scriptKind(path, language))
}

/** The first syntax error TypeScript reported, if any (offset into the text). */
export const firstScriptError = (file: ts.SourceFile): { start: number; message: string } | undefined => {
  const diagnostics = (file as unknown as { parseDiagnostics?: ReadonlyArray<ts.Diagnostic> }).parseDiagnostics
  const first = diagnostics?.[0]
  if (first === undefined) return undefined
  return { start: first.start ?? 0, message: ts.flattenDiagnosticMessageText(first.messageText, " ") }
}
