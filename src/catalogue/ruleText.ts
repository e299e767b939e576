/**
 * rule.yaml and the language files beside it (python.yaml, javascript.yaml, go.yaml) read as one
 * YAML document: each language file continues rule.yaml's `matchers:` list, indented under it, so
 * its matchers may use the anchors rule.yaml (or a language file before it) sets. The segments map
 * a line of that document back to the file and line an author wrote.
 */

export interface RuleFile {
  readonly name: string
  /** the path shown in problems */
  readonly shown: string
  readonly text: string
}

export interface Segment {
  readonly file: RuleFile
  /** first line of the file in the combined text (1-based) */
  readonly firstLine: number
  /** lines of the combined text that belong to the file */
  readonly lines: number
  /** columns the file's lines were moved right by */
  readonly indent: number
}

export type CombinedRule =
  | { readonly _tag: "Combined"; readonly text: string; readonly segments: ReadonlyArray<Segment> }
  | { readonly _tag: "Unsupported"; readonly line: number; readonly message: string }

const CONTINUED = "python.yaml, javascript.yaml and go.yaml continue rule.yaml's matcher list"

/** Top-level keys (at the first column) and the lines they start on. */
const topLevelKeys = (lines: ReadonlyArray<string>): Array<{ key: string; line: number; rest: string }> =>
  lines.flatMap((text, i) => {
    const m = /^([A-Za-z_][\w-]*)[ \t]*:(.*)$/.exec(text)
    return m === null ? [] : [{ key: m[1]!, line: i + 1, rest: m[2]! }]
  })

const linesOf = (text: string): Array<string> => {
  const lines = text.split("\n")
  if (lines[lines.length - 1] === "") lines.pop()
  return lines
}

/**
 * The combined text. With language files, rule.yaml's `matchers:` must be its last key and a block
 * list (or absent: the language files then hold every code matcher), since they continue it.
 */
export const combineRuleText = (rule: RuleFile, languages: ReadonlyArray<RuleFile>): CombinedRule => {
  const ruleLines = linesOf(rule.text)
  if (languages.length === 0) return { _tag: "Combined", text: rule.text, segments: [{ file: rule, firstLine: 1, lines: ruleLines.length, indent: 0 }] }
  const keys = topLevelKeys(ruleLines)
  const matchers = keys.find((k) => k.key === "matchers")
  const last = keys[keys.length - 1]
  if (matchers !== undefined && (matchers !== last || !/^\s*(?:#.*)?$/.test(matchers.rest)))
    return { _tag: "Unsupported", line: matchers.line, message: `${CONTINUED}: \`matchers:\` must be rule.yaml's last key, followed by a block list (or absent)` }
  const unindented = matchers === undefined ? -1 : ruleLines.findIndex((l, i) => i >= matchers.line && l.startsWith("-"))
  if (unindented !== -1) return { _tag: "Unsupported", line: unindented + 1, message: `${CONTINUED}: indent its items by two spaces (\`  - target: ...\`)` }
  const out = [...ruleLines]
  if (matchers === undefined) out.push("matchers:")
  const segments: Array<Segment> = [{ file: rule, firstLine: 1, lines: out.length, indent: 0 }]
  for (const file of languages) {
    const lines = linesOf(file.text)
    segments.push({ file, firstLine: out.length + 1, lines: lines.length, indent: 2 })
    for (const line of lines) out.push(line === "" ? "" : `  ${line}`)
  }
  return { _tag: "Combined", text: out.join("\n") + "\n", segments }
}

/** The segment a line of the combined text belongs to (the last one for a line past the end). */
export const segmentOf = (segments: ReadonlyArray<Segment>, line: number): Segment => {
  for (const s of segments) if (line < s.firstLine + s.lines) return s
  return segments[segments.length - 1]!
}
