import { Either } from "effect"
import type { Catalogue } from "../catalogue/Catalogue.js"
import type { FileEntry } from "../domain/Scan.js"
import type { ClientFinding } from "../domain/ScanSession.js"
import { Severity } from "../domain/Vocabulary.js"
import { declaredLevels } from "../engine/service.js"

/**
 * Checking the findings a client sends with a chunk. The trust model: a client may add findings to
 * its own organisation's scans (it could as well upload the unredacted file), never remove any, so
 * what is checked is that each one is a finding this server could have made about an uploaded
 * file: a rule of the catalogue in one of the forms the rule declares, a path of the same chunk, a
 * line inside that file, and a hash of the right form. Whether the secret is real cannot be checked:
 * the server never sees it, by design.
 */

export const MAX_CLIENT_FINDINGS = 10_000
const HASH = /^sha256:[0-9a-f]{64}$/
const MAX_SNIPPET = 2000
const MAX_MESSAGE = 1000
const SEVERITIES: ReadonlyArray<string> = Severity.literals

const isRecord = (u: unknown): u is Record<string, unknown> => typeof u === "object" && u !== null && !Array.isArray(u)
const isPositiveInt = (u: unknown): u is number => typeof u === "number" && Number.isInteger(u) && u >= 1

const lineCount = (content: string): number => {
  let n = 1
  for (let i = content.indexOf("\n"); i !== -1; i = content.indexOf("\n", i + 1)) n++
  return n
}

/** `files` carry normalised paths; the findings' paths are normalised the same way by `normalise`. */
export const checkClientFindings = (
  raw: unknown,
  files: ReadonlyArray<FileEntry>,
  catalogue: Catalogue,
  normalise: (path: string) => string
): Either.Either<ReadonlyArray<ClientFinding>, string> => {
  if (raw === undefined || raw === null) return Either.right([])
  if (!Array.isArray(raw)) return Either.left("findings must be an array of client findings.")
  if (raw.length > MAX_CLIENT_FINDINGS) return Either.left(`findings has ${raw.length} entries; at most ${MAX_CLIENT_FINDINGS} are allowed per chunk.`)
  const lines = new Map(files.map((f) => [f.path, lineCount(f.content)]))
  const seen = new Set<string>()
  const out: Array<ClientFinding> = []
  for (let i = 0; i < raw.length; i++) {
    const where = `findings[${i}]`
    const f: unknown = raw[i]
    if (!isRecord(f)) return Either.left(`${where} must be an object.`)
    const { code_snippet, column, confidence, file, finding_hash, line, message, pattern_id, severity } = f
    if (typeof pattern_id !== "string") return Either.left(`${where}.pattern_id must be a string.`)
    const rule = catalogue.resolve(pattern_id)
    if (rule === undefined) return Either.left(`${where}.pattern_id ${JSON.stringify(pattern_id.slice(0, 80))} is not a rule of this server.`)
    if (typeof file !== "string") return Either.left(`${where}.file must be a string.`)
    const path = normalise(file)
    const fileLines = lines.get(path)
    if (fileLines === undefined) return Either.left(`${where}.file ${JSON.stringify(file.slice(0, 200))} is not a file of this chunk.`)
    if (!isPositiveInt(line) || line > fileLines) return Either.left(`${where}.line must be an integer from 1 to ${fileLines} (the lines of ${JSON.stringify(path.slice(0, 200))}).`)
    if (!isPositiveInt(column)) return Either.left(`${where}.column must be a positive integer.`)
    if (typeof finding_hash !== "string" || !HASH.test(finding_hash)) return Either.left(`${where}.finding_hash must be sha256: followed by 64 lower-case hex digits.`)
    if (seen.has(finding_hash)) return Either.left(`${where}.finding_hash appears twice in this chunk.`)
    seen.add(finding_hash)
    if (code_snippet !== undefined && (typeof code_snippet !== "string" || code_snippet.length > MAX_SNIPPET)) {
      return Either.left(`${where}.code_snippet must be a string of at most ${MAX_SNIPPET} characters.`)
    }
    if (message !== undefined && (typeof message !== "string" || message.length > MAX_MESSAGE)) {
      return Either.left(`${where}.message must be a string of at most ${MAX_MESSAGE} characters.`)
    }
    if (severity !== undefined && (typeof severity !== "string" || !SEVERITIES.includes(severity))) {
      return Either.left(`${where}.severity must be one of ${SEVERITIES.join(", ")}.`)
    }
    if (confidence !== undefined && typeof confidence !== "number") return Either.left(`${where}.confidence must be a number.`)
    const level = { severity: (severity as Severity | undefined) ?? rule.severity, confidence: confidence ?? rule.confidence }
    if (!declaredLevels(rule).some((l) => l.severity === level.severity && l.confidence === level.confidence)) {
      return Either.left(`${where}: rule ${rule.id} never reports severity ${level.severity} with confidence ${level.confidence}.`)
    }
    out.push({
      pattern_id: rule.id,
      file: path,
      line,
      column,
      finding_hash,
      severity: level.severity,
      confidence: level.confidence,
      ...(typeof code_snippet === "string" ? { code_snippet } : {}),
      ...(typeof message === "string" ? { message } : {})
    })
  }
  return Either.right(out)
}
