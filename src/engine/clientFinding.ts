import type { Catalogue } from "../catalogue/Catalogue.js"
import type { Finding } from "../domain/Finding.js"
import type { ClientFinding } from "../domain/ScanSession.js"
import type { Severity } from "../domain/Vocabulary.js"
import { complianceOf, firstSentence } from "./buildFindings.js"
import { findingId } from "./FindingIdentity.js"

/**
 * A finding a client reported, as a full finding: the rule's metadata from this server's catalogue,
 * the client's location, hash and masked snippet. Severity, confidence, tier and message come from
 * the rule's matcher that declares the reported severity and confidence (the rule's own otherwise),
 * so a client can say which of the rule's forms it found, never invent one.
 */

/** The (severity, confidence) pairs a rule can report: its own and each matcher's. */
export const declaredLevels = (
  rule: NonNullable<ReturnType<Catalogue["resolve"]>>
): ReadonlyArray<{ readonly severity: Severity; readonly confidence: number; readonly matcherIndex: number | undefined }> => [
  { severity: rule.severity, confidence: rule.confidence, matcherIndex: undefined },
  ...rule.matchers.map((m, i) => ({ severity: m.severity ?? rule.severity, confidence: m.confidence ?? rule.confidence, matcherIndex: i }))
]

export const findingFromClient = (catalogue: Catalogue, reported: ClientFinding): Finding | undefined => {
  const rule = catalogue.resolve(reported.pattern_id)
  if (rule === undefined) return undefined
  const severity = reported.severity ?? rule.severity
  const confidence = reported.confidence ?? rule.confidence
  const level = declaredLevels(rule).find((l) => l.severity === severity && l.confidence === confidence)
  const matcher = level?.matcherIndex !== undefined ? rule.matchers[level.matcherIndex] : undefined
  const category = rule.category
  return {
    id: findingId(reported.finding_hash),
    pattern_id: rule.id,
    pattern: matcher?.title ?? rule.title,
    severity,
    confidence,
    file: reported.file,
    line: reported.line,
    column: reported.column,
    message: reported.message ?? (matcher?.message ?? firstSentence(rule.description)).replaceAll("{detail}", "credential"),
    code_snippet: reported.code_snippet ?? "",
    cwe: rule.cwe.join(", "),
    cvss: rule.cvssScore,
    owasp_category: rule.owasp,
    category,
    risk_tier: matcher?.risk_tier ?? rule.risk_tier,
    finding_type: rule.finding_type ?? (category === "governance" ? "governance_violation" : "vulnerability"),
    remediation_hint: rule.remediation.hint,
    remediation_steps: rule.remediation.steps,
    compliance_mapping: complianceOf(rule),
    finding_hash: reported.finding_hash
  }
}
