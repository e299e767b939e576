import { randomUUID } from "node:crypto"
import { Effect, Either, ParseResult, Schema } from "effect"
import type { Catalogue } from "../../catalogue/Catalogue.js"
import type { Finding } from "../../domain/Finding.js"
import { type FileEntry, type FileOutcome, ScanResult } from "../../domain/Scan.js"
import { SessionStatus } from "../../domain/ScanSession.js"
import type { Policy } from "../../domain/Vocabulary.js"
import { CREDENTIAL_RULE } from "../../engine/service.js"
import { quickWinActionOf } from "../../usecases/concludeScan.js"
import { RemoteError } from "../errors.js"
import type { Progress } from "../Progress.js"
import type { RequestLimits } from "./chunk.js"
import { withoutSuppressed } from "./credentialSuppressions.js"
import { mergeResults } from "./merge.js"
import { prepareUpload, type PreparedUpload } from "./prepareUpload.js"
import { uploadInChunks } from "./uploadInChunks.js"
import { type ApiAnswer, type Connection, describeBody, failureOf, send } from "./VigilClient.js"

/**
 * `vigil scan --server`: redact, upload, merge. Against a server that offers upload sessions the
 * whole run is one session: the files go in chunks under the limits, each with the credential
 * findings made here on the unredacted text (masked, never the value), and completing it gives
 * one stored scan. Against a server without sessions, each chunk is its own POST /v1/scan and the
 * local credential findings are merged into the answers here, not stored.
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
  /** the server scans the run stored: one with an upload session, else one per request */
  readonly scanIds: ReadonlyArray<string>
  readonly secretsRedacted: number
  /** whether the run used an upload session */
  readonly session: boolean
}

const decodeResult = Schema.decodeUnknownEither(ScanResult)
const decodeSession = Schema.decodeUnknownEither(SessionStatus)

const parseAnswer = <A>(
  conn: Connection,
  answer: ApiAnswer,
  decode: (u: unknown) => Either.Either<A, ParseResult.ParseError>,
  what: string
): Effect.Effect<A, RemoteError> => {
  let parsed: unknown
  try {
    parsed = JSON.parse(answer.text)
  } catch {
    return Effect.fail(new RemoteError({ message: `the server at ${conn.baseUrl} did not answer ${what} (${describeBody(answer)})` }))
  }
  const decoded = decode(parsed)
  if (Either.isRight(decoded)) return Effect.succeed(decoded.right)
  const problem = ParseResult.ArrayFormatter.formatErrorSync(decoded.left)[0]
  return Effect.fail(
    new RemoteError({
      message: `the server at ${conn.baseUrl} answered ${what} this CLI cannot read (${problem?.path.join(".") ?? ""}: ${problem?.message ?? "invalid"}); are the CLI and server versions compatible?`
    })
  )
}

/** A credential finding as a chunk carries it: location, hash and masked text, never the value. */
const wireFinding = (f: Finding) => ({
  pattern_id: f.pattern_id,
  file: f.file,
  line: f.line,
  column: f.column,
  finding_hash: f.finding_hash,
  severity: f.severity,
  confidence: f.confidence,
  code_snippet: f.code_snippet,
  message: f.message
})

const merged = (input: RemoteScanInput, prepared: PreparedUpload, answers: ReadonlyArray<ScanResult>, credentialFindings: ReadonlyArray<Finding>, notUploaded: ReadonlyArray<FileOutcome>, started: number) => {
  const catalogue = input.catalogue
  const credentialRule = catalogue.resolve(CREDENTIAL_RULE)?.id
  return mergeResults({
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
}

/** One upload session: chunks with their credential findings, then completion. */
const sessionScan = (input: RemoteScanInput, prepared: PreparedUpload, session: SessionStatus, started: number) =>
  Effect.gen(function*() {
    const { connection: conn, progress } = input
    const base = `/v1/scan-sessions/${encodeURIComponent(session.session_id)}`
    const findingsOf = new Map<string, Array<ReturnType<typeof wireFinding>>>()
    for (const f of prepared.credentialFindings) {
      const list = findingsOf.get(f.file) ?? []
      list.push(wireFinding(f))
      findingsOf.set(f.file, list)
    }
    let chunkNumber = 0
    const uploaded = yield* uploadInChunks({
      conn,
      files: prepared.uploads,
      limits: {
        maxBodyBytes: Math.min(input.limits.maxBodyBytes, session.limits.max_chunk_bytes),
        maxFiles: Math.min(input.limits.maxFiles, session.limits.max_files_per_chunk)
      },
      progress,
      extraBytes: (file) => Buffer.byteLength(JSON.stringify(findingsOf.get(file.path) ?? []), "utf8"),
      // a new id per request; a retry of the same request (send's own) keeps it, so it is received once
      request: (files) => ({
        method: "PUT",
        path: `${base}/chunks/${++chunkNumber}`,
        body: JSON.stringify({ files, findings: files.flatMap((f) => findingsOf.get(f.path) ?? []) })
      }),
      accept: () => Effect.void,
      what: "uploading a chunk"
    }).pipe(Effect.tapError(() => send(conn, { method: "DELETE", path: base }).pipe(Effect.ignore)))
    const notUploaded = [...input.walkSkipped, ...prepared.notUploaded, ...uploaded.notUploaded]
    if (uploaded.answers.length === 0) {
      yield* send(conn, { method: "DELETE", path: base }).pipe(Effect.ignore)
      progress.notice("vigil: no file could be sent for analysis; nothing was scanned on the server")
      return { result: yield* merged(input, prepared, [], [], notUploaded, started), scanIds: [] }
    }
    const answer = yield* send(conn, { method: "POST", path: `${base}/complete`, body: "{}" })
    if (answer.status < 200 || answer.status > 299) return yield* Effect.fail(failureOf(conn, answer, "completing the scan"))
    const result = yield* parseAnswer(conn, answer, decodeResult, "a scan result")
    progress.analysed(prepared.uploads.length)
    // the server stored the credential findings sent (those not suppressed); the local copies of the
    // same findings are shown, and the server's other findings get their columns mapped back
    const local = new Map(prepared.credentialFindings.map((f) => [f.finding_hash, f]))
    const kept = result.findings.filter((f) => local.has(f.finding_hash)).map((f) => local.get(f.finding_hash)!)
    const own = result.findings.filter((f) => !local.has(f.finding_hash))
    return {
      result: yield* merged(input, prepared, [{ ...result, findings: own }], kept, notUploaded, started),
      scanIds: [result.scan_id]
    }
  })

/** Without sessions: one POST /v1/scan per chunk, local credential findings merged here. */
const requestScans = (input: RemoteScanInput, prepared: PreparedUpload, started: number) =>
  Effect.gen(function*() {
    const { connection: conn, progress } = input
    let analysed = 0
    const uploaded = yield* uploadInChunks({
      conn,
      files: prepared.uploads,
      limits: input.limits,
      progress,
      request: (files) => ({
        method: "POST",
        path: "/v1/scan",
        body: JSON.stringify({ files, policy: input.policy, output: "summary", agent_name: input.agentName })
      }),
      accept: (answer, files) =>
        Effect.tap(parseAnswer(conn, answer, decodeResult, "a scan result"), () => {
          analysed += files.length
          progress.analysed(analysed)
        }),
      what: "the scan"
    })
    const answers = uploaded.answers
    if (answers.length === 0) progress.notice("vigil: no file could be sent for analysis; nothing was scanned on the server")
    const credentialFindings = input.org === undefined
      ? prepared.credentialFindings
      : yield* withoutSuppressed(conn, input.org, prepared.credentialFindings, answers[0]?.agent_id ?? null)
    if (input.org === undefined && prepared.credentialFindings.length > 0) {
      progress.notice(
        `vigil: ${prepared.credentialFindings.length} credential finding(s) were made locally; set VIGIL_ORG (or --org) so your organisation's suppressions apply to them too`
      )
    }
    const notUploaded = [...input.walkSkipped, ...prepared.notUploaded, ...uploaded.notUploaded]
    return {
      result: yield* merged(input, prepared, answers, credentialFindings, notUploaded, started),
      scanIds: answers.map((a) => a.scan_id)
    }
  })

/** The session, or none when the server does not offer sessions (an older server: 404 or 405). */
const openSession = (input: RemoteScanInput): Effect.Effect<SessionStatus | undefined, RemoteError> =>
  Effect.gen(function*() {
    const conn = input.connection
    const answer = yield* send(conn, {
      method: "POST",
      path: "/v1/scan-sessions",
      body: JSON.stringify({ agent_name: input.agentName, policy: input.policy, output: "summary" })
    })
    if (answer.status === 404 || answer.status === 405) return undefined
    if (answer.status < 200 || answer.status > 299) return yield* Effect.fail(failureOf(conn, answer, "opening an upload session"))
    return yield* parseAnswer(conn, answer, decodeSession, "an upload session")
  })

export const remoteScan = (input: RemoteScanInput): Effect.Effect<RemoteScanOutput, RemoteError> =>
  Effect.gen(function*() {
    const started = Date.now()
    // the secret scanner compiles matchers: the full engine is loaded for it, not at every CLI start
    const { makeSecretScanner } = yield* Effect.promise(() => import("../../engine/index.js"))
    const prepared = prepareUpload(input.catalogue, input.files, makeSecretScanner(input.catalogue))
    const session = prepared.uploads.length > 0 ? yield* openSession(input) : undefined
    const run = session !== undefined ? yield* sessionScan(input, prepared, session, started) : yield* requestScans(input, prepared, started)
    return { ...run, secretsRedacted: prepared.secretsRedacted, session: session !== undefined }
  })
