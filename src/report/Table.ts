import type { Finding } from "../domain/Finding.js"
import type { ScanResult } from "../domain/Scan.js"
import { SEVERITIES } from "../domain/Vocabulary.js"

const COLOURS = { CRITICAL: "\x1b[1;31m", HIGH: "\x1b[31m", MEDIUM: "\x1b[33m", LOW: "\x1b[36m" } as const
const RESET = "\x1b[0m"
const DIM = "\x1b[2m"

/** The human-readable report: findings grouped by severity with file:line, then the quick wins. */
export const renderTable = (result: ScanResult, options: { readonly colour: boolean }): string => {
  const c = (code: string, text: string) => (options.colour ? `${code}${text}${RESET}` : text)
  const lines: Array<string> = []
  const s = result.summary
  const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? "" : "s"}`
  lines.push(
    `Vigil scan: ${plural(result.files_scanned, "file")} scanned` +
      (result.files_skipped !== undefined ? `, ${result.files_skipped} skipped` : "") +
      ` — risk score ${result.risk_score}/100 — ${plural(s.total, "finding")} (${s.critical} critical, ${s.high} high, ${s.medium} medium, ${s.low} low)`
  )
  for (const severity of SEVERITIES) {
    const group: Array<Finding> = result.findings.filter((f) => f.severity === severity)
    if (group.length === 0) continue
    lines.push("", c(COLOURS[severity], `${severity} (${group.length})`))
    for (const f of group) {
      lines.push(`  ${f.file}:${f.line}:${f.column}  ${f.pattern_id}  ${f.pattern}`)
      lines.push(`    ${f.message}`)
      // the snippet carries one line of context before the finding's line (none on line 1)
      const own = f.code_snippet.split("\n")[f.line > 1 ? 1 : 0]
      if (own !== undefined && own.trim() !== "") lines.push(c(DIM, `    ${own.trim().slice(0, 160)}`))
    }
  }
  if (result.quick_wins !== undefined && result.quick_wins.length > 0) {
    lines.push("", "Quick wins")
    for (const q of result.quick_wins) lines.push(`  ${q.priority}. [${q.severity}] ${q.action} (${q.file}:${q.line})`)
  }
  if (result.partial_results === true && result.warning !== undefined) lines.push("", c(COLOURS.MEDIUM, `Warning: ${result.warning}`))
  const notes = (result.file_outcomes ?? []).filter((o) => o.status === "partial" || o.status === "failed")
  if (notes.length > 0) {
    lines.push("", "Files not fully analysed")
    for (const o of notes.slice(0, 20)) lines.push(`  ${o.path}: ${o.reason ?? o.status}`)
    if (notes.length > 20) lines.push(`  … and ${notes.length - 20} more`)
  }
  if (s.total === 0) lines.push("", "No findings.")
  return lines.join("\n") + "\n"
}
