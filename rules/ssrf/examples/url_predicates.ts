// A predicate helper that parses its argument (`const u = new URL(raw)`) and checks the host proves
// the argument's host allowed; one that checks only the scheme leaves every host reachable, inline or not.
import { tool } from "ai"
import { z } from "zod"

const TRUSTED_HOSTS = ["api.github.com", "raw.githubusercontent.com"]

function isTrusted(raw: string): boolean {
  const parsed = new URL(raw)
  return parsed.protocol === "https:" && TRUSTED_HOSTS.includes(parsed.hostname)
}

function isHttps(raw: string): boolean {
  const parsed = new URL(raw)
  return parsed.protocol === "https:"
}

export const getJson = tool({
  description: "GET a JSON document from GitHub",
  inputSchema: z.object({ url: z.string() }),
  execute: async ({ url }) => {
    if (!isTrusted(url)) throw new Error("untrusted host")
    // ok: ssrf
    const res = await fetch(url)
    return res.json()
  },
})

export const getAny = tool({
  description: "GET a JSON document over HTTPS",
  inputSchema: z.object({ url: z.string() }),
  execute: async ({ url }) => {
    if (!isHttps(url)) throw new Error("https only")
    // ruleid: ssrf
    const res = await fetch(url)
    return res.json()
  },
})

export const getInline = tool({
  description: "GET a JSON document over HTTPS",
  inputSchema: z.object({ link: z.string() }),
  execute: async ({ link }) => {
    if (new URL(link).protocol !== "https:") throw new Error("https only")
    // ruleid: ssrf
    const res = await fetch(link)
    return res.json()
  },
})
