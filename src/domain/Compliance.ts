import { Schema } from "effect"

/** A compliance catalogue file (compliance/<framework>.yaml): the ids a rule may reference. */
export const ComplianceFramework = Schema.Literal(
  "owasp_llm",
  "owasp_agentic",
  "owasp_web",
  "cwe",
  "eu_ai_act",
  "nist_ai_rmf",
  "iso_42001"
)
export type ComplianceFramework = typeof ComplianceFramework.Type

export const ComplianceEntry = Schema.Struct({
  id: Schema.String,
  title: Schema.String,
  aliases: Schema.optional(Schema.Array(Schema.String))
}).annotations({ parseOptions: { onExcessProperty: "error" } })

export const ComplianceCatalogue = Schema.Struct({
  framework: ComplianceFramework,
  name: Schema.String,
  version: Schema.String,
  source: Schema.String,
  entries: Schema.Array(ComplianceEntry).pipe(Schema.minItems(1))
}).annotations({ parseOptions: { onExcessProperty: "error" }, identifier: "ComplianceCatalogue" })
export type ComplianceCatalogue = typeof ComplianceCatalogue.Type
