import { Schema } from "effect"
import { SEVERITIES as SEVERITY_SCALE } from "./severities.js"

/** Closed vocabularies shared by rules, findings, the API and the store. */

export const Severity = Schema.Literal(...SEVERITY_SCALE)
export type Severity = typeof Severity.Type
export const SEVERITIES: ReadonlyArray<Severity> = SEVERITY_SCALE
export { severityRank } from "./severities.js"

export const RiskTier = Schema.Literal("vulnerability", "risk_pattern", "hardening")
export type RiskTier = typeof RiskTier.Type

export const Category = Schema.Literal(
  "injection",
  "code_execution",
  "data_exposure",
  "resource_exhaustion",
  "governance",
  "access_control",
  "supply_chain"
)
export type Category = typeof Category.Type

export const FindingType = Schema.Literal("vulnerability", "governance_violation")
export type FindingType = typeof FindingType.Type

export const Policy = Schema.Literal("balanced", "low-noise", "comprehensive", "governance", "eu-ai-act")
export type Policy = typeof Policy.Type
/** The policy of a scan that names none (API and CLI alike). */
export const DEFAULT_POLICY: Policy = "balanced"

export const OutputFormat = Schema.Literal("summary", "detailed", "sarif")
export type OutputFormat = typeof OutputFormat.Type

/** Where a matcher applies. `any` is for text rules that run on every file. */
export const Target = Schema.Literal(
  "python",
  "go",
  "javascript",
  "typescript",
  "yaml",
  "json",
  "flowise",
  "n8n",
  "langflow",
  "dify",
  "any"
)
export type Target = typeof Target.Type

export const Builder = Schema.Literal("flowise", "n8n", "langflow", "dify")
export type Builder = typeof Builder.Type
