import { randomUUID } from "node:crypto"
import { Effect, Either, ParseResult, Schema } from "effect"
import type { Catalogue } from "../../catalogue/Catalogue.js"
import { type FileEntry, type FileOutcome, ScanResult } from "../../domain/Scan.js"
import type { Policy } from "../../domain/Vocabulary.js"
import { CREDENTIAL_RULE, makeSecretScanner } from "../../engine/index.js"
import { RemoteError } from "../errors.js"
import type { Progress } from "../Progress.js"
import { chunkFiles, type RequestLimits } from "./chunk.js"
import { withoutSuppressed } from "./credentialSuppressions.js"
import { quickWinActionOf } from "../../usecases/concludeScan.js"
import { mergeResults } from "./merge.js"
import { prepareUpload } from "./prepareUpload.js"
import { type ApiAnswer, type Connection, describeBody, failureOf, send } from "./VigilClient.js"

/**
 * `vigil scan --server`: redact, split into requests under the limits, POST /v1/scan each, merge.
 * The limits given are a starting point: a 413 splits the request in two, and a 400 that names
 * the server's file-count or per-file limit is learnt from, so a server configured lower than the
 * flags still gets a complete scan.
 */

export interface RemoteScanInput {
  readonly connection: Connection
  readonly catalogue: Catalogue
  readonly files: ReadonlyArray<FileEntry>
  /** files the walk left out with a reason (binary, too large): reported as skipped */
  readonly walkSkipped: ReadonlyArray<FileOutcome>
  readonly policy: Policy
  readonly agentName: string
  readonly limits: RequestLimits
  readonly progress: Progress
  /** organisation of the key, when known: its suppressions then apply to the local credential findings */
  readonly org: string | undefined
}

export interface RemoteScanOutput {
  readonly result: ScanResult
  /** one server scan per request */
  readonly scanIds: ReadonlyArray<string>
  readonly secretsRedacted: number
}

const decodeResult = Schema.decodeUnknownEither(ScanResult)

const FILE_COUNT_LIMIT = /at most (\d+) are allowed per request/
const FILE_INDEX = /^files\[(\d+)\]/

const errorText = (answer: ApiAnswer): string => {
  try {
    const body = JSON.parse(answer.text) as { error?: unknown }
    return typeof body.error === "string" ? body.error : ""
  } catch {
    return ""
  }
}

export const remoteScan = (input: RemoteScanInput): Effect.Effect<RemoteScanOutput, RemoteError> =>
  Effect.gen(function*() {
    const started = Date.now()
    const { connection: conn, progress } = input
    const prepared = prepareUpload(input.catalogue, input.files, makeSecretScanner(input.catalogue))
    const notUploaded: Array<FileOutcome> = [...input.walkSkipped, ...prepared.notUploaded]
    let limits = input.limits
    const planned = chunkFiles(prepared.uploads, limits)
    for (const f of planned.oversized) {
      notUploaded.push({ path: f.path, status: "skipped", kind: "file", reason: "larger than the request body limit on its own" })
    }
    const queue: Array<ReadonlyArray<FileEntry>> = [...planned.chunks]
    const answers: Array<ScanResult> = []
    let uploaded = 0
    let analysed = 0
    while (queue.length > 0) {
      const chunk = queue.shift()!
      const body = JSON.stringify({ files: chunk, policy: input.policy, output: "summary", agent_name: input.agentName })
      progress.uploaded(uploaded + chunk.length)
      const answer = yield* send(conn, { method: "POST", path: "/v1/scan", body })
      if (answer.status === 413) {
        if (chunk.length === 1) {
          notUploaded.push({ path: chunk[0]!.path, status: "skipped", kind: "file", reason: "the server refused it as over its request body limit" })
          continue
        }
        // the server's limit is lower than assumed: halve and carry on
        const half = Math.ceil(chunk.length / 2)
        limits = { ...limits, maxBodyBytes: Math.min(limits.maxBodyBytes, Buffer.byteLength(body) - 1) }
        queue.unshift(chunk.slice(0, half), chunk.slice(half))
        continue
      }
      if (answer.status === 400) {
        const said = errorText(answer)
        const countLimit = FILE_COUNT_LIMIT.exec(said)
        if (countLimit !== null && Number(countLimit[1]) > 0 && Number(countLimit[1]) < chunk.length) {
          limits = { ...limits, maxFiles: Number(countLimit[1]) }
          progress.notice(`vigil: the server takes at most ${limits.maxFiles} files per request; splitting further`)
          const rest = queue.splice(0).flat()
          queue.push(...chunkFiles([...chunk, ...rest], limits).chunks)
          continue
        }
        const index = FILE_INDEX.exec(said)
        const tooBig = index !== null ? chunk[Number(index[1])] : undefined
        if (tooBig !== undefined && said.includes("per-file limit")) {
          notUploaded.push({ path: tooBig.path, status: "skipped", kind: "file", reason: `refused by the server: ${said}` })
          const rest = chunk.filter((f) => f !== tooBig)
          if (rest.length > 0) queue.unshift(rest)
          continue
        }
      }
      if (answer.status < 200 || answer.status > 299) return yield* Effect.fail(failureOf(conn, answer, "the scan"))
      let parsed: unknown
      try {
        parsed = JSON.parse(answer.text)
      } catch {
        return yield* Effect.fail(new RemoteError({ message: `the server at ${conn.baseUrl} did not answer a scan result (${describeBody(answer)})` }))
      }
      const decoded = decodeResult(parsed)
      if (Either.isLeft(decoded)) {
        const problem = ParseResult.ArrayFormatter.formatErrorSync(decoded.left)[0]
        return yield* Effect.fail(
          new RemoteError({
            message: `the server at ${conn.baseUrl} answered a scan result this CLI cannot read (${problem?.path.join(".") ?? ""}: ${problem?.message ?? "invalid"}); are the CLI and server versions compatible?`
          })
        )
      }
      answers.push(decoded.right)
      uploaded += chunk.length
      analysed += chunk.length
      progress.analysed(analysed)
    }
    if (answers.length === 0) progress.notice("vigil: no file could be sent for analysis; nothing was scanned on the server")
    const catalogue = input.catalogue
    const credentialRule = catalogue.resolve(CREDENTIAL_RULE)?.id
    const credentialFindings = input.org === undefined
      ? prepared.credentialFindings
      : yield* withoutSuppressed(conn, input.org, prepared.credentialFindings, answers[0]?.agent_id ?? null)
    if (input.org === undefined && prepared.credentialFindings.length > 0) {
      progress.notice(
        `vigil: ${prepared.credentialFindings.length} credential finding(s) were made locally; set VIGIL_ORG (or --org) so your organisation's suppressions apply to them too`
      )
    }
    const result = yield* mergeResults({
      answers,
      credentialFindings,
      edits: prepared.edits,
      notUploaded,
      fileOrder: prepared.uploads.map((f) => f.path),
      isCredentialRule: (id) => catalogue.resolve(id)?.id === credentialRule,
      policy: input.policy,
      quickWinAction: quickWinActionOf((id) => catalogue.resolve(id)),
      scanId: answers[0]?.scan_id ?? randomUUID(),
      durationMs: Date.now() - started
    })
    return { result, scanIds: answers.map((a) => a.scan_id), secretsRedacted: prepared.secretsRedacted }
  })
