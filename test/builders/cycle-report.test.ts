import { Either, Schema } from "effect"
import { describe, expect, it } from "vitest"
import { loadCatalogueSync } from "../../src/engine/index.js"
import { Finding } from "../../src/domain/Finding.js"
import { renderSarif } from "../../src/report/Sarif.js"
import { findingsOf } from "./scan.js"

/** Cycle findings point at the connection that closes the loop and name every node of it. */

const main = (...targets: Array<string>) => ({ main: [targets.map((node) => ({ node, type: "main", index: 0 }))] })
const wf = JSON.stringify(
  {
    name: "poll",
    nodes: [
      { id: "s", name: "Start", type: "n8n-nodes-base.manualTrigger", parameters: {} },
      { id: "g", name: "Generate", type: "@n8n/n8n-nodes-langchain.agent", parameters: { options: { maxIterations: 5 } } },
      { id: "c", name: "Check", type: "n8n-nodes-base.httpRequest", parameters: { url: "https://api.example.com/check" } },
      { id: "i", name: "Good enough?", type: "n8n-nodes-base.if", parameters: {} }
    ],
    connections: { Start: main("Generate"), Generate: main("Check"), Check: main("Good enough?"), "Good enough?": { main: [[], [{ node: "Generate", type: "main", index: 0 }]] } }
  },
  null,
  2
)
const lines = wf.split("\n")
const lineOf = (needle: string, after = "") => {
  const from = after === "" ? 0 : lines.findIndex((l) => l.includes(after))
  return lines.findIndex((l, i) => i >= from && l.includes(needle)) + 1
}

describe("cycle findings", () => {
  const [finding, ...more] = findingsOf(wf, "infinite_loop").filter((f) => f.message.includes("cycle"))

  it("point at the closing connection and name every node and what each lap costs", () => {
    expect(more).toEqual([])
    expect(finding!.line).toBe(lineOf('"node": "Generate"', '"Good enough?": {'))
    for (const name of ["Generate", "Check", "Good enough?"]) expect(finding!.message).toContain(`"${name}"`)
    expect(finding!.message).toContain('closed by the connection from "Good enough?" (i) to "Generate" (g)')
    expect(finding!.message).toContain('every lap calls a model ("Generate") and makes an HTTP request ("Check")')
  })

  it("carry every node of the cycle as a related location, rendered in SARIF and dropped from the API shape", () => {
    expect(finding!.related_locations?.map((r) => r.line)).toEqual([lineOf('"name": "Generate"'), lineOf('"name": "Check"'), lineOf('"name": "Good enough?"')])
    const catalogue = loadCatalogueSync()
    if (Either.isLeft(catalogue)) throw new Error("catalogue")
    const sarif = renderSarif({ findings: [finding!], rules: catalogue.right.rules, toolVersion: "test" })
    const result = sarif.runs[0].results[0]!
    expect(result.relatedLocations?.map((r) => [r.id, r.physicalLocation.region.startLine, r.message.text])).toEqual([
      [1, lineOf('"name": "Generate"'), '"Generate" (g): in the cycle'],
      [2, lineOf('"name": "Check"'), '"Check" (c): in the cycle'],
      [3, lineOf('"name": "Good enough?"'), '"Good enough?" (i): in the cycle']
    ])
    expect(Object.keys(Schema.encodeSync(Finding)(finding!))).not.toContain("related_locations")
  })
})
