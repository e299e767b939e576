// The Fetch API's Request is built and passed around by client code too: a helper taking one is no
// route, and its parameter holds what its callers give it. What a platform calls with the incoming
// request is a route: a Worker's default-exported `fetch`, and the helpers it hands the request to.
export class HttpError extends Error {}

export async function send(req: Request): Promise<Response> {
  // ok: ssrf
  const response = await fetch(req.url, { method: req.method, headers: req.headers })
  if (!response.ok) throw new HttpError(String(response.status))
  return response
}

export async function withRetry(pending: Request, attempts = 3): Promise<Response> {
  let last: unknown
  for (let i = 0; i < attempts; i++) {
    try {
      // ok: ssrf
      return await fetch(pending.clone())
    } catch (err) {
      last = err
    }
  }
  throw last
}

export function archiveChat(chatId: string) {
  return send(new Request(`/api/chats/${encodeURIComponent(chatId)}/archive`, { method: "POST" }))
}

async function relay(incoming: Request) {
  const target = new URL(incoming.url).searchParams.get("target")!
  // ruleid: ssrf
  return fetch(target)
}

export default {
  async fetch(request: Request, env: unknown): Promise<Response> {
    if (new URL(request.url).pathname === "/relay") return relay(request)
    const upstream = request.headers.get("x-upstream")!
    // ruleid: ssrf
    return fetch(upstream, { headers: { accept: "application/json" } })
  },
}
