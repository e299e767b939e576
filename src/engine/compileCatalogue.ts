import type { Catalogue } from "../catalogue/Catalogue.js"
import type { CallMatcher, CodeGraphMatcher, FlowMatcher, FunctionMatcher } from "../domain/FlowRule.js"
import type { GraphMatcher, JsonPathMatcher, Matcher, RegexMatcher, TreeSitterMatcher, TsAstMatcher } from "../domain/Rule.js"
import type { Target } from "../domain/Vocabulary.js"
import { compileModelRules, type CompiledModelRules } from "./matchers/flow.js"
import { compileGraph, type CompiledGraph } from "./matchers/graph.js"
import { compileJsonPath, type CompiledJsonPath } from "./matchers/jsonpath.js"
import { compileRegex, type CompiledRegex } from "./matchers/regex.js"
import { compileTreeSitter, type CompiledTreeSitter, type MatcherEntry } from "./matchers/treeSitter.js"
import { compileTsAst, type CompiledTsAst } from "./matchers/tsAst.js"

/** Every matcher of the catalogue, grouped so each file kind runs one combined pass per matcher kind. */
export interface CompiledCatalogue {
  readonly catalogue: Catalogue
  readonly treeSitter: { readonly python: CompiledTreeSitter; readonly go: CompiledTreeSitter }
  /** ts-ast matchers: `javascript` ones run on JS and TS (TypeScript is a superset), `typescript` on TS only */
  readonly tsAst: { readonly javascript: CompiledTsAst; readonly typescript: CompiledTsAst }
  /** flow and call rules over the semantic model, per language (`javascript` ones also run on TypeScript) */
  readonly modelRules: (language: "python" | "go" | "javascript" | "typescript") => CompiledModelRules
  /** JSONPath rules per structured target (json, yaml, or a builder) */
  readonly jsonPathFor: (target: "json" | "yaml" | "flowise" | "n8n" | "langflow" | "dify") => CompiledJsonPath
  /** graph rules per builder */
  readonly graphFor: (builder: "flowise" | "n8n" | "langflow" | "dify") => CompiledGraph
  /** text rules per file kind (target `any` is included in every kind) */
  readonly regexFor: (kind: Target) => CompiledRegex
  readonly entries: <K extends Matcher["kind"]>(kind: K, target?: Target) => Array<MatcherEntry<Extract<Matcher, { kind: K }>>>
}

/** Compiles per target on first use, once: most scans touch only a few targets. */
const memo = <K, V>(compile: (key: K) => V): ((key: K) => V) => {
  const cache = new Map<K, V>()
  return (key) => {
    let value = cache.get(key)
    if (value === undefined) {
      value = compile(key)
      cache.set(key, value)
    }
    return value
  }
}

export const compileCatalogue = (catalogue: Catalogue): CompiledCatalogue => {
  const all: Array<MatcherEntry<Matcher>> = catalogue.rules.flatMap((rule) =>
    rule.matchers.map((matcher, matcherIndex) => ({ rule, matcherIndex, matcher }))
  )
  const entries = <K extends Matcher["kind"]>(kind: K, target?: Target) =>
    all.filter((e) => e.matcher.kind === kind && (target === undefined || e.matcher.target === target)) as Array<
      MatcherEntry<Extract<Matcher, { kind: K }>>
    >
  const tsEntries = (targets: ReadonlyArray<string>) =>
    entries("ts-ast").filter((e) => targets.includes(e.matcher.target)) as Array<MatcherEntry<TsAstMatcher>>
  // getters: a worker compiles a language's matchers when its first file of that language arrives,
  // so start-up costs nothing per language and a Python-only scan never builds the TypeScript side
  const once = <V>(compile: () => V): (() => V) => {
    let value: V | undefined
    let done = false
    return () => {
      if (!done) {
        value = compile()
        done = true
      }
      return value as V
    }
  }
  const treeSitterPython = once(() => compileTreeSitter("python", entries("tree-sitter", "python") as Array<MatcherEntry<TreeSitterMatcher>>))
  const treeSitterGo = once(() => compileTreeSitter("go", entries("tree-sitter", "go") as Array<MatcherEntry<TreeSitterMatcher>>))
  const tsAstJavascript = once(() => compileTsAst(tsEntries(["javascript"])))
  const tsAstTypescript = once(() => compileTsAst(tsEntries(["javascript", "typescript"])))
  return {
    catalogue,
    treeSitter: {
      get python() {
        return treeSitterPython()
      },
      get go() {
        return treeSitterGo()
      }
    },
    tsAst: {
      get javascript() {
        return tsAstJavascript()
      },
      get typescript() {
        return tsAstTypescript()
      }
    },
    modelRules: memo((language: "python" | "go" | "javascript" | "typescript") => {
      const targets = language === "typescript" ? ["javascript", "typescript"] : [language]
      const flows = entries("flow").filter((e) => targets.includes(e.matcher.target)) as Array<MatcherEntry<FlowMatcher>>
      const calls = entries("call").filter((e) => targets.includes(e.matcher.target)) as Array<MatcherEntry<CallMatcher>>
      const fns = entries("function").filter((e) => targets.includes(e.matcher.target)) as Array<MatcherEntry<FunctionMatcher>>
      const graphs = entries("code-graph").filter((e) => targets.includes(e.matcher.target)) as Array<MatcherEntry<CodeGraphMatcher>>
      return compileModelRules(language, flows, calls, fns, catalogue.models ?? [], graphs)
    }),
    jsonPathFor: memo((target: "json" | "yaml" | "flowise" | "n8n" | "langflow" | "dify") =>
      compileJsonPath(entries("jsonpath", target) as Array<MatcherEntry<JsonPathMatcher>>)
    ),
    graphFor: memo((builder: "flowise" | "n8n" | "langflow" | "dify") =>
      compileGraph(entries("graph", builder) as Array<MatcherEntry<GraphMatcher>>)
    ),
    regexFor: memo((kind: Target) =>
      compileRegex(entries("regex").filter((e) => e.matcher.target === "any" || e.matcher.target === kind) as Array<MatcherEntry<RegexMatcher>>)
    ),
    entries
  }
}

/**
 * Compiles what files of `kind` need, so the first such file's time budget is spent on the file and
 * not on compiling queries (which a worker now does on first use, not at start).
 */
export const prepareFor = (compiled: CompiledCatalogue, kind: Target): void => {
  compiled.regexFor(kind)
  if (kind === "python" || kind === "go") {
    void compiled.treeSitter[kind]
    compiled.modelRules(kind)
  } else if (kind === "javascript" || kind === "typescript") {
    void compiled.tsAst[kind]
    compiled.modelRules(kind)
  }
}
