import fs from "node:fs"
import path from "node:path"
import { describe, expect, it } from "vitest"
import { detectBuilder, normalise } from "../../src/builders/index.js"
import { Deadline, SourceDoc } from "../../src/languages/Source.js"
import { parseStructured } from "../../src/languages/structured.js"

/**
 * Every real export in the shared corpus is recognised as its own builder and normalised without
 * throwing, with node positions inside the file and embedded code mapped back onto its own text.
 * The corpus lives outside the repository (../shared/corpus) and is never copied in.
 */

const CORPUS = path.resolve(process.cwd(), "../shared/corpus")
const BUILDERS = ["flowise", "n8n", "langflow", "dify"] as const
const present = fs.existsSync(CORPUS)
if (!present) console.warn(`builder corpus absent at ${CORPUS}: corpus tests skipped`)

/**
 * Files that are not exports, with the reason. Empty: every corpus file is one. Two files are
 * recognised although they are unusual: dify/Rrocean/workflow_generator_agent_teams.yml is a
 * hand-written DSL without `kind` and with nodes directly under `workflow` (Dify's importer defaults
 * `kind`; the normaliser reads such nodes), and dify/ida29/workflow_v2_classifier.yml repeats a key
 * (accepted, last one wins, as PyYAML does).
 */
const NOT_EXPORTS: Readonly<Record<string, string>> = {}

function files(builder: string): Array<string> {
  const dir = path.join(CORPUS, builder)
  if (!fs.existsSync(dir)) return []
  return (fs.readdirSync(dir, { recursive: true }) as Array<string>)
    .map((f) => path.join(dir, f))
    .filter((p) => fs.statSync(p).isFile())
    .sort()
}

describe.each(BUILDERS)("corpus: %s", (builder) => {
  it.skipIf(!present)("recognises and normalises every export", () => {
    const all = files(builder)
    expect(all.length).toBeGreaterThan(0)
    let recognised = 0
    for (const file of all) {
      const rel = path.relative(CORPUS, file)
      const text = fs.readFileSync(file, "utf8")
      const format = /\.ya?ml$/.test(file) ? "yaml" : "json"
      const parsed = parseStructured(new SourceDoc(rel, text), format, Deadline.never())
      if (!parsed.ok) throw new Error(`${rel}: ${parsed.reason}`)
      const doc = parsed.documents[0]!
      const detected = detectBuilder(doc.value)
      if (rel in NOT_EXPORTS) {
        expect(detected, rel).toBeUndefined()
        continue
      }
      expect(detected?.name, rel).toBe(builder)
      const graph = normalise(doc, detected!)
      recognised++
      expect(graph.nodes.length, rel).toBeGreaterThan(0)

      const ids = new Set(graph.nodes.map((n) => n.id))
      expect(ids.size, rel).toBe(graph.nodes.length)
      for (const e of graph.edges) {
        expect(ids.has(e.source) && ids.has(e.target), `${rel}: edge ${e.source} -> ${e.target}`).toBe(true)
      }
      for (const n of graph.nodes) {
        expect(n.span.end, `${rel}: ${n.id} has a span`).toBeGreaterThan(n.span.start)
        expect(n.anchor.start >= n.span.start && n.anchor.end <= n.span.end, `${rel}: ${n.id} anchor inside node`).toBe(true)
        for (const code of n.embeddedCode) {
          for (let i = 0; i < code.code.length; i += 11) {
            const ch = code.code[i]!
            if (/\s/.test(ch)) continue
            const at = text[code.toFileOffset(i)]
            if (at !== ch) expect(at, `${rel}: ${n.name}.${code.field}[${i}]`).toBe("\\")
          }
        }
      }
    }
    console.info(`corpus ${builder}: ${recognised} of ${all.length} files recognised and normalised`)
  })
})
