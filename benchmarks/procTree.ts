import { readdirSync, readFileSync } from "node:fs"

/**
 * Process-tree accounting from /proc (Linux): resident memory and CPU time of a process and all its
 * descendants (analysis workers, the server, peers). Elsewhere every reading is `undefined` and the
 * harness says memory could not be measured.
 */

const CLOCK_TICKS_PER_SECOND = 100
const PAGE_BYTES = 4096

export const procAvailable = (): boolean => {
  try {
    readFileSync("/proc/self/stat", "utf8")
    return true
  } catch {
    return false
  }
}

interface ProcStat {
  readonly pid: number
  readonly ppid: number
  /** user + system CPU seconds */
  readonly cpuSeconds: number
  readonly rssBytes: number
}

const readStat = (pid: number): ProcStat | undefined => {
  try {
    const text = readFileSync(`/proc/${pid}/stat`, "utf8")
    // the command name (field 2) may contain spaces and parentheses: split after its last ')'
    const rest = text.slice(text.lastIndexOf(")") + 2).split(" ")
    // rest[0] is field 3 (state); field n is rest[n - 3]
    const ppid = Number(rest[1])
    const utime = Number(rest[11])
    const stime = Number(rest[12])
    const rssPages = Number(rest[21])
    return { pid, ppid, cpuSeconds: (utime + stime) / CLOCK_TICKS_PER_SECOND, rssBytes: rssPages * PAGE_BYTES }
  } catch {
    return undefined
  }
}

const allStats = (): Array<ProcStat> => {
  const out: Array<ProcStat> = []
  for (const name of readdirSync("/proc")) {
    if (!/^\d+$/.test(name)) continue
    const stat = readStat(Number(name))
    if (stat !== undefined) out.push(stat)
  }
  return out
}

/** The process and its descendants, as they are now. */
export const treeStats = (rootPid: number): Array<ProcStat> => {
  const stats = allStats()
  const children = new Map<number, Array<ProcStat>>()
  let root: ProcStat | undefined
  for (const s of stats) {
    if (s.pid === rootPid) root = s
    const list = children.get(s.ppid)
    if (list === undefined) children.set(s.ppid, [s])
    else list.push(s)
  }
  if (root === undefined) return []
  const out: Array<ProcStat> = []
  const stack = [root]
  while (stack.length > 0) {
    const s = stack.pop()!
    out.push(s)
    for (const c of children.get(s.pid) ?? []) stack.push(c)
  }
  return out
}

/** CPU seconds (user + system) of the given live processes. */
export const cpuSecondsOf = (pids: ReadonlyArray<number>): number => {
  let total = 0
  for (const pid of pids) total += readStat(pid)?.cpuSeconds ?? 0
  return total
}

/** "vigil.mjs serve", "worker-main.js", "bandit": what a process is, from its command line */
export const processLabel = (pid: number): string => {
  try {
    const argv = readFileSync(`/proc/${pid}/cmdline`, "utf8").split("\0").filter((a) => a !== "")
    const script = argv.slice(1).find((a) => !a.startsWith("-"))
    const base = (p: string) => p.split("/").pop() ?? p
    if (script === undefined) return base(argv[0] ?? String(pid))
    const next = argv[argv.indexOf(script) + 1]
    return next !== undefined && !next.startsWith("-") && !next.includes("/") ? `${base(script)} ${next}` : base(script)
  } catch {
    return String(pid)
  }
}

export interface MemoryPeak {
  /** highest sum of RSS over the whole tree at one sample */
  readonly treeRssBytes: number
  /** highest RSS of a single process of the tree */
  readonly processRssBytes: number
  /** the most processes seen in the tree at once */
  readonly processes: number
  readonly samples: number
  /** highest RSS seen per kind of process (label from the command line), at the tree's peak sample */
  readonly atPeak: Record<string, number>
}

/**
 * Samples the RSS of a process tree every `intervalMs` until stopped. Sampling reads /proc of every
 * process (a few ms); run it from an otherwise idle process so the event loop keeps the rhythm.
 */
export class TreeSampler {
  private timer: NodeJS.Timeout | undefined
  private treeRss = 0
  private processRss = 0
  private processes = 0
  private samples = 0
  private atPeak: Record<string, number> = {}
  private readonly labels = new Map<number, string>()

  constructor(private readonly rootPid: number, private readonly intervalMs = 100) {}

  start(): this {
    this.sample()
    this.timer = setInterval(() => this.sample(), this.intervalMs)
    return this
  }

  sample(): void {
    const tree = treeStats(this.rootPid)
    if (tree.length === 0) return
    let sum = 0
    for (const p of tree) {
      sum += p.rssBytes
      this.processRss = Math.max(this.processRss, p.rssBytes)
    }
    if (sum > this.treeRss) {
      const at: Record<string, number> = {}
      for (const p of tree) {
        let label = this.labels.get(p.pid)
        if (label === undefined) {
          label = processLabel(p.pid)
          this.labels.set(p.pid, label)
        }
        at[label] = (at[label] ?? 0) + p.rssBytes
      }
      this.atPeak = at
    }
    this.treeRss = Math.max(this.treeRss, sum)
    this.processes = Math.max(this.processes, tree.length)
    this.samples += 1
  }

  /** the peak so far; sampling goes on */
  peek(): MemoryPeak {
    return { treeRssBytes: this.treeRss, processRssBytes: this.processRss, processes: this.processes, samples: this.samples, atPeak: this.atPeak }
  }

  /** resets the peak (a new phase starts) and returns the old one */
  reset(): MemoryPeak {
    const peak = this.peek()
    this.treeRss = 0
    this.processRss = 0
    this.processes = 0
    this.samples = 0
    this.atPeak = {}
    this.sample()
    return peak
  }

  stop(): MemoryPeak {
    if (this.timer !== undefined) clearInterval(this.timer)
    this.timer = undefined
    this.sample()
    return this.peek()
  }
}
