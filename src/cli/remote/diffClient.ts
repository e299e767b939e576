import { Effect } from "effect"
import { type DiffResult, DiffResult as DiffResultSchema } from "../../domain/Diff.js"
import type { RemoteError } from "../errors.js"
import { decodeAnswer } from "./decode.js"
import { type Connection, sendJson } from "./VigilClient.js"

/** GET /v1/scans/{id}/diff[?base=<id>] (SPEC "Diff result"). */
export const fetchDiff = (conn: Connection, headScanId: string, baseScanId: string | undefined): Effect.Effect<DiffResult, RemoteError> =>
  Effect.flatMap(
    sendJson(conn, { method: "GET", path: `/v1/scans/${encodeURIComponent(headScanId)}/diff`, query: { base: baseScanId } }, "the diff"),
    (body) => decodeAnswer(DiffResultSchema, body, "the diff")
  )
