import type { Catalogue } from "../catalogue/Catalogue.js"
import { detectFrameworks, type Framework } from "../domain/frameworks.js"
import { Deadline, DeadlineExceeded, SourceDoc } from "../languages/Source.js"
import type { Analyser, FileAnalysis, FileKind, FileTask } from "./Analyser.js"
import { analyseCode } from "./analyseSource.js"
import { analyseStructured } from "./analyseStructured.js"
import { type CompiledCatalogue, compileCatalogue, prepareFor } from "./compileCatalogue.js"
import type { RawMatch } from "./matchers/RawMatch.js"
import { workerCatalogue } from "./workerCatalogue.js"

export interface AnalyserOptions {
  readonly rulesDir: string
  readonly complianceDir: string
  /** cap per file, so one pathological file cannot eat a whole scan's budget */
  readonly perFileMs?: number
}

export const DEFAULT_PER_FILE_MS = 10_000

const failureReason = (e: unknown): string => {
  if (e instanceof RangeError && /call stack/i.test(e.message)) return "nested too deeply to analyse"
  return `analysis failed: ${e instanceof Error ? e.message : String(e)}`
}

/** Runs every applicable matcher over one file; never throws for bad input (the outcome says why). */
export const analyseFile = (compiled: CompiledCatalogue, task: FileTask, deadline: Deadline): FileAnalysis => {
  const doc = new SourceDoc(task.path, task.content)
  const matches: Array<RawMatch> = []
  let kind: FileKind = task.kind
  let reason: string | undefined
  let status: FileAnalysis["status"] = "analysed"
  try {
    matches.push(...compiled.regexFor(task.kind).run(doc.text, deadline, task.path))
    if (task.kind === "json" || task.kind === "yaml") {
      const structured = analyseStructured(compiled, task.kind, doc, deadline)
      kind = structured.kind
      matches.push(...structured.matches)
      if (structured.problem !== undefined) {
        status = "partial"
        reason = structured.problem
      }
    } else if (task.kind === "python" || task.kind === "go" || task.kind === "javascript" || task.kind === "typescript") {
      const code = analyseCode(compiled, task.kind, doc, deadline)
      matches.push(...code.matches)
      if (code.syntaxError !== undefined) {
        const at = doc.position(code.syntaxError.offset)
        status = "partial"
        reason = `syntax error at line ${at.line}, column ${at.column} (${code.syntaxError.message}): results may be incomplete`
      }
    }
  } catch (e) {
    if (e instanceof DeadlineExceeded) {
      status = "partial"
      reason = `time limit reached during ${e.stage}: the file was only partly analysed`
    } else {
      return { path: task.path, kind, status: "failed", reason: failureReason(e), matches: [] }
    }
  }
  return { path: task.path, kind, status, ...(reason !== undefined ? { reason } : {}), matches: requireFrameworks(compiled, doc.text, matches) }
}

/** Drops matches of rules that speak about frameworks this file does not use. */
const requireFrameworks = (compiled: CompiledCatalogue, text: string, matches: Array<RawMatch>): Array<RawMatch> => {
  let used: Set<Framework> | undefined
  return matches.filter((m) => {
    const wanted = compiled.catalogue.resolve(m.ruleId)?.frameworks
    if (wanted === undefined || wanted.length === 0) return true
    used ??= detectFrameworks(text)
    return wanted.some((f) => used!.has(f as Framework))
  })
}

export const makeAnalyser = (catalogue: Catalogue, perFileMs = DEFAULT_PER_FILE_MS): Analyser => {
  const compiled = compileCatalogue(catalogue)
  return {
    analyse: (task, deadlineAt) => {
      prepareFor(compiled, task.kind)
      return analyseFile(compiled, task, new Deadline(Math.min(deadlineAt, Date.now() + perFileMs)))
    }
  }
}


/**
 * Loads the catalogue (in a worker process, once: from the build-time snapshot when it is current),
 * then analyses files against it; matchers compile on first use per language.
 */
export const createAnalyser = async (options: AnalyserOptions): Promise<Analyser> =>
  makeAnalyser(await workerCatalogue(options), options.perFileMs)
