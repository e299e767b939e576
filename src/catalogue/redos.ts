import { createHash } from "node:crypto"
import { createRequire } from "node:module"
import type { RegexUse } from "./regexInventory.js"

/** Identity of a regex for the verification record: flags and source, hashed. */
export const regexKey = (r: Pick<RegexUse, "source" | "flags">): string =>
  createHash("sha256").update(`${r.flags.replace(/[gdy]/g, "")}/${r.source}`).digest("hex").slice(0, 32)

export interface RedosVerdict {
  readonly status: "safe" | "vulnerable" | "unknown"
  readonly detail: string
}

/**
 * recheck (a ReDoS checker combining automaton analysis and fuzzing) on one regex. Only checking
 * flags matter: `g`, `d` and `y` do not change backtracking.
 */
export const checkRedos = (r: Pick<RegexUse, "source" | "flags">, timeoutMs = 15_000): RedosVerdict => {
  const require = createRequire(import.meta.url)
  const { checkSync } = require("recheck") as {
    checkSync: (source: string, flags: string, params: { timeout: number }) => {
      status: "safe" | "vulnerable" | "unknown"
      complexity?: { type: string; summary?: string }
      attack?: { pattern?: string }
      error?: { kind: string }
    }
  }
  const result = checkSync(r.source, r.flags.replace(/[gdy]/g, ""), { timeout: timeoutMs })
  const detail = result.status === "vulnerable"
    ? `${result.complexity?.type ?? "?"} backtracking, attack ${result.attack?.pattern ?? "?"}`
    : result.status === "unknown" ? `undecided (${result.error?.kind ?? "?"})` : "safe"
  return { status: result.status, detail }
}
