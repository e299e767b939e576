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

const SLUG = "^([a-z0-9]+-?)+$"

export function isSlug(value: string) {
  // ruleid: regex_denial_of_service[nested_quantifier]
  return new RegExp(SLUG).test(value)
}

export function highlighter(terms: string[]) {
  const source = terms.join("|")
  // ruleid: regex_denial_of_service
  return new RegExp(`(${source})`, "gi")
}

export function version() {
  const pattern = "^v(\\d+)\\.(\\d+)$"
  // ok: regex_denial_of_service
  return RegExp(pattern)
}

const ORDER_LIST = /^(?:[a-z0-9]+[\s,-]?)+$/i
const SKU = /^[A-Z]{3}-\d{4}$/
const DOTTED = /^([a-z0-9]+\.)*[a-z0-9]+$/

export function routeMessage(message: string): "orders" | "sku" | "chat" {
  const text = message.trim()
  // ruleid: regex_denial_of_service[nested_quantifier]
  if (ORDER_LIST.test(text)) return "orders"
  // ok: regex_denial_of_service
  if (SKU.test(text)) return "sku"
  return "chat"
}

export function tokens(body: string) {
  // ruleid: regex_denial_of_service[nested_quantifier]
  const words = body.match(/^(\w+\s*)+$/)
  // ok: regex_denial_of_service
  const host = DOTTED.exec(body)
  return [words, host]
}
