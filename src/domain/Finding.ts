import { Schema } from "effect"
import { Category, FindingType, RiskTier, Severity } from "./Vocabulary.js"

export const ComplianceMapping = Schema.Struct({
  owasp_items: Schema.optional(Schema.Array(Schema.String)),
  owasp_agentic: Schema.optional(Schema.Array(Schema.String)),
  eu_ai_act_articles: Schema.optional(Schema.Array(Schema.String)),
  nist_categories: Schema.optional(Schema.Array(Schema.String)),
  iso_42001_clauses: Schema.optional(Schema.Array(Schema.String)),
  cwe_ids: Schema.optional(Schema.Array(Schema.String))
})
export type ComplianceMapping = typeof ComplianceMapping.Type

/** One finding as the API returns it (SPEC "Finding"), plus the stable identity `finding_hash`. */
export const Finding = Schema.Struct({
  id: Schema.String,
  pattern_id: Schema.String,
  pattern: Schema.String,
  severity: Severity,
  confidence: Schema.Number,
  file: Schema.String,
  line: Schema.Int,
  column: Schema.Int,
  message: Schema.String,
  code_snippet: Schema.String,
  cwe: Schema.String,
  cvss: Schema.Number,
  owasp_category: Schema.String,
  category: Category,
  risk_tier: RiskTier,
  finding_type: FindingType,
  remediation_hint: Schema.String,
  remediation_steps: Schema.Array(Schema.String),
  compliance_mapping: ComplianceMapping,
  finding_hash: Schema.String,
  /** extension (docs/service.md): in JSON and YAML files, the JSON path of the reported value */
  json_path: Schema.optional(Schema.String).annotations({
    description: "Vigil extension: in JSON and YAML files, the JSON path of the reported value, e.g. $.mcpServers.shell.command"
  })
})
export type Finding = typeof Finding.Type

/** Another place that belongs to a finding: each node of a cycle, for SARIF `relatedLocations`. */
export interface RelatedLocation {
  readonly line: number
  readonly column: number
  readonly message: string
}

/**
 * A finding as the engine builds it: the API shape plus internal fields the API does not carry (its
 * schema drops them when a response is encoded; SARIF renders them). See docs/service.md.
 */
export type LocatedFinding = Finding & { readonly related_locations?: ReadonlyArray<RelatedLocation> }

export const QuickWin = Schema.Struct({
  priority: Schema.Int,
  action: Schema.String,
  pattern_id: Schema.String,
  severity: Severity,
  file: Schema.String,
  line: Schema.Int
})
export type QuickWin = typeof QuickWin.Type

export const SeverityCounts = Schema.Struct({
  total: Schema.Int,
  critical: Schema.Int,
  high: Schema.Int,
  medium: Schema.Int,
  low: Schema.Int
})
export type SeverityCounts = typeof SeverityCounts.Type
