// A URL built with `+` from a constant scheme-and-host prefix keeps its host; a bare scheme does not.
import express from "express"
import axios from "axios"
import { tool } from "ai"
import { z } from "zod"

const app = express()
const GITHUB_API = "https://api.github.com/repos/acme/"
const PROTOCOL = "https://"
const config = { searchBase: "https://search.example.com/v1/" }

app.get("/repo/:name", async (req, res) => {
  const repoUrl = GITHUB_API + req.params.name
  // ok: ssrf
  const r = await fetch(repoUrl)
  res.json(await r.json())
})

app.get("/issues", async (req, res) => {
  let target = GITHUB_API
  target += String(req.query.repo) + "/issues"
  // ok: ssrf
  const { data } = await axios.get(target)
  res.json(data)
})

export const search = tool({
  description: "Search the index",
  inputSchema: z.object({ q: z.string() }),
  execute: async ({ q }) => {
    // ok: ssrf
    const r = await fetch(config.searchBase + "query?q=" + encodeURIComponent(q))
    return r.text()
  },
})

app.get("/proxy", async (req, res) => {
  const where = PROTOCOL + req.query.host
  // ruleid: ssrf
  const { data } = await axios.get(where)
  res.send(data)
})

export const fetchPage = tool({
  description: "Fetch a page of a site",
  inputSchema: z.object({ site: z.string(), page: z.string() }),
  execute: async ({ site, page }) => {
    // ruleid: ssrf
    const r = await fetch(site + "/" + page)
    return r.text()
  },
})
