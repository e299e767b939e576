import { MemoryHygiene } from "../../src/engine/pool/analyseBatch.js"
import { parseOnlyAnalyser } from "../parseOnly.js"
import { type CodeCorpus, pinnedSample } from "./pinnedSample.js"

/**
 * Cost of the pool's memory hygiene (a forced `gc()` plus an event-loop turn once RSS passes a floor
 * and then per step of growth, first written for tree-sitter's native trees, kept for V8's heap growth on large scans) on each language: the same analyser over the pinned sample,
 * several passes, with the worker's MemoryHygiene and without it. Figures are MB per CPU second.
 *
 *   node --expose-gc dist/benchmarks/experiments/gcEffect.js [typescript|javascript|python|go] [passes]
 */

const corpus = (process.argv[2] ?? "typescript") as CodeCorpus
const PASSES = Number(process.argv[3] ?? "5")

if (typeof (globalThis as { gc?: unknown }).gc !== "function") throw new Error("run with node --expose-gc")

const { tasks, bytes, scan } = pinnedSample(corpus)

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
