import { Schema } from "effect"
import { AgentName, FileEntry } from "./Scan.js"
import { OutputFormat, Policy, Severity } from "./Vocabulary.js"

/**
 * Upload sessions: one scan sent in several requests (an extension of the contract; POST /v1/scan
 * is unchanged). Open a session, PUT chunks of files under client-chosen chunk ids (a retried chunk
 * is received once), complete it for the scan result of POST /v1/scan and one stored scan.
 */

export const OpenSessionRequest = Schema.Struct({
  agent_name: Schema.optional(
    AgentName.annotations({ description: "the agent of the scan; default: the first directory shared by every uploaded path, else `default`" })
  ),
  policy: Schema.optional(Policy),
  output: Schema.optional(OutputFormat)
})
export type OpenSessionRequest = typeof OpenSessionRequest.Type

export const SessionLimits = Schema.Struct({
  max_chunk_bytes: Schema.Int.annotations({ description: "largest chunk body (VIGIL_MAX_BODY_MB)" }),
  max_files_per_chunk: Schema.Int.annotations({ description: "most files per chunk (VIGIL_MAX_FILES)" }),
  max_file_bytes: Schema.Int.annotations({ description: "largest file content (VIGIL_MAX_FILE_MB)" }),
  max_session_bytes: Schema.Int.annotations({ description: "most chunk bytes per session (VIGIL_MAX_SESSION_MB)" })
})

export const SessionStatus = Schema.Struct({
  session_id: Schema.String,
  agent_name: Schema.NullOr(Schema.String),
  policy: Policy,
  output: OutputFormat,
  chunks_received: Schema.Int,
  files_received: Schema.Int,
  findings_received: Schema.Int.annotations({ description: "client findings received with the chunks" }),
  bytes_received: Schema.Int.annotations({ description: "sum of the chunk bodies, counted against max_session_bytes" }),
  created_at: Schema.String,
  expires_at: Schema.String.annotations({ description: "ISO 8601; every chunk received moves it forward by the session lifetime" }),
  limits: SessionLimits
})
export type SessionStatus = typeof SessionStatus.Type

/**
 * A finding the client made itself, for a file of the same chunk: the CLI's credential findings,
 * found in the unredacted text before the secrets were replaced by markers. Never the value: the
 * snippet is masked and the hash is computed locally.
 */
export const ClientFinding = Schema.Struct({
  pattern_id: Schema.String.annotations({ description: "a rule id (or alias) of the catalogue" }),
  file: Schema.String.annotations({ description: "the path of a file in the same chunk" }),
  line: Schema.Int,
  column: Schema.Int,
  finding_hash: Schema.String.annotations({ description: "sha256:<64 hex digits>, computed from the unredacted text" }),
  code_snippet: Schema.optional(Schema.String.annotations({ description: "the masked snippet (at most 2,000 characters)" })),
  message: Schema.optional(Schema.String.annotations({ description: "the masked message (at most 1,000 characters); default the rule's" })),
  severity: Schema.optional(Severity.annotations({ description: "one the rule declares (its own or a matcher's); default the rule's" })),
  confidence: Schema.optional(Schema.Number.annotations({ description: "one the rule declares; default the rule's" }))
})
export type ClientFinding = typeof ClientFinding.Type

export const ChunkRequest = Schema.Struct({
  files: Schema.Array(FileEntry),
  findings: Schema.optional(Schema.Array(ClientFinding))
})

export const ChunkReceipt = Schema.Struct({
  chunk_id: Schema.String,
  files: Schema.Int,
  findings: Schema.Int,
  bytes: Schema.Int,
  replayed: Schema.Boolean.annotations({ description: "true when this chunk id had been received before: nothing was added" }),
  session: SessionStatus
})
export type ChunkReceipt = typeof ChunkReceipt.Type

export const DiscardedSession = Schema.Struct({
  session_id: Schema.String,
  discarded: Schema.Literal(true)
})
