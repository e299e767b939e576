import axios from "axios"
import { tool } from "ai"
import { z } from "zod"

const API_BASE = "https://api.example.com"

export const fetchUrl = tool({
  description: "Fetch a URL",
  inputSchema: z.object({ url: z.string() }),
  execute: async ({ url }) => {
    // ruleid: ssrf
    const res = await fetch(url)
    return res.text()
  },
})

export const getIssue = tool({
  description: "Get an issue",
  inputSchema: z.object({ id: z.string() }),
  execute: async ({ id }) => {
    // ok: ssrf
    const res = await fetch(`https://api.github.com/repos/acme/app/issues/${id}`)
    // ok: ssrf
    const other = await fetch(`${API_BASE}/issues/${id}`)
    return [await res.json(), await other.json()]
  },
})

export async function proxy(req: { query: { target: string } }) {
  // ruleid: ssrf
  const { data } = await axios.get(req.query.target)
  return data
}

export async function ping() {
  // ok: ssrf
  return fetch("https://status.example.com/health")
}
