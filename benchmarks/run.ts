import { execFileSync, fork } from "node:child_process"
import { createHash } from "node:crypto"
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs"
import { availableParallelism, cpus, loadavg, release, tmpdir, totalmem } from "node:os"
import { dirname, join } from "node:path"
import { fileURLToPath } from "node:url"
import { parseArgs } from "node:util"
import { Either } from "effect"
import { compileCatalogue, prepareFor } from "../src/engine/compileCatalogue.js"
import { loadCatalogueSync } from "../src/engine/index.js"
import { planBatches } from "../src/engine/pool/batches.js"
import {
  CORPUS_LANGUAGE,
  CORPUS_NAMES,
  type CorpusName,
  discoverCorpora,
  type Manifest,
  MANIFEST_NOTE,
  type PinnedCorpus,
  readManifest,
  resolveCorpus,
  type SelectedCorpus,
  writeManifest
} from "./corpora.js"
import { summariseProfile } from "./cpuProfile.js"
import type { ConfigFigures, EngineConfig, EngineJob, EngineMessage } from "./engineChild.js"
import { astGrepAvailable, banditAvailable, type PeerFigures, type PeerSkip, runAstGrep, runBandit } from "./peers.js"
import { type MemoryPeak, procAvailable, TreeSampler } from "./procTree.js"
import { type LocalScanFigures, measureLocalScan } from "./localScanMemory.js"
import { writeReports } from "./report.js"
import { measureRuleSizes, ruleSizeTargets } from "./ruleSizes.js"
import { measureService, type ScanFile, type ServiceFigures } from "./service.js"
import { MB, median } from "./stats.js"
import { type ConfigSummary, coresBusy, type CorpusResult, type PeerComparison, type Results, type Target } from "./types.js"
import { measureWorkerStart, type WorkerStartFigures } from "./workerStart.js"

const fmtMb = (bytes: number): string => String(Math.round(bytes / MB))

const here = dirname(fileURLToPath(import.meta.url))
// compiled: dist/benchmarks/run.js → the repository is two levels up
const REPO_ROOT = join(here, "..", "..")
const BENCH_DIR = join(REPO_ROOT, "benchmarks")
const MANIFEST_PATH = join(BENCH_DIR, "manifest.json")
const AST_GREP_RULES = join(BENCH_DIR, "peers", "ast-grep-python.yml")

const HELP = `npm run bench -- [options]

Measures Vigil's engine (full-catalogue scan vs parse-only, 1 and N workers), Bandit and ast-grep on the
same Python files, and the HTTP service (autocannon), then writes benchmarks/RESULTS.md,
benchmarks/results.json and the headline block of benchmarks/README.md.

  --runs N            timed runs per measurement, medians reported (default 3)
  --cap-mb X          bytes sampled per corpus, in MB (default 1.5); a new cap re-pins the manifest
  --only a,b          corpora to measure: python, go, typescript, javascript, builders; and/or parts
                      to run: engine, peers, service, startup (worker ready time), memory (local
                      scan of a 19 MB Python tree). Without a part name every part runs.
  --workers N         the "all cores" pool size (default: available cores)
  --duration S        seconds per concurrency level of the service load (default 8)
  --profile MODE      auto (CPU profile of corpora that miss the ratio target), all, none (default auto)
  --skip-engine | --skip-peers | --skip-service
  --service-only      measure only the service; the engine and peer figures of the last run
                      (results.json) are kept in the report, marked as carried over
  --postgres-url URL  PostgreSQL server for the service figures on PostgreSQL (a fresh database is
                      created on it and dropped after); default BENCH_DATABASE_URL, else
                      postgres://postgres@127.0.0.1:5432/postgres; "none" skips them
  --repin             re-select the corpus samples and rewrite benchmarks/manifest.json
  --no-write          print only; do not write RESULTS.md, results.json, README.md
  --keep              keep the temporary copy of the corpora
  --help`

const { values: args } = parseArgs({
  options: {
    runs: { type: "string", default: "3" },
    "cap-mb": { type: "string", default: "1.5" },
    only: { type: "string" },
    workers: { type: "string" },
    duration: { type: "string", default: "8" },
    profile: { type: "string", default: "auto" },
    "skip-engine": { type: "boolean", default: false },
    "skip-peers": { type: "boolean", default: false },
    "skip-service": { type: "boolean", default: false },
    "service-only": { type: "boolean", default: false },
    "postgres-url": { type: "string" },
    repin: { type: "boolean", default: false },
    "no-write": { type: "boolean", default: false },
    keep: { type: "boolean", default: false },
    help: { type: "boolean", default: false }
  },
  strict: true
})

if (args.help) {
  process.stdout.write(HELP + "\n")
  process.exit(0)
}

const RUNS = Math.max(1, Number(args.runs))
const CAP_BYTES = Math.round(Number(args["cap-mb"]) * MB)
const WORKERS = Math.max(1, Number(args.workers ?? availableParallelism()))
const SERVICE_DURATION_S = Math.max(1, Number(args.duration))
const PARTS = ["engine", "peers", "service", "startup", "memory"] as const
type Part = (typeof PARTS)[number]
const onlyNames = args.only === undefined ? [] : args.only.split(",").map((s) => s.trim()).filter((s) => s !== "")
for (const name of onlyNames) {
  if (!(PARTS as ReadonlyArray<string>).includes(name) && !(CORPUS_NAMES as ReadonlyArray<string>).includes(name)) {
    process.stderr.write(`--only: unknown corpus or part "${name}" (corpora: ${CORPUS_NAMES.join(", ")}; parts: ${PARTS.join(", ")})\n`)
    process.exit(2)
  }
}
const onlyCorpora = onlyNames.filter((n) => (CORPUS_NAMES as ReadonlyArray<string>).includes(n))
const onlyParts = onlyNames.filter((n): n is Part => (PARTS as ReadonlyArray<string>).includes(n))
const ONLY = onlyCorpora.length === 0 ? undefined : new Set(onlyCorpora)
/** whether a part runs: named in --only (or no part named there), and not skipped by its flag */
const partRuns = (part: Part): boolean =>
  args["service-only"] ? part === "service" : onlyParts.length === 0 || onlyParts.includes(part)
/** the size of the local-scan tree the memory target speaks of */
const LOCAL_SCAN_BYTES = 19 * MB
const LOCAL_SCAN_MAX_PROCESS_BYTES = 300 * 1024 * 1024
const READY_TARGET_MS = 500
const SPEEDUP_TARGET = 1.8
const RATIO_TARGET = 1.5
const RATIO_TARGET_CORPORA: ReadonlyArray<CorpusName> = ["python", "go", "javascript", "typescript", "builders"]
const SERVICE_ONLY = args["service-only"]
const POSTGRES_URL = args["postgres-url"] ?? process.env.BENCH_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/postgres"

const started = performance.now()
const log = (line: string): void => {
  const s = ((performance.now() - started) / 1000).toFixed(0).padStart(4)
  process.stderr.write(`[${s}s] ${line}\n`)
}

const skipped: Array<{ what: string; reason: string }> = []

const loadSamples: Array<number> = []
const loadTimer = setInterval(() => loadSamples.push(loadavg()[0]!), 5_000)
loadTimer.unref()

// ---------------------------------------------------------------- machine, commit, catalogue

const git = (...a: Array<string>): string => {
  try {
    return execFileSync("git", a, { cwd: REPO_ROOT, encoding: "utf8", stdio: ["ignore", "pipe", "ignore"] }).trim()
  } catch {
    return ""
  }
}

const osName = (): string => {
  try {
    const text = readFileSync("/etc/os-release", "utf8")
    return /^PRETTY_NAME="?([^"\n]*)"?/m.exec(text)?.[1] ?? `Linux ${release()}`
  } catch {
    return `${process.platform} ${release()}`
  }
}

const catalogueSummary = (): Results["catalogue"] => {
  const t0 = performance.now()
  const loaded = loadCatalogueSync({})
  const loadMs = performance.now() - t0
  if (Either.isLeft(loaded)) throw new Error(`the rule catalogue does not load:\n${loaded.left.message}`)
  const t1 = performance.now()
  // matchers compile per language on first use: compile every language, as a worker that sees all would
  const compiled = compileCatalogue(loaded.right)
  for (const kind of ["python", "go", "javascript", "typescript"] as const) prepareFor(compiled, kind)
  const compileMs = performance.now() - t1
  const matchers: Record<string, number> = {}
  const hash = createHash("sha256")
  for (const rule of [...loaded.right.rules].sort((a, b) => a.id.localeCompare(b.id))) {
    hash.update(`${rule.id} ${rule.version}\n`)
    for (const m of rule.matchers) matchers[`${m.target}/${m.kind}`] = (matchers[`${m.target}/${m.kind}`] ?? 0) + 1
  }
  return { loadMs, compileMs, rules: loaded.right.rules.length, matchers, hash: "sha256:" + hash.digest("hex").slice(0, 16) }
}

// ---------------------------------------------------------------- corpora

const prepareCorpora = (workdir: string): Array<SelectedCorpus> => {
  const { sources, skipped: missing } = discoverCorpora(REPO_ROOT)
  for (const m of missing) if (ONLY === undefined || ONLY.has(m.name)) skipped.push({ what: `corpus ${m.name}`, reason: m.reason })
  const manifest = readManifest(MANIFEST_PATH)
  const corpora: Partial<Record<CorpusName, PinnedCorpus>> = { ...(manifest?.corpora ?? {}) }
  let changed = manifest === undefined
  const selected: Array<SelectedCorpus> = []
  for (const source of sources) {
    if (ONLY !== undefined && !ONLY.has(source.name)) continue
    const { selected: s, pin } = resolveCorpus(source, corpora[source.name], CAP_BYTES, args.repin)
    if (s.status === "repinned") {
      corpora[source.name] = pin
      changed = true
    }
    for (const note of s.notes) log(`  ${source.name}: ${note}`)
    if (s.files.length === 0) {
      skipped.push({ what: `corpus ${source.name}`, reason: "no file of the corpus could be read" })
      continue
    }
    // one private copy: every tool reads exactly the same bytes, and nothing else
    for (const f of s.files) {
      const target = join(workdir, source.name, f.path)
      mkdirSync(dirname(target), { recursive: true })
      copyFileSync(f.absolute, target)
    }
    selected.push({ ...s, files: s.files.map((f) => ({ ...f, absolute: join(workdir, source.name, f.path) })) })
    log(`  ${source.name}: ${s.files.length} files, ${(s.bytes / MB).toFixed(2)} MB, ${s.lines} lines (${s.status}) from ${source.description}`)
  }
  if (changed && args["no-write"]) log("  manifest not written (--no-write)")
  else if (changed) {
    const ordered: Partial<Record<CorpusName, PinnedCorpus>> = {}
    for (const n of CORPUS_NAMES) if (corpora[n] !== undefined) ordered[n] = corpora[n]
    const next: Manifest = { version: 1, note: MANIFEST_NOTE, corpora: ordered }
    writeManifest(MANIFEST_PATH, next)
    log(`  manifest written: ${MANIFEST_PATH} (commit it to pin these samples)`)
  }
  return selected
}

// ---------------------------------------------------------------- engine

const summarise = (
  figures: ConfigFigures,
  corpus: SelectedCorpus,
  memory: MemoryPeak | undefined
): ConfigSummary => {
  const wall = median(figures.runs.map((r) => r.wallMs))
  const cpu = median(figures.runs.map((r) => r.cpuSeconds))
  const last = figures.runs[figures.runs.length - 1]!
  return {
    config: figures.config,
    runs: figures.runs,
    medianWallMs: wall,
    medianCpuSeconds: cpu,
    filesPerS: corpus.files.length / (wall / 1000),
    mbPerS: corpus.bytes / MB / (wall / 1000),
    linesPerS: corpus.lines / (wall / 1000),
    mbPerCpuS: corpus.bytes / MB / cpu,
    filesPerCpuS: corpus.files.length / cpu,
    linesPerCpuS: corpus.lines / cpu,
    workerStartMs: figures.startMs,
    memory,
    warmupPasses: figures.warmupPasses,
    restarts: figures.restarts,
    recycled: figures.recycled,
    partialFiles: last.filesPartial,
    failedFiles: last.filesFailed,
    notAnalysedFiles: last.filesNotAnalysed,
    findings: last.findings,
    partialExamples: figures.partialReasons
  }
}

/** Two samplings of one phase as one: the highest of each figure (the tree's peak keeps its breakdown). */
const higherPeak = (a: MemoryPeak, b: MemoryPeak): MemoryPeak => {
  const top = a.treeRssBytes >= b.treeRssBytes ? a : b
  return {
    treeRssBytes: top.treeRssBytes,
    processRssBytes: Math.max(a.processRssBytes, b.processRssBytes),
    processes: Math.max(a.processes, b.processes),
    samples: a.samples + b.samples,
    atPeak: top.atPeak
  }
}

const runEngineChild = (
  job: EngineJob,
  workdir: string,
  onConfig: (figures: ConfigFigures) => void = () => {}
): Promise<{ configs: Array<ConfigFigures>; memory: Map<string, MemoryPeak>; error: string | undefined }> =>
  new Promise((resolve) => {
    const jobPath = join(workdir, `job-${Date.now()}.json`)
    writeFileSync(jobPath, JSON.stringify(job))
    const child = fork(join(here, "engineChild.js"), [jobPath], { stdio: ["ignore", "inherit", "inherit", "ipc"] })
    const sampler = procAvailable() && child.pid !== undefined ? new TreeSampler(child.pid, 100).start() : undefined
    const configs: Array<ConfigFigures> = []
    const memory = new Map<string, MemoryPeak>()
    let phase: string | undefined
    let failure: string | undefined
    child.on("message", (m: EngineMessage) => {
      if (m.type === "phase") {
        if (m.label === "idle") {
          if (phase !== undefined && sampler !== undefined) {
            // a label met again (alternating runs, engineChild.ts measurePaired) keeps its highest peak
            const peak = sampler.reset()
            const earlier = memory.get(phase)
            memory.set(phase, earlier === undefined ? peak : higherPeak(earlier, peak))
          }
          phase = undefined
        } else {
          sampler?.reset()
          phase = m.label
        }
      } else if (m.type === "config") {
        configs.push(m.figures)
        onConfig(m.figures)
      } else if (m.type === "error") failure = m.message
    })
    child.on("exit", (code) => {
      sampler?.stop()
      resolve({ configs, memory, error: failure ?? (code !== 0 ? `engine child exited with ${code}` : undefined) })
    })
  })

const engineConfigs = (): Array<EngineConfig> => {
  const list: Array<EngineConfig> = [
    { mode: "parse", workers: 1 },
    { mode: "scan", workers: 1 }
  ]
  if (WORKERS > 1) list.push({ mode: "scan", workers: WORKERS })
  return list
}

const phaseLabel = (corpus: string, c: EngineConfig) => `${corpus} ${c.mode} w=${c.workers}`

const jobCorpora = (corpora: ReadonlyArray<SelectedCorpus>): EngineJob["corpora"] =>
  corpora.map((c) => ({ name: c.name, files: c.files.map((f) => ({ path: f.path, absolute: f.absolute })) }))

/** One measuring process; one pool per configuration, reused across corpora (worker start-up once). */
const measureEngine = async (corpora: ReadonlyArray<SelectedCorpus>, workdir: string): Promise<Array<CorpusResult>> => {
  const configs = engineConfigs()
  const { configs: figures, memory, error } = await runEngineChild(
    { corpora: jobCorpora(corpora), configs, runs: RUNS, budgetMs: 30 * 60_000, pairParseAndScan: true },
    workdir,
    (f) => {
      const c = corpora.find((x) => x.name === f.corpus)!
      const wall = median(f.runs.map((r) => r.wallMs))
      log(`  ${f.corpus} ${f.config.mode === "scan" ? "scan" : "parse-only"}, ${f.config.workers} worker(s): ${(c.bytes / MB / (wall / 1000)).toFixed(2)} MB/s (median of ${f.runs.length})`)
    }
  )
  if (error !== undefined) skipped.push({ what: "engine figures (some)", reason: error.split("\n")[0]! })
  return corpora.map((corpus) => {
    const base = {
      name: corpus.name,
      language: CORPUS_LANGUAGE[corpus.name],
      files: corpus.files.length,
      bytes: corpus.bytes,
      lines: corpus.lines,
      batches: batchesOf(corpus, WORKERS)
    }
    const find = (mode: string, workers: number) => {
      const f = figures.find((x) => x.corpus === corpus.name && x.config.mode === mode && x.config.workers === workers)
      return f === undefined ? undefined : summarise(f, corpus, memory.get(phaseLabel(corpus.name, f.config)))
    }
    const parse1 = find("parse", 1)
    const scan1 = find("scan", 1)
    const scanN = WORKERS > 1 ? find("scan", WORKERS) : undefined
    return {
      ...base,
      parse1,
      scan1,
      scanN,
      ratio: scan1 && parse1 ? scan1.medianWallMs / parse1.medianWallMs : undefined,
      ratioCpu: scan1 && parse1 ? scan1.medianCpuSeconds / parse1.medianCpuSeconds : undefined,
      speedup: scan1 && scanN ? scan1.medianWallMs / scanN.medianWallMs : undefined,
      ...(parse1 === undefined || scan1 === undefined ? { error: error ?? "not measured" } : {})
    }
  })
}

/**
 * The pool's own split of the corpus into batches, and the best speed-up N workers can get from it
 * (batches handed out in order to the least-loaded worker, cost proportional to bytes).
 */
const batchesOf = (corpus: SelectedCorpus, workers: number): CorpusResult["batches"] => {
  const batches = planBatches(corpus.files.map((f) => f.bytes), workers)
  const load = new Array<number>(workers).fill(0)
  for (const b of batches) {
    const bytes = b.reduce((s, i) => s + corpus.files[i]!.bytes, 0)
    const least = load.indexOf(Math.min(...load))
    load[least]! += bytes
  }
  return {
    count: batches.length,
    largestFiles: Math.max(...batches.map((b) => b.length)),
    speedupBound: corpus.bytes / Math.max(...load)
  }
}

/** Sums over corpora: total time is the sum of each corpus's median time. */
const totalOf = (results: ReadonlyArray<CorpusResult>): CorpusResult | undefined => {
  const ok = results.filter((r) => r.scan1 !== undefined && r.parse1 !== undefined)
  if (ok.length === 0) return undefined
  const files = ok.reduce((s, r) => s + r.files, 0)
  const bytes = ok.reduce((s, r) => s + r.bytes, 0)
  const lines = ok.reduce((s, r) => s + r.lines, 0)
  const combine = (pick: (r: CorpusResult) => ConfigSummary | undefined): ConfigSummary | undefined => {
    const parts = ok.map(pick)
    if (parts.some((p) => p === undefined)) return undefined
    const list = parts as Array<ConfigSummary>
    const wall = list.reduce((s, p) => s + p.medianWallMs, 0)
    const cpu = list.reduce((s, p) => s + p.medianCpuSeconds, 0)
    const peak = (f: (m: MemoryPeak) => number) => Math.max(...list.map((p) => (p.memory ? f(p.memory) : 0)))
    return {
      config: list[0]!.config,
      runs: [],
      medianWallMs: wall,
      medianCpuSeconds: cpu,
      filesPerS: files / (wall / 1000),
      mbPerS: bytes / MB / (wall / 1000),
      linesPerS: lines / (wall / 1000),
      mbPerCpuS: bytes / MB / cpu,
      filesPerCpuS: files / cpu,
      linesPerCpuS: lines / cpu,
      workerStartMs: Math.max(...list.map((p) => p.workerStartMs)),
      memory: {
        treeRssBytes: peak((m) => m.treeRssBytes),
        processRssBytes: peak((m) => m.processRssBytes),
        processes: peak((m) => m.processes),
        samples: list.reduce((s, p) => s + (p.memory?.samples ?? 0), 0),
        atPeak: {}
      },
      warmupPasses: list.reduce((s, p) => s + p.warmupPasses, 0),
      restarts: list.reduce((s, p) => s + p.restarts, 0),
      recycled: list.reduce((s, p) => s + p.recycled, 0),
      partialFiles: list.reduce((s, p) => s + p.partialFiles, 0),
      failedFiles: list.reduce((s, p) => s + p.failedFiles, 0),
      notAnalysedFiles: list.reduce((s, p) => s + p.notAnalysedFiles, 0),
      findings: list.reduce((s, p) => s + p.findings, 0),
      partialExamples: []
    }
  }
  const parse1 = combine((r) => r.parse1)
  const scan1 = combine((r) => r.scan1)
  const scanN = WORKERS > 1 ? combine((r) => r.scanN) : undefined
  const batchCount = ok.reduce((s, r) => s + r.batches.count, 0)
  return {
    name: "total",
    language: ok.map((r) => r.name).join(" + "),
    batches: {
      count: batchCount,
      largestFiles: Math.max(...ok.map((r) => r.batches.largestFiles)),
      // corpora run one after the other: the bound of the whole is the time-weighted one
      speedupBound: bytes / ok.reduce((s, r) => s + r.bytes / r.batches.speedupBound, 0)
    },
    files,
    bytes,
    lines,
    parse1,
    scan1,
    scanN,
    ratio: scan1 && parse1 ? scan1.medianWallMs / parse1.medianWallMs : undefined,
    ratioCpu: scan1 && parse1 ? scan1.medianCpuSeconds / parse1.medianCpuSeconds : undefined,
    speedup: scan1 && scanN ? scan1.medianWallMs / scanN.medianWallMs : undefined
  }
}

/** CPU profiles of one in-process scan per corpus (timed run only, through the inspector). */
const profileCorpora = async (corpora: ReadonlyArray<SelectedCorpus>, workdir: string) => {
  const dir = mkdtempSync(join(workdir, "prof-"))
  const { error } = await runEngineChild(
    { corpora: jobCorpora(corpora), configs: [{ mode: "scan", workers: 0 }], runs: 1, budgetMs: 30 * 60_000, profileDir: dir },
    workdir
  )
  if (error !== undefined) skipped.push({ what: "CPU profiles", reason: error.split("\n")[0]! })
  const out: Record<string, ReturnType<typeof summariseProfile>> = {}
  for (const c of corpora) {
    const file = join(dir, `${c.name}.cpuprofile`)
    if (existsSync(file)) out[c.name] = summariseProfile(file, REPO_ROOT, 15)
  }
  return out
}

// ---------------------------------------------------------------- service request bodies

const pickTypical = (corpora: ReadonlyArray<SelectedCorpus>): Array<ScanFile> => {
  // an agent repository: mostly Python and TypeScript, some JavaScript, Go and builder exports
  const wanted: Array<[CorpusName, number]> = [
    ["python", 18],
    ["typescript", 12],
    ["javascript", 8],
    ["go", 6],
    ["builders", 6]
  ]
  const byName = new Map(corpora.map((c) => [c.name, c]))
  const ordered = (c: SelectedCorpus) =>
    c.files
      .filter((f) => f.bytes >= 4_000 && f.bytes <= 20_000)
      .map((f) => ({ f, key: createHash("sha256").update(f.path).digest("hex") }))
      .sort((a, b) => (a.key < b.key ? -1 : 1))
      .map((x) => x.f)
  const out: Array<ScanFile> = []
  let missing = 0
  for (const [name, count] of wanted) {
    const c = byName.get(name)
    const list = c === undefined ? [] : ordered(c).slice(0, count)
    missing += count - list.length
    for (const f of list) out.push({ path: `agent/${name}/${f.path}`, content: readFileSync(f.absolute, "utf8") })
  }
  // corpora absent on this machine: fill from the others so the request keeps 50 files
  for (const c of corpora) {
    if (missing <= 0) break
    for (const f of ordered(c).slice(50, 50 + missing)) {
      out.push({ path: `agent/${c.name}/extra/${f.path}`, content: readFileSync(f.absolute, "utf8") })
      missing--
    }
  }
  return out
}

/** 10,000 files, 100 MB of content, drawn from every corpus with the running mean held at 10 kB. */
const buildBig = (corpora: ReadonlyArray<SelectedCorpus>, files = 10_000, bytes = 100 * MB): Array<ScanFile> => {
  const pool = corpora
    .flatMap((c) => c.files.filter((f) => f.bytes <= 200_000).map((f) => ({ corpus: c.name, f })))
    .sort((a, b) => a.f.bytes - b.f.bytes || (a.f.path < b.f.path ? -1 : 1))
  if (pool.length === 0) return []
  const contents = new Map<string, string>()
  const read = (absolute: string) => {
    let t = contents.get(absolute)
    if (t === undefined) {
      t = readFileSync(absolute, "utf8")
      contents.set(absolute, t)
    }
    return t
  }
  const out: Array<ScanFile> = []
  let total = 0
  const uses = new Map<string, number>()
  for (let i = 0; i < files; i++) {
    const desired = (bytes - total) / (files - i)
    let lo = 0
    let hi = pool.length - 1
    while (lo < hi) {
      const mid = (lo + hi) >> 1
      if (pool[mid]!.f.bytes < desired) lo = mid + 1
      else hi = mid
    }
    // vary the pick around the size that keeps the mean on target
    const spread = 24
    const j = Math.min(pool.length - 1, Math.max(0, lo - spread / 2 + (i % spread)))
    const { corpus, f } = pool[j]!
    const n = uses.get(f.absolute) ?? 0
    uses.set(f.absolute, n + 1)
    out.push({ path: `monorepo/part-${n}/${corpus}/${f.path}`, content: read(f.absolute) })
    total += f.bytes
  }
  return out
}

// ---------------------------------------------------------------- targets

const targetsOf = (
  engine: ReadonlyArray<CorpusResult>,
  comparisons: ReadonlyArray<PeerComparison>,
  service: ServiceFigures | undefined,
  servicePostgres: ServiceFigures | undefined,
  startup: WorkerStartFigures | undefined,
  localScan: LocalScanFigures | undefined
): Array<Target> => {
  const out: Array<Target> = []
  for (const name of RATIO_TARGET_CORPORA) {
    const r = engine.find((e) => e.name === name)
    out.push({
      id: `ratio-${name}`,
      description: `${name}: full-catalogue scan / parse-only, CPU seconds (1 worker)`,
      target: `≤ ${RATIO_TARGET.toFixed(1)}`,
      value: r?.ratioCpu === undefined ? "not measured" : `${r.ratioCpu.toFixed(2)} (wall clock ${r.ratio?.toFixed(2)})`,
      met: r?.ratioCpu === undefined ? undefined : r.ratioCpu <= RATIO_TARGET
    })
  }
  for (const name of CORPUS_NAMES) {
    const r = engine.find((e) => e.name === name)
    out.push({
      id: `speedup-${name}`,
      description: `${name}: scan throughput with ${WORKERS} workers / with 1 (wall clock)`,
      target: `≥ ${SPEEDUP_TARGET.toFixed(1)}`,
      value:
        r?.speedup === undefined
          ? "not measured"
          : `${r.speedup.toFixed(2)} (the batch split allows ${r.batches.speedupBound.toFixed(2)}; 1 worker kept ${coresBusy(r.scan1)?.toFixed(2) ?? "?"} cores busy)`,
      met: r?.speedup === undefined ? undefined : r.speedup >= SPEEDUP_TARGET
    })
  }
  out.push({
    id: "worker-ready",
    description: "a fresh analysis worker is ready (fork to ready message, median)",
    target: `≤ ${READY_TARGET_MS} ms`,
    value: startup === undefined ? "not measured" : `${startup.readyMs.toFixed(0)} ms (${(startup.readyCpuSeconds * 1000).toFixed(0)} ms CPU)`,
    met: startup === undefined ? undefined : startup.readyMs <= READY_TARGET_MS
  })
  out.push({
    id: "local-scan-memory",
    description: `local \`vigil scan\` of a ${fmtMb(LOCAL_SCAN_BYTES)} MB Python tree: peak RSS of its largest process`,
    target: `≤ ${LOCAL_SCAN_MAX_PROCESS_BYTES / 1048576} MB`,
    value:
      localScan === undefined
        ? "not measured"
        : `${(localScan.memory.processRssBytes / 1048576).toFixed(0)} MB (all processes ${(localScan.memory.treeRssBytes / 1048576).toFixed(0)} MB)`,
    met: localScan === undefined ? undefined : localScan.memory.processRssBytes <= LOCAL_SCAN_MAX_PROCESS_BYTES
  })
  const bandit = comparisons.find((c) => c.peer === "bandit")
  out.push({
    id: "python-vs-bandit",
    description: "Python: Vigil throughput per core / Bandit's, per CPU second",
    target: "≥ 5x",
    value: bandit === undefined ? "not measured" : `${(1 / bandit.cpuTimeRatio).toFixed(2)}x (wall clock ${bandit.throughputRatio.toFixed(2)}x)`,
    met: bandit === undefined ? undefined : 1 / bandit.cpuTimeRatio >= 5
  })
  for (const c of comparisons.filter((x) => x.peer === "ast-grep")) {
    // one thread: a per-core comparison (CPU seconds); all threads: elapsed time is the point
    const perCore = c.threads === 1
    out.push({
      id: `python-vs-ast-grep-${c.threads}`,
      description: `Python: Vigil time / ast-grep time, ${c.threads} thread${c.threads > 1 ? "s" : ""} each (${perCore ? "CPU seconds" : "wall clock"})`,
      target: "≤ 2.5",
      value: perCore ? `${c.cpuTimeRatio.toFixed(2)} (wall clock ${c.timeRatio.toFixed(2)})` : `${c.timeRatio.toFixed(2)} (CPU ${c.cpuTimeRatio.toFixed(2)})`,
      met: (perCore ? c.cpuTimeRatio : c.timeRatio) <= 2.5
    })
  }
  if (comparisons.every((c) => c.peer !== "ast-grep")) {
    out.push({ id: "python-vs-ast-grep", description: "Python: Vigil time / ast-grep time, same threads", target: "≤ 2.5", value: "not measured", met: undefined })
  }
  const c4 = service?.levels.find((l) => l.concurrency === 4)
  out.push({
    id: "service-p95-c4",
    description: "typical request (50 files, ~500 KB) p95 latency at concurrency 4",
    target: "< 1000 ms",
    value:
      c4 === undefined
        ? "not measured"
        : c4.requests === 0
        ? `no response within the ${c4.durationS} s level`
        : `${Math.round(c4.latencyMs.p95)} ms (${c4.requests} responses)`,
    met: c4 === undefined ? undefined : c4.requests > 0 && c4.latencyMs.p95 < 1000
  })
  out.push({
    id: "service-p95-p50-c4",
    description: "typical request at concurrency 4: p95 / p50 (embedded database)",
    target: "≤ 1.5",
    value: c4 === undefined || c4.requests === 0 ? "not measured" : `${(c4.latencyMs.p95 / c4.latencyMs.p50).toFixed(2)} (p50 ${Math.round(c4.latencyMs.p50)} ms, p95 ${Math.round(c4.latencyMs.p95)} ms)`,
    met: c4 === undefined || c4.requests === 0 ? undefined : c4.latencyMs.p95 <= 1.5 * c4.latencyMs.p50
  })
  const idleTarget = (s: ServiceFigures | undefined, name: string, limitMb: number): Target => {
    // the restart figure is the steady state; the first start of an empty database is reported beside it
    const idle = s?.restart?.idle ?? s?.idleAfterStart
    return {
      id: `service-idle-${s?.database ?? name}`,
      description: `idle RSS of all processes (server + ${s?.env.VIGIL_WORKERS ?? "N"} workers), ${name}, after a restart`,
      target: `≤ ${limitMb} MB`,
      value: idle === undefined ? "not measured" : `${(idle.totalBytes / MB).toFixed(0)} MB (first start: ${(s!.idleAfterStart.totalBytes / MB).toFixed(0)} MB, after the load: ${(s!.idleAfterWarmup.totalBytes / MB).toFixed(0)} MB)`,
      met: idle === undefined ? undefined : idle.totalBytes <= limitMb * MB
    }
  }
  out.push(idleTarget(service, "embedded database", 600))
  out.push(idleTarget(servicePostgres, "PostgreSQL", 400))
  out.push({
    id: "service-ready",
    description: "start to /readyz 200, embedded database (first start / restart)",
    target: "≤ 3 s",
    value: service === undefined ? "not measured" : `${(service.startupMs / 1000).toFixed(1)} s / ${service.restart === undefined ? "–" : `${(service.restart.startupMs / 1000).toFixed(1)} s`}`,
    met: service === undefined ? undefined : Math.max(service.startupMs, service.restart?.startupMs ?? 0) <= 3000
  })
  const errors = [service, servicePostgres].every((x) => x === undefined)
    ? undefined
    : [...(service?.levels ?? []), ...(servicePostgres?.levels ?? [])].reduce((s, l) => s + l.non2xx + l.errors + l.timeouts, 0)
  out.push({
    id: "service-no-errors",
    description: "no error responses under load (all concurrency levels, both databases)",
    target: "0",
    value: errors === undefined ? "not measured" : String(errors),
    met: errors === undefined ? undefined : errors === 0
  })
  const big = service?.big
  out.push({
    id: "service-100mb",
    description: "100 MB / 10,000-file request finishes within the default budget, not partial",
    target: "complete",
    value: big === undefined ? "not measured" : big.finished ? `${big.partial ? "partial" : "complete"} in ${(big.durationMs / 1000).toFixed(1)} s` : `failed: ${big.error ?? big.status}`,
    met: big === undefined ? undefined : big.finished && !big.partial
  })
  out.push({
    id: "service-100mb-memory",
    description: "peak memory of all processes (server + workers) during the 100 MB request",
    target: "< 1.5 GB",
    value: big === undefined ? "not measured" : `${(big.memory.treeRssBytes / 1e9).toFixed(2)} GB`,
    met: big === undefined || big.memory.samples === 0 ? undefined : big.memory.treeRssBytes < 1.5e9
  })
  return out
}

// ---------------------------------------------------------------- main

const readPrevious = (): Results | undefined => {
  const path = join(BENCH_DIR, "results.json")
  if (!existsSync(path)) return undefined
  try {
    const r = JSON.parse(readFileSync(path, "utf8")) as Results
    // a previous service-only run carried them over already: keep the original run's date and commit
    return r.carriedOver === undefined ? r : { ...r, date: r.carriedOver.date, commit: r.carriedOver.commit }
  } catch {
    return undefined
  }
}

const main = async (): Promise<void> => {
  const loadStart = loadavg()
  const commit = git("rev-parse", "HEAD")
  const dirty = git("status", "--porcelain", "--", "src", "rules", "compliance", "package.json").length > 0
  log(`Vigil benchmarks: commit ${commit.slice(0, 12)}${dirty ? " (working tree has uncommitted changes)" : ""}, ${WORKERS} workers, ${RUNS} runs`)
  if (!procAvailable()) skipped.push({ what: "memory figures", reason: "/proc is not available on this system" })
  const catalogue = catalogueSummary()
  log(`catalogue: ${catalogue.rules} rules, matchers ${JSON.stringify(catalogue.matchers)}`)

  const workdir = mkdtempSync(join(tmpdir(), "vigil-bench-"))
  try {
    log("corpora")
    const corpora = prepareCorpora(workdir)

    const engine: Array<CorpusResult> = []
    if (args["skip-engine"]) skipped.push({ what: "engine figures", reason: "--skip-engine" })
    else if (!partRuns("engine")) skipped.push({ what: "engine figures", reason: "not in --only" })
    else {
      log(`engine: parse-only with 1 worker, scan with 1${WORKERS > 1 ? ` and ${WORKERS}` : ""} worker(s); ${RUNS} timed runs each`)
      engine.push(...(await measureEngine(corpora, workdir)))
      for (const r of engine) {
        if (r.scan1 !== undefined)
          log(
            `  ${r.name}: scan ${r.scan1.mbPerS.toFixed(2)} MB/s per core, parse-only ${r.parse1?.mbPerS.toFixed(2)} MB/s, ratio ${r.ratio?.toFixed(2)}` +
              (r.speedup !== undefined ? `, ${WORKERS} workers ${r.scanN?.mbPerS.toFixed(2)} MB/s (x${r.speedup.toFixed(2)})` : "")
          )
      }
    }

    const profiles: Record<string, ReturnType<typeof summariseProfile>> = {}
    const profileWanted = (r: CorpusResult) =>
      args.profile === "all" || (args.profile === "auto" && RATIO_TARGET_CORPORA.includes(r.name as CorpusName) && (r.ratioCpu ?? 0) > RATIO_TARGET)
    const toProfile = args.profile === "none" ? [] : corpora.filter((c) => engine.some((r) => r.name === c.name && profileWanted(r)))
    if (toProfile.length > 0) {
      log(`profile: in-process scan of ${toProfile.map((c) => c.name).join(", ")} under the V8 CPU profiler`)
      Object.assign(profiles, await profileCorpora(toProfile, workdir))
    }

    const peerFigures: Array<PeerFigures> = []
    const peerSkips: Array<PeerSkip> = []
    const comparisons: Array<PeerComparison> = []
    const python = corpora.find((c) => c.name === "python")
    const pythonEngine = engine.find((e) => e.name === "python")
    if (args["skip-peers"]) peerSkips.push({ peer: "bandit, ast-grep", reason: "--skip-peers" })
    else if (!partRuns("peers")) peerSkips.push({ peer: "bandit, ast-grep", reason: "not in --only" })
    else if (python === undefined) peerSkips.push({ peer: "bandit, ast-grep", reason: "no Python corpus on this machine" })
    else {
      const dir = join(workdir, "python")
      const emptyDir = join(workdir, "empty")
      mkdirSync(emptyDir, { recursive: true })
      writeFileSync(join(emptyDir, "empty.py"), "")
      const bandit = banditAvailable()
      if ("reason" in bandit) peerSkips.push(bandit)
      else {
        log(`peers: ${bandit.version} on ${python.files.length} Python files (${RUNS} runs)`)
        const f = await runBandit(bandit, dir, emptyDir, RUNS)
        peerFigures.push(f)
        if (pythonEngine?.scan1 !== undefined) {
          comparisons.push({
            peer: "bandit",
            threads: 1,
            vigilWallMs: pythonEngine.scan1.medianWallMs,
            peerWallMs: f.medianWallMs,
            throughputRatio: f.medianWallMs / pythonEngine.scan1.medianWallMs,
            timeRatio: pythonEngine.scan1.medianWallMs / f.medianWallMs,
            cpuTimeRatio: pythonEngine.scan1.medianCpuSeconds / f.medianCpuSeconds
          })
        }
      }
      const astGrep = astGrepAvailable(REPO_ROOT)
      if ("reason" in astGrep) peerSkips.push(astGrep)
      else {
        for (const threads of WORKERS > 1 ? [1, WORKERS] : [1]) {
          log(`peers: ${astGrep.version} with ${threads} thread(s) (${RUNS} runs)`)
          const f = await runAstGrep(astGrep, AST_GREP_RULES, dir, emptyDir, threads, RUNS)
          peerFigures.push(f)
          const vigil = threads === 1 ? pythonEngine?.scan1 : pythonEngine?.scanN
          if (vigil !== undefined) {
            comparisons.push({
              peer: "ast-grep",
              threads,
              vigilWallMs: vigil.medianWallMs,
              peerWallMs: f.medianWallMs,
              throughputRatio: f.medianWallMs / vigil.medianWallMs,
              timeRatio: vigil.medianWallMs / f.medianWallMs,
              cpuTimeRatio: vigil.medianCpuSeconds / f.medianCpuSeconds
            })
          }
        }
      }
    }

    let service: ServiceFigures | undefined
    let servicePostgres: ServiceFigures | undefined
    if (args["skip-service"]) skipped.push({ what: "service figures", reason: "--skip-service" })
    else if (!partRuns("service")) skipped.push({ what: "service figures", reason: "not in --only" })
    else if (!existsSync(join(REPO_ROOT, "dist", "src", "cli", "main.js"))) skipped.push({ what: "service figures", reason: "the CLI is not built (dist/src/cli/main.js)" })
    else if (corpora.length === 0) skipped.push({ what: "service figures", reason: "no corpus to build requests from" })
    else {
      log("service: vigil serve with the embedded database")
      const typical = pickTypical(corpora)
      try {
        service = await measureService({
          repoRoot: REPO_ROOT,
          typical,
          big: buildBig(corpora),
          concurrencies: [1, 4, 16],
          durationS: SERVICE_DURATION_S,
          workers: WORKERS,
          database: { kind: "embedded" },
          log
        })
      } catch (e) {
        const message = e instanceof Error ? e.message : String(e)
        skipped.push({ what: "service figures", reason: message.slice(0, 2000) })
        log(`  service figures failed: ${message.split("\n")[0]}`)
      }
      if (POSTGRES_URL === "none") skipped.push({ what: "service figures on PostgreSQL", reason: "--postgres-url none" })
      else {
        log("service: vigil serve with PostgreSQL (the same load, without the 100 MB request)")
        try {
          servicePostgres = await measureService({
            repoRoot: REPO_ROOT,
            typical,
            big: undefined,
            concurrencies: [1, 4, 16],
            durationS: SERVICE_DURATION_S,
            workers: WORKERS,
            database: { kind: "postgres", adminUrl: POSTGRES_URL },
            log
          })
        } catch (e) {
          const message = e instanceof Error ? e.message : String(e)
          skipped.push({ what: "service figures on PostgreSQL", reason: message.slice(0, 2000) })
          log(`  service figures on PostgreSQL failed: ${message.split("\n")[0]}`)
        }
      }
    }

    // --service-only: the engine and peer figures of the previous run stay in the report
    const previous = SERVICE_ONLY ? readPrevious() : undefined
    if (SERVICE_ONLY && previous === undefined) skipped.push({ what: "engine and peer figures", reason: "--service-only, and no earlier results.json to carry over" })
    if (previous !== undefined) {
      engine.push(...previous.engine)
      peerFigures.push(...previous.peers.python)
      peerSkips.push(...previous.peers.skipped)
      comparisons.push(...previous.peers.comparisons)
      Object.assign(profiles, previous.profiles)
    }


    let startup: WorkerStartFigures | undefined
    if (!partRuns("startup")) skipped.push({ what: "worker start figures", reason: "not in --only" })
    else {
      log("startup: fresh analysis workers until ready, and their first file per language")
      try {
        startup = await measureWorkerStart({
          init: { rulesDir: join(REPO_ROOT, "rules"), complianceDir: join(REPO_ROOT, "compliance") },
          starts: 5,
          corpora: corpora.filter((c) => c.name !== "builders").map((c) => ({ language: CORPUS_LANGUAGE[c.name], files: c.files }))
        })
        log(`  ready in ${startup.readyMs.toFixed(0)} ms (${(startup.readyCpuSeconds * 1000).toFixed(0)} ms CPU, ${(startup.readyRssBytes / 1048576).toFixed(0)} MB RSS)`)
      } catch (e) {
        skipped.push({ what: "worker start figures", reason: e instanceof Error ? e.message : String(e) })
      }
    }

    let localScan: LocalScanFigures | undefined
    let localScanPeers: Array<PeerFigures> | undefined
    // the same tree through the peers, each once as a whole process: a cold run of every tool, as a
    // user runs it on a repository (the engine section compares warm throughput instead)
    const peersOnLocalTree = async (dir: string): Promise<Array<PeerFigures> | undefined> => {
      if (args["skip-peers"]) {
        skipped.push({ what: "peers on the local-scan tree", reason: "--skip-peers" })
        return undefined
      }
      const emptyDir = join(workdir, "empty")
      mkdirSync(emptyDir, { recursive: true })
      writeFileSync(join(emptyDir, "empty.py"), "")
      const out: Array<PeerFigures> = []
      const bandit = banditAvailable()
      if ("reason" in bandit) skipped.push({ what: "Bandit on the local-scan tree", reason: bandit.reason })
      else {
        log(`memory: ${bandit.version} on the same tree (1 run)`)
        out.push(await runBandit(bandit, dir, emptyDir, 1))
      }
      const astGrep = astGrepAvailable(REPO_ROOT)
      if ("reason" in astGrep) skipped.push({ what: "ast-grep on the local-scan tree", reason: astGrep.reason })
      else
        for (const threads of WORKERS > 1 ? [1, WORKERS] : [1]) {
          log(`memory: ${astGrep.version} with ${threads} thread(s) on the same tree (1 run)`)
          out.push(await runAstGrep(astGrep, AST_GREP_RULES, dir, emptyDir, threads, 1))
        }
      return out
    }
    const pythonSource = corpora.find((c) => c.name === "python")?.source
    if (!partRuns("memory")) skipped.push({ what: "local scan memory", reason: "not in --only" })
    else if (!procAvailable()) skipped.push({ what: "local scan memory", reason: "/proc is not available on this system" })
    else if (pythonSource === undefined) skipped.push({ what: "local scan memory", reason: "no Python corpus on this machine" })
    else {
      log(`memory: vigil scan (local) of a ${fmtMb(LOCAL_SCAN_BYTES)} MB Python tree`)
      try {
        localScan = await measureLocalScan({ repoRoot: REPO_ROOT, source: pythonSource, workdir, targetBytes: LOCAL_SCAN_BYTES })
        log(`  ${localScan.files} files in ${(localScan.wallMs / 1000).toFixed(1)} s; largest process ${(localScan.memory.processRssBytes / 1048576).toFixed(0)} MB, all ${(localScan.memory.treeRssBytes / 1048576).toFixed(0)} MB`)
      } catch (e) {
        skipped.push({ what: "local scan memory", reason: e instanceof Error ? e.message : String(e) })
      }
      if (localScan !== undefined) localScanPeers = await peersOnLocalTree(localScan.dir)
    }

    if (previous !== undefined) {
      startup ??= previous.startup
      localScan ??= previous.localScan
      localScanPeers ??= previous.localScanPeers === undefined ? undefined : [...previous.localScanPeers]
    }
    const total = previous?.total ?? totalOf(engine)
    const results: Results = {
      schema: 1,
      date: new Date().toISOString(),
      commit,
      dirty,
      machine: {
        cpu: cpus()[0]?.model ?? "unknown",
        cores: availableParallelism(),
        memoryBytes: totalmem(),
        os: osName(),
        node: process.version,
        loadAverageStart: loadStart.map((l) => Number(l.toFixed(2))),
        loadAverageEnd: loadavg().map((l) => Number(l.toFixed(2))),
        loadDuringRun: {
          min: Number(Math.min(...loadSamples, loadavg()[0]!).toFixed(2)),
          mean: Number((loadSamples.reduce((a, b) => a + b, 0) / Math.max(1, loadSamples.length)).toFixed(2)),
          max: Number(Math.max(...loadSamples, loadavg()[0]!).toFixed(2))
        }
      },
      catalogue,
      options: { runs: RUNS, workers: WORKERS, capBytes: CAP_BYTES, serviceDurationS: SERVICE_DURATION_S },
      corpora: corpora.map((c) => ({
        name: c.name,
        description: c.source.description,
        version: c.source.version,
        root: c.source.root,
        status: c.status,
        notes: c.notes,
        files: c.files.length,
        bytes: c.bytes,
        lines: c.lines,
        contentHash: c.contentHash
      })),
      skipped: [...skipped, ...peerSkips.map((p) => ({ what: `peer ${p.peer}`, reason: p.reason }))],
      engine,
      total,
      peers: { python: peerFigures, skipped: peerSkips, comparisons },
      service,
      servicePostgres,
      carriedOver: previous === undefined ? undefined : { date: previous.date, commit: previous.commit },
      startup,
      localScan,
      localScanPeers,
      profiles,
      targets: [...targetsOf(engine, comparisons, service, servicePostgres, startup, localScan), ...ruleSizeTargets(measureRuleSizes())],
      durationS: Math.round((performance.now() - started) / 1000)
    }
    const text = writeReports(results, { benchDir: BENCH_DIR, write: !args["no-write"] })
    process.stdout.write(text + "\n")
    if (!args["no-write"]) log("written: benchmarks/RESULTS.md, benchmarks/results.json, benchmarks/README.md (headline)")
  } finally {
    if (args.keep) log(`kept: ${workdir}`)
    else rmSync(workdir, { recursive: true, force: true })
  }
}

main().catch((e: unknown) => {
  process.stderr.write(`bench failed: ${e instanceof Error ? e.stack ?? e.message : String(e)}\n`)
  process.exit(1)
})
