import { randomUUID } from "node:crypto"
import * as SqlClient from "@effect/sql/SqlClient"
import { Data, Effect, Option } from "effect"
import type { FileEntry } from "../domain/Scan.js"
import type { OutputFormat, Policy } from "../domain/Vocabulary.js"

/** Upload sessions and what they have received so far (see migration 0008). */

export interface SessionRow {
  readonly id: string
  readonly orgId: string
  readonly apiKeyId: string | null
  readonly userId: string | null
  readonly agentName: string | null
  readonly policy: Policy
  readonly output: OutputFormat
  readonly chunkCount: number
  readonly fileCount: number
  readonly findingCount: number
  readonly totalBytes: number
  readonly createdAt: string
  readonly expiresAt: string
}

export interface ChunkToAdd {
  readonly chunkId: string
  /** digest of the chunk's content: a chunk id received again with the same digest is a retry */
  readonly digest: string
  readonly bytes: number
  /** paths already normalised */
  readonly files: ReadonlyArray<FileEntry>
  /** the client findings of the chunk, as validated JSON */
  readonly findings: ReadonlyArray<unknown>
}

export interface StoredChunk {
  readonly chunkId: string
  readonly bytes: number
  readonly fileCount: number
  readonly findingCount: number
}

/** No open session with this id in this organisation (unknown, expired, completed or another's). */
export class SessionGone extends Data.TaggedError("SessionGone")<{ readonly sessionId: string }> {}
/** The chunk id was received before with other content. */
export class ChunkConflict extends Data.TaggedError("ChunkConflict")<{ readonly chunkId: string }> {}
/** A path of the chunk arrived before in another chunk. */
export class DuplicatePath extends Data.TaggedError("DuplicatePath")<{ readonly path: string }> {}
/** The chunk would take the session over its total size limit. */
export class SessionFull extends Data.TaggedError("SessionFull")<{ readonly totalBytes: number }> {}

interface SessionDbRow {
  id: string
  org_id: string
  api_key_id: string | null
  user_id: string | null
  agent_name: string | null
  policy: string
  output: string
  chunk_count: number
  file_count: number
  finding_count: number
  total_bytes: number
  created_at: Date
  expires_at: Date
}

const toSession = (r: SessionDbRow): SessionRow => ({
  id: r.id,
  orgId: r.org_id,
  apiKeyId: r.api_key_id,
  userId: r.user_id,
  agentName: r.agent_name,
  policy: r.policy as Policy,
  output: r.output as OutputFormat,
  chunkCount: r.chunk_count,
  fileCount: r.file_count,
  findingCount: r.finding_count,
  totalBytes: Number(r.total_bytes),
  createdAt: new Date(r.created_at).toISOString(),
  expiresAt: new Date(r.expires_at).toISOString()
})

/** 5 parameters per file row: 1,000 rows stay well under PostgreSQL's 65,535 bind parameters. */
const FILES_PER_INSERT = 1000

export class ScanSessionsRepo extends Effect.Service<ScanSessionsRepo>()("Vigil/ScanSessionsRepo", {
  effect: Effect.gen(function*() {
    const sql = yield* SqlClient.SqlClient

    const columns = sql`id, org_id, api_key_id, user_id, agent_name, policy, output, chunk_count, file_count,
      finding_count, total_bytes::float8 AS total_bytes, created_at, expires_at`

    const open = (input: {
      readonly orgId: string
      readonly apiKeyId: string | null
      readonly userId: string | null
      readonly agentName: string | null
      readonly policy: Policy
      readonly output: OutputFormat
      readonly ttlSeconds: number
    }): Effect.Effect<SessionRow> =>
      Effect.gen(function*() {
        // expired sessions are dropped here, so no job has to run; their files and chunks cascade
        yield* sql`DELETE FROM scan_sessions WHERE expires_at <= now()`
        const rows = yield* sql<SessionDbRow>`
          INSERT INTO scan_sessions (id, org_id, api_key_id, user_id, agent_name, policy, output, expires_at)
          VALUES (${randomUUID()}, ${input.orgId}, ${input.apiKeyId}, ${input.userId}, ${input.agentName},
                  ${input.policy}, ${input.output}, now() + ${input.ttlSeconds}::int * interval '1 second')
          RETURNING ${columns}`
        const row = rows[0]
        if (row === undefined) return yield* Effect.dieMessage("session insert returned no row")
        return toSession(row)
      }).pipe(Effect.orDie)

    /** The open session, if it exists, is the organisation's and has not expired. */
    const find = (orgId: string, id: string): Effect.Effect<Option.Option<SessionRow>> =>
      sql<SessionDbRow>`SELECT ${columns} FROM scan_sessions WHERE id = ${id} AND org_id = ${orgId} AND expires_at > now()`.pipe(
        Effect.map((rows) => Option.map(Option.fromNullable(rows[0]), toSession)),
        Effect.orDie
      )

    const findChunk = (sessionId: string, chunkId: string): Effect.Effect<Option.Option<StoredChunk & { readonly digest: string }>> =>
      sql<{ chunk_id: string; digest: string; bytes: number; file_count: number; findings: string }>`
        SELECT chunk_id, digest, bytes, file_count, findings FROM scan_session_chunks
        WHERE session_id = ${sessionId} AND chunk_id = ${chunkId}`.pipe(
        Effect.map((rows) =>
          Option.map(Option.fromNullable(rows[0]), (r) => ({
            chunkId: r.chunk_id,
            digest: r.digest,
            bytes: r.bytes,
            fileCount: r.file_count,
            findingCount: (JSON.parse(r.findings) as ReadonlyArray<unknown>).length
          }))
        ),
        Effect.orDie
      )

    /**
     * One transaction under the session's row lock, so concurrent chunks of one session count their
     * bytes and files exactly: a retry that raced its original, a path sent twice, the size limit.
     */
    const addChunk = (
      orgId: string,
      sessionId: string,
      chunk: ChunkToAdd,
      limits: { readonly maxSessionBytes: number; readonly ttlSeconds: number }
    ): Effect.Effect<{ readonly session: SessionRow; readonly replayed: boolean }, SessionGone | ChunkConflict | DuplicatePath | SessionFull> =>
      sql.withTransaction(
        Effect.gen(function*() {
          const locked = yield* sql<SessionDbRow>`
            SELECT ${columns} FROM scan_sessions
            WHERE id = ${sessionId} AND org_id = ${orgId} AND expires_at > now() FOR UPDATE`
          const current = locked[0]
          if (current === undefined) return yield* Effect.fail(new SessionGone({ sessionId }))
          const before = yield* sql<{ digest: string }>`
            SELECT digest FROM scan_session_chunks WHERE session_id = ${sessionId} AND chunk_id = ${chunk.chunkId}`
          if (before[0] !== undefined) {
            if (before[0].digest !== chunk.digest) return yield* Effect.fail(new ChunkConflict({ chunkId: chunk.chunkId }))
            return { session: toSession(current), replayed: true }
          }
          const total = Number(current.total_bytes) + chunk.bytes
          if (total > limits.maxSessionBytes) return yield* Effect.fail(new SessionFull({ totalBytes: total }))
          const seq = current.chunk_count + 1
          for (let start = 0; start < chunk.files.length; start += FILES_PER_INSERT) {
            const rows = chunk.files.slice(start, start + FILES_PER_INSERT).map((f, i) => ({
              session_id: sessionId,
              path: f.path,
              chunk_seq: seq,
              position: start + i,
              content: f.content
            }))
            const inserted = yield* sql<{ path: string }>`
              INSERT INTO scan_session_files ${sql.insert(rows)} ON CONFLICT (session_id, path) DO NOTHING RETURNING path`
            if (inserted.length < rows.length) {
              const got = new Set(inserted.map((r) => r.path))
              const path = rows.find((r) => !got.has(r.path))?.path ?? ""
              return yield* Effect.fail(new DuplicatePath({ path }))
            }
          }
          yield* sql`
            INSERT INTO scan_session_chunks ${
            sql.insert({
              session_id: sessionId,
              chunk_id: chunk.chunkId,
              seq,
              digest: chunk.digest,
              bytes: chunk.bytes,
              file_count: chunk.files.length,
              findings: JSON.stringify(chunk.findings)
            })
          }`
          const updated = yield* sql<SessionDbRow>`
            UPDATE scan_sessions SET
              chunk_count = chunk_count + 1,
              file_count = file_count + ${chunk.files.length},
              finding_count = finding_count + ${chunk.findings.length},
              total_bytes = total_bytes + ${chunk.bytes},
              expires_at = now() + ${limits.ttlSeconds}::int * interval '1 second'
            WHERE id = ${sessionId}
            RETURNING ${columns}`
          return { session: toSession(updated[0] ?? current), replayed: false }
        })
      ).pipe(Effect.catchTag("SqlError", Effect.die))

    /** Everything received, files in the order their chunks first arrived. */
    const contents = (sessionId: string): Effect.Effect<{ readonly files: ReadonlyArray<FileEntry>; readonly findings: ReadonlyArray<unknown> }> =>
      Effect.gen(function*() {
        const files = yield* sql<{ path: string; content: string }>`
          SELECT path, content FROM scan_session_files WHERE session_id = ${sessionId} ORDER BY chunk_seq, position`
        const chunks = yield* sql<{ findings: string }>`
          SELECT findings FROM scan_session_chunks WHERE session_id = ${sessionId} ORDER BY seq`
        return {
          files: files.map((f) => ({ path: f.path, content: f.content })),
          findings: chunks.flatMap((c) => JSON.parse(c.findings) as ReadonlyArray<unknown>)
        }
      }).pipe(Effect.orDie)

    /**
     * The open session, kept open for at least `seconds` more: a completion holds its session while
     * it analyses, so it cannot expire (or be cleaned up) between the check and the store.
     */
    const hold = (orgId: string, id: string, seconds: number): Effect.Effect<Option.Option<SessionRow>> =>
      sql<SessionDbRow>`
        UPDATE scan_sessions SET expires_at = greatest(expires_at, now() + ${seconds}::int * interval '1 second')
        WHERE id = ${id} AND org_id = ${orgId} AND expires_at > now()
        RETURNING ${columns}`.pipe(
        Effect.map((rows) => Option.map(Option.fromNullable(rows[0]), toSession)),
        Effect.orDie
      )

    /**
     * Runs `store` in the transaction that deletes the session (held open by `hold`): a session gives exactly one scan,
     * even when two completions race (the second finds no session and stores nothing).
     */
    const consume = <A>(orgId: string, sessionId: string, store: Effect.Effect<A>): Effect.Effect<A, SessionGone> =>
      sql.withTransaction(
        Effect.gen(function*() {
          const deleted = yield* sql<{ id: string }>`
            DELETE FROM scan_sessions WHERE id = ${sessionId} AND org_id = ${orgId} RETURNING id`
          if (deleted.length === 0) return yield* Effect.fail(new SessionGone({ sessionId }))
          return yield* store
        })
      ).pipe(Effect.catchTag("SqlError", Effect.die))

    const discard = (orgId: string, sessionId: string): Effect.Effect<boolean> =>
      sql<{ id: string }>`
        DELETE FROM scan_sessions WHERE id = ${sessionId} AND org_id = ${orgId} AND expires_at > now() RETURNING id`.pipe(
        Effect.map((rows) => rows.length > 0),
        Effect.orDie
      )

    return { open, find, findChunk, addChunk, contents, hold, consume, discard } as const
  })
}) {}
