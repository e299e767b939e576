import { createServer, type IncomingMessage, type ServerResponse } from "node:http"
import type { AddressInfo } from "node:net"

/**
 * An HTTP proxy in front of a Vigil server that records every request body, so tests can assert on
 * exactly what the CLI sent (no secret may ever appear), and can answer the next requests itself
 * with queued faults (429/503 with Retry-After) before forwarding again.
 */

export interface RecordedRequest {
  readonly method: string
  readonly path: string
  readonly headers: Record<string, string>
  readonly body: string
  readonly at: number
  /** the status the CLI got back */
  status?: number
}

export interface Fault {
  /** answer only requests whose path matches (others are forwarded and the fault waits) */
  readonly path?: RegExp
  /** forward the request first, then answer the fault anyway: the server did the work, the client saw a failure */
  readonly afterForwarding?: boolean
  readonly status: number
  readonly headers?: Record<string, string>
  readonly body?: unknown
}

export interface RecordingProxy {
  readonly url: string
  readonly requests: Array<RecordedRequest>
  /** answered in order, one per request, before requests are forwarded again */
  readonly faults: Array<Fault>
  /** paths answered 404 as by a server without those endpoints (an older Vigil) */
  readonly blocked: Array<RegExp>
  readonly close: () => Promise<void>
}

const HOP_BY_HOP = new Set(["host", "connection", "content-length", "transfer-encoding", "keep-alive"])

const readAll = (req: IncomingMessage): Promise<Buffer> =>
  new Promise((resolve, reject) => {
    const chunks: Array<Buffer> = []
    req.on("data", (c: Buffer) => chunks.push(c))
    req.on("end", () => resolve(Buffer.concat(chunks)))
    req.on("error", reject)
  })

export const startRecordingProxy = async (target: string): Promise<RecordingProxy> => {
  const requests: Array<RecordedRequest> = []
  const faults: Array<Fault> = []
  const blocked: Array<RegExp> = []
  const handle = async (req: IncomingMessage, res: ServerResponse): Promise<void> => {
    const body = await readAll(req)
    const headers: Record<string, string> = {}
    for (const [k, v] of Object.entries(req.headers)) if (typeof v === "string" && !HOP_BY_HOP.has(k)) headers[k] = v
    const record: RecordedRequest = { method: req.method ?? "GET", path: req.url ?? "/", headers, body: body.toString("utf8"), at: Date.now() }
    requests.push(record)
    const path = (req.url ?? "/").split("?")[0]!
    if (blocked.some((b) => b.test(path))) {
      record.status = 404
      res.writeHead(404, { "content-type": "application/json" })
      res.end(JSON.stringify({ code: "not_found", error: `No such endpoint: ${req.method} ${path}` }))
      return
    }
    const next = faults[0]
    const fault = next !== undefined && (next.path === undefined || next.path.test(path)) ? faults.shift() : undefined
    if (fault?.afterForwarding === true) {
      await fetch(target + (req.url ?? "/"), { method: req.method ?? "GET", headers, ...(body.length > 0 ? { body } : {}) }).then((r) => r.arrayBuffer())
    }
    if (fault !== undefined) {
      record.status = fault.status
      res.writeHead(fault.status, { "content-type": "application/json", ...fault.headers })
      res.end(JSON.stringify(fault.body ?? { code: fault.status === 429 ? "rate limited" : "worker_unavailable", error: "injected by the test proxy" }))
      return
    }
    const upstream = await fetch(target + (req.url ?? "/"), {
      method: req.method ?? "GET",
      headers,
      ...(body.length > 0 ? { body } : {})
    })
    const answer = Buffer.from(await upstream.arrayBuffer())
    record.status = upstream.status
    const out: Record<string, string> = {}
    upstream.headers.forEach((value, key) => {
      if (!HOP_BY_HOP.has(key) && key !== "content-encoding") out[key] = value
    })
    res.writeHead(upstream.status, out)
    res.end(answer)
  }
  const server = createServer((req, res) => {
    handle(req, res).catch((error: unknown) => {
      res.writeHead(502, { "content-type": "application/json" })
      res.end(JSON.stringify({ code: "proxy_error", error: String(error) }))
    })
  })
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve))
  const { port } = server.address() as AddressInfo
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    faults,
    blocked,
    close: () => new Promise((resolve) => server.close(() => resolve()))
  }
}
