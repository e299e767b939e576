import { describe, expect, it } from "vitest"
import { createTestDatabase } from "../support/databases.js"
import { request, startServer, waitReady } from "../support/server.js"

/** SIGTERM stops the server only after the scans it accepted have been answered. */
describe("graceful shutdown", () => {
  it("finishes an in-flight scan after SIGTERM, then exits 0", async () => {
    const db = await createTestDatabase("embedded")
    try {
      const server = await startServer({ ...db.env, VIGIL_WORKERS: "1" })
      await waitReady(server)
      const files = Array.from({ length: 80 }, (_, i) => ({ path: `a/m${i}.py`, content: "def f(x):\n    return eval(x)\n".repeat(100) }))
      const inflight = request(server, "POST", "/v1/scan", { key: server.bootstrapKey!, body: { files } })
      await new Promise((resolve) => setTimeout(resolve, 1000))
      const exited = server.stop("SIGTERM")
      const answer = await inflight
      expect(answer.status).toBe(200)
      expect((answer.body as { summary: { total: number } }).summary.total).toBe(8000)
      expect(await exited).toBe(0)
    } finally {
      await db.dispose()
    }
  }, 240_000)
})
