import { connect } from "node:net"
import { describe, expect, it } from "vitest"
import { createTestDatabase } from "../support/databases.js"
import { type RunningServer, startServer, waitReady } from "../support/server.js"

/**
 * SIGTERM stops the server only after the scans it accepted have been answered completely: the
 * listener closes at once, but an answer still being computed or still being written to a slow client
 * is written to the last byte before the process exits 0.
 */

const FILES = 120
const FINDINGS_PER_FILE = 100
const files = Array.from({ length: FILES }, (_, i) => ({
  path: `a/m${i}.py`,
  content: "def f(x):\n    return eval(x)\n".repeat(FINDINGS_PER_FILE)
}))

/** The client reads one chunk, then waits: far slower than the server writes, so its buffers stay full. */
const READ_PAUSE_MS = 25

const readSlowly = async (response: Response): Promise<{ readonly text: string; readonly chunks: number }> => {
  const reader = response.body!.getReader()
  const parts: Array<Uint8Array> = []
  for (;;) {
    const { done, value } = await reader.read()
    if (done) break
    parts.push(value)
    await new Promise((resolve) => setTimeout(resolve, READ_PAUSE_MS))
  }
  return { text: Buffer.concat(parts).toString("utf8"), chunks: parts.length }
}

/** True when a new TCP connection to the server is refused (its listener is closed). */
const refusesConnections = (server: RunningServer): Promise<boolean> =>
  new Promise((resolve) => {
    const { hostname, port } = new URL(server.baseUrl)
    const socket = connect({ host: hostname, port: Number(port) })
    socket.once("connect", () => {
      socket.destroy()
      resolve(false)
    })
    socket.once("error", (error: NodeJS.ErrnoException) => resolve(error.code === "ECONNREFUSED"))
  })

const scan = (server: RunningServer): Promise<Response> =>
  fetch(`${server.baseUrl}/v1/scan`, {
    method: "POST",
    headers: { authorization: `Bearer ${server.bootstrapKey!}`, "content-type": "application/json" },
    body: JSON.stringify({ files })
  })

const expectComplete = (text: string) => {
  const body = JSON.parse(text) as { summary: { total: number }; findings: ReadonlyArray<unknown> }
  expect(body.summary.total).toBe(FILES * FINDINGS_PER_FILE)
  expect(body.findings).toHaveLength(FILES * FINDINGS_PER_FILE)
}

describe("graceful shutdown", () => {
  it("finishes an in-flight scan after SIGTERM, then exits 0", async () => {
    const db = await createTestDatabase("embedded")
    try {
      const server = await startServer({ ...db.env, VIGIL_WORKERS: "1" })
      await waitReady(server)
      const inflight = scan(server)
      await new Promise((resolve) => setTimeout(resolve, 500))
      const exited = server.stop("SIGTERM")
      const response = await inflight
      expect(response.status).toBe(200)
      const { text } = await readSlowly(response)
      expectComplete(text)
      expect(await exited).toBe(0)
    } finally {
      await db.dispose()
    }
  }, 480_000)

  // the answer is already being written when SIGTERM arrives, to a client that reads it slowly: the
  // server must not treat that connection as idle and close it while most of the body is unsent
  it("writes a large answer to a slow client to the end after SIGTERM, refusing new connections meanwhile", async () => {
    const db = await createTestDatabase("embedded")
    try {
      const server = await startServer({ ...db.env, VIGIL_WORKERS: "1" })
      await waitReady(server)
      const response = await scan(server)
      expect(response.status).toBe(200)
      const exited = server.stop("SIGTERM")
      let exitedEarly = false
      void exited.then(() => (exitedEarly = true))
      const body = readSlowly(response)
      let refused = false
      for (let i = 0; i < 100 && !refused && !exitedEarly; i++) {
        refused = await refusesConnections(server)
        if (!refused) await new Promise((resolve) => setTimeout(resolve, 20))
      }
      expect(refused).toBe(true)
      const { text, chunks } = await body
      const megabytes = Buffer.byteLength(text) / 1e6
      console.log(`shutdown: ${megabytes.toFixed(1)} MB answer read in ${chunks} chunks after SIGTERM`)
      expect(megabytes).toBeGreaterThan(8)
      expectComplete(text)
      expect(await exited).toBe(0)
    } finally {
      await db.dispose()
    }
  }, 480_000)
})
