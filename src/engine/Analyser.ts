import type { RawMatch } from "./matchers/RawMatch.js"

/** How a file was classified before analysis. */
export type FileKind =
  | "python"
  | "go"
  | "javascript"
  | "typescript"
  | "json"
  | "yaml"
  | "flowise"
  | "n8n"
  | "langflow"
  | "dify"

/** One file to analyse in a worker. `kind` of json/yaml may be refined to a builder by structure. */
export interface FileTask {
  readonly path: string
  readonly content: string
  readonly kind: FileKind
}

export type FileAnalysisStatus = "analysed" | "partial" | "failed"

export interface FileAnalysis {
  readonly path: string
  /** the kind after content inspection (a .json file may turn out to be an n8n workflow) */
  readonly kind: FileKind
  readonly status: FileAnalysisStatus
  /** why the file is partial or failed, in words a user can act on */
  readonly reason?: string
  readonly matches: ReadonlyArray<RawMatch>
}

/** Analyses files one at a time against a compiled catalogue; pure CPU work, no I/O. */
export interface Analyser {
  readonly analyse: (task: FileTask, deadlineAt: number) => FileAnalysis
}
