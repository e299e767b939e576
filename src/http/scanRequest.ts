import { Either } from "effect"
import type { FileEntry } from "../domain/Scan.js"
import { DEFAULT_POLICY, OutputFormat, Policy } from "../domain/Vocabulary.js"
import { describeLimit } from "./RequestBody.js"

/**
 * Strict checking of the POST /v1/scan body, written by hand rather than left to a schema decoder so
 * that each problem gets its own short message (a schema decode error dumps the whole schema).
 * Unknown top-level fields are ignored for forward compatibility; `null` counts as absent.
 */

export interface ScanLimits {
  readonly maxFiles: number
  readonly maxFileBytes: number
}

export interface ValidScanRequest {
  readonly files: ReadonlyArray<FileEntry>
  readonly policy: Policy
  readonly output: OutputFormat
  readonly agentName: string | undefined
}

const POLICIES: ReadonlyArray<string> = Policy.literals
const OUTPUTS: ReadonlyArray<string> = OutputFormat.literals
const MAX_PATH_LENGTH = 4096
const MAX_AGENT_NAME_LENGTH = 200

const isRecord = (u: unknown): u is Record<string, unknown> => typeof u === "object" && u !== null && !Array.isArray(u)
const typeName = (u: unknown): string => (u === null ? "null" : Array.isArray(u) ? "an array" : `a ${typeof u}`)

const oneOf = <A extends string>(
  field: string,
  value: unknown,
  allowed: ReadonlyArray<string>,
  fallback: A
): Either.Either<A, string> => {
  if (value === undefined || value === null) return Either.right(fallback)
  if (typeof value === "string" && allowed.includes(value)) return Either.right(value as A)
  const shown = typeof value === "string" ? JSON.stringify(value.slice(0, 60)) : typeName(value)
  return Either.left(`Unknown ${field} ${shown}; use one of: ${allowed.join(", ")}.`)
}

const checkAgentName = (value: unknown): Either.Either<string | undefined, string> => {
  if (value === undefined || value === null) return Either.right(undefined)
  if (typeof value !== "string") return Either.left(`agent_name must be a string, not ${typeName(value)}.`)
  const name = value.trim()
  if (name === "") return Either.left("agent_name must not be empty.")
  if (name.length > MAX_AGENT_NAME_LENGTH) return Either.left(`agent_name must be at most ${MAX_AGENT_NAME_LENGTH} characters.`)
  if (/\p{Cc}/u.test(name)) return Either.left("agent_name must not contain control characters.")
  return Either.right(name)
}

const checkFile = (entry: unknown, index: number, limits: ScanLimits): Either.Either<FileEntry, string> => {
  const where = `files[${index}]`
  if (!isRecord(entry)) return Either.left(`${where} must be an object with path and content, not ${typeName(entry)}.`)
  const { content, path } = entry
  if (path === undefined || path === null) return Either.left(`${where}.path is required.`)
  if (typeof path !== "string") return Either.left(`${where}.path must be a string, not ${typeName(path)}.`)
  if (path.trim() === "") return Either.left(`${where}.path must not be empty.`)
  if (path.length > MAX_PATH_LENGTH) return Either.left(`${where}.path is longer than ${MAX_PATH_LENGTH} characters.`)
  if (path.includes("\u0000")) return Either.left(`${where}.path must not contain NUL characters.`)
  if (content === undefined || content === null) return Either.left(`${where}.content is required (${JSON.stringify(path.slice(0, 200))}).`)
  if (typeof content !== "string") {
    return Either.left(`${where}.content must be a string, not ${typeName(content)} (${JSON.stringify(path.slice(0, 200))}).`)
  }
  // String length bounds the UTF-8 size from below (x1) and above (x3): measure only when it matters.
  if (content.length * 3 > limits.maxFileBytes && Buffer.byteLength(content, "utf8") > limits.maxFileBytes) {
    return Either.left(
      `${where} (${JSON.stringify(path.slice(0, 200))}) is ${describeLimit(Buffer.byteLength(content, "utf8"))}; ` +
        `the per-file limit is ${describeLimit(limits.maxFileBytes)}.`
    )
  }
  return Either.right({ path, content })
}

export const validateScanRequest = (body: unknown, limits: ScanLimits): Either.Either<ValidScanRequest, string> => {
  if (!isRecord(body)) return Either.left(`The request body must be a JSON object, not ${typeName(body)}.`)
  const files = body["files"]
  if (files === undefined || files === null) return Either.left("files is required: an array of {path, content} entries.")
  if (!Array.isArray(files)) return Either.left(`files must be an array of {path, content} entries, not ${typeName(files)}.`)
  if (files.length === 0) return Either.left("files must not be empty.")
  if (files.length > limits.maxFiles) {
    return Either.left(`files has ${files.length} entries; at most ${limits.maxFiles} are allowed per request.`)
  }
  const policy = oneOf<Policy>("policy", body["policy"], POLICIES, DEFAULT_POLICY)
  if (Either.isLeft(policy)) return Either.left(policy.left)
  const output = oneOf<OutputFormat>("output", body["output"], OUTPUTS, "summary")
  if (Either.isLeft(output)) return Either.left(output.left)
  const agentName = checkAgentName(body["agent_name"])
  if (Either.isLeft(agentName)) return Either.left(agentName.left)
  const entries: Array<FileEntry> = []
  for (let i = 0; i < files.length; i++) {
    const checked = checkFile(files[i], i, limits)
    if (Either.isLeft(checked)) return Either.left(checked.left)
    entries.push(checked.right)
  }
  return Either.right({ files: entries, policy: policy.right, output: output.right, agentName: agentName.right })
}

/** The agent a scan belongs to: the rule lives with the scan use case. */
export { agentNameFor } from "../usecases/agentName.js"
