import { createHash } from "node:crypto"

/** Whitespace carries no meaning for identity: reformatting must not make a finding "new". */
export const normaliseMatchedText = (text: string): string => text.replace(/\s+/g, "")

/**
 * finding_hash = sha256(canonical rule id, normalised path, normalised matched text, occurrence
 * index among identical matches in the file). No line number, so edits elsewhere keep it.
 */
export const findingHash = (ruleId: string, path: string, normalisedText: string, occurrence: number): string =>
  "sha256:" + createHash("sha256").update(`${ruleId}\u0000${path}\u0000${normalisedText}\u0000${occurrence}`).digest("hex")

/** Short id, unique within a scan and stable across scans of unchanged code. */
export const findingId = (hash: string): string => `f_${hash.slice(7, 19)}`
