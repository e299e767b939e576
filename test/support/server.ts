import { type ChildProcess, execFileSync, spawn } from "node:child_process"
import { existsSync } from "node:fs"
import { join } from "node:path"

/**
 * Starts `vigil serve` as a real process (the compiled CLI, as users run it) on a free port picked by
 * the OS (PORT=0, address read from the log), and speaks HTTP to it.
 */

export const ROOT = join(import.meta.dirname, "..", "..")
export const VIGIL_BIN = join(ROOT, "bin", "vigil.mjs")

let built = false
/**
 * `npm test` builds before vitest; a direct `vitest run` gets the same freshness check. A failed
 * rebuild over an existing build (someone mid-edit elsewhere in the tree) runs the existing build.
 */
export const ensureBuilt = (): void => {
  if (built) return
  try {
    execFileSync(process.execPath, [join(ROOT, "scripts", "build-if-needed.mjs")], { stdio: "inherit" })
  } catch (error) {
    if (!existsSync(join(ROOT, "dist", "src", "cli", "main.js"))) throw error
    console.warn("the rebuild failed; testing the existing build in dist/")
  }
  built = true
}

const INHERITED_BLOCKLIST = /^(PORT|HOST|DATABASE_URL|VIGIL_.*|LOG_LEVEL|TEST_DATABASE_URL)$/

/** The parent's environment without anything that configures Vigil, plus the given variables. */
export const cleanEnv = (env: Record<string, string>): Record<string, string> => {
  const base: Record<string, string> = {}
  for (const [k, v] of Object.entries(process.env)) if (v !== undefined && !INHERITED_BLOCKLIST.test(k)) base[k] = v
  return { ...base, ...env }
}

export interface RunningServer {
  readonly baseUrl: string
  readonly pid: number
  /** the bootstrap owner key, when this start printed one */
  readonly bootstrapKey: string | undefined
  readonly output: () => string
  /** SIGTERM (graceful) or SIGKILL, then waits for the exit */
  readonly stop: (signal?: NodeJS.Signals) => Promise<number | null>
  readonly exited: Promise<number | null>
}

export interface CliResult {
  readonly code: number | null
  readonly stdout: string
  readonly stderr: string
}

const exitOf = (child: ChildProcess): Promise<number | null> =>
  new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) resolve(child.exitCode)
    else child.once("exit", (code) => resolve(code))
  })

export const startServer = async (
  env: Record<string, string>,
  options: { readonly timeoutMs?: number } = {}
): Promise<RunningServer> => {
  ensureBuilt()
  const child = spawn(process.execPath, [VIGIL_BIN, "serve"], {
    env: cleanEnv({ PORT: "0", HOST: "127.0.0.1", VIGIL_WORKERS: "1", ...env }),
    stdio: ["ignore", "pipe", "pipe"]
  })
  let out = ""
  child.stdout!.on("data", (chunk: Buffer) => (out += chunk.toString("utf8")))
  child.stderr!.on("data", (chunk: Buffer) => (out += chunk.toString("utf8")))
  const exited = exitOf(child)
  const baseUrl = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill("SIGKILL")
      reject(new Error(`server did not start within ${options.timeoutMs ?? 120_000} ms:\n${out}`))
    }, options.timeoutMs ?? 120_000)
    const check = () => {
      const match = /Listening on (http:\/\/[0-9.]+:\d+)/.exec(out)
      if (match) {
        clearTimeout(timer)
        resolve(match[1]!)
      }
    }
    child.stdout!.on("data", check)
    void exited.then((code) => {
      clearTimeout(timer)
      reject(new Error(`server exited with ${code} before listening:\n${out}`))
    })
  })
  const bootstrapKey = /^\s+(vgl_[A-Za-z0-9_-]{43})\s*$/m.exec(out)?.[1]
  return {
    baseUrl,
    pid: child.pid!,
    bootstrapKey,
    output: () => out,
    stop: async (signal = "SIGTERM") => {
      child.kill(signal)
      return exited
    },
    exited
  }
}

/** Runs the CLI to completion. */
export const runCli = (args: ReadonlyArray<string>, env: Record<string, string>): Promise<CliResult> => {
  ensureBuilt()
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [VIGIL_BIN, ...args], { env: cleanEnv(env), stdio: ["ignore", "pipe", "pipe"] })
    let stdout = ""
    let stderr = ""
    child.stdout.on("data", (chunk: Buffer) => (stdout += chunk.toString("utf8")))
    child.stderr.on("data", (chunk: Buffer) => (stderr += chunk.toString("utf8")))
    child.on("exit", (code) => resolve({ code, stdout, stderr }))
  })
}

export interface JsonResponse {
  readonly status: number
  readonly headers: Headers
  readonly body: unknown
  readonly text: string
}

/** fetch with the body parsed as JSON when it is JSON. */
export const request = async (
  server: Pick<RunningServer, "baseUrl">,
  method: string,
  path: string,
  options: { readonly key?: string; readonly body?: unknown; readonly rawBody?: string; readonly headers?: Record<string, string> } = {}
): Promise<JsonResponse> => {
  const headers: Record<string, string> = { ...options.headers }
  if (options.key !== undefined) headers["authorization"] = `Bearer ${options.key}`
  let body: string | undefined
  if (options.rawBody !== undefined) body = options.rawBody
  else if (options.body !== undefined) body = JSON.stringify(options.body)
  if (body !== undefined && headers["content-type"] === undefined) headers["content-type"] = "application/json"
  const response = await fetch(server.baseUrl + path, { method, headers, ...(body !== undefined ? { body } : {}) })
  const text = await response.text()
  let parsed: unknown = undefined
  try {
    parsed = text === "" ? undefined : JSON.parse(text)
  } catch {
    parsed = undefined
  }
  return { status: response.status, headers: response.headers, body: parsed, text }
}

/** Polls /readyz until 200; every answer before must be 503 `not_ready`. Returns the answers seen. */
export const waitReady = async (server: Pick<RunningServer, "baseUrl">, timeoutMs = 60_000): Promise<ReadonlyArray<JsonResponse>> => {
  const seen: Array<JsonResponse> = []
  const until = Date.now() + timeoutMs
  for (;;) {
    const response = await request(server, "GET", "/readyz")
    seen.push(response)
    if (response.status === 200 || Date.now() > until) return seen
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
}
