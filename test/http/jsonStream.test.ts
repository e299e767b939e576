import fc from "fast-check"
import { describe, expect, it } from "vitest"
import { jsonChunks } from "../../src/http/jsonStream.js"

const streamed = (value: unknown): { text: string; chunks: number; largest: number } => {
  let text = ""
  let chunks = 0
  let largest = 0
  for (const chunk of jsonChunks(value)) {
    text += Buffer.from(chunk).toString("utf8")
    chunks++
    largest = Math.max(largest, chunk.byteLength)
  }
  return { text, chunks, largest }
}

describe("streamed JSON answers", () => {
  it("give exactly the text of JSON.stringify for any JSON value", () => {
    fc.assert(
      fc.property(fc.jsonValue({ maxDepth: 8 }), (value) => {
        expect(streamed(value).text).toBe(JSON.stringify(value))
      }),
      { numRuns: 300 }
    )
  })

  it("leave out undefined keys and write undefined array elements as null, as JSON.stringify does", () => {
    const value = { a: undefined, b: [undefined, 1], c: { d: undefined, e: "x" }, when: new Date(0) }
    expect(streamed(value).text).toBe(JSON.stringify(value))
  })

  it("send a scan with many findings in bounded chunks", () => {
    const finding = (i: number) => ({ id: `f-${i}`, file: `src/${i}.py`, line: i, message: "x".repeat(200), steps: ["a", "b"] })
    const answer = { success: true, findings: Array.from({ length: 20_000 }, (_, i) => finding(i)), sarif: { runs: [{ results: [1, 2] }] } }
    const { chunks, largest, text } = streamed(answer)
    expect(text).toBe(JSON.stringify(answer))
    expect(chunks).toBeGreaterThan(50)
    // one chunk is about 64 KB plus at most one piece: never the whole answer
    expect(largest).toBeLessThan(70 * 1024)
  })
})
