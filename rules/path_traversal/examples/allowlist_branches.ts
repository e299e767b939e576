import { readFileSync } from "node:fs"
import express from "express"

const LOCALES = new Set(["en", "de", "fr"])
const app = express()

app.get("/messages", (req, res) => {
  const locale = String(req.query.locale)
  if (LOCALES.has(locale)) {
    // ok: path_traversal
    return res.json(JSON.parse(readFileSync(`/srv/locales/${locale}.json`, "utf8")))
  }
  // ruleid: path_traversal
  res.send(readFileSync(`/srv/locales/${locale}.json`, "utf8"))
})
