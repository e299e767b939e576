import { spawn, spawnSync } from "node:child_process"
import { existsSync, readFileSync } from "node:fs"
import { join } from "node:path"
import { TreeSampler } from "./procTree.js"
import { median } from "./stats.js"

/**
 * Peers run on the same files in the same run: Bandit (Debian `python3-bandit`) on the Python sample
 * and ast-grep (`@ast-grep/cli` dev dependency) with the Python rule set in peers/. Each is timed as a
 * whole process (start-up and file reading included, as a user would run it), wall clock and CPU.
 */

export interface PeerRun {
  readonly wallMs: number
  /** peak RSS of the peer's process tree */
  readonly peakRssBytes: number
  /** user + system CPU seconds of the peer and its children (from the shell's `times`) */
  readonly cpuSeconds: number
  readonly exitCode: number | null
  readonly findings: number
}

export interface PeerFigures {
  readonly peer: string
  readonly version: string
  readonly threads: number
  readonly rules: string
  readonly runs: ReadonlyArray<PeerRun>
  readonly medianWallMs: number
  readonly medianCpuSeconds: number
  /** highest peak RSS of the peer's process tree over the runs */
  readonly peakRssBytes: number
  /** start-up of the tool on an empty input, median wall ms (to read the figures fairly) */
  readonly startupMs: number
}

export interface PeerSkip {
  readonly peer: string
  readonly reason: string
}

/** dash/bash `times` prints the shell's and then its children's user/system times: "0m1.234s 0m0.010s" */
const parseTimes = (stderr: string): number => {
  const lines = stderr.trim().split("\n").filter((l) => /^\d+m[\d.]+s \d+m[\d.]+s$/.test(l.trim()))
  const last = lines[lines.length - 1]
  if (last === undefined) return Number.NaN
  return last
    .trim()
    .split(" ")
    .map((t) => {
      const m = /^(\d+)m([\d.]+)s$/.exec(t)!
      return Number(m[1]) * 60 + Number(m[2])
    })
    .reduce((a, b) => a + b, 0)
}

const timedRun = (
  command: string,
  args: ReadonlyArray<string>,
  cwd: string,
  countFindings: (stdout: string) => number
): Promise<PeerRun> =>
  new Promise((resolve, reject) => {
    const started = performance.now()
    // `times` after the command reports the CPU time of the finished child
    const child = spawn("/bin/sh", ["-c", '"$@" > "$OUT_FILE"; rc=$?; times >&2; exit $rc', "sh", command, ...args], {
      cwd,
      env: { ...process.env, OUT_FILE: join(cwd, "..", ".peer-output") },
      stdio: ["ignore", "ignore", "pipe"]
    })
    const sampler = child.pid === undefined ? undefined : new TreeSampler(child.pid, 50).start()
    let stderr = ""
    child.stderr.on("data", (c: Buffer) => (stderr += c.toString("utf8")))
    child.on("error", (e) => {
      sampler?.stop()
      reject(e)
    })
    child.on("exit", (code) => {
      const wallMs = performance.now() - started
      const peakRssBytes = sampler?.stop().treeRssBytes ?? 0
      let out = ""
      try {
        out = readFileSync(join(cwd, "..", ".peer-output"), "utf8")
      } catch {
        out = ""
      }
      resolve({ wallMs, peakRssBytes, cpuSeconds: parseTimes(stderr), exitCode: code, findings: countFindings(out) })
    })
  })

const commandExists = (command: string): string | undefined => {
  const r = spawnSync("/bin/sh", ["-c", `command -v ${command}`], { encoding: "utf8" })
  const path = r.stdout.trim()
  return r.status === 0 && path !== "" ? path : undefined
}

const versionOf = (command: string, args: ReadonlyArray<string>): string => {
  const r = spawnSync(command, [...args], { encoding: "utf8", timeout: 20_000 })
  return `${r.stdout ?? ""}${r.stderr ?? ""}`.split("\n")[0]!.trim()
}

export const banditAvailable = (): { path: string; version: string } | PeerSkip => {
  const path = commandExists("bandit")
  if (path === undefined) return { peer: "bandit", reason: "bandit is not installed (Debian: apt-get install python3-bandit)" }
  return { path, version: versionOf(path, ["--version"]) }
}

export const astGrepAvailable = (repoRoot: string): { path: string; version: string } | PeerSkip => {
  const path = join(repoRoot, "node_modules", ".bin", "ast-grep")
  if (!existsSync(path)) return { peer: "ast-grep", reason: "node_modules/.bin/ast-grep is missing (npm ci installs @ast-grep/cli)" }
  return { path, version: versionOf(path, ["--version"]) }
}

const measurePeer = async (
  peer: string,
  version: string,
  threads: number,
  rules: string,
  command: string,
  args: ReadonlyArray<string>,
  emptyArgs: ReadonlyArray<string>,
  cwd: string,
  emptyDir: string,
  runs: number,
  countFindings: (stdout: string) => number
): Promise<PeerFigures> => {
  const startup: Array<number> = []
  for (let i = 0; i < 2; i++) startup.push((await timedRun(command, emptyArgs, emptyDir, () => 0)).wallMs)
  // no untimed warm-up: the engine has just read the same files (page cache warm) and the peers
  // have no JIT to warm
  const list: Array<PeerRun> = []
  for (let i = 0; i < runs; i++) list.push(await timedRun(command, args, cwd, countFindings))
  return {
    peer,
    version,
    threads,
    rules,
    runs: list,
    medianWallMs: median(list.map((r) => r.wallMs)),
    medianCpuSeconds: median(list.map((r) => r.cpuSeconds)),
    peakRssBytes: Math.max(...list.map((r) => r.peakRssBytes)),
    startupMs: median(startup)
  }
}

const countBandit = (stdout: string): number => {
  try {
    return (JSON.parse(stdout) as { results?: Array<unknown> }).results?.length ?? 0
  } catch {
    return Number.NaN
  }
}

const countAstGrep = (stdout: string): number => stdout.split("\n").filter((l) => l.startsWith("{")).length

/** Bandit with its default plugin set over the whole Python sample, single process (Bandit has no threads). */
export const runBandit = (bandit: { path: string; version: string }, dir: string, emptyDir: string, runs: number): Promise<PeerFigures> =>
  measurePeer(
    "bandit",
    bandit.version,
    1,
    "all default plugins",
    bandit.path,
    ["-q", "-r", ".", "-f", "json"],
    ["-q", "-r", ".", "-f", "json"],
    dir,
    emptyDir,
    runs,
    countBandit
  )

export const astGrepRuleCount = (rulesFile: string): number => readFileSync(rulesFile, "utf8").split(/^id:/m).length - 1

/** ast-grep scan with the peer rule set, `threads` worker threads. */
export const runAstGrep = (
  astGrep: { path: string; version: string },
  rulesFile: string,
  dir: string,
  emptyDir: string,
  threads: number,
  runs: number
): Promise<PeerFigures> => {
  const rules = readFileSync(rulesFile, "utf8")
  const args = ["scan", "--inline-rules", rules, "--json=stream", "--no-ignore", "hidden", "--no-ignore", "vcs", "-j", String(threads), "."]
  return measurePeer(
    "ast-grep",
    astGrep.version,
    threads,
    `${astGrepRuleCount(rulesFile)} rules (benchmarks/peers/ast-grep-python.yml)`,
    astGrep.path,
    args,
    args,
    dir,
    emptyDir,
    runs,
    countAstGrep
  )
}
