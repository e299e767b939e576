import { readFileSync } from "node:fs"
import { dirname, join } from "node:path"
import { fileURLToPath } from "node:url"
import { Either } from "effect"
import type { FileTask } from "../../src/engine/Analyser.js"
import { makeAnalyser } from "../../src/engine/createAnalyser.js"
import { loadCatalogueSync } from "../../src/engine/index.js"
import { MemoryHygiene } from "../../src/engine/pool/analyseBatch.js"
import { discoverCorpora, readManifest, resolveCorpus } from "../corpora.js"
import { parseOnlyAnalyser } from "../parseOnly.js"

/**
 * Cost of the pool's memory hygiene (a forced `gc()` plus an event-loop turn once RSS passes a floor
 * and then per step of growth, first written for tree-sitter's native trees, kept for V8's heap growth on large scans) on each language: the same analyser over the pinned sample,
 * several passes, with the worker's MemoryHygiene and without it. Figures are MB per CPU second.
 *
 *   node --expose-gc dist/benchmarks/experiments/gcEffect.js [typescript|javascript|python|go] [passes]
 */

const here = dirname(fileURLToPath(import.meta.url))
const REPO_ROOT = join(here, "..", "..", "..")
const corpus = (process.argv[2] ?? "typescript") as "typescript" | "javascript" | "python" | "go"
const PASSES = Number(process.argv[3] ?? "5")

if (typeof (globalThis as { gc?: unknown }).gc !== "function") throw new Error("run with node --expose-gc")

const { sources } = discoverCorpora(REPO_ROOT)
const source = sources.find((s) => s.name === corpus)
if (source === undefined) throw new Error(`no ${corpus} corpus on this machine`)
const pinned = readManifest(join(REPO_ROOT, "benchmarks", "manifest.json"))?.corpora[corpus]
const { selected } = resolveCorpus(source, pinned, pinned?.capBytes ?? 1_500_000, false)
const tasks: Array<FileTask> = selected.files.map((f) => ({ path: f.path, content: readFileSync(f.absolute, "utf8"), kind: corpus }))
const bytes = tasks.reduce((s, t) => s + Buffer.byteLength(t.content), 0)
const loaded = loadCatalogueSync({})
if (Either.isLeft(loaded)) throw new Error(loaded.left.message)
const scan = makeAnalyser(loaded.right)

const passes = async (mode: "parse" | "scan", hygiene: boolean): Promise<Array<number>> => {
  const analyser = mode === "scan" ? scan : parseOnlyAnalyser
  const memory = new MemoryHygiene()
  const out: Array<number> = []
  for (let p = 0; p < PASSES; p++) {
    const c0 = process.cpuUsage()
    for (const t of tasks) {
      analyser.analyse(t, Date.now() + 60_000)
      if (hygiene) await memory.afterFile()
    }
    const c = process.cpuUsage(c0)
    out.push(bytes / 1e6 / ((c.user + c.system) / 1e6))
  }
  return out
}

// each variant in the same process after the same JIT history would bias the later ones: the order
// alternates and every variant's best pass (warm) is what the comparison uses
console.log(`${corpus}: ${tasks.length} files, ${(bytes / 1e6).toFixed(2)} MB, ${PASSES} passes per variant (MB per CPU second)`)
for (const mode of ["parse", "scan"] as const) {
  for (const hygiene of [false, true]) {
    const figures = await passes(mode, hygiene)
    console.log(
      `${mode.padEnd(5)} ${hygiene ? "with MemoryHygiene gc" : "no forced gc         "}  passes ${figures.map((f) => f.toFixed(2)).join(" ")}  best ${Math.max(...figures).toFixed(2)}`
    )
  }
}
