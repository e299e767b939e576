import { spawn } from "node:child_process"
import { copyFileSync, mkdirSync } from "node:fs"
import { dirname, join } from "node:path"
import { type CorpusSource, selectSample } from "./corpora.js"
import { type MemoryPeak, procAvailable, TreeSampler, treeStats } from "./procTree.js"

/**
 * Peak memory of `vigil scan` (local mode: the CLI and its analysis workers) over a Python tree of
 * `targetBytes` built from real code: the Python corpus's source (the standard library, fixture
 * directories left out, as Vigil skips them), copied again under `copy-2/`, ... until the size is
 * reached (the standard library alone is smaller than the 19 MB the target speaks of). RSS of every
 * process of the tree is sampled every 100 ms; CPU seconds are the last reading per process.
 */

export interface LocalScanFigures {
  /** where the tree was built (inside the run's work directory) */
  readonly dir: string
  readonly files: number
  readonly bytes: number
  /** how many times the source files were copied to reach the size */
  readonly copies: number
  readonly wallMs: number
  readonly cpuSeconds: number
  readonly exitCode: number | null
  readonly memory: MemoryPeak
}

const buildTree = (source: CorpusSource, dir: string, targetBytes: number): { files: number; bytes: number; copies: number } => {
  const sample = selectSample(source, Number.MAX_SAFE_INTEGER)
  if (sample.files.length === 0) throw new Error(`no file in ${source.root}`)
  let files = 0
  let bytes = 0
  let copy = 1
  while (bytes < targetBytes) {
    for (const file of sample.files) {
      if (bytes >= targetBytes) break
      const to = join(dir, copy === 1 ? "" : `copy-${copy}`, file.path)
      mkdirSync(dirname(to), { recursive: true })
      copyFileSync(join(source.root, file.path), to)
      files += 1
      bytes += file.bytes
    }
    if (bytes < targetBytes) copy += 1
  }
  return { files, bytes, copies: copy }
}

export const measureLocalScan = async (options: {
  readonly repoRoot: string
  readonly source: CorpusSource
  readonly workdir: string
  readonly targetBytes: number
}): Promise<LocalScanFigures> => {
  if (!procAvailable()) throw new Error("/proc is not available: memory cannot be measured")
  const dir = join(options.workdir, "local-scan-tree")
  const tree = buildTree(options.source, dir, options.targetBytes)
  const started = performance.now()
  const child = spawn(
    process.execPath,
    [join(options.repoRoot, "bin", "vigil.mjs"), "scan", dir, "--format", "json", "--output", join(options.workdir, "local-scan.json"), "--budget", "3600"],
    { stdio: ["ignore", "ignore", "pipe"] }
  )
  let stderr = ""
  child.stderr.on("data", (chunk: Buffer) => (stderr = (stderr + chunk.toString("utf8")).slice(-2_000)))
  const sampler = new TreeSampler(child.pid!).start()
  const cpu = new Map<number, number>()
  const cpuTimer = setInterval(() => {
    for (const p of treeStats(child.pid!)) cpu.set(p.pid, Math.max(cpu.get(p.pid) ?? 0, p.cpuSeconds))
  }, 100)
  const exitCode = await new Promise<number | null>((resolve) => child.on("exit", (code) => resolve(code)))
  clearInterval(cpuTimer)
  const memory = sampler.stop()
  if (exitCode !== 0 && exitCode !== 1) throw new Error(`vigil scan exited with ${exitCode}: ${stderr.trim()}`)
  return {
    dir,
    ...tree,
    wallMs: performance.now() - started,
    cpuSeconds: [...cpu.values()].reduce((a, b) => a + b, 0),
    exitCode,
    memory
  }
}
