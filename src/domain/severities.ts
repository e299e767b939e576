/**
 * The severity scale, most severe first. Plain data without `effect`, so analysis workers can use it
 * without loading the Schema library (Vocabulary.ts builds the Schema from it).
 */
export const SEVERITIES = ["CRITICAL", "HIGH", "MEDIUM", "LOW"] as const

export type Severity = (typeof SEVERITIES)[number]

export const severityRank = (s: Severity): number => 3 - SEVERITIES.indexOf(s)
