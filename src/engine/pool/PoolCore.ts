import { existsSync } from "node:fs"
import type { FileAnalysis, FileTask } from "../Analyser.js"
import { type ResultSink, type RunTask, taskContent, taskSize } from "../RunTask.js"
import { type BatchLimits, planBatches } from "./batches.js"
import { ChildWorker } from "./ChildWorker.js"
import { FairQueue } from "./FairQueue.js"
import { crashedOnFile, failedFile, notAnalysed } from "./outcomes.js"
import { type ChildLogLevel, type ChildMessage, sendableDeadline } from "./protocol.js"
import { Run, type RunOutcome } from "./Run.js"

export interface PoolConfig {
  readonly size: number
  readonly entry: string
  readonly init: unknown
  readonly execArgv: ReadonlyArray<string>
  /** V8's young-generation semi-space of each child, MB (see `WORKER_V8_FLAGS`) */
  readonly semiSpaceMb: number
  readonly maxRssBytes: number
  readonly taskTimeoutGraceMs: number
  readonly maxQueue: number
  readonly initTimeoutMs: number
  /** failed starts in a row, with no worker ready, before runs fail with WorkerUnavailable */
  readonly maxFailedStarts: number
  readonly respawnBackoffMs: { readonly base: number; readonly max: number }
  readonly batchLimits: BatchLimits
}

export interface PoolStats {
  readonly size: number
  /** initialised workers (idle or busy) */
  readonly ready: number
  readonly busy: number
  /** batches waiting for a worker, across all runs */
  readonly queuedBatches: number
  /** workers replaced after a crash, an external kill or a hang */
  readonly restarts: number
  /** workers retired because their RSS passed the threshold */
  readonly recycled: number
  /** failed starts since a worker was last ready */
  readonly failedStarts: number
  /** live child pids (for diagnostics and tests) */
  readonly pids: ReadonlyArray<number>
}

export type PoolLog = (level: ChildLogLevel, message: string, annotations?: Record<string, unknown>) => void

interface Job {
  readonly run: Run
  /** input indices, in the order sent */
  readonly files: ReadonlyArray<number>
  /** the text sent for each file, until its result is settled (files read from disk at dispatch) */
  readonly contents: Array<string | undefined>
  readonly batchId: number
  readonly reported: Array<boolean>
  readonly hangTimer: ReturnType<typeof setTimeout>
}

type SlotState =
  | { readonly _tag: "Starting"; readonly child: ChildWorker; readonly initTimer: ReturnType<typeof setTimeout> }
  | { readonly _tag: "Idle"; readonly child: ChildWorker }
  | { readonly _tag: "Busy"; readonly child: ChildWorker; readonly job: Job }
  | { readonly _tag: "Backoff"; readonly timer: ReturnType<typeof setTimeout> }
  | { readonly _tag: "Closed" }

interface Slot {
  readonly id: number
  state: SlotState
  /** failed starts in a row on this slot, for its backoff */
  failures: number
}

export type Cancel = () => void

/**
 * Every worker gets these. `--expose-gc`: the memory hygiene of analyseBatch.ts. The other two are
 * for the cold worker: a local scan's workers never get warm (a worker is cold for its first several
 * MB), and V8's optimising compiler spent seconds of CPU on background threads compiling the engine's
 * large functions with everything inlined, and again after each deoptimisation. Capping the inlined
 * bytecode per function at 100 (default 920) took a cold `vigil scan` of 17 MB of agent-framework
 * Python from 12.7 to 10.4 CPU s and of 15 MB of TS/JS from 7.7 to 6.0; tiering up 3x later
 * (interrupt budget 200,000, default 67,584) took them on to 9.3 and 5.2 (alternating runs, session
 * 8 in benchmarks/RESULTS.md). Warm passes stay within a few per cent; a larger budget (500,000)
 * saved a little more cold but cost warm passes ~10 %.
 *
 * The young generation's semi-space is a pool setting (`semiSpaceMb`, default
 * `DEFAULT_SEMI_SPACE_MB`), added as `--max-semi-space-size`. TypeScript's parser builds a whole
 * file's syntax tree, which lives until the file's rules have run. In V8's default 16 MB semi-space
 * that tree survived two scavenges and was promoted, so the old generation was marked and compacted
 * over and over (on the worker's helper threads too). With 64 MB most of a file's objects die young.
 * Alternating builds that differ only in this (session 12, benchmarks/RESULTS.md): on JavaScript and
 * TypeScript alone one worker's CPU per pass 1.13 → 0.58 s and 0.73 → 0.40 s; in the bench's order
 * (Python and Go first, the heap already grown) JavaScript 0.90 → 0.66 and Go 1.02 → 0.84, Python
 * and builders within noise, TypeScript with one worker slower in one comparison and faster in
 * another; 32 MB gave JavaScript little. The cost is memory under load: the 100 MB request's workers
 * peaked 0.45 → 0.61 GB together; a worker's idle RSS is unchanged (the young generation grows only
 * when used).
 * A local scan keeps V8's default (cli/localScan.ts): its workers are replaced above 250 MB RSS.
 */
export const WORKER_V8_FLAGS: ReadonlyArray<string> = ["--expose-gc", "--max-inlined-bytecode-size-cumulative=100", "--interrupt-budget=200000"]

export const DEFAULT_SEMI_SPACE_MB = 64

/** Every flag a child starts with. */
export const workerFlags = (semiSpaceMb: number): Array<string> => [...WORKER_V8_FLAGS, `--max-semi-space-size=${semiSpaceMb}`]

/** setTimeout overflows above 2^31-1 ms (and then fires at once): clamp. */
const MAX_TIMER_MS = 2_147_483_647
const timerDelay = (ms: number): number => Math.min(Math.max(0, ms), MAX_TIMER_MS)

/**
 * The pool's state machine, callback-driven because child processes are. `WorkerPool` wraps it in an
 * Effect API. Invariants: every file of a live run is either waiting in `queue`, in one slot's `job`,
 * or settled; a slot holds at most one child; a child we killed on purpose never reports back.
 */
export class PoolCore {
  private readonly slots: Array<Slot>
  private readonly queue = new FairQueue<Run, ReadonlyArray<number>>()
  private readonly runs = new Set<Run>()
  private restarts = 0
  private recycled = 0
  private failedStartsSinceReady = 0
  private lastStartError = ""
  private nextBatchId = 1
  private nextRunId = 1
  private closed = false

  constructor(
    private readonly config: PoolConfig,
    private readonly log: PoolLog
  ) {
    this.slots = Array.from({ length: Math.max(1, config.size) }, (_, id): Slot => ({
      id,
      state: { _tag: "Closed" },
      failures: 0
    }))
    for (const slot of this.slots) this.startSlot(slot)
  }

  // ---- public surface ----

  submit(
    tasks: ReadonlyArray<RunTask>,
    deadlineAt: number,
    onFileDone: ((settled: number) => void) | undefined,
    done: (outcome: RunOutcome) => void,
    sink?: ResultSink
  ): Cancel {
    const noop: Cancel = () => {}
    if (this.closed) {
      done({ _tag: "Unavailable", reason: "the worker pool is closed" })
      return noop
    }
    if (tasks.length === 0) {
      done({ _tag: "Done", results: [] })
      return noop
    }
    const unavailable = this.unavailableReason()
    if (unavailable !== undefined) {
      done({ _tag: "Unavailable", reason: unavailable })
      return noop
    }
    const batches = planBatches(tasks.map(taskSize), this.slots.length, this.config.batchLimits)
    // An idle queue admits a scan of any size (it is served at once); a backlog is bounded.
    const waiting = this.queue.size
    if (waiting > 0 && waiting + batches.length > this.config.maxQueue) {
      done({ _tag: "Unavailable", reason: `queue full (${waiting} batches waiting)` })
      return noop
    }
    const run = new Run(
      this.nextRunId++,
      tasks,
      deadlineAt,
      onFileDone,
      (finished, outcome) => {
        this.forget(finished)
        done(outcome)
      },
      sink
    )
    this.runs.add(run)
    this.queue.pushBack(run, batches)
    run.deadlineTimer = setTimeout(() => this.expireWaiting(run), timerDelay(deadlineAt - Date.now()))
    this.pump()
    return () => {
      run.abandon()
      this.forget(run)
    }
  }

  isReady(): boolean {
    return this.slots.some((slot) => slot.state._tag === "Idle" || slot.state._tag === "Busy")
  }

  stats(): PoolStats {
    const pids: Array<number> = []
    let ready = 0
    let busy = 0
    for (const slot of this.slots) {
      const state = slot.state
      if (state._tag === "Idle" || state._tag === "Busy") ready += 1
      if (state._tag === "Busy") busy += 1
      if (state._tag === "Starting" || state._tag === "Idle" || state._tag === "Busy") {
        const pid = state.child.pid
        if (pid !== undefined) pids.push(pid)
      }
    }
    return {
      size: this.slots.length,
      ready,
      busy,
      queuedBatches: this.queue.size,
      restarts: this.restarts,
      recycled: this.recycled,
      failedStarts: this.failedStartsSinceReady,
      pids
    }
  }

  /** Fails live runs, kills every child and waits until they are reaped. */
  async close(): Promise<void> {
    if (this.closed) return
    this.closed = true
    for (const run of [...this.runs]) run.fail("the worker pool is closed")
    const gone: Array<Promise<void>> = []
    for (const slot of this.slots) {
      const child = this.releaseSlot(slot)
      if (child !== undefined) gone.push(child.kill())
      slot.state = { _tag: "Closed" }
    }
    await Promise.all(gone)
  }

  // ---- worker lifecycle ----

  private startSlot(slot: Slot): void {
    if (this.closed) return
    if (!existsSync(this.config.entry)) {
      this.startFailed(slot, `worker entry not found: ${this.config.entry}`)
      return
    }
    const child = ChildWorker.fork(this.config.entry, [...workerFlags(this.config.semiSpaceMb), ...this.config.execArgv], {
      onMessage: (message) => this.onMessage(slot, child, message),
      onExit: (description) => this.onExit(slot, child, description),
      onOutput: (text) => this.log("debug", text.trimEnd(), { worker: slot.id, pid: child.pid }),
      onProtocolError: () => this.log("warning", "analysis worker sent a message outside the protocol", { worker: slot.id })
    })
    const initTimer = setTimeout(() => {
      if (!this.holds(slot, child, "Starting")) return
      void child.kill()
      this.startFailed(slot, `did not initialise within ${this.config.initTimeoutMs} ms`)
    }, timerDelay(this.config.initTimeoutMs))
    slot.state = { _tag: "Starting", child, initTimer }
    child.send({ type: "init", init: this.config.init })
  }

  private onMessage(slot: Slot, child: ChildWorker, message: ChildMessage): void {
    const state = slot.state
    if (!("child" in state) || state.child !== child) return
    switch (message.type) {
      case "ready":
        if (state._tag !== "Starting") return
        clearTimeout(state.initTimer)
        slot.state = { _tag: "Idle", child }
        slot.failures = 0
        this.failedStartsSinceReady = 0
        this.pump()
        return
      case "init-error":
        if (state._tag !== "Starting") return
        clearTimeout(state.initTimer)
        void child.kill()
        this.startFailed(slot, `init failed: ${message.message}`)
        return
      case "file-result":
        if (state._tag === "Busy" && state.job.batchId === message.batchId) this.fileDone(state.job, message.index, message.result)
        return
      case "batch-done":
        if (state._tag === "Busy" && state.job.batchId === message.batchId) this.batchDone(slot, child, state.job, message.rssBytes)
        return
      case "log":
        this.log(message.level, message.message, { worker: slot.id, pid: child.pid })
        return
    }
  }

  private onExit(slot: Slot, child: ChildWorker, description: string): void {
    const state = slot.state
    if (!("child" in state) || state.child !== child) return
    switch (state._tag) {
      case "Starting": {
        clearTimeout(state.initTimer)
        const stderr = child.recentStderr
        this.startFailed(slot, stderr === "" ? description : `${description}: ${stderr}`)
        return
      }
      case "Idle":
        this.restarts += 1
        this.log("warning", `analysis worker ${description} while idle; replacing it`, { worker: slot.id })
        this.startSlot(slot)
        return
      case "Busy":
        clearTimeout(state.job.hangTimer)
        this.restarts += 1
        this.log("warning", `analysis worker ${description} during a batch; replacing it`, { worker: slot.id })
        this.startSlot(slot)
        this.crashed(state.job)
        this.pump()
        return
    }
  }

  private startFailed(slot: Slot, reason: string): void {
    slot.failures += 1
    this.failedStartsSinceReady += 1
    this.lastStartError = reason
    // exponential backoff per slot: a broken entry costs a few forks, never a respawn loop
    const delay = Math.min(this.config.respawnBackoffMs.base * 2 ** Math.min(slot.failures - 1, 20), this.config.respawnBackoffMs.max)
    slot.state = { _tag: "Backoff", timer: setTimeout(() => this.startSlot(slot), timerDelay(delay)) }
    this.log("warning", `analysis worker could not start (${reason}); retrying in ${delay} ms`, { worker: slot.id })
    const unavailable = this.unavailableReason()
    if (unavailable !== undefined) for (const run of [...this.runs]) run.fail(unavailable)
  }

  private unavailableReason(): string | undefined {
    if (this.isReady() || this.failedStartsSinceReady < this.config.maxFailedStarts) return undefined
    return `no analysis worker could be started: ${this.lastStartError}`
  }

  /** Clears the slot's timers and returns its child, if any (the caller decides its fate). */
  private releaseSlot(slot: Slot): ChildWorker | undefined {
    const state = slot.state
    switch (state._tag) {
      case "Starting":
        clearTimeout(state.initTimer)
        return state.child
      case "Busy":
        clearTimeout(state.job.hangTimer)
        return state.child
      case "Idle":
        return state.child
      case "Backoff":
        clearTimeout(state.timer)
        return undefined
      case "Closed":
        return undefined
    }
  }

  private holds(slot: Slot, child: ChildWorker, tag: SlotState["_tag"]): boolean {
    const state = slot.state
    return state._tag === tag && "child" in state && state.child === child
  }

  // ---- scheduling ----

  /** Hands waiting batches to idle workers, round-robin across runs. */
  private pump(): void {
    if (this.closed) return
    for (const slot of this.slots) {
      const state = slot.state
      if (state._tag !== "Idle") continue
      const next = this.takeDispatchable()
      if (next === undefined) return
      this.dispatch(slot, state.child, next.owner, next.batch)
    }
  }

  /** The next batch whose run still has time; batches of expired runs are settled on the way. */
  private takeDispatchable(): { readonly owner: Run; readonly batch: ReadonlyArray<number> } | undefined {
    for (;;) {
      const next = this.queue.take()
      if (next === undefined) return undefined
      if (Date.now() < next.owner.deadlineAt) return next
      for (const index of next.batch) next.owner.settle(index, notAnalysed(next.owner.task(index)))
    }
  }

  private dispatch(slot: Slot, child: ChildWorker, run: Run, batch: ReadonlyArray<number>): void {
    // files on disk are read now, so only the batches in flight are ever in memory
    const files: Array<number> = []
    const contents: Array<string> = []
    const sent: Array<FileTask> = []
    for (const index of batch) {
      const task = run.task(index)
      const read = taskContent(task)
      if ("unreadable" in read) {
        run.settle(index, failedFile(task, read.unreadable))
        continue
      }
      files.push(index)
      contents.push(read.content)
      sent.push({ path: task.path, kind: task.kind, content: read.content })
    }
    if (files.length === 0) {
      this.pump()
      return
    }
    const batchId = this.nextBatchId++
    // past the deadline plus grace the child is not cooperating (a native call that ignores the
    // deadline, a busy loop): only a kill gets the worker back
    const timeout = timerDelay(run.deadlineAt - Date.now() + this.config.taskTimeoutGraceMs)
    const job: Job = {
      run,
      files,
      contents,
      batchId,
      reported: files.map(() => false),
      hangTimer: setTimeout(() => this.hung(slot, child, job), timeout)
    }
    slot.state = { _tag: "Busy", child, job }
    child.send({
      type: "analyse",
      batchId,
      deadlineAt: sendableDeadline(run.deadlineAt),
      tasks: sent
    })
  }

  private fileDone(job: Job, position: number, result: FileAnalysis): void {
    const index = job.files[position]
    if (index === undefined || job.reported[position] === true) return
    job.reported[position] = true
    const content = job.contents[position]
    job.contents[position] = undefined
    job.run.settle(index, result, content)
  }

  private batchDone(slot: Slot, child: ChildWorker, job: Job, rssBytes: number): void {
    clearTimeout(job.hangTimer)
    if (rssBytes > this.config.maxRssBytes) {
      // freed native (tree-sitter) memory does not go back to the OS: only a new process shrinks it
      this.recycled += 1
      this.log("info", `recycling analysis worker at ${Math.round(rssBytes / 1048576)} MB RSS`, { worker: slot.id })
      void child.kill()
      this.startSlot(slot)
    } else {
      slot.state = { _tag: "Idle", child }
    }
    this.unreported(job).forEach((index) =>
      job.run.settle(index, failedFile(job.run.task(index), "analysis worker returned no result for this file"))
    )
    this.pump()
  }

  /**
   * The child died mid-batch. The file it was on (the first unreported one) is the suspect: it is
   * retried once, alone, so a poison file fails by itself; the files after it were never started and
   * go back to the front of the queue uncharged. Past the deadline nothing is retried.
   */
  private crashed(job: Job): void {
    const { run } = job
    if (run.finished) return
    const [suspect, ...rest] = this.unreported(job)
    if (suspect === undefined) return
    const expired = Date.now() >= run.deadlineAt
    if (rest.length > 0) {
      if (expired) rest.forEach((index) => run.settle(index, notAnalysed(run.task(index))))
      else this.queue.pushFront(run, rest)
    }
    run.crashes[suspect] = (run.crashes[suspect] ?? 0) + 1
    if (expired || (run.crashes[suspect] ?? 0) >= 2) run.settle(suspect, crashedOnFile(run.task(suspect)))
    else this.queue.pushFront(run, [suspect])
  }

  /** The child ignored the deadline: kill it (never wait on native code) and report what was left. */
  private hung(slot: Slot, child: ChildWorker, job: Job): void {
    if (!this.holds(slot, child, "Busy")) return
    this.restarts += 1
    this.log("warning", "analysis worker did not finish its batch by the deadline; killing it", { worker: slot.id })
    void child.kill()
    this.startSlot(slot)
    const [current, ...rest] = this.unreported(job)
    if (current !== undefined) {
      job.run.settle(current, notAnalysed(job.run.task(current), "analysis of this file did not stop at the deadline"))
    }
    rest.forEach((index) => job.run.settle(index, notAnalysed(job.run.task(index))))
    this.pump()
  }

  private unreported(job: Job): Array<number> {
    return job.files.filter((_, position) => job.reported[position] !== true)
  }

  /** At the deadline, batches still waiting will never be dispatched. */
  private expireWaiting(run: Run): void {
    for (const batch of this.queue.drain(run)) for (const index of batch) run.settle(index, notAnalysed(run.task(index)))
  }

  private forget(run: Run): void {
    this.runs.delete(run)
    this.queue.drain(run)
  }
}
