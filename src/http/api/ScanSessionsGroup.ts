import * as HttpApiEndpoint from "@effect/platform/HttpApiEndpoint"
import * as HttpApiGroup from "@effect/platform/HttpApiGroup"
import * as OpenApi from "@effect/platform/OpenApi"
import { Schema } from "effect"
import { AlreadyExists, AuthRequired, InvalidRequest, NotFound, PayloadTooLarge, RateLimited, WorkerUnavailable } from "../../domain/Errors.js"
import { ScanResult } from "../../domain/Scan.js"
import { ChunkReceipt, ChunkRequest, DiscardedSession, OpenSessionRequest, SessionStatus } from "../../domain/ScanSession.js"
import { Authentication } from "./Authentication.js"

const SessionPath = Schema.Struct({
  session_id: Schema.String.annotations({ description: "the id `POST /v1/scan-sessions` returned" })
})

const ChunkPath = Schema.Struct({
  session_id: Schema.String.annotations({ description: "the id `POST /v1/scan-sessions` returned" }),
  chunk_id: Schema.String.annotations({ description: "chosen by the client: 1 to 128 of A-Z a-z 0-9 . _ : -; sending it again is a retry" })
})

const NOT_FOUND = "An unknown, expired, completed or discarded session, or one of another organisation, is 404 not_found."

/** Upload sessions: one scan sent in several requests (an extension of the contract). */
export class ScanSessionsGroup extends HttpApiGroup.make("scanSessions")
  .add(
    HttpApiEndpoint.post("openSession", "/v1/scan-sessions")
      .setPayload(OpenSessionRequest)
      .addSuccess(SessionStatus, { status: 201 })
      .addError(InvalidRequest)
      .addError(PayloadTooLarge)
      .addError(RateLimited)
      .annotate(OpenApi.Summary, "Open an upload session: one scan of an agent, sent in several chunks")
      .annotate(
        OpenApi.Description,
        "`agent_name`, `policy` and `output` mean what they mean for POST /v1/scan. Opening counts as one scan " +
          "against the key's rate limit; a session that receives more than `max_chunk_bytes` counts one more scan " +
          "per started `max_chunk_bytes` beyond the first. The session stays open `VIGIL_SESSION_TTL` seconds " +
          "after it was opened or last received a chunk (`expires_at`), and lives in the database, so it " +
          "survives a server restart."
      )
  )
  .add(
    HttpApiEndpoint.put("addChunk", "/v1/scan-sessions/:session_id/chunks/:chunk_id")
      .setPath(ChunkPath)
      .setPayload(ChunkRequest)
      .addSuccess(ChunkReceipt)
      .addError(InvalidRequest)
      .addError(NotFound)
      .addError(AlreadyExists)
      .addError(PayloadTooLarge)
      .addError(RateLimited)
      .annotate(OpenApi.Summary, "Add files (and the client's own findings about them) to an upload session")
      .annotate(
        OpenApi.Description,
        "`files` follows the rules of POST /v1/scan (the same body, per-file and file-count limits). A path may " +
          "arrive once per session. Chunks are idempotent by `chunk_id`: the same chunk sent again answers " +
          "`replayed: true` and adds nothing; other content under a used id is 409 already_exists. `findings` " +
          "are findings the client made itself (the CLI's credential findings, made on the unredacted text): " +
          "a known rule id in a form the rule declares, a path of this chunk, a line inside it, a `finding_hash` " +
          "of the form sha256:<64 hex>, and a masked snippet, never the secret. They are stored and counted like " +
          "the server's own findings: a client can add findings to its own organisation's scans, never remove any. " +
          "Over `max_session_bytes` in all: 413. " + NOT_FOUND
      )
  )
  .add(
    HttpApiEndpoint.get("getSession", "/v1/scan-sessions/:session_id")
      .setPath(SessionPath)
      .addSuccess(SessionStatus)
      .addError(NotFound)
      .annotate(OpenApi.Summary, "What an open upload session has received")
      .annotate(OpenApi.Description, NOT_FOUND)
  )
  .add(
    HttpApiEndpoint.post("completeSession", "/v1/scan-sessions/:session_id/complete")
      .setPath(SessionPath)
      .addSuccess(ScanResult)
      .addError(InvalidRequest)
      .addError(NotFound)
      .addError(WorkerUnavailable)
      .annotate(OpenApi.Summary, "Scan everything the session received: the result of POST /v1/scan, one stored scan")
      .annotate(
        OpenApi.Description,
        "Analyses all files of the session as one scan, adds the client findings, applies the organisation's " +
          "suppressions and the policy, and stores one scan of the agent, in the transaction that closes the " +
          "session: a session gives one scan, and a second completion is 404. No body is needed. " + NOT_FOUND
      )
  )
  .add(
    HttpApiEndpoint.del("discardSession", "/v1/scan-sessions/:session_id")
      .setPath(SessionPath)
      .addSuccess(DiscardedSession)
      .addError(NotFound)
      .annotate(OpenApi.Summary, "Discard an upload session and everything it received")
      .annotate(OpenApi.Description, NOT_FOUND)
  )
  .addError(AuthRequired)
  .middleware(Authentication)
  .annotate(OpenApi.Description, "Upload sessions: one scan in several requests")
{}
