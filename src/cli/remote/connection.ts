import { Options } from "@effect/cli"
import { Effect, Option } from "effect"
import { UsageError } from "../errors.js"
import type { Connection } from "./VigilClient.js"

/**
 * Where the server is and how to talk to it, shared by every command that calls the API. The key
 * comes only from the environment (VIGIL_API_KEY): a flag would leave it in shell history and in
 * the process list.
 */

export const serverOption = Options.text("server").pipe(
  Options.optional,
  Options.withDescription("URL of a Vigil server, e.g. https://vigil.example.com (default: $VIGIL_SERVER); the API key comes from $VIGIL_API_KEY")
)

export const retriesOption = Options.integer("retries").pipe(
  Options.withDefault(5),
  Options.withDescription("retries of 429 (rate limited) and 503 (worker unavailable) answers, waiting as Retry-After says")
)

export const timeoutOption = Options.integer("timeout").pipe(
  Options.withDefault(600),
  Options.withDescription("seconds to wait for one request to be answered")
)

/** The server flag, else VIGIL_SERVER; none means the command runs locally (or cannot run). */
export const serverUrl = (flag: Option.Option<string>): Option.Option<string> =>
  Option.orElse(flag, () => Option.fromNullable(process.env["VIGIL_SERVER"]?.trim() || undefined))

const checkedUrl = (raw: string): Effect.Effect<string, UsageError> => {
  let url: URL
  try {
    url = new URL(raw)
  } catch {
    return Effect.fail(new UsageError({ message: `--server ${JSON.stringify(raw)} is not a URL (for example http://127.0.0.1:8080)` }))
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") {
    return Effect.fail(new UsageError({ message: `--server must be an http:// or https:// URL, not ${JSON.stringify(raw)}` }))
  }
  let text = url.toString()
  while (text.endsWith("/")) text = text.slice(0, -1)
  return Effect.succeed(text)
}

export const connect = (
  server: string,
  options: { readonly retries: number; readonly timeoutSeconds: number; readonly notice: (line: string) => void }
): Effect.Effect<Connection, UsageError> =>
  Effect.gen(function*() {
    const baseUrl = yield* checkedUrl(server)
    const apiKey = process.env["VIGIL_API_KEY"]?.trim() ?? ""
    if (apiKey === "") {
      return yield* Effect.fail(new UsageError({ message: `VIGIL_API_KEY is not set: export the API key for ${baseUrl} (Authorization: Bearer <key>)` }))
    }
    if (options.retries < 0) return yield* Effect.fail(new UsageError({ message: "--retries must be 0 or more" }))
    if (options.timeoutSeconds <= 0) return yield* Effect.fail(new UsageError({ message: "--timeout must be a positive number of seconds" }))
    return { baseUrl, apiKey, retries: options.retries, timeoutMs: options.timeoutSeconds * 1000, notice: options.notice }
  })

/** For commands that only make sense against a server. */
export const requireServer = (flag: Option.Option<string>): Effect.Effect<string, UsageError> =>
  Option.match(serverUrl(flag), {
    onNone: () => Effect.fail(new UsageError({ message: "no server: pass --server URL or set VIGIL_SERVER (and VIGIL_API_KEY)" })),
    onSome: Effect.succeed
  })

export const orgOption = Options.text("org").pipe(
  Options.optional,
  Options.withDescription("organisation id or slug (default: $VIGIL_ORG)")
)

/** The org flag, else VIGIL_ORG. */
export const orgRef = (flag: Option.Option<string>): Option.Option<string> =>
  Option.orElse(Option.map(flag, (o) => o.trim()), () => Option.fromNullable(process.env["VIGIL_ORG"]?.trim() || undefined))

export const requireOrg = (flag: Option.Option<string>): Effect.Effect<string, UsageError> =>
  Option.match(orgRef(flag), {
    onNone: () => Effect.fail(new UsageError({ message: "no organisation: pass --org <id or slug> or set VIGIL_ORG" })),
    onSome: Effect.succeed
  })
