import type { FileOutcome } from "../domain/Scan.js"
import type { PreparedUpload } from "./remote/prepareUpload.js"
import type { WalkResult } from "./walk.js"

/**
 * `vigil scan --dry-run`: what would be scanned, skipped and ignored (and, with a server, what would
 * be uploaded and how many secrets would be redacted), without analysing or sending anything.
 */
export const renderDryRun = (
  walked: WalkResult,
  walkSkipped: ReadonlyArray<FileOutcome>,
  upload: PreparedUpload | undefined,
  format: "table" | "json" | "sarif"
): string => {
  const redactedPerFile = new Map<string, number>()
  for (const [path, edits] of upload?.edits ?? new Map()) redactedPerFile.set(path, edits.length)
  const files = upload === undefined ? walked.files.map((f) => f.path) : upload.uploads.map((f) => f.path)
  const skipped = [...walkSkipped, ...(upload?.notUploaded ?? [])].map((o) => ({ path: o.path, reason: o.reason ?? o.status }))
  if (format !== "table") {
    return JSON.stringify(
      {
        base: walked.base,
        files,
        skipped,
        ignored: walked.ignored,
        ...(upload !== undefined
          ? { secrets_redacted: upload.secretsRedacted, redactions: Object.fromEntries(redactedPerFile) }
          : {})
      },
      null,
      2
    ) + "\n"
  }
  const lines = [`${upload === undefined ? "Would scan" : "Would upload"} ${files.length} file${files.length === 1 ? "" : "s"} (paths relative to ${walked.base}):`]
  for (const path of files) {
    const n = redactedPerFile.get(path)
    lines.push(`  ${path}${n !== undefined ? `  (${n} secret${n === 1 ? "" : "s"} redacted)` : ""}`)
  }
  if (skipped.length > 0) {
    lines.push("", `Skipped ${skipped.length}:`)
    for (const s of skipped) lines.push(`  ${s.path}  ${s.reason}`)
  }
  if (walked.ignored.length > 0) {
    lines.push("", `Ignored ${walked.ignored.length}:`)
    for (const i of walked.ignored) lines.push(`  ${i.path}  (${i.because})`)
  }
  return lines.join("\n") + "\n"
}
