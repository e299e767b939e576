import type { FileKind } from "./Analyser.js"

/** Directories whose files are test infrastructure, at any depth (SPEC: no findings there). */
const FIXTURE_DIRS = new Set([
  "test",
  "tests",
  "__tests__",
  "__test__",
  "spec",
  "specs",
  "example",
  "examples",
  "doc",
  "docs",
  "fixture",
  "fixtures",
  "__fixtures__",
  "__mocks__",
  "testdata",
  "test_data",
  "test-data",
  "samples",
  "sample",
  // suites that drive the product from outside: tests by another name
  "integration_tests",
  "integration-tests",
  "e2e",
  // measurement harnesses, which push limits on purpose (`recursion_limit: 1_000_000_000`)
  "bench",
  "benchmarks"
])

const EXTENSIONS: Record<string, FileKind> = {
  py: "python",
  pyi: "python",
  go: "go",
  js: "javascript",
  jsx: "javascript",
  mjs: "javascript",
  cjs: "javascript",
  ts: "typescript",
  tsx: "typescript",
  mts: "typescript",
  cts: "typescript",
  json: "json",
  jsonc: "json",
  yaml: "yaml",
  yml: "yaml"
}

/**
 * Agent configuration files that frameworks name without an extension: AutoGen / AG2 read their model
 * list (with its API keys) from `OAI_CONFIG_LIST` by default (`config_list_from_json`), so the file
 * is JSON whatever its name says.
 */
const EXTENSIONLESS: Record<string, FileKind> = {
  OAI_CONFIG_LIST: "json"
}

/** Forward slashes, no leading `./` or `/`, no empty or `.` segments: one spelling per file. */
export const normalisePath = (path: string): string =>
  path
    .replace(/\\/g, "/")
    .split("/")
    .filter((s) => s !== "" && s !== ".")
    .join("/")

export type Classification =
  | { readonly action: "analyse"; readonly kind: FileKind }
  | { readonly action: "skip"; readonly kind: string; readonly reason: string }

export const isFixturePath = (path: string): boolean => {
  const segments = normalisePath(path).split("/")
  return segments.slice(0, -1).some((s) => FIXTURE_DIRS.has(s.toLowerCase()))
}

const looksBinary = (content: string): boolean => {
  const head = content.length > 8192 ? content.slice(0, 8192) : content
  return head.includes("\u0000")
}

/** The kind a file's name (its last path segment) says it is, if the engine reads that kind. */
const kindOfName = (name: string): { readonly kind: FileKind | undefined; readonly ext: string } => {
  const dot = name.lastIndexOf(".")
  const ext = dot > 0 ? name.slice(dot + 1).toLowerCase() : ""
  return { kind: dot > 0 ? EXTENSIONS[ext] : EXTENSIONLESS[name], ext }
}

/** Whether the engine reads files of this name at all (the CLI walker's first filter). */
export const readsFileNamed = (name: string): boolean => kindOfName(name).kind !== undefined

export const classify = (path: string, content: string): Classification => {
  const normalised = normalisePath(path)
  const { kind, ext } = kindOfName(normalised.split("/").pop() ?? "")
  if (kind === undefined) return { action: "skip", kind: ext === "" ? "unknown" : ext, reason: "unsupported file type" }
  if (isFixturePath(normalised)) return { action: "skip", kind, reason: "test or example path (fixture directory)" }
  if (looksBinary(content)) return { action: "skip", kind, reason: "binary content" }
  return { action: "analyse", kind }
}
