// A client whose base URL is a constant set in its constructor keeps that host in the URLs it builds;
// one whose base URL comes from the request does not.
import express from "express"

const app = express()

class StatusClient {
  private baseUrl: string
  constructor() {
    this.baseUrl = "https://api.example.com"
  }
  async status(id: string) {
    // ok: ssrf
    const r = await fetch(`${this.baseUrl}/status/${encodeURIComponent(id)}`)
    return r.json()
  }
  async page(id: string) {
    // ok: ssrf
    const r = await fetch(this.baseUrl + "/pages/" + encodeURIComponent(id))
    return r.json()
  }
}

class ConfiguredClient {
  private baseUrl: string
  constructor() {
    this.baseUrl = process.env.RELAY_URL ?? "https://relay.example.com"
  }
  async item(id: string) {
    // ok: ssrf
    const r = await fetch(`${this.baseUrl}/items/${encodeURIComponent(id)}`)
    return r.json()
  }
}

class ForwardClient {
  private baseUrl: string
  constructor(base: string) {
    this.baseUrl = base
  }
  async item(id: string) {
    // ruleid: ssrf
    const r = await fetch(`${this.baseUrl}/items/${encodeURIComponent(id)}`)
    return r.json()
  }
}

const statusClient = new StatusClient()
const configured = new ConfiguredClient()

app.get("/status/:id", async (req, res) => {
  res.json(await statusClient.status(req.params.id))
})

app.get("/page/:id", async (req, res) => {
  res.json(await statusClient.page(req.params.id))
})

app.get("/item/:id", async (req, res) => {
  res.json(await configured.item(req.params.id))
})

app.get("/forward", async (req, res) => {
  const client = new ForwardClient(String(req.query.base))
  res.json(await client.item(String(req.query.id)))
})
