import { Duration, Effect } from "effect"
import { VIGIL_VERSION } from "../../version.js"
import { RemoteError } from "../errors.js"
import { MAX_RETRY_AFTER_MS, RETRYABLE_STATUS, backoffMs, retryDelayMs } from "./retryPolicy.js"

/**
 * The CLI's HTTP client for the Vigil API: bearer key, JSON bodies, retries of 429/503 (honouring
 * Retry-After) and of network failures, and errors turned into one sentence a user can act on.
 * Node's fetch is enough here; the body of a scan is serialised once and resent as is.
 */

export interface Connection {
  /** e.g. https://vigil.example.com (no trailing slash) */
  readonly baseUrl: string
  readonly apiKey: string
  /** retries of 429/503 answers */
  readonly retries: number
  /** per attempt */
  readonly timeoutMs: number
  /** progress notices (retries), one line each, to stderr */
  readonly notice: (line: string) => void
}

export interface ApiCall {
  readonly method: "GET" | "POST" | "PUT" | "DELETE"
  readonly path: string
  readonly query?: Readonly<Record<string, string | undefined>>
  /** serialised JSON body (serialise once: it may be 100 MB) */
  readonly body?: string
  readonly accept?: string
}

export interface ApiAnswer {
  readonly status: number
  readonly headers: Headers
  readonly text: string
}

/** Network failures are retried fewer times than a busy server: a wrong URL should fail fast. */
const NETWORK_RETRIES = 2

const urlOf = (conn: Connection, api: ApiCall): string => {
  const url = new URL(conn.baseUrl + api.path)
  for (const [k, v] of Object.entries(api.query ?? {})) if (v !== undefined) url.searchParams.set(k, v)
  return url.toString()
}

const networkReason = (error: unknown): string => {
  if (error instanceof Error && (error.name === "TimeoutError" || error.name === "AbortError")) return "timed out"
  const cause = error instanceof Error ? (error as Error & { cause?: unknown }).cause : undefined
  const code = typeof cause === "object" && cause !== null && "code" in cause ? String((cause as { code: unknown }).code) : undefined
  if (code !== undefined) return code
  return cause instanceof Error ? cause.message : error instanceof Error ? error.message : String(error)
}

const once = (conn: Connection, api: ApiCall): Effect.Effect<ApiAnswer, string> =>
  Effect.tryPromise({
    try: async (signal) => {
      const headers: Record<string, string> = {
        authorization: `Bearer ${conn.apiKey}`,
        "user-agent": `vigil-cli/${VIGIL_VERSION}`,
        accept: api.accept ?? "application/json"
      }
      if (api.body !== undefined) headers["content-type"] = "application/json"
      const response = await fetch(urlOf(conn, api), {
        method: api.method,
        headers,
        ...(api.body !== undefined ? { body: api.body } : {}),
        signal: AbortSignal.any([signal, AbortSignal.timeout(conn.timeoutMs)])
      })
      return { status: response.status, headers: response.headers, text: await response.text() }
    },
    catch: networkReason
  })

const seconds = (ms: number): string => `${Math.max(1, Math.round(ms / 1000))} s`

/** One request with retries; any answer that is not retried (or no longer) is returned as is. */
export const send = (conn: Connection, api: ApiCall): Effect.Effect<ApiAnswer, RemoteError> => {
  const attempt = (n: number): Effect.Effect<ApiAnswer, RemoteError> =>
    once(conn, api).pipe(
      Effect.matchEffect({
        onFailure: (reason) => {
          if (n > NETWORK_RETRIES) {
            return Effect.fail(new RemoteError({ message: `cannot reach the Vigil server at ${conn.baseUrl} (${reason})` }))
          }
          const wait = backoffMs(n)
          conn.notice(`vigil: cannot reach ${conn.baseUrl} (${reason}); retrying in ${seconds(wait)}`)
          return Effect.zipRight(Effect.sleep(Duration.millis(wait)), attempt(n + 1))
        },
        onSuccess: (answer) => {
          if (!RETRYABLE_STATUS.has(answer.status) || n > conn.retries) return Effect.succeed(answer)
          const wait = retryDelayMs(answer.headers.get("retry-after"), n)
          if (wait > MAX_RETRY_AFTER_MS) return Effect.succeed(answer)
          conn.notice(`vigil: server answered ${answer.status} (${describeBody(answer)}); retry ${n} of ${conn.retries} in ${seconds(wait)}`)
          return Effect.zipRight(Effect.sleep(Duration.millis(wait)), attempt(n + 1))
        }
      })
    )
  return attempt(1)
}

/** `code: error` of a `{code, error}` body, or the start of whatever else came back. */
export const describeBody = (answer: ApiAnswer): string => {
  try {
    const body = JSON.parse(answer.text) as unknown
    if (typeof body === "object" && body !== null && "code" in body && "error" in body) {
      const { code, error } = body as { code: unknown; error: unknown }
      return `${String(code)}: ${String(error)}`
    }
  } catch {
    // not JSON: fall through
  }
  const text = answer.text.trim().replace(/\s+/g, " ")
  return text === "" ? "empty body" : text.slice(0, 200)
}

const codeOf = (answer: ApiAnswer): string | undefined => {
  try {
    const body = JSON.parse(answer.text) as { code?: unknown }
    return typeof body.code === "string" ? body.code : undefined
  } catch {
    return undefined
  }
}

/** A non-2xx answer as one sentence: what failed, the status, the server's words, what to do. */
export const failureOf = (conn: Connection, answer: ApiAnswer, what: string): RemoteError => {
  const code = codeOf(answer)
  const said = describeBody(answer)
  const hint = answer.status === 401
    ? " Check VIGIL_API_KEY."
    : RETRYABLE_STATUS.has(answer.status)
    ? ` The server is still busy after ${conn.retries} retries; try again later.`
    : answer.status === 404 && said.includes("No such endpoint")
    ? ` Is ${conn.baseUrl} a Vigil server of a version that has this endpoint?`
    : ""
  return new RemoteError({
    message: `${what} failed: the server answered ${answer.status} (${said}).${hint}`,
    status: answer.status,
    ...(code !== undefined ? { code } : {})
  })
}

/** A 2xx answer's JSON body; anything else is a RemoteError. */
export const sendJson = (conn: Connection, api: ApiCall, what: string): Effect.Effect<unknown, RemoteError> =>
  Effect.flatMap(send(conn, api), (answer) => {
    if (answer.status < 200 || answer.status > 299) return Effect.fail(failureOf(conn, answer, what))
    try {
      return Effect.succeed(answer.text === "" ? undefined : (JSON.parse(answer.text) as unknown))
    } catch {
      return Effect.fail(new RemoteError({ message: `${what}: the server at ${conn.baseUrl} did not answer JSON (${describeBody(answer)})`, status: answer.status }))
    }
  })
