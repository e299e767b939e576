import { existsSync, readdirSync, readFileSync } from "node:fs"
import { join, relative } from "node:path"
import type { Catalogue, LoadedRule } from "../catalogue/Catalogue.js"
import { Deadline, SourceDoc } from "../languages/Source.js"
import type { FileKind } from "./Analyser.js"
import { type CompiledCatalogue, compileCatalogue } from "./compileCatalogue.js"
import { analyseFile } from "./createAnalyser.js"

/**
 * The rule harness: every rule is tested by annotated example files in rules/<id>/examples/.
 * `ruleid: <id>` above a line: the rule must report that line. `ok: <id>` above a line: it must not.
 * Every finding of the rule in an example must sit on a `ruleid` line (ESLint RuleTester strictness),
 * every target the rule covers needs examples of both kinds, and examples must parse cleanly.
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

const ANNOTATION = /(?:#|\/\/)[ \t]*(ruleid|ok|todoruleid|todook):[ \t]*([a-z0-9_]+(?:[ \t]*,[ \t]*[a-z0-9_]+)*)[ \t]*$/

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

interface Annotation {
  readonly kind: "ruleid" | "ok"
  readonly ids: ReadonlyArray<string>
  /** the line the annotation speaks about: the next line that is not itself an annotation */
  readonly target: number
}

const parseAnnotations = (lines: ReadonlyArray<string>): Array<Annotation> => {
  const out: Array<Annotation> = []
  lines.forEach((text, i) => {
    const m = ANNOTATION.exec(text)
    if (m === null || m[1]!.startsWith("todo")) return
    let target = i + 1
    while (target < lines.length && ANNOTATION.test(lines[target]!)) target++
    out.push({ kind: m[1] as "ruleid" | "ok", ids: m[2]!.split(",").map((s) => s.trim()).filter(Boolean), target: target + 1 })
  })
  return out
}

/** JSON examples are .jsonc so they can carry annotations; comments become spaces, keeping offsets. */
const blankLineComments = (text: string): string =>
  text.replace(/^([ \t]*)(\/\/[^\n]*)$/gm, (_all, indent: string, comment: string) => indent + " ".repeat(comment.length))

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
  for (const name of readdirSync(dir).sort()) {
    const file = join(dir, name)
    const ext = name.slice(name.lastIndexOf(".") + 1).toLowerCase()
    const kind = EXAMPLE_KINDS[ext]
    if (kind === undefined) {
      fail(file, `unsupported example extension .${ext}`)
      continue
    }
    examples++
    const raw = readFileSync(file, "utf8")
    const text = ext === "jsonc" ? blankLineComments(raw) : raw
    const lines = raw.split("\n")
    const annotations = parseAnnotations(lines).filter((a) => a.ids.some((id) => names.has(id)))
    for (const a of parseAnnotations(lines)) {
      for (const id of a.ids) if (catalogue.resolve(id) === undefined) fail(file, `annotation names unknown rule "${id}"`, a.target - 1)
    }
    annotatedLines += annotations.length
    const result = analyseFile(compiled, { path: `examples/${name}`, content: text, kind }, Deadline.in(20_000))
    if (result.status !== "analysed") {
      fail(file, `example must parse cleanly, got ${result.status}: ${result.reason ?? ""}`)
      continue
    }
    const doc = new SourceDoc(name, text)
    const reported = new Map<number, number>()
    for (const m of result.matches) {
      if (m.ruleId !== rule.id) continue
      const line = doc.position(m.start).line
      reported.set(line, (reported.get(line) ?? 0) + 1)
    }
    const expected = new Set<number>()
    for (const a of annotations) {
      if (a.kind === "ruleid") {
        expected.add(a.target)
        if (!reported.has(a.target)) fail(file, `expected ${rule.id} on line ${a.target}, got nothing`, a.target)
      } else if (reported.has(a.target)) {
        fail(file, `line ${a.target} is annotated ok: ${rule.id} but was reported`, a.target)
      }
    }
    for (const [line] of reported) {
      if (!expected.has(line)) fail(file, `unexpected ${rule.id} finding on line ${line} (annotate it with ruleid: or fix the rule)`, line)
    }
    const target = exampleTarget(kind, text, result.kind)
    const c = covered.get(target) ?? { ruleid: 0, ok: 0 }
    for (const a of annotations) c[a.kind]++
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
