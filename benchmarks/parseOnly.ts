import type { Analyser, FileAnalysis, FileTask } from "../src/engine/Analyser.js"
import { Deadline, DeadlineExceeded, SourceDoc } from "../src/languages/Source.js"
import { parseStructured } from "../src/languages/structured.js"
import { parseCode } from "../src/languages/treeSitter.js"
import { parseScript } from "../src/languages/typescript.js"

/**
 * The baseline of the scan/parse-only ratio: the same parser calls the engine makes (tree-sitter for
 * Python and Go, with the tree exported in the same native call, TypeScript's parser for JS/TS, the structured JSON/YAML reader), with no rule of any
 * kind, no text rules, no builder recognition. Trees are dropped at once, as the engine does.
 */
export const parseOnlyAnalyser: Analyser = {
  analyse: (task: FileTask, deadlineAt: number): FileAnalysis => {
    const deadline = new Deadline(deadlineAt)
    try {
      switch (task.kind) {
        case "python":
        case "go":
          parseCode(task.kind, task.content, deadline)
          break
        case "javascript":
        case "typescript":
          parseScript(task.path, task.content, task.kind, deadline)
          break
        case "json":
        case "yaml": {
          const parsed = parseStructured(new SourceDoc(task.path, task.content), task.kind, deadline)
          if (!parsed.ok) return { path: task.path, kind: task.kind, status: "partial", reason: parsed.reason, matches: [] }
          break
        }
        default:
          break
      }
    } catch (e) {
      if (e instanceof DeadlineExceeded) return { path: task.path, kind: task.kind, status: "partial", reason: "deadline", matches: [] }
      return { path: task.path, kind: task.kind, status: "failed", reason: e instanceof Error ? e.message : String(e), matches: [] }
    }
    return { path: task.path, kind: task.kind, status: "analysed", matches: [] }
  }
}
