import type { RiskTier, Severity } from "../../domain/Vocabulary.js"

/**
 * What a matcher reports: a location in the file text plus the rule it belongs to. The engine turns
 * raw matches into API findings (metadata, hash, masking, snippet) in one place.
 */
export interface RawMatch {
  readonly ruleId: string
  /** index into the rule's `matchers` list, so per-matcher overrides apply */
  readonly matcherIndex: number
  /** UTF-16 offsets into the file text (for embedded code: already mapped back into the file) */
  readonly start: number
  readonly end: number
  /** the matched source text; whitespace-normalised into the finding hash */
  readonly text: string
  /** extra detail appended to the rule's message, e.g. the node name in a builder export */
  readonly detail?: string
  /** in a JSON or YAML document: the JSON path of the reported value, e.g. `$.mcpServers.shell.command` */
  readonly jsonPath?: string
  /** a credential value found at this location: masked everywhere it could appear */
  readonly secret?: string
  /** per-finding adjustments, e.g. a proven data flow raises confidence and tier */
  readonly confidence?: number
  readonly riskTier?: RiskTier
  readonly severity?: Severity
  /** the message variant when it is not the matcher's (a flow an approval lowered) */
  readonly variant?: string
  /** other places that belong to the finding (every node of a cycle), shown as SARIF related locations */
  readonly related?: ReadonlyArray<{ readonly start: number; readonly end: number; readonly message: string }>
}

const TIER_STRENGTH: Record<RiskTier, number> = { vulnerability: 2, risk_pattern: 1, hardening: 0 }

/** How matches of one rule at one location are ranked: tier first, then confidence. */
export const strength = (x: RawMatch): number => (x.riskTier !== undefined ? TIER_STRENGTH[x.riskTier] : 1) * 10 + (x.confidence ?? 0)
