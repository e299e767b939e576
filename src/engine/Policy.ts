import type { Finding } from "../domain/Finding.js"
import type { Policy } from "../domain/Vocabulary.js"

const GOVERNANCE_RULES = new Set([
  "missing_human_oversight",
  "missing_rate_limits",
  "universal_missing_rate_limits",
  "missing_authorization",
  "missing_audit_logging",
  "missing_output_validation"
])

const hasEuArticle = (f: Finding, articles: ReadonlyArray<string>): boolean =>
  (f.compliance_mapping.eu_ai_act_articles ?? []).some((a) => articles.some((x) => a === x || a.startsWith(`${x}(`)))

/** Which findings a policy keeps (DESIGN "Scan pipeline" step 7). */
export const keptByPolicy = (policy: Policy) => (f: Finding): boolean => {
  switch (policy) {
    case "low-noise":
      return f.risk_tier === "vulnerability"
    case "balanced":
      return f.risk_tier !== "hardening"
    case "comprehensive":
      return true
    case "governance":
      return (
        f.category === "governance" ||
        hasEuArticle(f, ["Art. 12", "Art. 14"]) ||
        (f.compliance_mapping.nist_categories ?? []).some((n) => n.startsWith("GOVERN")) ||
        GOVERNANCE_RULES.has(f.pattern_id)
      )
    case "eu-ai-act":
      return (f.compliance_mapping.eu_ai_act_articles ?? []).length > 0 || f.risk_tier !== "hardening"
  }
}
