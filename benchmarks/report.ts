import { existsSync, readFileSync, writeFileSync } from "node:fs"
import { join } from "node:path"
import { fmt, MB } from "./stats.js"
import type { IdleSnapshot, ServiceFigures } from "./service.js"
import { type ConfigSummary, coresBusy, type CorpusResult, type Results } from "./types.js"

/**
 * Renders the results: the Markdown tables printed at the end of `npm run bench`, the generated block
 * of RESULTS.md (the hand-written analysis around it is kept), results.json, and the headline block
 * of benchmarks/README.md.
 */

const START = "<!-- bench:generated:start (written by npm run bench; edit outside this block) -->"
const END = "<!-- bench:generated:end -->"
const HEADLINE_START = "<!-- bench:headline:start (written by npm run bench) -->"
const HEADLINE_END = "<!-- bench:headline:end -->"

const table = (head: ReadonlyArray<string>, rows: ReadonlyArray<ReadonlyArray<string>>, align?: string): string => {
  const sep = align ?? head.map((_, i) => (i === 0 ? "---" : "---:")).join(" | ")
  return [`| ${head.join(" | ")} |`, `| ${sep} |`, ...rows.map((r) => `| ${r.join(" | ")} |`)].join("\n")
}

const gb = (bytes: number | undefined): string => (bytes === undefined || bytes === 0 ? "–" : `${fmt(bytes / 1e9)} GB`)
const mbOf = (bytes: number | undefined): string => (bytes === undefined || bytes === 0 ? "–" : `${fmt(bytes / MB)} MB`)
const ms = (v: number | undefined): string => (v === undefined || !Number.isFinite(v) ? "–" : `${fmt(v)} ms`)
const x = (v: number | undefined): string => (v === undefined || !Number.isFinite(v) ? "–" : `${v.toFixed(2)}`)
/** "vigil.mjs serve 0.9 GB + worker-main.js 0.5 GB" */
const breakdown = (m: { readonly atPeak: Record<string, number> } | undefined): string =>
  m === undefined
    ? ""
    : Object.entries(m.atPeak)
        .sort((a, b) => b[1] - a[1])
        .filter(([, v]) => v >= 20 * MB)
        .map(([k, v]) => `${k.replace(/\|/g, "/")} ${gb(v)}`)
        .join(" + ")

const met = (m: boolean | undefined): string => (m === undefined ? "not measured" : m ? "**met**" : "**missed**")

const issues = (c: ConfigSummary | undefined): string => {
  if (c === undefined) return "–"
  const parts: Array<string> = []
  if (c.partialFiles > 0) parts.push(`${c.partialFiles} partial`)
  if (c.failedFiles > 0) parts.push(`${c.failedFiles} failed`)
  if (c.notAnalysedFiles > 0) parts.push(`${c.notAnalysedFiles} not analysed`)
  if (c.restarts > 0) parts.push(`${c.restarts} worker restarts`)
  if (c.recycled > 0) parts.push(`${c.recycled} recycled`)
  return parts.length === 0 ? "none" : parts.join(", ")
}

const rowsFor = (list: ReadonlyArray<CorpusResult>) => list

const engineTables = (r: Results): string => {
  const rows = [...rowsFor(r.engine), ...(r.total !== undefined ? [r.total] : [])]
  const n = r.options.workers
  const perCore = table(
    [
      "corpus",
      "files",
      "MB",
      "lines",
      "scan files/s",
      "scan MB/s",
      "scan lines/s",
      "parse files/s",
      "parse MB/s",
      "parse lines/s",
      "scan / parse (CPU)",
      "scan MB/s, wall",
      "parse MB/s, wall",
      "scan / parse (wall)"
    ],
    rows.map((e) => [
      e.name === "total" ? "**total**" : e.name,
      fmt(e.files),
      fmt(e.bytes / MB),
      fmt(e.lines),
      fmt(e.scan1?.filesPerCpuS),
      fmt(e.scan1?.mbPerCpuS),
      fmt(e.scan1?.linesPerCpuS),
      fmt(e.parse1?.filesPerCpuS),
      fmt(e.parse1?.mbPerCpuS),
      fmt(e.parse1?.linesPerCpuS),
      x(e.ratioCpu),
      fmt(e.scan1?.mbPerS),
      fmt(e.parse1?.mbPerS),
      x(e.ratio)
    ])
  )
  const allCores = table(
    [
      "corpus",
      `scan files/s (${n} workers)`,
      `scan MB/s (${n} workers)`,
      `scan lines/s (${n} workers)`,
      `speed-up 1 → ${n}`,
      `pool batches (bound on the speed-up)`,
      "cores busy with 1 worker (CPU s / wall s)",
      "peak RSS, all processes (1 / N workers)",
      "worker start",
      "warm-up passes (parse / 1 / N workers)",
      "findings",
      "files not fully analysed"
    ],
    rows.map((e) => [
      e.name === "total" ? "**total**" : e.name,
      fmt(e.scanN?.filesPerS),
      fmt(e.scanN?.mbPerS),
      fmt(e.scanN?.linesPerS),
      e.speedup === undefined ? "–" : `${e.speedup.toFixed(2)}x`,
      `${e.batches.count} (≤ ${e.batches.speedupBound.toFixed(2)}x)`,
      x(coresBusy(e.scan1)),
      `${mbOf(e.scan1?.memory?.treeRssBytes)} / ${mbOf(e.scanN?.memory?.treeRssBytes)}`,
      ms(e.scan1?.workerStartMs),
      [e.parse1, e.scan1, e.scanN].map((c) => (c === undefined ? "–" : String(c.warmupPasses))).join(" / "),
      fmt(e.scan1?.findings),
      issues(e.scanN ?? e.scan1)
    ])
  )
  return (
    "### Engine, one worker (per core)\n\n" +
    "Per core = per CPU second of every process involved (the worker and the pool's parent side: classification, findings); " +
    "wall-clock figures of the same runs follow.\n\n" +
    `${perCore}\n\n### Engine, all cores\n\n` +
    (r.machine.loadDuringRun.mean > r.machine.cores
      ? `The load average stayed above ${r.machine.cores} (mean ${r.machine.loadDuringRun.mean}): other processes took part of the cores, so the ${n}-worker wall-clock figures and the speed-up understate what an idle machine gives.\n\n`
      : "") +
    allCores
  )
}

const peerTables = (r: Results): string => {
  if (r.peers.python.length === 0) {
    return `### Peers\n\nNot measured: ${r.peers.skipped.map((s) => `${s.peer}: ${s.reason}`).join("; ") || "no Python corpus"}.`
  }
  const py = r.corpora.find((c) => c.name === "python")
  const vigil = r.engine.find((e) => e.name === "python")
  const rows: Array<Array<string>> = []
  const pyMb = (py?.bytes ?? 0) / MB
  const vigilRow = (label: string, c: ConfigSummary, rules: string) => [
    "Vigil (full catalogue)",
    label,
    rules,
    fmt(c.medianWallMs / 1000),
    fmt(c.medianCpuSeconds),
    fmt(c.mbPerS),
    fmt(c.mbPerCpuS),
    "–",
    "–",
    mbOf(c.memory?.treeRssBytes),
    "–"
  ]
  if (vigil?.scan1 !== undefined) rows.push(vigilRow("1 worker", vigil.scan1, `${r.catalogue.rules} rules, ${r.catalogue.matchers["python/tree-sitter"] ?? 0} Python queries`))
  if (vigil?.scanN !== undefined) rows.push(vigilRow(`${r.options.workers} workers`, vigil.scanN, ""))
  for (const p of r.peers.python) {
    const cmp = r.peers.comparisons.find((c) => c.peer === p.peer && c.threads === p.threads)
    rows.push([
      `${p.peer} (${p.version})`,
      `${p.threads} thread${p.threads > 1 ? "s" : ""}`,
      p.rules,
      fmt(p.medianWallMs / 1000),
      fmt(p.medianCpuSeconds),
      fmt(pyMb / (p.medianWallMs / 1000)),
      fmt(pyMb / p.medianCpuSeconds),
      cmp === undefined ? "–" : `${(1 / cmp.cpuTimeRatio).toFixed(2)}x`,
      cmp === undefined ? "–" : cmp.timeRatio.toFixed(2),
      mbOf(p.peakRssBytes),
      ms(p.startupMs)
    ])
  }
  const t = table(
    ["tool", "threads", "rules", "wall s (median)", "CPU s", "MB/s, wall", "MB per CPU-s", "Vigil / peer, MB per CPU-s", "Vigil time / peer time, wall", "peak RSS", "start-up (empty input)"],
    rows
  )
  const skips = r.peers.skipped.length === 0 ? "" : `\n\nSkipped: ${r.peers.skipped.map((s) => `${s.peer}: ${s.reason}`).join("; ")}.`
  return (
    `### Peers on the same Python files (${py?.files ?? "?"} files, ${fmt((py?.bytes ?? 0) / MB)} MB)\n\n${t}${skips}\n\n` +
    "Peers are timed as whole processes (start-up, reading files and printing JSON included); Vigil's figures are the " +
    "engine's scan with its worker pool already started (the service's steady state)."
  )
}

const idleLine = (idle: IdleSnapshot | undefined): string =>
  idle === undefined ? "–" : `${mbOf(idle.totalBytes)} (${idle.processes.map((p) => `${p.label.replace(/\|/g, "/")} ${mbOf(p.rssBytes)}`).join(" + ")})`

const serviceTables = (r: Results): string => {
  const parts = [serviceTable(r, r.service, "embedded database", "service figures")]
  if (r.servicePostgres !== undefined || r.skipped.some((k) => k.what === "service figures on PostgreSQL")) {
    parts.push(serviceTable(r, r.servicePostgres, "PostgreSQL", "service figures on PostgreSQL"))
  }
  return parts.join("\n\n")
}

const serviceTable = (r: Results, s: ServiceFigures | undefined, database: string, skipKey: string): string => {
  if (s === undefined) {
    const why = r.skipped.find((k) => k.what === skipKey)
    return `### Service (${database})\n\nNot measured${why ? `: ${why.reason}` : ""}.`
  }
  const comp = Object.entries(s.typicalRequest.composition)
    .map(([k, v]) => `${v} .${k}`)
    .join(", ")
  const load = table(
    ["concurrency", "requests", "scans/s", "p50", "p95", "p95 / p50", "p99", "max", "non-2xx", "errors / timeouts", "peak RSS, all processes"],
    s.levels.map((l) => [
      String(l.concurrency),
      l.requests < 20 ? `${l.requests} (too few for stable percentiles)` : fmt(l.requests),
      fmt(l.scansPerSecond),
      ms(l.latencyMs.p50),
      ms(l.latencyMs.p95),
      x(l.latencyMs.p95 / l.latencyMs.p50),
      ms(l.latencyMs.p99),
      ms(l.latencyMs.max),
      String(l.non2xx),
      `${l.errors} / ${l.timeouts}`,
      `${gb(l.memory.treeRssBytes)} (${breakdown(l.memory)})`
    ])
  )
  // figures recorded before idle snapshots existed have none
  const idle = s.idleAfterStart === undefined
    ? `idle RSS after warm-up (peak) ${gb(s.idleMemory.treeRssBytes)}`
    : table(
      ["moment", "start to listening", "start to ready (/readyz 200)", "idle RSS, every process"],
      [
        ["first start (empty database), before any scan", ms(s.listeningMs), ms(s.startupMs), idleLine(s.idleAfterStart)],
        ["after the warm-up and the load below", "", "", idleLine(s.idleAfterWarmup)],
        ...(s.restart === undefined ? [] : [["restart on the same data, before any scan", ms(s.restart.listeningMs), ms(s.restart.startupMs), idleLine(s.restart.idle)]])
      ],
      "--- | ---: | ---: | ---"
    )
  const b = s.big
  const big =
    b === undefined
      ? (s.database === "postgres" ? "" : "\n\nThe 100 MB request was not built (no corpus).")
      : "\n\nOne 100 MB / 10,000-file request:\n\n" + table(
          ["files", "content", "body", "HTTP status", "duration (client)", "scan duration (server)", "result", "files scanned / skipped / not analysed", "findings", "peak RSS, all processes"],
          [
            [
              fmt(b.files),
              mbOf(b.contentBytes),
              mbOf(b.bodyBytes),
              String(b.status || "–"),
              ms(b.durationMs),
              ms(b.scanDurationMs),
              b.finished ? (b.partial ? "partial" : "complete") : `failed (${b.error ?? ""})`,
              `${b.filesScanned ?? "–"} / ${b.filesSkipped ?? "–"} / ${b.filesNotAnalysed ?? "–"}`,
              fmt(b.findings),
              `${gb(b.memory.treeRssBytes)} (${breakdown(b.memory)})`
            ]
          ]
        ) + (b.warning !== undefined ? `\n\nServer warning: "${b.warning}"` : "")
  return (
    `### Service (vigil serve, ${database}, ${s.env.VIGIL_WORKERS} workers)\n\n` +
    `Typical agent request: ${s.typicalRequest.files} files (${comp}), ${mbOf(s.typicalRequest.contentBytes)} of content; ` +
    `autocannon, ${r.options.serviceDurationS} s per level after a warm-up; percentiles from every response time. ` +
    `Idle RSS is read from /proc for every process once the tree has used under 15% of a core for half a second. ` +
    `Environment: ${Object.entries(s.env)
      .map(([k, v]) => `${k}=${v}`)
      .join(", ")}.\n\n${idle}\n\n${load}${big}`
  )
}

const startupAndMemoryTables = (r: Results): string => {
  const parts: Array<string> = ["### Worker start and local-scan memory", ""]
  const st = r.startup
  if (st === undefined) parts.push("Worker start: not measured in this run.")
  else {
    parts.push(
      `A fresh analysis worker (fork → ready: Node, modules, catalogue from the build-time snapshot) is ready in ${ms(st.readyMs)} ` +
        `(${ms(st.readyCpuSeconds * 1000)} CPU, ${mbOf(st.readyRssBytes)} RSS; median of ${st.starts} starts). ` +
        "Matchers compile, and TypeScript's compiler loads, on a worker's first file of a language:",
      "",
      table(
        ["language", "file", "KB", "first file in a fresh worker", "same file again"],
        st.firstFile.map((f) => [f.language, `\`${f.path}\``, fmt(f.bytes / 1000), ms(f.firstMs), ms(f.againMs)])
      )
    )
  }
  parts.push("")
  const ls = r.localScan
  if (ls === undefined) parts.push("Local scan memory: not measured in this run.")
  else
    parts.push(
      `\`vigil scan\` (local, default workers) of a ${fmt(ls.bytes / MB)} MB Python tree (${fmt(ls.files)} files; the Python corpus's source` +
        `${ls.copies > 1 ? `, copied ${ls.copies} times to reach the size` : ""}): ${fmt(ls.wallMs / 1000)} s, ${fmt(ls.cpuSeconds)} CPU s; ` +
        `peak RSS of the largest process ${mbOf(ls.memory.processRssBytes)}, of all ${ls.memory.processes} processes together ${mbOf(ls.memory.treeRssBytes)} (${breakdown(ls.memory)}).`
    )
  const peers = r.localScanPeers ?? []
  if (ls !== undefined && peers.length > 0)
    parts.push(
      "",
      "The same tree through the peers, each once as a whole process and cold, as a user runs a tool on a repository " +
        "(Vigil's workers start cold here and never get warm; the engine section above compares warm throughput):",
      "",
      table(
        ["tool", "threads", "wall s", "CPU s", "MB per CPU-s", "Vigil / tool, wall", "Vigil / tool, CPU"],
        [
          ["`vigil scan` (local)", "default workers", fmt(ls.wallMs / 1000), fmt(ls.cpuSeconds), fmt(ls.bytes / MB / ls.cpuSeconds), "–", "–"],
          ...peers.map((p) => [
            `${p.peer} (${p.version})`,
            String(p.threads),
            fmt(p.medianWallMs / 1000),
            fmt(p.medianCpuSeconds),
            fmt(ls.bytes / MB / p.medianCpuSeconds),
            fmt(ls.wallMs / p.medianWallMs),
            fmt(ls.cpuSeconds / p.medianCpuSeconds)
          ])
        ],
        "--- | ---: | ---: | ---: | ---: | ---: | ---:"
      )
    )
  return parts.join("\n")
}

const profileSection = (r: Results): string => {
  const names = Object.keys(r.profiles)
  if (names.length === 0) return ""
  const parts = names.map((name) => {
    const p = r.profiles[name]!
    const self = table(
      ["self time", "share", "function"],
      p.self.slice(0, 10).map((l) => [ms(l.ms), `${(l.share * 100).toFixed(1)}%`, `\`${l.name}\``]),
      "---: | ---: | ---"
    )
    const incl = table(
      ["inclusive", "share", "engine function"],
      p.inclusive.slice(0, 12).map((l) => [ms(l.ms), `${(l.share * 100).toFixed(1)}%`, `\`${l.name}\``]),
      "---: | ---: | ---"
    )
    return `#### ${name} (one in-process scan of the corpus, ${ms(p.totalMs)} sampled)\n\n${self}\n\n${incl}`
  })
  return `### CPU profiles (corpora that missed the ratio target)\n\n${parts.join("\n\n")}`
}

export const renderGenerated = (r: Results): string => {
  const m = r.machine
  const corpora = table(
    ["corpus", "source", "files", "MB", "lines", "content hash", "pin"],
    r.corpora.map((c) => [c.name, `${c.description}`, fmt(c.files), fmt(c.bytes / MB), fmt(c.lines), `\`${c.contentHash.slice(0, 23)}\``, c.status + (c.notes.length > 0 ? `: ${c.notes.join("; ")}` : "")])
  )
  const targets = table(
    ["target", "goal", "this run", "verdict"],
    r.targets.map((t) => [t.description, t.target, t.value, met(t.met)]),
    "--- | --- | --- | ---"
  )
  const skipped = r.skipped.length === 0 ? "Nothing was skipped." : r.skipped.map((s) => `- ${s.what}: ${s.reason}`).join("\n")
  const matchers = Object.entries(r.catalogue.matchers)
    .sort()
    .map(([k, v]) => `${k} ${v}`)
    .join(", ")
  return [
    `Run of ${r.date.slice(0, 16).replace("T", " ")} UTC on commit \`${r.commit.slice(0, 12)}\`${r.dirty ? " (with uncommitted changes in src/, rules/ or compliance/)" : ""}; ${r.durationS} s in all.` +
      (r.carriedOver === undefined
        ? ""
        : ` Only the service was measured in this run (--service-only): the engine, peer and profile figures are carried over from the run of ${r.carriedOver.date.slice(0, 16).replace("T", " ")} UTC on commit \`${r.carriedOver.commit.slice(0, 12)}\`.`),
    "",
    `Machine: ${m.cpu}, ${m.cores} cores, ${fmt(m.memoryBytes / 1e9)} GB RAM, ${m.os}, Node ${m.node}. ` +
      `Load average at start ${m.loadAverageStart.join(" / ")}, at end ${m.loadAverageEnd.join(" / ")}. ` +
      `1-minute load average during the run: min ${m.loadDuringRun.min}, mean ${m.loadDuringRun.mean}, max ${m.loadDuringRun.max} ` +
      `(anything above ${m.cores} means other work competed for the cores: wall-clock figures suffer, CPU-second figures much less; per-core targets are judged on CPU seconds).`,
    "",
    `Catalogue: ${r.catalogue.rules} rules (${r.catalogue.hash}); matchers: ${matchers}. ` +
      `Decoding it from YAML (with every query compiled once for validation) took ${ms(r.catalogue.loadMs)} and compiling it for scanning ${ms(r.catalogue.compileMs)} in the harness process; ` +
      "workers load the build-time snapshot instead and compile a language's matchers on its first file.",
    "",
    `Method: medians of ${r.options.runs} timed runs after untimed whole passes until the last three cost within 6 % of each other in CPU (at least 3 and at most 12 per worker: the pass counts are in the table below); MB = 1,000,000 bytes; up to ${fmt(r.options.capBytes / MB)} MB sampled per corpus (benchmarks/manifest.json). ` +
      "Scan = the engine's whole pipeline (classify, worker pool, every matcher of the catalogue, findings); parse-only = the same pipeline and pool with an analyser that only parses. " +
      "The one-worker parse-only and scan runs of a corpus alternate (parse, scan, parse, scan, …), so a drift in the host's speed touches both sides of their ratio; their memory peaks include the other pool's idle worker. " +
      "Per-core figures use one worker process; peak RSS sums every process of the tree (harness, workers, server).",
    "",
    "### Targets",
    "",
    targets,
    "",
    "### Corpora",
    "",
    corpora,
    "",
    engineTables(r),
    "",
    peerTables(r),
    "",
    serviceTables(r),
    "",
    startupAndMemoryTables(r),
    "",
    profileSection(r),
    "",
    "### Skipped",
    "",
    skipped
  ].join("\n")
}

const headline = (r: Results): string => {
  const lines: Array<string> = []
  const py = r.engine.find((e) => e.name === "python")
  const perCore = r.engine
    .filter((e) => e.scan1 !== undefined)
    .map((e) => `${e.name} ${fmt(e.scan1!.mbPerCpuS)} MB/s (scan/parse-only ${x(e.ratioCpu)})`)
    .join(", ")
  if (perCore !== "") lines.push(`- Full-catalogue scan per core (per CPU second): ${perCore}.`)
  if (r.total?.scanN !== undefined) lines.push(`- All ${r.options.workers} cores: ${fmt(r.total.scanN.mbPerS)} MB/s over all corpora (speed-up ${x(r.total.speedup)}x from 1 worker).`)
  const bandit = r.peers.comparisons.find((c) => c.peer === "bandit")
  if (bandit !== undefined && py !== undefined) lines.push(`- Python vs Bandit: ${(1 / bandit.cpuTimeRatio).toFixed(2)}x Bandit's throughput per core.`)
  for (const c of r.peers.comparisons.filter((c) => c.peer === "ast-grep"))
    lines.push(`- Python vs ast-grep, ${c.threads} thread(s): Vigil takes ${(c.threads === 1 ? c.cpuTimeRatio : c.timeRatio).toFixed(1)}x ast-grep's ${c.threads === 1 ? "CPU time" : "time"}.`)
  const c4 = r.service?.levels.find((l) => l.concurrency === 4)
  if (c4 !== undefined) lines.push(`- Service, typical 50-file request at concurrency 4: p95 ${Math.round(c4.latencyMs.p95)} ms over ${c4.requests} requests, ${fmt(c4.scansPerSecond)} scans/s.`)
  for (const s of [r.service, r.servicePostgres]) {
    if (s?.idleAfterStart === undefined) continue
    const idle = s.restart?.idle ?? s.idleAfterStart
    lines.push(`- Service on ${s.database === "postgres" ? "PostgreSQL" : "the embedded database"}: ready ${fmt(s.startupMs / 1000)} s after a first start${s.restart !== undefined ? `, ${fmt(s.restart.startupMs / 1000)} s after a restart` : ""}; idle ${mbOf(idle.totalBytes)} for all processes.`)
  }
  const b = r.service?.big
  if (b !== undefined) lines.push(`- 100 MB / 10,000 files in one request: ${b.finished ? (b.partial ? "partial" : "complete") : "failed"} in ${fmt(b.durationMs / 1000)} s, peak ${gb(b.memory.treeRssBytes)} for all processes.`)
  if (r.startup !== undefined) lines.push(`- A fresh analysis worker is ready in ${Math.round(r.startup.readyMs)} ms.`)
  if (r.localScan !== undefined)
    lines.push(`- Local scan of a ${fmt(r.localScan.bytes / MB)} MB Python tree: largest process ${mbOf(r.localScan.memory.processRssBytes)}, all processes ${mbOf(r.localScan.memory.treeRssBytes)}.`)
  if (r.localScan !== undefined && (r.localScanPeers ?? []).length > 0) {
    const ls = r.localScan
    const peers = (r.localScanPeers ?? []).map((p) => `${p.peer}${p.peer === "ast-grep" ? ` ${p.threads} thread(s)` : ""} ${fmt(p.medianWallMs / 1000)} s / ${fmt(p.medianCpuSeconds)} CPU s`)
    lines.push(`- The same tree, each tool once and cold: \`vigil scan\` ${fmt(ls.wallMs / 1000)} s / ${fmt(ls.cpuSeconds)} CPU s; ${peers.join("; ")}.`)
  }
  const speedups = r.engine.filter((e) => e.speedup !== undefined).map((e) => `${e.name} ${x(e.speedup)}x`)
  if (speedups.length > 0) lines.push(`- ${r.options.workers} workers vs 1, per corpus: ${speedups.join(", ")}.`)
  const missed = r.targets.filter((t) => t.met === false).map((t) => t.id)
  lines.push(`- Targets: ${r.targets.filter((t) => t.met === true).length} met, ${missed.length} missed${missed.length > 0 ? ` (${missed.join(", ")}; causes in RESULTS.md)` : ""}.`)
  return `Headline figures (${r.date.slice(0, 10)}, commit \`${r.commit.slice(0, 12)}\`, ${r.machine.cores} cores, load average ${r.machine.loadDuringRun.mean} during the run; details in [RESULTS.md](RESULTS.md)):\n\n${lines.join("\n")}`
}

const replaceBlock = (text: string, start: string, end: string, body: string): string => {
  const i = text.indexOf(start)
  const j = text.indexOf(end)
  if (i === -1 || j === -1 || j < i) return `${text.trimEnd()}\n\n${start}\n${body}\n${end}\n`
  return `${text.slice(0, i + start.length)}\n${body}\n${text.slice(j)}`
}

const RESULTS_TEMPLATE = `# Benchmark results

Written by \`npm run bench\` (harness in benchmarks/, see benchmarks/README.md). The block below is
regenerated on every run; the analysis after it is written by hand.

${START}
${END}

## Analysis

(Where a target is missed: the cause, the profile evidence, before/after figures.)
`

export const writeReports = (r: Results, options: { readonly benchDir: string; readonly write: boolean }): string => {
  const generated = renderGenerated(r)
  if (options.write) {
    const resultsPath = join(options.benchDir, "RESULTS.md")
    const current = existsSync(resultsPath) ? readFileSync(resultsPath, "utf8") : RESULTS_TEMPLATE
    writeFileSync(resultsPath, replaceBlock(current, START, END, generated))
    writeFileSync(join(options.benchDir, "results.json"), JSON.stringify(r, null, 2) + "\n")
    const readmePath = join(options.benchDir, "README.md")
    if (existsSync(readmePath)) writeFileSync(readmePath, replaceBlock(readFileSync(readmePath, "utf8"), HEADLINE_START, HEADLINE_END, headline(r)))
  }
  return `${generated}\n\n${headline(r)}`
}
