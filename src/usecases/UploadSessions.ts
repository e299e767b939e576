import { createHash } from "node:crypto"
import { Data, Effect, Either, Option } from "effect"
import { CatalogueService } from "../catalogue/Catalogue.js"
import { AppConfig } from "../config/AppConfig.js"
import { UUID_PATTERN } from "../domain/ApiTenancy.js"
import { AlreadyExists, InvalidRequest, NotFound, PayloadTooLarge, type WorkerUnavailable } from "../domain/Errors.js"
import type { Finding } from "../domain/Finding.js"
import type { FileEntry, ScanResult } from "../domain/Scan.js"
import type { ChunkReceipt, ClientFinding, SessionStatus } from "../domain/ScanSession.js"
import type { OutputFormat, Policy } from "../domain/Vocabulary.js"
import { findingFromClient, normalisePath } from "../engine/service.js"
import { RateLimitRepo } from "../store/RateLimitRepo.js"
import { ScanSessionsRepo, type SessionRow } from "../store/ScanSessionsRepo.js"
import { agentNameFor } from "./agentName.js"
import { checkClientFindings } from "./clientFindings.js"
import { type ScanOwner, ScanService } from "./ScanService.js"

/**
 * Upload sessions: one scan received in several requests. The files of a session are stored as
 * they arrive, so a session survives a restart and any replica can take the next chunk; completing
 * it runs the same scan use case as POST /v1/scan, with the client's findings, and stores one scan.
 *
 * Rate limit: a session is scans' worth of work, so it counts against the per-key scan limit: one
 * scan when it is opened, and one more for every started max-body's worth of bytes it receives
 * beyond the first, so uploading in sessions moves no more data per minute than plain scans could.
 */

/** The per-key scan limit refused the request; the edge answers 429 with Retry-After. */
export class OverScanRateLimit extends Data.TaggedError("OverScanRateLimit")<{
  readonly perMinute: number
  readonly retryAfterSeconds: number
}> {}

const CHUNK_ID = /^[A-Za-z0-9._:-]{1,128}$/

export interface ReceivedChunk {
  /** the validated files of the chunk body (paths as sent) */
  readonly files: ReadonlyArray<FileEntry>
  /** the chunk body's `findings`, unchecked */
  readonly findings: unknown
  /** size of the chunk body, counted against the session's total */
  readonly bytes: number
}

export class UploadSessions extends Effect.Service<UploadSessions>()("Vigil/UploadSessions", {
  effect: Effect.gen(function*() {
    const repo = yield* ScanSessionsRepo
    const rateLimits = yield* RateLimitRepo
    const scans = yield* ScanService
    const catalogue = yield* CatalogueService
    const config = yield* AppConfig

    const limits = {
      max_chunk_bytes: config.maxBodyBytes,
      max_files_per_chunk: config.maxFiles,
      max_file_bytes: config.maxFileBytes,
      max_session_bytes: config.maxSessionBytes
    }

    const statusOf = (s: SessionRow): SessionStatus => ({
      session_id: s.id,
      agent_name: s.agentName,
      policy: s.policy,
      output: s.output,
      chunks_received: s.chunkCount,
      files_received: s.fileCount,
      findings_received: s.findingCount,
      bytes_received: s.totalBytes,
      created_at: s.createdAt,
      expires_at: s.expiresAt,
      limits
    })

    const notFound = (id: string) =>
      new NotFound({ error: `No open upload session ${JSON.stringify(id.slice(0, 80))} for this organisation (it may have expired or been completed).` })

    const openSession = (owner: ScanOwner, id: string): Effect.Effect<SessionRow, NotFound> =>
      UUID_PATTERN.test(id)
        ? Effect.flatMap(repo.find(owner.orgId, id), Option.match({ onNone: () => Effect.fail(notFound(id)), onSome: Effect.succeed }))
        : Effect.fail(notFound(id))

    const countScan = (owner: ScanOwner): Effect.Effect<void, OverScanRateLimit> =>
      config.rateLimitPerMinute <= 0 || owner.keyId === null
        ? Effect.void
        : Effect.flatMap(rateLimits.hit(owner.keyId, config.rateLimitPerMinute), (d) =>
          d.allowed ? Effect.void : Effect.fail(new OverScanRateLimit({ perMinute: config.rateLimitPerMinute, retryAfterSeconds: d.retryAfterSeconds })))

    /** how many scans' worth of data a session of this size is (the first is paid when opening) */
    const scansWorth = (bytes: number): number => Math.max(1, Math.ceil(bytes / config.maxBodyBytes))

    const open = (
      owner: ScanOwner,
      request: { readonly agentName: string | undefined; readonly policy: Policy; readonly output: OutputFormat }
    ): Effect.Effect<SessionStatus, OverScanRateLimit> =>
      Effect.gen(function*() {
        yield* countScan(owner)
        const row = yield* repo.open({
          orgId: owner.orgId,
          apiKeyId: owner.keyId,
          userId: owner.userId,
          agentName: request.agentName ?? null,
          policy: request.policy,
          output: request.output,
          ttlSeconds: config.sessionTtlSeconds
        })
        return statusOf(row)
      })

    const status = (owner: ScanOwner, id: string): Effect.Effect<SessionStatus, NotFound> => Effect.map(openSession(owner, id), statusOf)

    const addChunk = (
      owner: ScanOwner,
      id: string,
      chunkId: string,
      chunk: ReceivedChunk
    ): Effect.Effect<ChunkReceipt, NotFound | InvalidRequest | AlreadyExists | PayloadTooLarge | OverScanRateLimit> =>
      Effect.gen(function*() {
        const session = yield* openSession(owner, id)
        if (!CHUNK_ID.test(chunkId)) {
          return yield* Effect.fail(new InvalidRequest({ error: "chunk_id must be 1 to 128 letters, digits, '.', '_', ':' or '-'." }))
        }
        const files = chunk.files.map((f) => ({ path: normalisePath(f.path), content: f.content }))
        const paths = new Set<string>()
        for (const f of files) {
          if (paths.has(f.path)) return yield* Effect.fail(new InvalidRequest({ error: `The path ${JSON.stringify(f.path.slice(0, 200))} appears twice in this chunk.` }))
          paths.add(f.path)
        }
        const findings = checkClientFindings(chunk.findings, files, catalogue, normalisePath)
        if (Either.isLeft(findings)) return yield* Effect.fail(new InvalidRequest({ error: findings.left }))
        const digest = createHash("sha256").update(JSON.stringify({ files, findings: findings.right })).digest("hex")
        const receipt = (s: SessionRow, replayed: boolean): ChunkReceipt => ({
          chunk_id: chunkId,
          files: files.length,
          findings: findings.right.length,
          bytes: chunk.bytes,
          replayed,
          session: statusOf(s)
        })
        const conflict = new AlreadyExists({ error: `The chunk ${JSON.stringify(chunkId)} was received before with other content; send new content under a new chunk id.` })
        // a retry is answered before any limit: it adds nothing
        const before = yield* repo.findChunk(session.id, chunkId)
        if (Option.isSome(before)) {
          return before.value.digest === digest ? receipt(session, true) : yield* Effect.fail(conflict)
        }
        const total = session.totalBytes + chunk.bytes
        const full = new PayloadTooLarge({
          error: `The upload session would receive ${total} bytes; its limit is ${config.maxSessionBytes} (VIGIL_MAX_SESSION_MB). Complete it and scan the rest in another session.`
        })
        if (total > config.maxSessionBytes) return yield* Effect.fail(full)
        if (scansWorth(total) > scansWorth(session.totalBytes)) yield* countScan(owner)
        const added = yield* repo.addChunk(owner.orgId, session.id, { chunkId, digest, bytes: chunk.bytes, files, findings: findings.right }, {
          maxSessionBytes: config.maxSessionBytes,
          ttlSeconds: config.sessionTtlSeconds
        }).pipe(
          Effect.catchTags({
            SessionGone: () => Effect.fail(notFound(id)),
            ChunkConflict: () => Effect.fail(conflict),
            SessionFull: () => Effect.fail(full),
            DuplicatePath: (e) =>
              Effect.fail(new InvalidRequest({ error: `The path ${JSON.stringify(e.path.slice(0, 200))} was already uploaded in another chunk of this session.` }))
          })
        )
        return receipt(added.session, added.replayed)
      })

    const complete = (owner: ScanOwner, id: string): Effect.Effect<ScanResult, NotFound | InvalidRequest | WorkerUnavailable> =>
      Effect.gen(function*() {
        // held open for the analysis and a margin, so it cannot expire between this check and the store
        const held = UUID_PATTERN.test(id) ? yield* repo.hold(owner.orgId, id, Math.ceil(config.scanBudgetMs / 1000) + 300) : Option.none()
        if (Option.isNone(held)) return yield* Effect.fail(notFound(id))
        const session = held.value
        const received = yield* repo.contents(session.id)
        if (received.files.length === 0) {
          return yield* Effect.fail(new InvalidRequest({ error: "The upload session has no files yet; PUT at least one chunk before completing it." }))
        }
        const clientFindings: Array<Finding> = []
        const hashes = new Set<string>()
        for (const reported of received.findings as ReadonlyArray<ClientFinding>) {
          const finding = findingFromClient(catalogue, reported)
          if (finding === undefined || hashes.has(finding.finding_hash)) continue
          hashes.add(finding.finding_hash)
          clientFindings.push(finding)
        }
        return yield* scans.run(owner, {
          files: received.files,
          policy: session.policy,
          output: session.output,
          agentName: session.agentName ?? agentNameFor({ agentName: undefined, files: received.files }),
          clientFindings,
          storeWith: (store) => repo.consume(owner.orgId, session.id, store).pipe(Effect.catchTag("SessionGone", () => Effect.fail(notFound(id))))
        })
      }).pipe(Effect.withSpan("UploadSessions.complete"))

    const discard = (owner: ScanOwner, id: string): Effect.Effect<void, NotFound> =>
      Effect.gen(function*() {
        const gone = UUID_PATTERN.test(id) ? yield* repo.discard(owner.orgId, id) : false
        if (!gone) return yield* Effect.fail(notFound(id))
      })

    return { open, status, addChunk, complete, discard } as const
  })
}) {}
