import { Effect } from "effect"
import type { Finding } from "../../domain/Finding.js"
import { CREDENTIAL_RULE, matcherFor } from "../../engine/service.js"
import type { RemoteError } from "../errors.js"
import { listAllSuppressions } from "./suppressionsClient.js"
import type { Connection } from "./VigilClient.js"

/**
 * The server applies the organisation's suppressions to what it finds, but the credential findings
 * of a remote scan are made here. With the organisation known, its active credential suppressions
 * are fetched and applied with the engine's own scope matching, so a suppressed key stays hidden.
 */
export const withoutSuppressed = (
  conn: Connection,
  org: string,
  findings: ReadonlyArray<Finding>,
  agentId: string | null
): Effect.Effect<ReadonlyArray<Finding>, RemoteError> =>
  findings.length === 0
    ? Effect.succeed(findings)
    : Effect.map(listAllSuppressions(conn, org, { pattern_id: CREDENTIAL_RULE }), (active) => {
      const suppressed = matcherFor(active)
      return findings.filter((f) => !suppressed(f, agentId))
    })
