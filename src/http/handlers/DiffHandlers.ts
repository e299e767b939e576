import * as HttpApiBuilder from "@effect/platform/HttpApiBuilder"
import { Effect, Option } from "effect"
import { UUID_PATTERN } from "../../domain/ApiTenancy.js"
import { InvalidRequest, NotFound } from "../../domain/Errors.js"
import { computeDiff, type DiffSide, type IsSuppressed } from "../../engine/service.js"
import { DiffRepo, type StoredScan } from "../../store/DiffRepo.js"
import { SuppressionsRepo } from "../../store/SuppressionsRepo.js"
import { VigilApi } from "../api/Api.js"
import { CurrentPrincipal } from "../api/Authentication.js"

const shown = (id: string): string => JSON.stringify(id.slice(0, 80))

export const DiffHandlersLive = HttpApiBuilder.group(VigilApi, "diff", (handlers) =>
  Effect.gen(function*() {
    const repo = yield* DiffRepo
    const suppressions = yield* SuppressionsRepo

    /**
     * The one integration point with suppressions: the organisation's active ones (at the time of the
     * diff, not of the scans) as a predicate, read once per diff and applied to both sides.
     */
    const suppressionsOf = (orgId: string): Effect.Effect<IsSuppressed> => suppressions.activeMatcher(orgId)

    /** Malformed ids are 400 before any lookup; unknown and foreign ones are the same 404. */
    const ownScan = (orgId: string, id: string, what: string): Effect.Effect<StoredScan, InvalidRequest | NotFound> =>
      Effect.gen(function*() {
        if (!UUID_PATTERN.test(id)) {
          return yield* Effect.fail(new InvalidRequest({ error: `${what} must be a UUID, not ${shown(id)}.` }))
        }
        const scan = yield* repo.findScan(orgId, id)
        if (Option.isNone(scan)) return yield* Effect.fail(new NotFound({ error: `No scan ${id} is visible to this key.` }))
        return scan.value
      })

    const side = (scan: StoredScan): Effect.Effect<DiffSide> =>
      Effect.map(repo.findingsOf(scan.id), (findings) => ({
        scanId: scan.id,
        scanTime: scan.createdAt,
        agentId: scan.agentId,
        agentName: scan.agentName,
        riskScore: scan.riskScore,
        findings
      }))

    return handlers.handle("diff", ({ path, urlParams }) =>
      Effect.gen(function*() {
        const principal = yield* CurrentPrincipal
        const head = yield* ownScan(principal.orgId, path.id, "The scan id")
        // an explicit base may be any scan of the organisation, another agent's too
        const base = urlParams.base === undefined
          ? yield* repo.previousScan(head)
          : Option.some(yield* ownScan(principal.orgId, urlParams.base, "The base scan id (base)"))
        const isSuppressed = yield* suppressionsOf(principal.orgId)
        const diff = computeDiff({
          base: Option.isNone(base) ? null : yield* side(base.value),
          head: yield* side(head),
          isSuppressed
        })
        return { success: true, diff }
      }).pipe(Effect.withSpan("DiffHttp.diff")))
  }))
