import { type ChildProcess, spawn } from "node:child_process"
import { mkdtempSync, rmSync } from "node:fs"
import { createServer } from "node:net"
import { tmpdir } from "node:os"
import { join } from "node:path"
import autocannon from "autocannon"
import pg from "pg"
import { cpuSecondsOf, type MemoryPeak, processLabel, TreeSampler, treeStats } from "./procTree.js"
import { MB, percentile } from "./stats.js"

/**
 * Service figures: `vigil serve` as users run it (the compiled CLI, one worker per core), on the
 * embedded database in a fresh temporary directory or on a fresh PostgreSQL database, driven by
 * autocannon for the typical agent request and by one plain HTTP request for the 100 MB / 10,000-file
 * scan. Idle memory is a snapshot of every process once the tree has been idle for a moment.
 */

export interface ScanFile {
  readonly path: string
  readonly content: string
}

export interface LoadLevel {
  readonly concurrency: number
  readonly durationS: number
  readonly requests: number
  readonly scansPerSecond: number
  readonly latencyMs: { readonly p50: number; readonly p95: number; readonly p99: number; readonly max: number }
  /** autocannon's own histogram (it has no p95) */
  readonly autocannonMs: { readonly p50: number; readonly p97_5: number; readonly p99: number }
  readonly non2xx: number
  readonly errors: number
  readonly timeouts: number
  readonly statusCodes: Record<string, number>
  readonly memory: MemoryPeak
}

export interface BigRequest {
  readonly files: number
  readonly contentBytes: number
  readonly bodyBytes: number
  readonly status: number
  readonly durationMs: number
  /** the server's own duration_ms for the scan */
  readonly scanDurationMs: number | undefined
  readonly finished: boolean
  readonly partial: boolean
  readonly filesScanned: number | undefined
  readonly filesSkipped: number | undefined
  readonly filesNotAnalysed: number | undefined
  readonly findings: number | undefined
  readonly warning: string | undefined
  readonly error: string | undefined
  readonly memory: MemoryPeak
}

/** RSS of every process of the server's tree at one moment of idleness. */
export interface IdleSnapshot {
  readonly totalBytes: number
  readonly processes: ReadonlyArray<{ readonly label: string; readonly rssBytes: number }>
}

export interface RestartFigures {
  /** process start → /readyz 200 on the data the first run left */
  readonly startupMs: number
  readonly listeningMs: number | undefined
  readonly idle: IdleSnapshot
}

export type ServiceDatabase =
  | { readonly kind: "embedded" }
  /** a server URL; the bench creates (and drops) a fresh database on it */
  | { readonly kind: "postgres"; readonly adminUrl: string }

export interface ServiceFigures {
  readonly database: ServiceDatabase["kind"]
  readonly env: Record<string, string>
  /** process start → /readyz 200 (database up and a worker ready) */
  readonly startupMs: number
  /** process start → first HTTP answer (database migrated, listening) */
  readonly listeningMs: number | undefined
  readonly typicalRequest: { readonly files: number; readonly contentBytes: number; readonly bodyBytes: number; readonly composition: Record<string, number> }
  readonly typicalCheck: { readonly status: number; readonly filesScanned: number | undefined; readonly partial: boolean; readonly findings: number | undefined }
  readonly levels: ReadonlyArray<LoadLevel>
  readonly big: BigRequest | undefined
  readonly idleMemory: MemoryPeak
  /** idle after start (before any scan) and after the warm-up */
  readonly idleAfterStart: IdleSnapshot
  readonly idleAfterWarmup: IdleSnapshot
  /** a second start on the same data (a restart, as opposed to the first start of an empty database) */
  readonly restart: RestartFigures | undefined
  readonly serverLogTail: string
}

const freePort = (): Promise<number> =>
  new Promise((resolve, reject) => {
    const srv = createServer()
    srv.once("error", reject)
    srv.listen(0, "127.0.0.1", () => {
      const address = srv.address()
      const port = typeof address === "object" && address !== null ? address.port : 0
      srv.close(() => resolve(port))
    })
  })

const READY_DEADLINE_MS = 300_000

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms))

interface Started {
  readonly child: ChildProcess
  readonly baseUrl: string
  readonly key: string
  readonly output: () => string
  readonly startupMs: number
  /** first /healthz answer (listening) */
  readonly listeningMs: number | undefined
}

const startServer = async (repoRoot: string, env: Record<string, string>, expectKey = true): Promise<Started> => {
  const started = performance.now()
  const child = spawn(process.execPath, [join(repoRoot, "bin", "vigil.mjs"), "serve"], {
    cwd: repoRoot,
    env: { ...cleanEnv(), ...env },
    stdio: ["ignore", "pipe", "pipe"]
  })
  let out = ""
  child.stdout!.on("data", (c: Buffer) => (out = (out + c.toString("utf8")).slice(-200_000)))
  child.stderr!.on("data", (c: Buffer) => (out = (out + c.toString("utf8")).slice(-200_000)))
  const baseUrl = `http://127.0.0.1:${env.PORT}`
  // generous: on a shared machine at load 30 a first start took 104 s (benchmarks/RESULTS.md)
  const deadline = Date.now() + READY_DEADLINE_MS
  let listeningMs: number | undefined
  for (;;) {
    if (child.exitCode !== null || child.signalCode !== null) throw new Error(`vigil serve exited before it was ready:\n${out.slice(-4000)}`)
    if (Date.now() > deadline) {
      child.kill("SIGKILL")
      throw new Error(`vigil serve was not ready within ${READY_DEADLINE_MS / 1000} s:\n${out.slice(-4000)}`)
    }
    try {
      const r = await fetch(`${baseUrl}/readyz`)
      listeningMs ??= performance.now() - started
      if (r.status === 200) break
    } catch {
      // not listening yet
    }
    await sleep(200)
  }
  const key = /\b(vgl_[A-Za-z0-9_-]{20,})/.exec(out)?.[1] ?? (expectKey ? undefined : "")
  if (key === undefined) {
    child.kill("SIGKILL")
    throw new Error(`no bootstrap key in the server output:\n${out.slice(-4000)}`)
  }
  return { child, baseUrl, key, output: () => out, startupMs: performance.now() - started, listeningMs }
}

/** Waits until the tree is idle, then reads the RSS of each of its processes. */
const idleSnapshot = async (pid: number): Promise<IdleSnapshot> => {
  await waitIdle(pid, 30_000)
  const processes = treeStats(pid).map((p) => ({ label: processLabel(p.pid), rssBytes: p.rssBytes }))
  return { totalBytes: processes.reduce((sum, p) => sum + p.rssBytes, 0), processes }
}

const stopServer = async (child: ChildProcess): Promise<void> => {
  if (child.exitCode !== null || child.signalCode !== null) return
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()))
  child.kill("SIGTERM")
  const timer = setTimeout(() => child.kill("SIGKILL"), 15_000)
  await exited
  clearTimeout(timer)
}

const CONFIG_ENV = /^(PORT|HOST|DATABASE_URL|VIGIL_.*|LOG_LEVEL)$/
const cleanEnv = (): Record<string, string> => {
  const out: Record<string, string> = {}
  for (const [k, v] of Object.entries(process.env)) if (v !== undefined && !CONFIG_ENV.test(k)) out[k] = v
  return out
}

/**
 * Requests still running when a load level ends (autocannon stops waiting for them) would slow the
 * next level: wait until the server and its workers are idle (under 15% of a core for half a second).
 */
const waitIdle = async (pid: number, maxMs = 90_000): Promise<number> => {
  const started = Date.now()
  let before = cpuSecondsOf(treeStats(pid).map((p) => p.pid))
  for (;;) {
    await sleep(500)
    const now = cpuSecondsOf(treeStats(pid).map((p) => p.pid))
    if (now - before < 0.075 || Date.now() - started > maxMs) return Date.now() - started
    before = now
  }
}

const runLoad = (url: string, key: string, body: string, connections: number, durationS: number, sampler: TreeSampler): Promise<LoadLevel> =>
  new Promise((resolve, reject) => {
    const latencies: Array<number> = []
    const statusCodes: Record<string, number> = {}
    sampler.reset()
    const instance = autocannon(
      {
        url: `${url}/v1/scan`,
        method: "POST",
        connections,
        duration: durationS,
        timeout: 60,
        headers: { authorization: `Bearer ${key}`, "content-type": "application/json" },
        body
      },
      (error, result) => {
        if (error !== null && error !== undefined) {
          reject(error)
          return
        }
        const memory = sampler.peek()
        const ok = latencies.length - (result.non2xx ?? 0)
        resolve({
          concurrency: connections,
          durationS,
          requests: latencies.length,
          scansPerSecond: ok / (result.duration > 0 ? result.duration : durationS),
          latencyMs: {
            p50: percentile(latencies, 50),
            p95: percentile(latencies, 95),
            p99: percentile(latencies, 99),
            max: Math.max(...latencies)
          },
          autocannonMs: { p50: result.latency.p50, p97_5: result.latency.p97_5, p99: result.latency.p99 },
          non2xx: result.non2xx,
          errors: result.errors,
          timeouts: result.timeouts,
          statusCodes,
          memory
        })
      }
    )
    instance.on("response", (_client: unknown, statusCode: number, _bytes: number, responseTime: number) => {
      latencies.push(responseTime)
      statusCodes[String(statusCode)] = (statusCodes[String(statusCode)] ?? 0) + 1
    })
  })

interface ScanAnswer {
  readonly files_scanned?: number
  readonly files_skipped?: number
  readonly partial_results?: boolean
  readonly warning?: string
  readonly findings?: ReadonlyArray<unknown>
  readonly duration_ms?: number
  readonly file_outcomes?: ReadonlyArray<{ status: string }>
  readonly code?: string
  readonly error?: string
}

const postScan = async (baseUrl: string, key: string, body: string): Promise<{ status: number; answer: ScanAnswer | undefined; ms: number }> => {
  const t0 = performance.now()
  const r = await fetch(`${baseUrl}/v1/scan`, {
    method: "POST",
    headers: { authorization: `Bearer ${key}`, "content-type": "application/json" },
    body
  })
  const text = await r.text()
  const ms = performance.now() - t0
  let answer: ScanAnswer | undefined
  try {
    answer = JSON.parse(text) as ScanAnswer
  } catch {
    answer = undefined
  }
  return { status: r.status, answer, ms }
}

export interface ServiceOptions {
  readonly repoRoot: string
  readonly typical: ReadonlyArray<ScanFile>
  readonly big: ReadonlyArray<ScanFile> | undefined
  readonly concurrencies: ReadonlyArray<number>
  readonly durationS: number
  readonly workers: number
  readonly database: ServiceDatabase
  readonly log: (line: string) => void
}

export const describeIdle = (idle: IdleSnapshot): string =>
  idle.processes.map((p) => `${p.label} ${(p.rssBytes / MB).toFixed(0)} MB`).join(" + ")

const kindOf = (path: string): string => path.slice(path.lastIndexOf(".") + 1)

/** A fresh database on the PostgreSQL server of `adminUrl`, dropped by the returned function. */
const freshPostgres = async (adminUrl: string): Promise<{ url: string; drop: () => Promise<void> }> => {
  const name = `vigil_bench_${Date.now()}`
  const admin = (statement: string) => {
    const pool = new pg.Pool({ connectionString: adminUrl, max: 1 })
    return pool.query(statement).finally(() => pool.end())
  }
  await admin(`CREATE DATABASE ${name}`)
  const url = new URL(adminUrl)
  url.pathname = `/${name}`
  return {
    url: url.toString(),
    drop: () => admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`).then(() => undefined)
  }
}

export const measureService = async (options: ServiceOptions): Promise<ServiceFigures> => {
  const dataDir = mkdtempSync(join(tmpdir(), "vigil-bench-data-"))
  const postgres = options.database.kind === "postgres" ? await freshPostgres(options.database.adminUrl) : undefined
  const port = await freePort()
  const bigBody = options.big === undefined ? undefined : JSON.stringify({ files: options.big, policy: "comprehensive" })
  const env: Record<string, string> = {
    PORT: String(port),
    HOST: "127.0.0.1",
    ...(postgres !== undefined ? { DATABASE_URL: postgres.url } : { VIGIL_DATA_DIR: dataDir }),
    VIGIL_WORKERS: String(options.workers),
    // the load test measures scanning, not the per-key limit (default 60 scans/min)
    VIGIL_RATE_LIMIT: "0",
    LOG_LEVEL: "warning"
  }
  // the 100 MB of content is ~102 MB of JSON once escaped: raise the body limit just enough
  const bigBodyBytes = bigBody === undefined ? 0 : Buffer.byteLength(bigBody)
  if (bigBodyBytes > 100 * MB) env.VIGIL_MAX_BODY_MB = String(Math.ceil(bigBodyBytes / MB) + 1)
  options.log(`  starting vigil serve (port ${port}, ${postgres !== undefined ? "a fresh PostgreSQL database" : `embedded database in ${dataDir}`})`)
  const server = await startServer(options.repoRoot, env)
  const sampler = new TreeSampler(server.child.pid!, 100).start()
  let stopped = false
  try {
    const typicalBody = JSON.stringify({ files: options.typical })
    const composition: Record<string, number> = {}
    for (const f of options.typical) composition[kindOf(f.path)] = (composition[kindOf(f.path)] ?? 0) + 1
    const idleAfterStart = await idleSnapshot(server.child.pid!)
    options.log(`  ready after ${(server.startupMs / 1000).toFixed(1)} s; idle ${(idleAfterStart.totalBytes / MB).toFixed(0)} MB (${describeIdle(idleAfterStart)})`)
    const check = await postScan(server.baseUrl, server.key, typicalBody)
    if (check.status !== 200) throw new Error(`a typical scan answered ${check.status}: ${JSON.stringify(check.answer).slice(0, 500)}`)
    // warm-up: every worker busy for a while (JIT, first-use costs), untimed
    await runLoad(server.baseUrl, server.key, typicalBody, Math.max(2, options.workers), 3, sampler)
    const idleMemory = sampler.reset()
    const idleAfterWarmup = await idleSnapshot(server.child.pid!)
    const levels: Array<LoadLevel> = []
    const serverPid = server.child.pid!
    for (const c of options.concurrencies) {
      const waited = await waitIdle(serverPid)
      options.log(`  typical request at concurrency ${c} for ${options.durationS} s${waited > 1000 ? ` (after ${(waited / 1000).toFixed(0)} s waiting for the server to drain)` : ""}`)
      levels.push(await runLoad(server.baseUrl, server.key, typicalBody, c, options.durationS, sampler))
    }
    let big: BigRequest | undefined
    if (options.big !== undefined && bigBody !== undefined) {
      const contentBytes = options.big.reduce((s, f) => s + Buffer.byteLength(f.content), 0)
      options.log(`  one request of ${options.big.length} files, ${(contentBytes / MB).toFixed(1)} MB of content`)
      await waitIdle(serverPid)
      sampler.reset()
      let status = 0
      let answer: ScanAnswer | undefined
      let ms = 0
      let error: string | undefined
      try {
        ;({ status, answer, ms } = await postScan(server.baseUrl, server.key, bigBody))
      } catch (e) {
        error = e instanceof Error ? e.message : String(e)
      }
      await sleep(300)
      const memory = sampler.peek()
      const notAnalysed = answer?.file_outcomes?.filter((o) => o.status === "not_analysed").length
      big = {
        files: options.big.length,
        contentBytes,
        bodyBytes: bigBodyBytes,
        status,
        durationMs: ms,
        scanDurationMs: answer?.duration_ms,
        finished: status === 200,
        partial: answer?.partial_results === true,
        filesScanned: answer?.files_scanned,
        filesSkipped: answer?.files_skipped,
        filesNotAnalysed: notAnalysed,
        findings: answer?.findings?.length,
        warning: answer?.warning,
        error: error ?? (status !== 200 ? `${answer?.code ?? status}: ${answer?.error ?? ""}` : undefined),
        memory
      }
    }
    const serverLogTail = server.output().slice(-2000)
    sampler.stop()
    await stopServer(server.child)
    stopped = true
    // a restart on the data the run left: what users see every day after the first start
    options.log("  restarting on the same data")
    const again = await startServer(options.repoRoot, env, false)
    let restart: RestartFigures
    try {
      const idle = await idleSnapshot(again.child.pid!)
      restart = { startupMs: again.startupMs, listeningMs: again.listeningMs, idle }
      options.log(`  ready after ${(again.startupMs / 1000).toFixed(1)} s; idle ${(idle.totalBytes / MB).toFixed(0)} MB (${describeIdle(idle)})`)
    } finally {
      await stopServer(again.child)
    }
    const { VIGIL_DATA_DIR: _dir, DATABASE_URL: _url, ...shownEnv } = env
    return {
      database: options.database.kind,
      env: { ...shownEnv, ...(postgres !== undefined ? { DATABASE_URL: "(a fresh database)" } : { VIGIL_DATA_DIR: "(temporary directory)" }) },
      startupMs: server.startupMs,
      listeningMs: server.listeningMs,
      idleAfterStart,
      idleAfterWarmup,
      restart,
      typicalRequest: {
        files: options.typical.length,
        contentBytes: options.typical.reduce((s, f) => s + Buffer.byteLength(f.content), 0),
        bodyBytes: Buffer.byteLength(typicalBody),
        composition
      },
      typicalCheck: {
        status: check.status,
        filesScanned: check.answer?.files_scanned,
        partial: check.answer?.partial_results === true,
        findings: check.answer?.findings?.length
      },
      levels,
      big,
      idleMemory,
      serverLogTail
    }
  } finally {
    if (!stopped) {
      sampler.stop()
      await stopServer(server.child)
    }
    rmSync(dataDir, { recursive: true, force: true })
    await postgres?.drop().catch(() => undefined)
  }
}
