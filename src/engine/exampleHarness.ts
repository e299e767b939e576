import { existsSync, readdirSync, readFileSync, statSync } from "node:fs"
import { join, relative, sep } from "node:path"
import type { Catalogue, LoadedRule } from "../catalogue/Catalogue.js"
import { Deadline } from "../languages/Source.js"
import type { FileKind } from "./Analyser.js"
import { buildEngineFindings } from "./buildFindings.js"
import { type CompiledCatalogue, compileCatalogue } from "./compileCatalogue.js"
import { analyseFile } from "./createAnalyser.js"
import { type Annotation, parseAnnotations, withoutAnnotations } from "./exampleAnnotations.js"
import { lineProblems, type ReportedAt } from "./exampleLine.js"

/**
 * The rule harness: every rule is tested by annotated example files in rules/<id>/examples/, as
 * exactly as ESLint's RuleTester: the rule id, the line, the number of findings, and where pinned the
 * column and the message variant (grammar in exampleAnnotations.ts). Every finding of the rule in an
 * example must be annotated, every target the rule covers needs examples of both kinds, and examples
 * must parse cleanly. Findings are counted as the API reports them (one per rule and location).
 */

const EXAMPLE_KINDS: Record<string, FileKind> = {
  py: "python",
  go: "go",
  js: "javascript",
  jsx: "javascript",
  mjs: "javascript",
  ts: "typescript",
  tsx: "typescript",
  json: "json",
  jsonc: "json",
  yaml: "yaml",
  yml: "yaml"
}

export interface ExampleFailure {
  readonly rule: string
  readonly file: string
  readonly line?: number
  readonly message: string
}

export interface HarnessReport {
  readonly rules: number
  readonly examples: number
  readonly annotatedLines: number
  readonly failures: ReadonlyArray<ExampleFailure>
}

/** JSON examples are .jsonc so they can carry annotations; comments become spaces, keeping offsets. */
const blankLineComments = (text: string): string =>
  text.replace(/^([ \t]*)(\/\/[^\n]*)$/gm, (_all, indent: string, comment: string) => indent + " ".repeat(comment.length))

/** The message variants a matcher's findings may carry: its own, and that of a flow an approval lowered. */
const variantsOf = (m: LoadedRule["matchers"][number]): ReadonlyArray<string> => [
  ...(m.variant !== undefined ? [m.variant] : []),
  ...("approved_by" in m && m.approved_by?.variant !== undefined ? [m.approved_by.variant] : [])
]

const targetsOf = (rule: LoadedRule): Set<string> =>
  new Set(
    rule.matchers.map((m) => {
      if (m.target === "typescript" || m.target === "javascript") return "javascript"
      return m.target
    })
  )

const exampleTarget = (kind: FileKind, text: string, detected: FileKind): string => {
  if (kind === "typescript" || kind === "javascript") return "javascript"
  if (detected !== kind) return detected
  return kind === "json" && /"mcpServers"/.test(text) ? "json" : kind
}

export const runRuleExamples = (compiled: CompiledCatalogue, catalogue: Catalogue, rule: LoadedRule): {
  examples: number
  annotatedLines: number
  failures: Array<ExampleFailure>
} => {
  const failures: Array<ExampleFailure> = []
  const dir = join(rule.dir, "examples")
  const fail = (file: string, message: string, line?: number) =>
    failures.push({ rule: rule.id, file: relative(process.cwd(), file), message, ...(line !== undefined ? { line } : {}) })
  if (!existsSync(dir)) {
    fail(dir, "rule has no examples/ folder")
    return { examples: 0, annotatedLines: 0, failures }
  }
  const names = new Set([rule.id, ...(rule.aliases ?? [])])
  const covered = new Map<string, { ruleid: number; ok: number }>()
  let examples = 0
  let annotatedLines = 0
  // files in sub-folders too (`examples/public/app.js`: rules that look at where a file lives)
  const files = (readdirSync(dir, { recursive: true }) as Array<string>).map((n) => n.split(sep).join("/")).filter((n) => !statSync(join(dir, n)).isDirectory())
  for (const name of files.sort()) {
    const file = join(dir, name)
    const ext = name.slice(name.lastIndexOf(".") + 1).toLowerCase()
    const kind = EXAMPLE_KINDS[ext]
    if (kind === undefined) {
      fail(file, `unsupported example extension .${ext}`)
      continue
    }
    examples++
    const raw = readFileSync(file, "utf8")
    const text = withoutAnnotations(ext === "jsonc" ? blankLineComments(raw) : raw)
    const lines = raw.split("\n")
    const all = parseAnnotations(lines)
    for (const a of all) {
      for (const e of a.expectations) {
        const named = catalogue.resolve(e.id)
        if (named === undefined) fail(file, `annotation names unknown rule "${e.id}"`, a.line)
        else if (e.variant !== undefined && !named.matchers.some((m) => variantsOf(m).includes(e.variant!))) {
          const known = [...new Set(named.matchers.flatMap(variantsOf))]
          fail(file, `annotation pins variant "${e.variant}" but ${named.id} has ${known.length === 0 ? "no variants" : `only ${known.join(", ")}`}`, a.line)
        }
      }
    }
    const annotations = all.filter((a) => a.expectations.some((e) => names.has(e.id)))
    annotatedLines += annotations.length
    const result = analyseFile(compiled, { path: `examples/${name}`, content: text, kind }, Deadline.in(20_000))
    if (result.status !== "analysed") {
      fail(file, `example must parse cleanly, got ${result.status}: ${result.reason ?? ""}`)
      continue
    }
    const found = new Map<number, Array<ReportedAt>>()
    for (const f of buildEngineFindings(compiled.catalogue, `examples/${name}`, text, result.matches)) {
      if (f.finding.pattern_id !== rule.id) continue
      const at = found.get(f.finding.line) ?? []
      at.push({ column: f.finding.column, ...(f.variant !== undefined ? { variant: f.variant } : {}) })
      found.set(f.finding.line, at)
    }
    const byLine = new Map<number, Array<Annotation>>()
    for (const a of annotations) byLine.set(a.target, [...(byLine.get(a.target) ?? []), a])
    const checked = [...new Set([...byLine.keys(), ...found.keys()])].sort((a, b) => a - b)
    for (const line of checked) {
      for (const message of lineProblems(rule.id, names, line, byLine.get(line) ?? [], found.get(line) ?? [])) fail(file, message, line)
    }
    const target = exampleTarget(kind, text, result.kind)
    const c = covered.get(target) ?? { ruleid: 0, ok: 0 }
    for (const a of annotations) if (a.kind === "ruleid" || a.kind === "ok") c[a.kind]++
    covered.set(target, c)
  }
  for (const target of targetsOf(rule)) {
    if (target === "any") {
      const total = [...covered.values()].reduce((acc, c) => ({ ruleid: acc.ruleid + c.ruleid, ok: acc.ok + c.ok }), { ruleid: 0, ok: 0 })
      if (total.ruleid === 0 || total.ok === 0) fail(dir, "a text rule needs at least one ruleid: and one ok: example")
      continue
    }
    const c = covered.get(target)
    if (c === undefined || c.ruleid === 0) fail(dir, `no vulnerable (ruleid:) example for target ${target}`)
    if (c === undefined || c.ok === 0) fail(dir, `no safe (ok:) example for target ${target}`)
  }
  return { examples, annotatedLines, failures }
}

export const runHarness = (catalogue: Catalogue, compiled: CompiledCatalogue = compileCatalogue(catalogue)): HarnessReport => {
  let examples = 0
  let annotatedLines = 0
  const failures: Array<ExampleFailure> = []
  for (const rule of catalogue.rules) {
    const r = runRuleExamples(compiled, catalogue, rule)
    examples += r.examples
    annotatedLines += r.annotatedLines
    failures.push(...r.failures)
  }
  return { rules: catalogue.rules.length, examples, annotatedLines, failures }
}
