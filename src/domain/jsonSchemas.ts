import { JSONSchema } from "effect"
import { ComplianceCatalogue } from "./Compliance.js"
import { Rule } from "./Rule.js"

/** The committed JSON Schemas (schemas/*.json), generated from the Schema types so they cannot drift. */
export const generatedSchemas = (): Record<string, unknown> => ({
  "rule.schema.json": JSONSchema.make(Rule),
  "compliance.schema.json": JSONSchema.make(ComplianceCatalogue)
})

export const renderSchema = (schema: unknown): string => JSON.stringify(schema, null, 2) + "\n"
