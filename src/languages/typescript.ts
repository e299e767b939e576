import { ts } from "ts-morph"
import { type Deadline, DeadlineExceeded } from "./Source.js"

export { ts }

export type ScriptLanguage = "javascript" | "typescript"

const scriptKind = (path: string, language: ScriptLanguage): ts.ScriptKind => {
  const lower = path.toLowerCase()
  if (lower.endsWith(".tsx")) return ts.ScriptKind.TSX
  if (lower.endsWith(".jsx")) return ts.ScriptKind.JSX
  if (language === "typescript") return ts.ScriptKind.TS
  // JSX is legal in many .js files (React); parsing .js as JSX accepts both
  return ts.ScriptKind.JSX
}

/**
 * Parses with TypeScript's own parser (bundled in ts-morph): no parent pointers, because the matcher
 * walks once and keeps its own ancestor stack. The parse is not interruptible, so the deadline is
 * checked before it; TypeScript parses ~15 MB/s, so a 5 MB file costs well under a second.
 */
export const parseScript = (
  path: string,
  text: string,
  language: ScriptLanguage,
  deadline: Deadline
): ts.SourceFile => {
  if (deadline.expired) throw new DeadlineExceeded("parse")
  return ts.createSourceFile(path, text, ts.ScriptTarget.Latest, false, scriptKind(path, language))
}

/** The first syntax error TypeScript reported, if any (offset into the text). */
export const firstScriptError = (file: ts.SourceFile): { start: number; message: string } | undefined => {
  const diagnostics = (file as unknown as { parseDiagnostics?: ReadonlyArray<ts.Diagnostic> }).parseDiagnostics
  const first = diagnostics?.[0]
  if (first === undefined) return undefined
  return { start: first.start ?? 0, message: ts.flattenDiagnosticMessageText(first.messageText, " ") }
}
