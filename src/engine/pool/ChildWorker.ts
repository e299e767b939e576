import { type ChildProcess, fork } from "node:child_process"
import { type ChildMessage, type ParentMessage, parseChildMessage } from "./protocol.js"

export interface ChildWorkerHandlers {
  readonly onMessage: (message: ChildMessage) => void
  /** called once, when the process is gone (or could not be started); `description` is for humans */
  readonly onExit: (description: string) => void
  /** anything the child wrote to stdout/stderr; stdout is captured so it never mixes into a CLI report */
  readonly onOutput: (text: string) => void
  /** a message that does not follow the protocol */
  readonly onProtocolError: (raw: unknown) => void
}

const STDERR_TAIL_CHARS = 2_000
const DISCONNECTED_GRACE_MS = 1_000

/**
 * One forked analysis process. Normalises Node's events (message/exit/error) into the handlers, and
 * lets the pool `kill` a child without hearing from it again (the pool has already decided what the
 * child's death means).
 */
export class ChildWorker {
  /** resolves when the process has exited and been reaped (or never started) */
  readonly exited: Promise<void>
  private readonly process: ChildProcess
  private detached = false
  private exitReported = false
  private killSent = false
  private stderrTail = ""

  private constructor(entry: string, execArgv: ReadonlyArray<string>, private readonly handlers: ChildWorkerHandlers) {
    this.process = fork(entry, [], {
      execArgv: [...execArgv],
      stdio: ["ignore", "pipe", "pipe", "ipc"],
      serialization: "json"
    })
    let markExited: () => void = () => {}
    this.exited = new Promise<void>((resolve) => {
      markExited = resolve
    })
    this.process.on("message", (raw: unknown) => {
      if (this.detached) return
      const message = parseChildMessage(raw)
      if (message === undefined) this.handlers.onProtocolError(raw)
      else this.handlers.onMessage(message)
    })
    this.process.on("exit", (code, signal) => {
      markExited()
      this.reportExit(signal !== null ? `killed by ${signal}` : `exited with code ${String(code)}`)
    })
    this.process.on("error", (error) => {
      // spawn failures (no pid) never emit "exit"; later errors (e.g. a send on a closed channel)
      // are followed by "exit" once the process is gone, which we make sure happens
      if (this.process.pid === undefined) {
        markExited()
        this.reportExit(`could not be started: ${error.message}`)
      } else {
        this.forceExit()
      }
    })
    // a child without its IPC channel can never answer again: end it so its exit is accounted for.
    // The channel also closes just before an ordinary exit, so give that exit a moment to arrive.
    this.process.on("disconnect", () => setTimeout(() => this.forceExit(), DISCONNECTED_GRACE_MS).unref())
    this.process.stdout?.on("data", (chunk: Buffer) => this.output(chunk.toString("utf8")))
    this.process.stderr?.on("data", (chunk: Buffer) => {
      const text = chunk.toString("utf8")
      this.stderrTail = (this.stderrTail + text).slice(-STDERR_TAIL_CHARS)
      this.output(text)
    })
  }

  static fork(entry: string, execArgv: ReadonlyArray<string>, handlers: ChildWorkerHandlers): ChildWorker {
    return new ChildWorker(entry, execArgv, handlers)
  }

  get pid(): number | undefined {
    return this.process.pid
  }

  /** the end of what the child wrote to stderr, to explain a failed start */
  get recentStderr(): string {
    return this.stderrTail.trim()
  }

  send(message: ParentMessage): void {
    if (!this.process.connected) return // the exit handler will account for the child
    // errors arrive in the callback (not as a throw); a broken channel means a dying child
    this.process.send(message, (error) => {
      if (error !== null && error !== undefined) this.forceExit()
    })
  }

  /** Stops all further events and SIGKILLs the process; resolves once it is reaped. */
  kill(): Promise<void> {
    this.detached = true
    this.forceExit()
    return this.exited
  }

  /** SIGKILL once, if the process is still running (a failed kill emits "error", which calls this) */
  private forceExit(): void {
    if (this.killSent || this.process.exitCode !== null || this.process.signalCode !== null) return
    this.killSent = true
    this.process.kill("SIGKILL")
  }

  private reportExit(description: string): void {
    if (this.exitReported) return
    this.exitReported = true
    if (!this.detached) this.handlers.onExit(description)
  }

  private output(text: string): void {
    if (!this.detached) this.handlers.onOutput(text)
  }
}
