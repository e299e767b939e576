import { tool } from "ai"
import { z } from "zod"

const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")

export const grepTool = tool({
  description: "search the knowledge base with a pattern",
  inputSchema: z.object({ pattern: z.string() }),
  execute: async ({ pattern }) => {
    // ruleid: regex_denial_of_service
    const re = new RegExp(pattern, "i")
    return re.source
  }
})

export function literalSearch(needle: string) {
  // ok: regex_denial_of_service
  const re = new RegExp(escapeRegExp(needle))
  // ok: regex_denial_of_service
  const fixed = new RegExp("^v\\d+$")
  return [re, fixed]
}
