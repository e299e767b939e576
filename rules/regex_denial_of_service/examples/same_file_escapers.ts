// escapeRegExp / escapeRegex written in this file are judged by their bodies: one that returns the
// text as it came escapes nothing; one that backslashes every metacharacter does. An escape imported
// from another module is trusted by its name.
import { tool } from "ai"
import { z } from "zod"
import { escapeRegExp as escapeFromLib } from "./text"

function escapeRegex(text: string): string {
  return text.normalize("NFC")
}

class Matcher {
  escapeRegExp(text: string): string {
    const escaped = text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")
    return escaped
  }

  compile(words: string) {
    // ok: regex_denial_of_service
    return new RegExp(`\\b${this.escapeRegExp(words)}\\b`, "i")
  }
}

export const findTool = tool({
  description: "find a phrase in the notes",
  inputSchema: z.object({ phrase: z.string() }),
  execute: async ({ phrase }) => {
    // ruleid: regex_denial_of_service
    const exact = new RegExp(escapeRegex(phrase))
    const quoted = escapeRegex(phrase)
    // ruleid: regex_denial_of_service
    const word = new RegExp(`^${quoted}$`, "m")
    // ok: regex_denial_of_service
    const lib = new RegExp(escapeFromLib(phrase), "g")
    return [exact, word, lib, new Matcher().compile(phrase)].map(String)
  }
})
