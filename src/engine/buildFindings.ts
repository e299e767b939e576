import type { Catalogue, LoadedRule } from "../catalogue/Catalogue.js"
import type { ComplianceMapping, Finding, LocatedFinding } from "../domain/Finding.js"
import { severityRank } from "../domain/severities.js"
import { SourceDoc } from "../languages/Source.js"
import { findingHash, findingId, normaliseMatchedText } from "./FindingIdentity.js"
import { maskAll } from "./Mask.js"
import { type RawMatch, strength } from "./matchers/RawMatch.js"

const SNIPPET_LINE_MAX = 200

export const complianceOf = (rule: LoadedRule): ComplianceMapping => {
  const c = rule.compliance
  const entries: Array<[keyof ComplianceMapping, ReadonlyArray<string> | undefined]> = [
    ["owasp_items", c.owasp_llm],
    ["owasp_agentic", c.owasp_agentic],
    ["eu_ai_act_articles", c.eu_ai_act],
    ["nist_categories", c.nist_ai_rmf],
    ["iso_42001_clauses", c.iso_42001],
    ["cwe_ids", rule.cwe]
  ]
  return Object.fromEntries(entries.filter(([, v]) => v !== undefined && v.length > 0)) as ComplianceMapping
}

const clip = (line: string, column: number): string => {
  if (line.length <= SNIPPET_LINE_MAX) return line
  // long (minified) lines: a window around the finding, marked as cut
  const from = Math.max(0, column - 1 - SNIPPET_LINE_MAX / 2)
  return (from > 0 ? "…" : "") + line.slice(from, from + SNIPPET_LINE_MAX) + (from + SNIPPET_LINE_MAX < line.length ? "…" : "")
}

/** The line of the finding with one line of context either side. */
const snippetAt = (doc: SourceDoc, line: number, column: number): string => {
  const lines: Array<string> = []
  for (let l = Math.max(1, line - 1); l <= Math.min(doc.lineCount, line + 1); l++) {
    lines.push(clip(doc.lineText(l), l === line ? column : 1))
  }
  return lines.join("\n")
}

export const firstSentence = (text: string): string => {
  const m = /^(.+?[.!?])(\s|$)/s.exec(text.trim())
  return (m?.[1] ?? text.trim()).replace(/\s+/g, " ")
}

/**
 * A secret inside a PEM private-key block: every line of the block's body is secret, though a rule
 * may report only the first. Lines are split on real and on escaped (`\\n`) newlines.
 */
const pemBlockLines = (content: string, at: number): Array<string> => {
  const begin = content.lastIndexOf("PRIVATE KEY-----", at)
  if (begin === -1 || at - begin > 200) return []
  const end = content.indexOf("-----END", at)
  if (end === -1 || end - at > 20_000) return []
  return content.slice(begin + 16, end).split(/\r?\n|\\n|["'+\s]+/).map((l) => l.trim()).filter((l) => l.length >= 8)
}

/**
 * One location, one finding per rule: when several matchers of a rule report the same node (a sink
 * pattern and a proven data flow, say), the strongest evidence wins. A credential found by two
 * matchers with different but overlapping spans (the text rule inside the quotes, a builder rule on
 * the whole value) is also one finding. Between equally strong matches the one its matcher declares
 * more severe wins (a cycle through an agent is CRITICAL by its own matcher, whatever order the
 * matchers that also see the cycle run in); at equal severity the first match stays.
 */
const strongestPerLocation = (matches: ReadonlyArray<RawMatch>, catalogue: Catalogue): Array<RawMatch> => {
  const declared = (m: RawMatch): number => {
    const rule = catalogue.resolve(m.ruleId)
    const severity = m.severity ?? rule?.matchers[m.matcherIndex]?.severity ?? rule?.severity
    return severity === undefined ? -1 : severityRank(severity)
  }
  const stronger = (a: RawMatch, b: RawMatch): boolean => {
    const d = strength(a) - strength(b)
    return d !== 0 ? d > 0 : declared(a) > declared(b)
  }
  const best = new Map<string, RawMatch>()
  for (const m of matches) {
    const key = `${m.ruleId}:${m.start}`
    const current = best.get(key)
    if (current === undefined || stronger(m, current)) best.set(key, m)
  }
  const byStart = [...best.values()].sort((a, b) => a.ruleId.localeCompare(b.ruleId) || a.start - b.start)
  const kept: Array<RawMatch> = []
  for (const m of byStart) {
    const last = kept[kept.length - 1]
    const overlappingSecret = last !== undefined && last.ruleId === m.ruleId && m.start < last.end &&
      (last.secret !== undefined || m.secret !== undefined)
    if (!overlappingSecret) kept.push(m)
    else if (stronger(m, last)) {
      const secret = m.secret ?? last.secret
      kept[kept.length - 1] = secret === undefined ? m : { ...m, secret }
    }
  }
  return kept
}

/**
 * A finding with what the engine knows beyond the API: the matcher's message `variant`, which the
 * example harness pins (`ruleid: <id>[<variant>]`) and no API response shows.
 */
export interface EngineFinding {
  readonly finding: Finding
  readonly variant?: string
}

/**
 * Turns one file's raw matches into API findings: rule metadata with per-matcher overrides,
 * location, snippet, masking of secrets, and the identity hash with its occurrence index.
 */
export const buildFindings = (
  catalogue: Catalogue,
  path: string,
  content: string,
  matches: ReadonlyArray<RawMatch>
): Array<Finding> => buildEngineFindings(catalogue, path, content, matches).map((f) => f.finding)

/** The findings of `buildFindings`, each with its matcher's variant. */
export const buildEngineFindings = (
  catalogue: Catalogue,
  path: string,
  content: string,
  matches: ReadonlyArray<RawMatch>
): Array<EngineFinding> => {
  const doc = new SourceDoc(path, content)
  const sorted = strongestPerLocation(matches, catalogue).sort((a, b) => a.start - b.start || a.end - b.end || a.ruleId.localeCompare(b.ruleId))
  const secrets = [...new Set(sorted.flatMap((m) => (m.secret !== undefined ? [m.secret, ...pemBlockLines(content, m.start)] : [])))]
  const occurrences = new Map<string, number>()
  const out: Array<EngineFinding> = []
  for (const m of sorted) {
    const rule = catalogue.resolve(m.ruleId)
    if (rule === undefined) continue
    const matcher = rule.matchers[m.matcherIndex]
    const { line, column } = doc.position(m.start)
    const text = normaliseMatchedText(maskAll(m.text, secrets))
    const key = `${rule.id}\u0000${text}`
    const occurrence = occurrences.get(key) ?? 0
    occurrences.set(key, occurrence + 1)
    const hash = findingHash(rule.id, path, text, occurrence)
    const base = matcher?.message ?? firstSentence(rule.description)
    const message = m.detail === undefined ? base : base.includes("{detail}") ? base.replaceAll("{detail}", m.detail) : `${base} (${m.detail})`
    const category = rule.category
    const finding: LocatedFinding = {
      id: findingId(hash),
      pattern_id: rule.id,
      pattern: matcher?.title ?? rule.title,
      severity: m.severity ?? matcher?.severity ?? rule.severity,
      confidence: m.confidence ?? matcher?.confidence ?? rule.confidence,
      file: path,
      line,
      column,
      message: maskAll(message, secrets),
      code_snippet: maskAll(snippetAt(doc, line, column), secrets),
      cwe: rule.cwe.join(", "),
      cvss: rule.cvssScore,
      owasp_category: rule.owasp,
      category,
      risk_tier: m.riskTier ?? matcher?.risk_tier ?? rule.risk_tier,
      finding_type: rule.finding_type ?? (category === "governance" ? "governance_violation" : "vulnerability"),
      remediation_hint: rule.remediation.hint,
      remediation_steps: rule.remediation.steps,
      compliance_mapping: complianceOf(rule),
      finding_hash: hash,
      ...(m.jsonPath !== undefined ? { json_path: maskAll(m.jsonPath, secrets) } : {})
    }
    // internal: every node of a cycle, for SARIF related locations (the API schema drops it)
    const related = m.related?.map((r) => {
      const at = doc.position(r.start)
      return { line: at.line, column: at.column, message: maskAll(r.message, secrets) }
    })
    const located = related === undefined || related.length === 0 ? finding : { ...finding, related_locations: related }
    const variant = m.variant ?? matcher?.variant
    out.push(variant !== undefined ? { finding: located, variant } : { finding: located })
  }
  return out
}
