import { Either } from "effect"
import type { Part } from "./multipart.js"

/**
 * The legacy multipart contract of POST /api/v1/scan (internal, for older command-line clients;
 * integrations use POST /v1/scan). Version 1:
 *
 *   part 1   name="metadata", JSON: {"contract_version": 1, "policy"?, "output"?, "agent_name"?}
 *   part 2…  name="file", filename=<repository-relative path> (or filename*=UTF-8''<percent-encoded>),
 *            the file's bytes as UTF-8 text
 *
 * It becomes the same request object as the JSON endpoint's body, so validation, limits and the
 * scan pipeline are shared and the two endpoints cannot drift apart.
 */

export const SUPPORTED_CONTRACT_VERSIONS: ReadonlyArray<number> = [1]

const isRecord = (u: unknown): u is Record<string, unknown> => typeof u === "object" && u !== null && !Array.isArray(u)

const versionOf = (value: unknown): number | undefined => {
  if (typeof value === "number" && Number.isInteger(value)) return value
  if (typeof value === "string" && /^\d{1,6}$/.test(value.trim())) return Number(value.trim())
  return undefined
}

/** The parts as a POST /v1/scan body, or the reason they are not a valid legacy request. */
export const legacyScanBody = (parts: ReadonlyArray<Part>): Either.Either<Record<string, unknown>, string> => {
  const [metadataPart, ...fileParts] = parts
  if (metadataPart === undefined || metadataPart.name !== "metadata") {
    return Either.left("The first part must be the request metadata: name=\"metadata\", a JSON object with contract_version.")
  }
  let metadata: unknown
  try {
    metadata = JSON.parse(metadataPart.data.toString("utf8"))
  } catch {
    return Either.left("The metadata part is not valid JSON.")
  }
  if (!isRecord(metadata)) return Either.left("The metadata part must be a JSON object with contract_version.")
  if (metadata["contract_version"] === undefined) return Either.left("contract_version is required in the metadata part.")
  const version = versionOf(metadata["contract_version"])
  if (version === undefined || !SUPPORTED_CONTRACT_VERSIONS.includes(version)) {
    return Either.left(
      `Unsupported contract_version ${JSON.stringify(metadata["contract_version"])}; this server supports ${SUPPORTED_CONTRACT_VERSIONS.join(", ")}.`
    )
  }
  const files: Array<{ path: string; content: string }> = []
  for (let i = 0; i < fileParts.length; i++) {
    const part = fileParts[i]!
    if (part.name !== "file") {
      return Either.left(`Part ${i + 2} is named ${JSON.stringify(part.name ?? "")}; after the metadata every part must be a file (name="file").`)
    }
    if (part.filename === undefined || part.filename.trim() === "") {
      return Either.left(`Part ${i + 2} has no filename; send the file's repository-relative path as its filename.`)
    }
    files.push({ path: part.filename, content: part.data.toString("utf8") })
  }
  return Either.right({
    files,
    policy: metadata["policy"],
    output: metadata["output"],
    agent_name: metadata["agent_name"]
  })
}
