import { Schema } from "effect"
import { RiskTier, Severity } from "./Vocabulary.js"

/** Fields every matcher may set to override its rule's for one target (rule.yaml `matchers[]`). */
export const MatcherOverrides = {
  title: Schema.optional(Schema.String),
  severity: Schema.optional(Severity),
  confidence: Schema.optional(Schema.Number.pipe(Schema.between(0, 1))),
  risk_tier: Schema.optional(RiskTier),
  message: Schema.optional(Schema.String),
  variant: Schema.optional(Schema.String.pipe(Schema.pattern(/^[a-z][a-z0-9_]*$/))).annotations({
    description: "snake_case name of this matcher's message, so an example can pin it: `ruleid: <id>[<variant>]`"
  })
}
