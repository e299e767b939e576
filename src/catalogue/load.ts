import { createHash } from "node:crypto"
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs"
import { basename, join, relative } from "node:path"
import { Either, ParseResult, Schema } from "effect"
import { ComplianceCatalogue, type ComplianceFramework } from "../domain/Compliance.js"
import { CallMatcher, CodeGraphMatcher, FlowMatcher, type FrameworkModel, FunctionMatcher } from "../domain/FlowRule.js"
import { GraphMatcher, JsonPathMatcher, type Matcher, RegexMatcher, Rule, TreeSitterMatcher, TsAstMatcher } from "../domain/Rule.js"
import { FrameworkModelSource, LANGUAGE_FILES, Ladder, SIBLING_FILES } from "../domain/RuleSource.js"
import { FRAMEWORK_IDS } from "../domain/frameworks.js"
import type { Catalogue, LoadedRule } from "./Catalogue.js"
import { type CatalogueProblem, CatalogueLoadError } from "./CatalogueLoadError.js"
import { parseCvss31 } from "./cvss.js"
import { expandMatcher, type ModelLibrary, splitModels, writtenPath } from "./expand.js"
import { defaultComplianceDir, defaultModelsDir, defaultRulesDir } from "./paths.js"
import { combineRuleText, type RuleFile, type Segment, segmentOf } from "./ruleText.js"
import { formatPath, type KeyPath, parseLocatedYaml } from "./yamlLocate.js"

/** What is wrong with one matcher, at a path inside it. */
export interface MatcherProblem {
  readonly path: KeyPath
  readonly message: string
}

/** Compiles one decoded matcher; the engine supplies it, since only the engine can compile matchers. */
export type MatcherCheck = (matcher: Matcher) => MatcherProblem | undefined

export interface ReadOptions {
  readonly rulesDir?: string | undefined
  readonly complianceDir?: string | undefined
  /** framework models (models/<language>.yaml); default: beside rulesDir */
  readonly modelsDir?: string | undefined
  /** When given, every matcher is compiled on its own so a broken query is reported against its rule. */
  readonly checkMatcher?: MatcherCheck
}

const MATCHER_SCHEMAS = {
  "tree-sitter": TreeSitterMatcher,
  "ts-ast": TsAstMatcher,
  jsonpath: JsonPathMatcher,
  graph: GraphMatcher,
  regex: RegexMatcher,
  flow: FlowMatcher,
  call: CallMatcher,
  function: FunctionMatcher,
  "code-graph": CodeGraphMatcher
} as const

/** The rule minus its matchers: matchers are decoded one by one so errors name the exact matcher. */
const RuleHeader = Schema.Struct({ ...Rule.fields, ladder: Schema.optional(Ladder), matchers: Schema.Array(Schema.Unknown).pipe(Schema.minItems(1)) })

const decodeOptions = { onExcessProperty: "error", errors: "all" } as const

const issuesOf = (error: ParseResult.ParseError): Array<{ path: KeyPath; message: string }> =>
  ParseResult.ArrayFormatter.formatErrorSync(error).map((i) => ({ path: i.path, message: i.message }))

const listRuleFiles = (rulesDir: string): Array<string> =>
  readdirSync(rulesDir)
    .filter((d) => statSync(join(rulesDir, d)).isDirectory())
    .sort()
    .map((d) => join(rulesDir, d, "rule.yaml"))

const loadCompliance = (
  dir: string,
  problems: Array<CatalogueProblem>
): Map<ComplianceFramework, ComplianceCatalogue> => {
  const out = new Map<ComplianceFramework, ComplianceCatalogue>()
  if (!existsSync(dir)) {
    problems.push({ file: dir, path: "$", message: "compliance directory not found" })
    return out
  }
  for (const catalogue of decodeYamlDir(dir, ComplianceCatalogue, problems)) out.set(catalogue.framework, catalogue)
  return out
}

/**
 * The framework models: where untrusted data and configuration come from, per language, and the
 * named sink kinds and lists rules reference (kept out of the engine's models).
 */
/** A YAML file parsed with locations, its syntax errors reported, and a reporter of problems at its key paths. */
const parseReporting = (text: string, shown: string, problems: Array<CatalogueProblem>) => {
  const parsed = parseLocatedYaml(text)
  const report = (path: KeyPath, message: string): void => {
    const line = parsed.lineOf(path)
    problems.push({ file: shown, path: formatPath(path), ...(line !== undefined ? { line } : {}), message })
  }
  for (const e of parsed.errors) problems.push({ file: shown, path: "$", line: e.line, message: e.message })
  return { parsed, report }
}

/**
 * rule.yaml with its language files, parsed as one document (catalogue/ruleText.ts); a problem is
 * reported in the file and at the line its author wrote it, a matcher of a language file by its
 * index in that file's list (`$[2].callee`), as for the other sibling files.
 */
const parseRuleReporting = (text: string, segments: ReadonlyArray<Segment>, problems: Array<CatalogueProblem>) => {
  const parsed = parseLocatedYaml(text)
  const rule = segments[0]!
  const place = (line: number): { file: string; line: number } => {
    const s = segmentOf(segments, line)
    return { file: s.file.shown, line: line - s.firstLine + 1 }
  }
  /** per matcher index: the segment it was written in, and where that segment's matchers begin (set by matcherRuns) */
  const written: Array<{ segment: Segment; first: number }> = []
  /** the matchers in runs by the file they were written in: [segment, first index, count] */
  const matcherRuns = (count: number): Array<[Segment, number, number]> => {
    const out: Array<[Segment, number, number]> = []
    for (let i = 0; i < count; i++) {
      const line = parsed.lineOf(["matchers", i])
      const segment = line === undefined ? rule : segmentOf(segments, line)
      const last = out[out.length - 1]
      if (last !== undefined && last[0] === segment) last[2]++
      else out.push([segment, i, 1])
      written[i] = { segment, first: out[out.length - 1]![1] }
    }
    return out
  }
  const report = (path: KeyPath, message: string): void => {
    const line = parsed.lineOf(path)
    const at = line === undefined ? { file: rule.file.shown } : place(line)
    const inLanguageFile = path[0] === "matchers" && typeof path[1] === "number" ? written[path[1]] : undefined
    const shownPath = inLanguageFile !== undefined && inLanguageFile.segment !== rule ? [(path[1] as number) - inLanguageFile.first, ...path.slice(2)] : path
    problems.push({ ...at, path: formatPath(shownPath), message })
  }
  for (const e of parsed.errors) problems.push({ ...place(e.line), path: "$", message: e.message })
  return { parsed, report, matcherRuns }
}

const loadModels = (dir: string, problems: Array<CatalogueProblem>): { models: Array<FrameworkModel>; library: ModelLibrary } =>
  splitModels(existsSync(dir) ? decodeYamlDir(dir, FrameworkModelSource, problems) : [])

/** Every *.yaml file of a directory decoded with a schema, in name order; problems name file, line and key path. */
const decodeYamlDir = <A, I>(dir: string, schema: Schema.Schema<A, I>, problems: Array<CatalogueProblem>): Array<A> => {
  const out: Array<A> = []
  for (const name of readdirSync(dir).filter((f) => f.endsWith(".yaml")).sort()) {
    const file = join(dir, name)
    const parsed = parseLocatedYaml(readFileSync(file, "utf8"))
    for (const e of parsed.errors) problems.push({ file, path: "$", line: e.line, message: e.message })
    if (parsed.errors.length > 0) continue
    const decoded = Schema.decodeUnknownEither(schema)(parsed.value, decodeOptions)
    if (Either.isLeft(decoded)) {
      for (const i of issuesOf(decoded.left)) {
        const line = parsed.lineOf(i.path)
        problems.push({ file, path: formatPath(i.path), ...(line !== undefined ? { line } : {}), message: i.message })
      }
      continue
    }
    out.push(decoded.right)
  }
  return out
}

/**
 * sha256 of rule.yaml; with sibling matcher files or references to the models' named lists, of those
 * too (a rule that uses neither keeps the version it had).
 */
const ruleVersion = (text: string, siblings: ReadonlyArray<{ name: string; text: string }>, used: ReadonlyMap<string, unknown>): string => {
  const hash = createHash("sha256").update(text)
  for (const s of siblings) hash.update(`\u0000${s.name}\u0000${s.text}`)
  for (const key of [...used.keys()].sort()) hash.update(`\u0000${key}\u0000${JSON.stringify(used.get(key))}`)
  return hash.digest("hex").slice(0, 16)
}

/** Every id (and alias) of a framework, for cross-reference checks. */
const idSet = (c: ComplianceCatalogue | undefined): Set<string> =>
  new Set(c === undefined ? [] : c.entries.flatMap((e) => [e.id, ...(e.aliases ?? [])]))

/**
 * Reads rules/ and compliance/, decodes every file with the Schema, checks cross-references and,
 * with `checkMatcher`, compiles every matcher. All problems are collected, so one run shows
 * everything to fix. Callers load through the engine's `loadCatalogueSync`, which supplies the check.
 */
export const readCatalogueSync = (options: ReadOptions = {}): Either.Either<Catalogue, CatalogueLoadError> => {
  const rulesDir = options.rulesDir ?? defaultRulesDir()
  const complianceDir = options.complianceDir ?? defaultComplianceDir()
  const problems: Array<CatalogueProblem> = []
  const compliance = loadCompliance(complianceDir, problems)
  const { models, library } = loadModels(options.modelsDir ?? defaultModelsDir(rulesDir), problems)
  const known = {
    cwe: idSet(compliance.get("cwe")),
    owasp: new Set([...idSet(compliance.get("owasp_web")), ...idSet(compliance.get("owasp_llm"))]),
    owasp_llm: idSet(compliance.get("owasp_llm")),
    owasp_agentic: idSet(compliance.get("owasp_agentic")),
    eu_ai_act: idSet(compliance.get("eu_ai_act")),
    nist_ai_rmf: idSet(compliance.get("nist_ai_rmf")),
    iso_42001: idSet(compliance.get("iso_42001"))
  }

  const rules: Array<LoadedRule> = []
  const owners = new Map<string, string>()
  if (!existsSync(rulesDir)) problems.push({ file: rulesDir, path: "$", message: "rules directory not found" })
  for (const file of existsSync(rulesDir) ? listRuleFiles(rulesDir) : []) {
    const shown = relative(process.cwd(), file) || file
    if (!existsSync(file)) {
      problems.push({ file: shown, path: "$", message: "rule folder without rule.yaml" })
      continue
    }
    const text = readFileSync(file, "utf8")
    const ruleDir = join(file, "..")
    const languages: Array<RuleFile> = Object.keys(LANGUAGE_FILES)
      .filter((name) => existsSync(join(ruleDir, name)))
      .map((name) => ({ name, shown: join(shown, "..", name), text: readFileSync(join(ruleDir, name), "utf8") }))
    const combined = combineRuleText({ name: "rule.yaml", shown, text }, languages)
    if (combined._tag === "Unsupported") {
      problems.push({ file: shown, path: "$.matchers", line: combined.line, message: combined.message })
      continue
    }
    const { parsed, report, matcherRuns } = parseRuleReporting(combined.text, combined.segments, problems)
    if (parsed.errors.length > 0) continue
    const header = Schema.decodeUnknownEither(RuleHeader)(parsed.value, decodeOptions)
    if (Either.isLeft(header)) {
      for (const i of issuesOf(header.left)) report(i.path, i.message)
      continue
    }
    // the ladder is the authoring form's: it stays in rule.yaml once its rungs are matchers
    const { ladder: _ladder, ...h } = header.right
    const before = problems.length
    if (basename(join(file, "..")) !== h.id) report(["id"], `id "${h.id}" must equal its folder name "${basename(join(file, ".."))}"`)

    const matchers: Array<Matcher> = []
    const used = new Map<string, unknown>()
    /** Decodes one file's list of matchers (as written) into `matchers`; `at` locates a problem in that file. */
    const addMatchers = (list: ReadonlyArray<unknown>, at: (path: KeyPath, message: string) => void, allowed?: ReadonlyArray<string>): void => {
      list.forEach((written, index) => {
        const kind = typeof written === "object" && written !== null ? (written as { kind?: unknown }).kind : undefined
        const schema = typeof kind === "string" ? MATCHER_SCHEMAS[kind as keyof typeof MATCHER_SCHEMAS] : undefined
        if (schema === undefined) {
          at([index, "kind"], `unknown matcher kind ${JSON.stringify(kind)} (expected one of ${Object.keys(MATCHER_SCHEMAS).join(", ")})`)
          return
        }
        const expansion = expandMatcher(written, library, used, header.right.ladder)
        for (const p of expansion.problems) at([index, ...p.path], p.message)
        if (expansion.problems.length > 0) return
        const reported = new Set<string>()
        const once = (path: KeyPath, message: string): void => {
          const key = `${formatPath(path)} ${message}`
          if (!reported.has(key)) at([index, ...path], message)
          reported.add(key)
        }
        for (const expanded of expansion.matchers) {
          const target = (expanded.raw as { target?: unknown }).target
          if (allowed !== undefined && !allowed.includes(String(target))) {
            once(["target"], `target ${JSON.stringify(target)} does not belong in this file (expected one of ${allowed.join(", ")})`)
            continue
          }
          const decoded = Schema.decodeUnknownEither(schema as Schema.Schema<Matcher, unknown>)(expanded.raw, decodeOptions)
          if (Either.isLeft(decoded)) {
            for (const i of issuesOf(decoded.left)) once(writtenPath(i.path, expanded), i.message)
            continue
          }
          const problem = options.checkMatcher?.(decoded.right)
          if (problem !== undefined) once(writtenPath(problem.path, expanded), problem.message)
          matchers.push(decoded.right)
        }
      })
    }
    // rule.yaml's own matchers, then each language file's (their targets checked against the file)
    for (const [segment, first, count] of matcherRuns(h.matchers.length)) {
      const allowed = segment.file.name === "rule.yaml" ? undefined : LANGUAGE_FILES[segment.file.name as keyof typeof LANGUAGE_FILES]
      addMatchers(h.matchers.slice(first, first + count), (path, message) => report(["matchers", first + (path[0] as number), ...path.slice(1)], message), allowed)
    }

    // matchers kept beside rule.yaml: builder exports (builders.yaml), YAML / JSON configuration (config.yaml)
    const siblings: Array<{ name: string; text: string }> = languages.map((l) => ({ name: l.name, text: l.text }))
    for (const entry of readdirSync(ruleDir).sort()) {
      if (entry === "rule.yaml" || Object.hasOwn(LANGUAGE_FILES, entry) || !/\.ya?ml$/.test(entry)) continue
      const siblingShown = join(shown, "..", entry)
      const allowed = Object.hasOwn(SIBLING_FILES, entry) ? SIBLING_FILES[entry as keyof typeof SIBLING_FILES] : undefined
      if (allowed === undefined) {
        problems.push({ file: siblingShown, path: "$", message: `unknown file in a rule folder (expected rule.yaml, ${[...Object.keys(LANGUAGE_FILES), ...Object.keys(SIBLING_FILES)].join(", ")})` })
        continue
      }
      const siblingText = readFileSync(join(ruleDir, entry), "utf8")
      siblings.push({ name: entry, text: siblingText })
      const { parsed: sibling, report: at } = parseReporting(siblingText, siblingShown, problems)
      if (sibling.errors.length > 0) continue
      if (!Array.isArray(sibling.value) || sibling.value.length === 0) {
        at([], "expected a non-empty list of matchers")
        continue
      }
      addMatchers(sibling.value, at, allowed)
    }

    ;(h.frameworks ?? []).forEach((f, i) => {
      if (!(FRAMEWORK_IDS as ReadonlyArray<string>).includes(f)) report(["frameworks", i], `unknown framework "${f}" (known: ${FRAMEWORK_IDS.join(", ")})`)
    })
    const cvss = parseCvss31(h.cvss)
    if (!cvss.ok) report(["cvss"], cvss.error)
    h.cwe.forEach((c, i) => known.cwe.has(c) || report(["cwe", i], `unknown CWE id "${c}" (add it to compliance/cwe.yaml)`))
    if (!known.owasp.has(h.owasp)) report(["owasp"], `unknown OWASP id "${h.owasp}"`)
    for (const framework of ["owasp_llm", "owasp_agentic", "eu_ai_act", "nist_ai_rmf", "iso_42001"] as const) {
      ;(h.compliance[framework] ?? []).forEach((id, i) => {
        if (!known[framework].has(id)) report(["compliance", framework, i], `unknown ${framework} id "${id}"`)
      })
    }
    for (const [i, name] of [h.id, ...(h.aliases ?? [])].entries()) {
      const owner = owners.get(name)
      if (owner !== undefined) report(i === 0 ? ["id"] : ["aliases", i - 1], `duplicate id or alias "${name}" (already used by ${owner})`)
      else owners.set(name, h.id)
    }
    if (problems.length > before || !cvss.ok) continue
    rules.push({
      ...h,
      matchers,
      cvssScore: cvss.score,
      dir: join(file, ".."),
      version: ruleVersion(text, siblings, used)
    })
  }
  if (problems.length > 0) return Either.left(new CatalogueLoadError({ problems }))
  const byId = new Map<string, LoadedRule>()
  for (const r of rules) for (const name of [r.id, ...(r.aliases ?? [])]) byId.set(name, r)
  return Either.right({
    rules,
    resolve: (id) => byId.get(id),
    compliance,
    models,
    rulesDir,
    complianceDir
  })
}
