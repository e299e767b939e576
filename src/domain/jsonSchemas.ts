import { JSONSchema } from "effect"
import { ComplianceCatalogue } from "./Compliance.js"
import { FrameworkModelSource, MatcherListSource, RuleSource } from "./RuleSource.js"

/** The committed JSON Schemas (schemas/*.json), generated from the Schema types so they cannot drift. */
export const generatedSchemas = (): Record<string, unknown> => ({
  "rule.schema.json": JSONSchema.make(RuleSource),
  "matchers.schema.json": JSONSchema.make(MatcherListSource),
  "model.schema.json": JSONSchema.make(FrameworkModelSource),
  "compliance.schema.json": JSONSchema.make(ComplianceCatalogue)
})

export const renderSchema = (schema: unknown): string => JSON.stringify(schema, null, 2) + "\n"
