// A helper that returns its argument only when an allow-list admits it (`LIST.includes(x) ? x : d`,
// through a variable or not) gives its callers one of the allowed values; a helper that returns the
// argument unchecked, or checks a different value, passes the request's text on.
import express from "express"
import OpenAI from "openai"

const app = express()
const llm = new OpenAI()
const STYLES = ["formal", "casual", "playful"] as const
type Style = (typeof STYLES)[number]
const LOCALES = new Set(["en", "de", "fr"])

function pickStyle(raw: unknown): Style {
  return STYLES.includes(raw as Style) ? (raw as Style) : "formal"
}

function localeOr(raw: string): string {
  const chosen = LOCALES.has(raw) ? raw : "en"
  return chosen
}

function anyStyle(raw: string): string {
  return raw || "formal"
}

function wrongCheck(raw: string, other: string): string {
  return LOCALES.has(other) ? raw : "en"
}

app.post("/rewrite", express.json(), async (req, res) => {
  const style = pickStyle(req.body.style)
  const locale = localeOr(String(req.body.locale))
  const out = await llm.chat.completions.create({
    model: "gpt-4o-mini",
    messages: [
      // ok: universal_prompt_injection
      { role: "system", content: `Rewrite the user's text in a ${style} style, in locale ${locale}.` },
      { role: "user", content: String(req.body.text) },
    ],
  })
  res.json({ text: out.choices[0].message.content })
})

app.post("/rewrite/open", express.json(), async (req, res) => {
  const style = anyStyle(req.body.style)
  const locale = wrongCheck(req.body.locale, "en")
  const out = await llm.chat.completions.create({
    model: "gpt-4o-mini",
    messages: [
      // ruleid: universal_prompt_injection
      { role: "system", content: `Rewrite the user's text in a ${style} style, in locale ${locale}.` },
      { role: "user", content: String(req.body.text) },
    ],
  })
  res.json({ text: out.choices[0].message.content })
})
