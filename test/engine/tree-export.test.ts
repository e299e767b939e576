import { describe, expect, it } from "vitest"
import type { AstNode } from "../../src/languages/flatTree.js"
import { Deadline, DeadlineExceeded } from "../../src/languages/Source.js"
import { parseCode, parseTreeSitter, type SyntaxNode, type TreeSitterLanguage } from "../../src/languages/treeSitter.js"

/*
 * The engine's parse (native/tree-export: tree-sitter's parse and the whole tree as one array in one
 * native call) must give the tree the binding gives: same types, fields, spans in JavaScript string
 * indices (UTF-16 code units, so text outside the BMP counts twice), same first syntax error.
 */

interface Row {
  readonly type: string
  readonly named: boolean
  readonly start: number
  readonly end: number
  readonly field: string | undefined
}

const flatRows = (node: AstNode & { readonly field?: string | undefined }, out: Array<Row> = []): Array<Row> => {
  out.push({ type: node.type, named: node.isNamed, start: node.startIndex, end: node.endIndex, field: node.field })
  for (const child of node.children) flatRows(child, out)
  return out
}

const bindingRows = (node: SyntaxNode, field: string | undefined, out: Array<Row> = []): Array<Row> => {
  out.push({ type: node.type, named: node.isNamed, start: node.startIndex, end: node.endIndex, field })
  const cursor = node.walk()
  if (cursor.gotoFirstChild()) {
    do bindingRows(cursor.currentNode, cursor.currentFieldName ?? undefined, out)
    while (cursor.gotoNextSibling())
  }
  return out
}

/** The binding's first ERROR or MISSING node in preorder. */
const bindingFirstError = (node: SyntaxNode): SyntaxNode | undefined => {
  if (node.type === "ERROR" || node.isMissing) return node
  if (!node.hasError) return undefined
  for (const child of node.children) {
    const found = bindingFirstError(child)
    if (found !== undefined) return found
  }
  return undefined
}

const same = (language: TreeSitterLanguage, text: string) => {
  const flat = parseCode(language, text, Deadline.never())
  const tree = parseTreeSitter(language, text, Deadline.never())
  expect(flatRows(flat.root)).toEqual(bindingRows(tree.rootNode, undefined))
  const error = bindingFirstError(tree.rootNode)
  expect(flat.firstError()).toEqual(error === undefined ? undefined : { start: error.startIndex, missing: error.isMissing, type: error.type })
  return flat
}

describe("the engine's tree export", () => {
  it("gives the binding's tree for Python with text outside the BMP, CRLF and tabs", () => {
    const text = 'msg = "héllo 👋 世界"\r\nif x:\r\n\tprint(f"{msg} 🧪 {x!r}")\r\n# 💥 comment\r\ny = run(cmd, shell=True)\n'
    const flat = same("python", text)
    const call = flat.root.children.at(-1)!.children[0]!.children[2]!
    expect(call.text).toBe("run(cmd, shell=True)")
  })

  it("gives the binding's tree and first error for broken Python and Go", () => {
    same("python", "def f(:\n    return 1\nx = [1, 2\n")
    same("python", "class A:\n  def g(self)\n    pass\n")
    same("go", 'package main\n\nfunc main() {\n\tx := "🚀"\n\tif x == { }\n')
    same("go", "package main\nfunc f() int { return 1 + }\n")
  })

  it("gives the binding's tree for Go with a raw string and runes", () => {
    same("go", 'package p\n\nimport "fmt"\n\nfunc F(s string) string {\n\treturn fmt.Sprintf(`%s — ✓`, s) + string(\'é\')\n}\n')
  })

  it("gives the binding's tree for lone surrogates, NUL characters, a byte-order mark and an empty file", () => {
    for (const language of ["python", "go"] as const) {
      same(language, 'x = "\uD800 a \uDFFF"\ny = 1\n')
      same(language, 'x = "a\u0000b"\nprint(x)\n')
      same(language, "\uFEFFimport os\nos.system(x)\n")
      same(language, "")
    }
  })

  it("reports no error for a clean file", () => {
    expect(parseCode("python", "x = 1\n", Deadline.never()).firstError()).toBeUndefined()
  })

  it("stops at the deadline inside the native parse, and the next parse starts afresh", () => {
    const big = "x = [" + "1, ".repeat(200_000) + "]\n"
    expect(() => parseCode("python", big, new Deadline(Date.now() - 1))).toThrow(DeadlineExceeded)
    const after = parseCode("python", "y = 2\n", Deadline.never())
    expect(after.root.text).toBe("y = 2\n")
    expect(after.firstError()).toBeUndefined()
  })
})
