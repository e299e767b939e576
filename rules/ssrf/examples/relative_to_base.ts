// A path resolved against a fixed base (`new URL(path, BASE)`) can still leave it: `//evil.com/x`
// is protocol-relative and names a new host. Checking the result's origin against the base's keeps
// it there; a check against a value the client sent keeps nothing.
import express from "express"
import got from "got"

const CATALOG_BASE = "https://catalog.internal.example.com/"
const catalogOrigin = new URL(CATALOG_BASE).origin
const MIRROR = process.env.MIRROR_ORIGIN ?? "https://mirror.example.com"
const app = express()

app.get("/catalog/*", async (req, res) => {
  const target = new URL(req.params[0], CATALOG_BASE)
  if (target.origin !== catalogOrigin) {
    res.status(400).send("bad path")
    return
  }
  // ok: ssrf
  res.json(await got(target).json())
})

app.get("/mirror/*", async (req, res) => {
  const wanted = new URL(String(req.query.path), MIRROR)
  if (wanted.host === new URL(MIRROR).host) {
    // ok: ssrf
    res.send(await got(wanted).text())
  }
})

app.get("/unchecked/*", async (req, res) => {
  const next = new URL(req.params[0], CATALOG_BASE)
  // ruleid: ssrf
  res.json(await got(next).json())
})

app.get("/self-checked", async (req, res) => {
  const claimed = String(req.query.origin)
  const dest = new URL(String(req.query.path), claimed)
  if (dest.origin !== claimed) return res.status(400).end()
  // ruleid: ssrf
  res.json(await got(dest).json())
})

export default {
  async fetch(request: Request): Promise<Response> {
    const url = new URL(request.url)
    const ASSETS = "https://assets.example-cdn.com"
    const upstream = new URL(url.pathname, ASSETS)
    if (url.searchParams.has("raw")) {
      // ruleid: ssrf
      return fetch(upstream)
    }
    if (upstream.origin !== ASSETS) return new Response("bad path", { status: 400 })
    // ok: ssrf
    return fetch(upstream.toString())
  },
}
