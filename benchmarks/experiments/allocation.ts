import { readFileSync } from "node:fs"
import { Session } from "node:inspector/promises"
import { relative } from "node:path"
import { PerformanceObserver } from "node:perf_hooks"
import { parseOnlyAnalyser } from "../parseOnly.js"
import { type CodeCorpus, pinnedSample, REPO_ROOT } from "./pinnedSample.js"

/**
 * Where a warm pass's CPU goes besides the main thread, and who allocates what the collector then
 * pays for. Per pass of the pinned sample, parse-only and scan: the main thread's CPU (from
 * /proc/self/task), the whole process's CPU (the difference is V8's GC and compiler threads, which
 * compete with a second worker), and the collections seen (count, pause). Then one scan pass under
 * V8's sampling heap profiler: bytes allocated per function.
 *
 *   node dist/benchmarks/experiments/allocation.js [python|go|typescript|javascript] [passes]
 */

const corpus = (process.argv[2] ?? "go") as CodeCorpus
const PASSES = Number(process.argv[3] ?? "8")

const { tasks, bytes, scan } = pinnedSample(corpus)

const TICK_MS = 10 // USER_HZ 100 on Linux
const mainThreadMs = (): number => {
  const fields = readFileSync(`/proc/self/task/${process.pid}/stat`, "utf8").split(") ")[1]!.split(" ")
  return (Number(fields[11]) + Number(fields[12])) * TICK_MS
}

let gcCount = 0
let gcMs = 0
new PerformanceObserver((list) => {
  for (const e of list.getEntries()) {
    gcCount++
    gcMs += e.duration
  }
}).observe({ entryTypes: ["gc"] })

const pass = async (mode: "parse" | "scan"): Promise<{ main: number; process: number; gcs: number; gcPause: number }> => {
  const analyser = mode === "scan" ? scan : parseOnlyAnalyser
  const m0 = mainThreadMs()
  const c0 = process.cpuUsage()
  const g0 = gcCount
  const p0 = gcMs
  for (const t of tasks) analyser.analyse(t, Date.now() + 60_000)
  const c = process.cpuUsage(c0)
  const main = mainThreadMs() - m0
  // the observer's entries arrive on a later turn of the event loop
  await new Promise((r) => setTimeout(r, 20))
  return { main, process: (c.user + c.system) / 1000, gcs: gcCount - g0, gcPause: gcMs - p0 }
}

console.log(`${corpus}: ${tasks.length} files, ${(bytes / 1e6).toFixed(2)} MB, ${PASSES} passes per mode, alternating`)
type PassFigures = Awaited<ReturnType<typeof pass>>
const rows: Record<"parse" | "scan", Array<PassFigures>> = { parse: [], scan: [] }
for (let p = 0; p < PASSES; p++) for (const mode of ["parse", "scan"] as const) rows[mode].push(await pass(mode))
for (const mode of ["parse", "scan"] as const) {
  const warm = rows[mode].slice(Math.floor(PASSES / 2))
  const med = (f: (r: PassFigures) => number): number => [...warm.map(f)].sort((a, b) => a - b)[Math.floor(warm.length / 2)]!
  const main = med((r) => r.main)
  const proc = med((r) => r.process)
  console.log(
    `${mode.padEnd(5)} process ${proc.toFixed(0)} ms CPU, main thread ${main.toFixed(0)} ms (other threads ${(proc - main).toFixed(0)} ms, ${((proc / Math.max(1, main) - 1) * 100).toFixed(0)} %), ` +
      `${med((r) => r.gcs)} collections, ${med((r) => r.gcPause).toFixed(0)} ms paused`
  )
}

// who allocates: one more scan pass under the sampling heap profiler (objects collected before the
// profile is read still count: includeObjectsCollectedByMajorGC / MinorGC)
const session = new Session()
session.connect()
await session.post("HeapProfiler.startSampling", { samplingInterval: 4096, includeObjectsCollectedByMajorGC: true, includeObjectsCollectedByMinorGC: true })
await pass("scan")
const { profile } = (await session.post("HeapProfiler.stopSampling")) as unknown as { profile: { head: HeapNode } }
interface HeapNode {
  readonly callFrame: { readonly functionName: string; readonly url: string; readonly lineNumber: number }
  readonly selfSize: number
  readonly children: ReadonlyArray<HeapNode>
}
const selfBy = new Map<string, number>()
let total = 0
const walk = (n: HeapNode): void => {
  const { functionName, url, lineNumber } = n.callFrame
  const file = url.startsWith("file://") ? relative(REPO_ROOT, url.slice(7)) : url
  const name = `${functionName || "(anonymous)"} ${file}:${lineNumber + 1}`
  selfBy.set(name, (selfBy.get(name) ?? 0) + n.selfSize)
  total += n.selfSize
  n.children.forEach(walk)
}
walk(profile.head)
console.log(`scan pass: ${(total / 1e6).toFixed(1)} MB allocated (sampled), ${(total / bytes).toFixed(0)} bytes per source byte; top allocators:`)
for (const [name, size] of [...selfBy].sort((a, b) => b[1] - a[1]).slice(0, Number(process.env.TOP ?? "25")))
  console.log(`  ${(size / 1e6).toFixed(2).padStart(7)} MB ${((size / total) * 100).toFixed(1).padStart(5)} %  ${name}`)
