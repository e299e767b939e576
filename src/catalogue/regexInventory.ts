import { readdirSync, readFileSync, statSync } from "node:fs"
import { join, relative } from "node:path"
import { ts } from "../languages/typescript.js"
import type { Catalogue } from "./Catalogue.js"

/** One regular expression the product runs, and where it is written. */
export interface RegexUse {
  readonly source: string
  readonly flags: string
  readonly where: string
}

/** Keys of rule objects whose string values (or string-list values) are regexes. */
const REGEX_KEYS = new Set(["regex", "matches", "exclude", "exclude_line", "context", "sources", "sanitizers", "pattern", "code_matches", "file_matches", "file_not_matches", "secret_names", "paths", "statement_matches"])

const asRuleRegex = (source: string): { source: string; flags: string } =>
  source.startsWith("(?i)") ? { source: source.slice(4), flags: "iu" } : { source, flags: "u" }

const MATCH_PREDICATE = /#(?:not-)?match\?\s+@[\w.]+\s+"((?:[^"\\]|\\.)*)"/g

export const catalogueRegexes = (catalogue: Catalogue): Array<RegexUse> => {
  const out: Array<RegexUse> = []
  // in flow matchers, sources and sanitizers are canonical-name globs (`*.url_for`), not regexes
  let globs = false
  const visit = (value: unknown, where: string, key: string | undefined): void => {
    if (typeof value === "string") {
      if (key !== undefined && REGEX_KEYS.has(key) && !(globs && (key === "sources" || key === "sanitizers"))) out.push({ ...asRuleRegex(value), where })
      if (key === "query") {
        for (const m of value.matchAll(MATCH_PREDICATE)) out.push({ source: JSON.parse(`"${m[1]!}"`) as string, flags: "", where: `${where} (query predicate)` })
      }
      return
    }
    if (Array.isArray(value)) value.forEach((v, i) => visit(v, `${where}[${i}]`, key))
    else if (value !== null && typeof value === "object") {
      for (const [k, v] of Object.entries(value)) visit(v, `${where}.${k}`, k)
    }
  }
  for (const rule of catalogue.rules)
    rule.matchers.forEach((m, i) => {
      globs = m.kind === "flow"
      visit(m, `rules/${rule.id} $.matchers[${i}]`, undefined)
    })
  return out
}

const tsFiles = (dir: string): Array<string> =>
  readdirSync(dir).flatMap((name) => {
    const path = join(dir, name)
    return statSync(path).isDirectory() ? tsFiles(path) : name.endsWith(".ts") ? [path] : []
  })

/** Regex literals in the product's own source (src/), found with the TypeScript parser. */
export const codeRegexes = (root: string): Array<RegexUse> => {
  const out: Array<RegexUse> = []
  for (const file of tsFiles(join(root, "src"))) {
    const text = readFileSync(file, "utf8")
    const sf = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true)
    const visit = (node: ts.Node): void => {
      if (node.kind === ts.SyntaxKind.RegularExpressionLiteral) {
        const literal = node.getText(sf)
        const end = literal.lastIndexOf("/")
        const { line } = sf.getLineAndCharacterOfPosition(node.getStart(sf))
        out.push({ source: literal.slice(1, end), flags: literal.slice(end + 1), where: `${relative(root, file)}:${line + 1}` })
      }
      ts.forEachChild(node, visit)
    }
    visit(sf)
  }
  return out
}
