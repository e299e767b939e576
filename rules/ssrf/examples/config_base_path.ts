// The scheme and host come from configuration (process.env, a settings module); the model or the
// request chooses only a path segment or query value after the host's '/': not SSRF. Data that starts
// the URL, names the host, or follows the configured base with no '/' between still picks the host.
import express from "express"
import axios from "axios"
import { tool } from "ai"
import { z } from "zod"
import { settings } from "./settings"

const app = express()
const ORDERS_API = process.env.ORDERS_API!
const crm = settings.crm

app.get("/orders/:id", async (req, res) => {
  const url = `${ORDERS_API}/orders/${encodeURIComponent(req.params.id)}`
  // ok: ssrf
  const r = await fetch(url)
  res.json(await r.json())
})

export const customer = tool({
  description: "A customer record",
  inputSchema: z.object({ name: z.string() }),
  execute: async ({ name }) => {
    // ok: ssrf
    const { data } = await axios.get(crm.baseUrl + "/customers/" + encodeURIComponent(name))
    return data
  }
})

export const search = tool({
  description: "Search customers",
  inputSchema: z.object({ q: z.string() }),
  execute: async ({ q }) => {
    // ok: ssrf
    const r = await fetch(`${process.env.CRM_URL}/search?${new URLSearchParams({ q })}`)
    return r.json()
  }
})

async function ordersApi(path: string) {
  // ok: ssrf
  const r = await fetch(`${ORDERS_API}/${path}`)
  return r.json()
}

export const invoice = tool({
  description: "An invoice",
  inputSchema: z.object({ id: z.string() }),
  execute: async ({ id }) => ordersApi(`invoices/${encodeURIComponent(id)}`)
})

export const page = tool({
  description: "Fetch below a URL the model gives",
  inputSchema: z.object({ pageUrl: z.string() }),
  execute: async ({ pageUrl }) => {
    // ruleid: ssrf
    const r = await fetch(`${pageUrl}/index.html`)
    return r.text()
  }
})

export const fromHost = tool({
  description: "Fetch from a host the model names",
  inputSchema: z.object({ host: z.string() }),
  execute: async ({ host }) => {
    // ruleid: ssrf
    const r = await fetch("https://" + host + "/" + ORDERS_API)
    return r.text()
  }
})

app.get("/suffix", async (req, res) => {
  // no '/' after the configured base: `@evil.com` or `.evil.com` changes the host
  // ruleid: ssrf
  const r = await fetch(`${ORDERS_API}${req.query.rest}`)
  res.send(await r.text())
})
