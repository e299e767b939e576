import { randomBytes } from "node:crypto"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { parseCsv } from "../../src/report/Csv.js"
import { BACKENDS, createTestDatabase, type TestDatabase } from "../support/databases.js"
import { type JsonResponse, request, type RunningServer, startServer } from "../support/server.js"
import { AGENT_FILES } from "../support/suppressions.js"

/**
 * Isolation (issue 10, item 6): every endpoint, called by a key of each role in each of two
 * organisations, by a user who is admin in one and member in the other, and by revoked, unknown,
 * malformed and missing keys, against the resources of both organisations. The matrix below is the
 * specification (DESIGN.md "Organisations, users, keys, roles", docs/service.md):
 *
 * - another organisation's data (its org id or slug in the path, or its ids in our own org's path) is
 *   404 (or 403 when our own role already forbids the operation), never data; 200 answers to a
 *   foreign caller (check, list, export, bulk through its own organisation) carry none of the other
 *   organisation's identifiers;
 * - suppression create and bulk: owner or admin, else 403 insufficient_role; revoke: owner, admin or
 *   the creator, else 403 forbidden; reads (list, get, check, export, stats): any role;
 * - keys: create by owner or admin with a role no higher than the caller's (else 403
 *   insufficient_role); list by any role (members see their own); revoke: one's own, or owner/admin
 *   for keys whose role is not above theirs (members: 403 forbidden);
 * - no key, an unknown, malformed, other-scheme or revoked key: 401 auth_required.
 *
 * Each cell checks the status and code, that a refused request changed nothing (the victim key still
 * works, the suppression is still active, nothing was created) and that an accepted one took effect
 * in the right organisation only.
 */

type Role = "owner" | "admin" | "member"
type Relation = Role | "x-owner" | "x-admin" | "x-member" | "unauth"
const RELATIONS: ReadonlyArray<Relation> = ["owner", "admin", "member", "x-owner", "x-admin", "x-member", "unauth"]

/** what each organisation calls the user who holds keys in both */
const DUAL_NAME = { A: `Dual named by A ${randomBytes(4).toString("hex")}`, B: `Dual named by B ${randomBytes(4).toString("hex")}` } as const

type Expect = readonly [status: number, code?: string] | null
const OK: Expect = [200]
const CREATED: Expect = [201]
const ROLE: Expect = [403, "insufficient_role"]
const FORBIDDEN: Expect = [403, "forbidden"]
const NOT_FOUND: Expect = [404, "not_found"]
const AUTH: Expect = [401, "auth_required"]
const NA: Expect = null

interface Org {
  readonly name: "A" | "B"
  readonly id: string
  readonly slug: string
  readonly owner: string
  readonly ownerKeyId: string
  /** a second manager whose suppressions and keys the callers act on ("another user") */
  creator: string
  agentId: string
  scans: [string, string]
  sentinel: string
  /** identifiers of this organisation only: none may appear in an answer to anyone else */
  readonly ids: Set<string>
}

interface Caller {
  readonly label: string
  readonly org: Org | undefined
  readonly role: Role | undefined
  readonly email: string | undefined
  readonly keyId: string | undefined
  readonly headers: Record<string, string>
}

interface Cell {
  readonly caller: Caller
  /** the organisation whose data the request is about */
  readonly target: Org
  readonly other: Org
  /** the caller's own organisation (the target for callers without one) */
  readonly own: Org
  readonly relation: Relation
  /** what the request itself carried, so echoes of it are not counted as leaks */
  sent: string
  extra: Record<string, unknown>
}

interface Row {
  readonly endpoint: string
  /** by relation: owner, admin, member, x-owner, x-admin, x-member, unauth */
  readonly expect: readonly [Expect, Expect, Expect, Expect, Expect, Expect, Expect]
  /** the request does not name an organisation: run once per caller */
  readonly targetless?: boolean
  readonly send: (cell: Cell) => Promise<JsonResponse>
  readonly verify?: (cell: Cell, response: JsonResponse) => Promise<void>
}

describe.each(BACKENDS)("isolation between organisations on %s", (backend) => {
  let db: TestDatabase
  let server: RunningServer
  const counts = { requests: 0, cells: 0, rows: 0, refused: 0, accepted: 0 }
  let n = 0
  const fresh = (label: string): string => `${label}-${++n}`

  const call = async (
    headers: Record<string, string>,
    method: string,
    path: string,
    body?: unknown,
    cell?: Cell
  ): Promise<JsonResponse> => {
    counts.requests++
    if (cell !== undefined) cell.sent += ` ${path} ${body === undefined ? "" : JSON.stringify(body)}`
    return request(server, method, path, { headers, ...(body !== undefined ? { body } : {}) })
  }
  const bearer = (key: string): Record<string, string> => ({ authorization: `Bearer ${key}` })
  const as = (key: string, method: string, path: string, body?: unknown) => call(bearer(key), method, path, body)
  const ok = async (response: Promise<JsonResponse>, status = 200): Promise<any> => {
    const r = await response
    expect(r.status, r.text.slice(0, 400)).toBe(status)
    return r.body
  }

  let A: Org
  let B: Org
  let callers: ReadonlyArray<Caller>
  /** keys the organisation's owner issued for a caller's user (cached: one per user and org) */
  const spareManagers = new Map<string, string>()

  const issue = async (org: Org, email: string, role: Role, name?: string) => {
    const body = await ok(as(org.owner, "POST", `/v1/orgs/${org.id}/keys`, { email, role, ...(name ? { name } : {}) }), 201)
    const created = body as { id: string; key: string; user_id: string; prefix: string }
    org.ids.add(created.id)
    return created
  }
  const suppress = async (org: Org, key: string, extra: Record<string, unknown> = {}): Promise<string> => {
    const body = await ok(as(key, "POST", `/v1/orgs/${org.id}/suppressions`, {
      pattern_id: "exec_eval",
      reason: "false_positive",
      file_path: `iso/${fresh("victim")}.py`,
      justification: "isolation matrix",
      ...extra
    }), 201)
    org.ids.add((body as { id: string }).id)
    return (body as { id: string }).id
  }
  const scan = async (key: string, agent: string): Promise<{ scan_id: string; agent_id: string; findings: Array<{ pattern_id: string; file: string }> }> =>
    ok(as(key, "POST", "/v1/scan", { agent_name: agent, files: AGENT_FILES.map((f) => ({ path: `${agent}/${f.path}`, content: f.content })) }))

  /** A manager key of the caller's own user in `org`, to create things "as the caller's user" there. */
  const managerKeyForUser = async (org: Org, caller: Caller): Promise<string> => {
    const id = `${org.name}/${caller.email}`
    const cached = spareManagers.get(id)
    if (cached !== undefined) return cached
    const key = (await issue(org, caller.email!, "admin")).key
    spareManagers.set(id, key)
    return key
  }

  const keyWorks = async (key: string, org: Org): Promise<boolean> => (await as(key, "GET", `/v1/orgs/${org.id}/keys`)).status === 200
  const suppressionState = async (org: Org, id: string) =>
    (await ok(as(org.owner, "GET", `/v1/orgs/${org.id}/suppressions/${id}`))) as { is_active: boolean; revoked_by: { email: string } | null }
  const listedFor = async (org: Org, filePath: string): Promise<number> =>
    ((await ok(as(org.owner, "GET", `/v1/orgs/${org.id}/suppressions?include_revoked=true&file_path=${encodeURIComponent(filePath)}`))) as {
      total: number
    }).total
  const keysOf = async (org: Org) =>
    ((await ok(as(org.owner, "GET", `/v1/orgs/${org.id}/keys?include_revoked=true`))) as {
      keys: Array<{ id: string; org_id: string; user: { email: string } }>
    }).keys

  beforeAll(async () => {
    db = await createTestDatabase(backend)
    server = await startServer({ ...db.env, VIGIL_RATE_LIMIT: "0" }, { timeoutMs: 240_000 })
    const boot = server.bootstrapKey!
    // two organisations with different owners: A by the bootstrap user, B by a user of its own
    const makeOrg = async (name: "A" | "B", creatorKey: string): Promise<Org> => {
      const slug = `iso-${name.toLowerCase()}`
      const body = (await ok(as(creatorKey, "POST", "/v1/orgs", { slug, name: `Org ${name}` }), 201)) as {
        organisation: { id: string }
        owner_key: { key: string; id: string }
      }
      const org: Org = {
        name, id: body.organisation.id, slug, owner: body.owner_key.key, ownerKeyId: body.owner_key.id,
        creator: "", agentId: "", scans: ["", ""], sentinel: "", ids: new Set([body.organisation.id, body.owner_key.id])
      }
      return org
    }
    A = await makeOrg("A", boot)
    const bobKey = (await ok(as(boot, "POST", "/v1/orgs/default/keys", { email: "owner-b@iso.example", role: "member" }), 201)) as { key: string }
    B = await makeOrg("B", bobKey.key)

    const roleKeys = async (org: Org) => {
      const l = org.name.toLowerCase()
      const admin = await issue(org, `admin-${l}@iso.example`, "admin", `Admin ${org.name}`)
      const member = await issue(org, `member-${l}@iso.example`, "member", `Member ${org.name}`)
      const revoked = await issue(org, `revoked-${l}@iso.example`, org.name === "A" ? "owner" : "admin")
      await ok(as(org.owner, "DELETE", `/v1/orgs/${org.id}/keys/${revoked.id}`))
      org.creator = (await issue(org, `creator-${l}@iso.example`, "admin")).key
      const first = await scan(org.owner, "iso-bot")
      const second = await scan(org.owner, "iso-bot")
      org.agentId = first.agent_id
      org.scans = [first.scan_id, second.scan_id]
      for (const id of [first.agent_id, first.scan_id, second.scan_id]) org.ids.add(id)
      org.sentinel = await suppress(org, org.creator, { agent_id: org.agentId, file_path: "iso-sentinel/app.py" })
      return { admin, member, revoked }
    }
    const a = await roleKeys(A)
    const b = await roleKeys(B)
    // one person, admin in A and member in B: each key acts only in its own organisation, and each
    // organisation's name for the person is its own (an identifier no answer to the other may carry)
    const dualA = await issue(A, "dual@iso.example", "admin", DUAL_NAME.A)
    const dualB = await issue(B, "dual@iso.example", "member", DUAL_NAME.B)
    A.ids.add(DUAL_NAME.A)
    B.ids.add(DUAL_NAME.B)
    const who = (label: string, org: Org | undefined, role: Role | undefined, email: string | undefined, keyId: string | undefined, key: string): Caller =>
      ({ label, org, role, email, keyId, headers: bearer(key) })
    callers = [
      who("A owner", A, "owner", "owner@localhost", A.ownerKeyId, A.owner),
      who("A admin", A, "admin", "admin-a@iso.example", a.admin.id, a.admin.key),
      who("A member", A, "member", "member-a@iso.example", a.member.id, a.member.key),
      who("dual in A (admin)", A, "admin", "dual@iso.example", dualA.id, dualA.key),
      who("B owner", B, "owner", "owner-b@iso.example", B.ownerKeyId, B.owner),
      who("B admin", B, "admin", "admin-b@iso.example", b.admin.id, b.admin.key),
      who("B member", B, "member", "member-b@iso.example", b.member.id, b.member.key),
      who("dual in B (member)", B, "member", "dual@iso.example", dualB.id, dualB.key),
      who("A revoked owner key", undefined, undefined, undefined, undefined, a.revoked.key),
      who("B revoked admin key", undefined, undefined, undefined, undefined, b.revoked.key),
      { label: "no key", org: undefined, role: undefined, email: undefined, keyId: undefined, headers: {} },
      who("unknown key", undefined, undefined, undefined, undefined, `vgl_${randomBytes(32).toString("base64url")}`),
      { label: "malformed key", org: undefined, role: undefined, email: undefined, keyId: undefined, headers: { authorization: "Bearer not-a-vigil-key" } },
      { label: "Basic scheme", org: undefined, role: undefined, email: undefined, keyId: undefined, headers: { authorization: "Basic b3duZXI6c2VjcmV0" } }
    ]
  }, 600_000)

  afterAll(async () => {
    await server?.stop()
    await db?.dispose()
  }, 240_000)

  // ---- request builders shared by the rows ----
  const send = (cell: Cell, method: string, path: string, body?: unknown, extraHeaders: Record<string, string> = {}) =>
    call({ ...cell.caller.headers, ...extraHeaders }, method, path, body, cell)
  const sup = (org: Org, rest = ""): string => `/v1/orgs/${org.id}/suppressions${rest}`
  const newScope = (cell: Cell, extra: Record<string, unknown> = {}) => {
    const filePath = `iso/${fresh("made")}.py`
    cell.extra["filePath"] = filePath
    return { pattern_id: "exec_eval", reason: "accepted_risk", file_path: filePath, ...extra }
  }
  const legacyScan = async (cell: Cell): Promise<JsonResponse> => {
    counts.requests++
    const form = new FormData()
    form.append("metadata", JSON.stringify({ contract_version: 1, agent_name: "iso-legacy" }))
    for (const f of AGENT_FILES) form.append("file", new Blob([f.content]), `iso-legacy/${f.path}`)
    const response = await fetch(`${server.baseUrl}/api/v1/scan`, { method: "POST", headers: cell.caller.headers, body: form })
    const text = await response.text()
    let body: unknown
    try {
      body = JSON.parse(text)
    } catch {
      body = undefined
    }
    return { status: response.status, headers: response.headers, body, text }
  }

  /** An accepted scan belongs to the caller's organisation: its diff is visible there and 404 elsewhere. */
  const scanLandsInOwnOrg = async (cell: Cell, response: JsonResponse) => {
    const id = (response.body as { scan_id: string }).scan_id
    cell.own.ids.add(id)
    await ok(as(cell.own.owner, "GET", `/v1/scans/${id}/diff`))
    const foreign = await as(otherOf(cell.own).owner, "GET", `/v1/scans/${id}/diff`)
    expect(foreign.status).toBe(404)
  }
  const otherOf = (org: Org): Org => (org === A ? B : A)

  /**
   * A key of the caller's own user that can create suppressions in the target organisation. Members
   * cannot create: the same user made it with a manager key of T (a demoted admin, say).
   */
  const makerOf = async (c: Cell): Promise<string> =>
    c.caller.email === undefined
      ? c.target.creator
      : c.relation === "owner" || c.relation === "admin"
      ? c.caller.headers["authorization"]!.slice("Bearer ".length)
      : managerKeyForUser(c.target, c.caller)

  /** A refused create left nothing behind, in the target organisation or the caller's. */
  const nothingCreated = async (cell: Cell) => {
    const path = cell.extra["filePath"] as string
    expect(await listedFor(cell.target, path)).toBe(0)
    expect(await listedFor(cell.other, path)).toBe(0)
  }
  const revokedKey = async (cell: Cell, response: JsonResponse) => {
    const victim = cell.extra["victim"] as { key: string }
    expect(await keyWorks(victim.key, cell.target), "the victim key works exactly when the revocation was refused").toBe(response.status !== 200)
  }
  const revokedSuppression = async (cell: Cell, response: JsonResponse) => {
    const state = await suppressionState(cell.target, cell.extra["victim"] as string)
    expect(state.is_active).toBe(response.status !== 200)
    if (response.status === 200) expect(state.revoked_by?.email).toBe(cell.caller.email)
  }
  const keyCreated = async (cell: Cell, response: JsonResponse) => {
    const email = cell.extra["email"] as string
    const inTarget = (await keysOf(cell.target)).filter((k) => k.user.email === email)
    if (response.status !== 201) {
      expect(inTarget).toEqual([])
      return
    }
    const created = response.body as { key: string; org_id: string; role: string; id: string }
    cell.target.ids.add(created.id)
    expect(created.org_id).toBe(cell.target.id)
    expect(inTarget.map((k) => k.id)).toEqual([created.id])
    expect(await keyWorks(created.key, cell.target)).toBe(true)
    expect(await keyWorks(created.key, cell.other)).toBe(false)
  }
  const createKeyRow = (role: Role, expectations: Row["expect"]): Row => ({
    endpoint: `POST /v1/orgs/{T}/keys  role ${role}`,
    expect: expectations,
    send: (cell) => {
      cell.extra["email"] = `${fresh("new")}@${cell.target.slug}.example`
      return send(cell, "POST", `/v1/orgs/${cell.target.id}/keys`, { email: cell.extra["email"], role })
    },
    verify: keyCreated
  })

  /**
   * THE MATRIX. Columns: owner, admin, member of the organisation T the request is about; owner,
   * admin, member of the other organisation (x-); no/unknown/malformed/other-scheme/revoked key.
   * {T} is T's id or slug; {own} is the caller's own organisation (T for callers without one).
   */
  const rows = (): ReadonlyArray<Row> => [
    //                                                        owner    admin    member     x-owner    x-admin    x-member   unauth
    { endpoint: "GET /healthz", targetless: true, expect:   [OK,      OK,      OK,        NA,        NA,        NA,        OK],
      send: (c) => send(c, "GET", "/healthz") },
    { endpoint: "GET /readyz", targetless: true, expect:    [OK,      OK,      OK,        NA,        NA,        NA,        OK],
      send: (c) => send(c, "GET", "/readyz") },
    { endpoint: "GET /v1/openapi.json", targetless: true, expect: [OK, OK,     OK,        NA,        NA,        NA,        OK],
      send: (c) => send(c, "GET", "/v1/openapi.json") },
    { endpoint: "POST /v1/scan", targetless: true, expect:  [OK,      OK,      OK,        NA,        NA,        NA,        AUTH],
      send: (c) => send(c, "POST", "/v1/scan", { agent_name: "iso-scan", files: AGENT_FILES }),
      verify: async (c, r) => { if (r.status === 200) await scanLandsInOwnOrg(c, r) } },
    { endpoint: "POST /api/v1/scan (legacy multipart)", targetless: true,
      expect:                                               [OK,      OK,      OK,        NA,        NA,        NA,        AUTH],
      send: legacyScan,
      verify: async (c, r) => { if (r.status === 200) await scanLandsInOwnOrg(c, r) } },
    { endpoint: "POST /v1/orgs", targetless: true, expect:  [CREATED, CREATED, CREATED,   NA,        NA,        NA,        AUTH],
      send: (c) => send(c, "POST", "/v1/orgs", { slug: fresh("iso-new") }),
      verify: async (c, r) => {
        if (r.status !== 201) return
        const made = r.body as { organisation: { id: string }; owner_key: { key: string } }
        // the new organisation's key sees neither A nor B; the caller's key does not see the new one
        expect(await keyWorks(made.owner_key.key, A)).toBe(false)
        expect(await keyWorks(made.owner_key.key, B)).toBe(false)
        expect((await send(c, "GET", `/v1/orgs/${made.organisation.id}/keys`)).status).toBe(404)
      } },

    { endpoint: "GET /v1/scans/{scan of T}/diff", expect:   [OK,      OK,      OK,        NOT_FOUND, NOT_FOUND, NOT_FOUND, AUTH],
      send: (c) => send(c, "GET", `/v1/scans/${c.target.scans[1]}/diff`),
      verify: async (_c, r) => { if (r.status === 200) expect((r.body as { diff: { head_scan_id: string } }).diff.head_scan_id).toBeDefined() } },
    { endpoint: "GET /v1/scans/{scan of own}/diff?base={scan of T}",
      expect:                                               [OK,      OK,      OK,        NOT_FOUND, NOT_FOUND, NOT_FOUND, AUTH],
      send: (c) => send(c, "GET", `/v1/scans/${c.own.scans[1]}/diff?base=${c.target.scans[0]}`) },

    createKeyRow("member",                                  [CREATED, CREATED, ROLE,      NOT_FOUND, NOT_FOUND, NOT_FOUND, AUTH]),
    createKeyRow("admin",                                   [CREATED, CREATED, ROLE,      NOT_FOUND, NOT_FOUND, NOT_FOUND, AUTH]),
    createKeyRow("owner",                                   [CREATED, ROLE,    ROLE,      NOT_FOUND, NOT_FOUND, NOT_FOUND, AUTH]),
    { endpoint: "GET /v1/orgs/{T}/keys", expect:            [OK,      OK,      OK,        NOT_FOUND, NOT_FOUND, NOT_FOUND, AUTH],
      send: (c) => send(c, "GET", `/v1/orgs/${c.target.id}/keys?include_revoked=true`),
      verify: async (c, r) => {
        if (r.status !== 200) return
        const keys = (r.body as { keys: Array<{ id: string; org_id: string; user: { email: string } }> }).keys
        expect(keys.every((k) => k.org_id === c.target.id)).toBe(true)
        expect(keys.map((k) => k.id)).toContain(c.caller.keyId)
        if (c.relation === "member") expect(keys.every((k) => k.user.email === c.caller.email)).toBe(true)
        else expect(keys.map((k) => k.id)).toContain(c.target.ownerKeyId)
      } },
    { endpoint: "GET /v1/orgs/{T slug}/keys", expect:       [OK,      OK,      OK,        NOT_FOUND, NOT_FOUND, NOT_FOUND, AUTH],
      send: (c) => send(c, "GET", `/v1/orgs/${c.target.slug}/keys`) },
    { endpoint: "DELETE /v1/orgs/{T}/keys/{member key of another user of T}",
      expect:                                               [OK,      OK,      FORBIDDEN, NOT_FOUND, NOT_FOUND, NOT_FOUND, AUTH],
      send: async (c) => {
        const victim = await issue(c.target, `${fresh("victim")}@${c.target.slug}.example`, "member")
        c.extra["victim"] = victim
        return send(c, "DELETE", `/v1/orgs/${c.target.id}/keys/${victim.id}`)
      },
      verify: revokedKey },
    { endpoint: "DELETE /v1/orgs/{T}/keys/{owner key of another user of T}",
      expect:                                               [OK,      ROLE,    FORBIDDEN, NOT_FOUND, NOT_FOUND, NOT_FOUND, AUTH],
      send: async (c) => {
        const victim = await issue(c.target, `${fresh("victim")}@${c.target.slug}.example`, "owner")
        c.extra["victim"] = victim
        return send(c, "DELETE", `/v1/orgs/${c.target.id}/keys/${victim.id}`)
      },
      verify: revokedKey },
    { endpoint: "DELETE /v1/orgs/{T}/keys/{another key of the caller's own user, in T}",
      expect:                                               [OK,      OK,      OK,        NOT_FOUND, NOT_FOUND, NOT_FOUND, AUTH],
      send: async (c) => {
        const email = c.caller.email ?? `${fresh("victim")}@${c.target.slug}.example`
        const victim = await issue(c.target, email, "member")
        c.extra["victim"] = victim
        return send(c, "DELETE", `/v1/orgs/${c.target.id}/keys/${victim.id}`)
      },
      verify: revokedKey },
    { endpoint: "DELETE /v1/orgs/{own}/keys/{another key of the caller's own user, in T}",
      expect:                                               [OK,      OK,      OK,        NOT_FOUND, NOT_FOUND, NOT_FOUND, AUTH],
      send: async (c) => {
        const email = c.caller.email ?? `${fresh("victim")}@${c.target.slug}.example`
        const victim = await issue(c.target, email, "member")
        c.extra["victim"] = victim
        return send(c, "DELETE", `/v1/orgs/${c.own.id}/keys/${victim.id}`)
      },
      verify: revokedKey },
    { endpoint: "DELETE /v1/orgs/{own}/keys/{member key of T}",
      expect:                                               [OK,      OK,      FORBIDDEN, NOT_FOUND, NOT_FOUND, NOT_FOUND, AUTH],
      send: async (c) => {
        const victim = await issue(c.target, `${fresh("victim")}@${c.target.slug}.example`, "member")
        c.extra["victim"] = victim
        return send(c, "DELETE", `/v1/orgs/${c.own.id}/keys/${victim.id}`)
      },
      verify: revokedKey },

    { endpoint: "POST /v1/orgs/{T}/suppressions", expect:   [CREATED, CREATED, ROLE,      NOT_FOUND, NOT_FOUND, NOT_FOUND, AUTH],
      send: (c) => send(c, "POST", sup(c.target), newScope(c)),
      verify: async (c, r) => {
        if (r.status !== 201) return nothingCreated(c)
        const id = (r.body as { id: string }).id
        c.target.ids.add(id)
        expect((await suppressionState(c.target, id)).is_active).toBe(true)
        expect((await as(c.other.owner, "GET", sup(c.other, `/${id}`))).status).toBe(404)
        expect(await listedFor(c.other, c.extra["filePath"] as string)).toBe(0)
      } },
    { endpoint: "POST /v1/orgs/{own}/suppressions  agent_id of T",
      expect:                                               [CREATED, CREATED, ROLE,      NOT_FOUND, NOT_FOUND, ROLE,      AUTH],
      send: (c) => send(c, "POST", sup(c.own), newScope(c, { agent_id: c.target.agentId })),
      verify: async (c, r) => {
        if (r.status === 201) c.target.ids.add((r.body as { id: string }).id)
        else await nothingCreated(c)
      } },
    { endpoint: "POST /v1/orgs/{T}/suppressions/bulk", expect: [OK,   OK,      ROLE,      NOT_FOUND, NOT_FOUND, NOT_FOUND, AUTH],
      send: (c) => {
        const prefix = `iso/${fresh("bulk")}/`
        c.extra["filePath"] = prefix
        return send(c, "POST", sup(c.target, "/bulk"), {
          suppressions: [0, 1].map((i) => ({ pattern_id: "sql_injection", reason: "mitigated", file_path: `${prefix}${i}.py` }))
        })
      },
      verify: async (c, r) => {
        if (r.status !== 200) return nothingCreated(c)
        const body = r.body as { created: Array<{ id: string }>; errors: Array<unknown> }
        expect(body.created.length).toBe(2)
        expect(body.errors).toEqual([])
        for (const x of body.created) c.target.ids.add(x.id)
        expect(await listedFor(c.target, c.extra["filePath"] as string)).toBe(2)
        expect(await listedFor(c.other, c.extra["filePath"] as string)).toBe(0)
      } },
    { endpoint: "POST /v1/orgs/{own}/suppressions/bulk  agent_id of T",
      expect:                                               [OK,      OK,      ROLE,      OK,        OK,        ROLE,      AUTH],
      send: (c) => send(c, "POST", sup(c.own, "/bulk"), { suppressions: [newScope(c, { agent_id: c.target.agentId })] }),
      verify: async (c, r) => {
        if (r.status !== 200) return nothingCreated(c)
        const body = r.body as { created: Array<{ id: string }>; errors: Array<{ code: string }> }
        if (c.own === c.target) {
          expect(body.created.length).toBe(1)
          c.target.ids.add(body.created[0]!.id)
        } else {
          // the other organisation's agent is unknown here: an entry error, nothing created
          expect(body.created).toEqual([])
          expect(body.errors.map((e) => e.code)).toEqual(["not_found"])
          await nothingCreated(c)
        }
      } },
    { endpoint: "GET /v1/orgs/{T}/suppressions", expect:    [OK,      OK,      OK,        NOT_FOUND, NOT_FOUND, NOT_FOUND, AUTH],
      send: (c) => send(c, "GET", sup(c.target, "?include_revoked=true&include_expired=true&limit=200")),
      verify: async (c, r) => {
        if (r.status !== 200) return
        const ids = (r.body as { suppressions: Array<{ id: string }> }).suppressions.map((s) => s.id)
        expect(ids).toContain(c.target.sentinel)
        for (const id of ids) expect(c.target.ids.has(id), `${id} listed in ${c.target.name}`).toBe(true)
      } },
    { endpoint: "GET /v1/orgs/{T slug}/suppressions", expect: [OK,    OK,      OK,        NOT_FOUND, NOT_FOUND, NOT_FOUND, AUTH],
      send: (c) => send(c, "GET", `/v1/orgs/${c.target.slug}/suppressions`) },
    { endpoint: "GET /v1/orgs/{own}/suppressions?agent_id={agent of T}",
      expect:                                               [OK,      OK,      OK,        OK,        OK,        OK,        AUTH],
      send: (c) => send(c, "GET", sup(c.own, `?agent_id=${c.target.agentId}&include_revoked=true`)),
      verify: async (c, r) => {
        if (r.status !== 200) return
        const body = r.body as { total: number; suppressions: Array<{ id: string }> }
        if (c.own === c.target) expect(body.suppressions.map((s) => s.id)).toContain(c.target.sentinel)
        else expect(body).toMatchObject({ total: 0, suppressions: [] })
      } },
    { endpoint: "GET /v1/orgs/{T}/suppressions/{suppression of T}",
      expect:                                               [OK,      OK,      OK,        NOT_FOUND, NOT_FOUND, NOT_FOUND, AUTH],
      send: (c) => send(c, "GET", sup(c.target, `/${c.target.sentinel}`)),
      verify: async (c, r) => { if (r.status === 200) expect((r.body as { id: string }).id).toBe(c.target.sentinel) } },
    { endpoint: "GET /v1/orgs/{own}/suppressions/{suppression of T}",
      expect:                                               [OK,      OK,      OK,        NOT_FOUND, NOT_FOUND, NOT_FOUND, AUTH],
      send: (c) => send(c, "GET", sup(c.own, `/${c.target.sentinel}`)) },
    { endpoint: "DELETE /v1/orgs/{T}/suppressions/{made by another user of T}",
      expect:                                               [OK,      OK,      FORBIDDEN, NOT_FOUND, NOT_FOUND, NOT_FOUND, AUTH],
      send: async (c) => {
        c.extra["victim"] = await suppress(c.target, c.target.creator)
        return send(c, "DELETE", sup(c.target, `/${c.extra["victim"]}`))
      },
      verify: revokedSuppression },
    { endpoint: "DELETE /v1/orgs/{T}/suppressions/{made by the caller's own user, in T}",
      expect:                                               [OK,      OK,      OK,        NOT_FOUND, NOT_FOUND, NOT_FOUND, AUTH],
      send: async (c) => {
        c.extra["victim"] = await suppress(c.target, await makerOf(c))
        return send(c, "DELETE", sup(c.target, `/${c.extra["victim"]}`))
      },
      verify: revokedSuppression },
    { endpoint: "DELETE /v1/orgs/{own}/suppressions/{made by the caller's own user, in T}",
      expect:                                               [OK,      OK,      OK,        NOT_FOUND, NOT_FOUND, NOT_FOUND, AUTH],
      send: async (c) => {
        c.extra["victim"] = await suppress(c.target, await makerOf(c))
        return send(c, "DELETE", sup(c.own, `/${c.extra["victim"]}`))
      },
      verify: revokedSuppression },
    { endpoint: "DELETE /v1/orgs/{own}/suppressions/{suppression of T}",
      expect:                                               [OK,      OK,      FORBIDDEN, NOT_FOUND, NOT_FOUND, NOT_FOUND, AUTH],
      send: async (c) => {
        c.extra["victim"] = await suppress(c.target, c.target.creator)
        return send(c, "DELETE", sup(c.own, `/${c.extra["victim"]}`))
      },
      verify: revokedSuppression },
    { endpoint: "POST /v1/orgs/{T}/suppressions/check  scope of T's suppression",
      expect:                                               [OK,      OK,      OK,        NOT_FOUND, NOT_FOUND, NOT_FOUND, AUTH],
      send: (c) => send(c, "POST", sup(c.target, "/check"), { pattern_id: "exec_eval", agent_id: c.target.agentId, file_path: "iso-sentinel/app.py" }),
      verify: async (c, r) => {
        if (r.status === 200) expect(r.body).toMatchObject({ is_suppressed: true, suppression: { id: c.target.sentinel } })
      } },
    { endpoint: "POST /v1/orgs/{own}/suppressions/check  scope of T's suppression",
      expect:                                               [OK,      OK,      OK,        OK,        OK,        OK,        AUTH],
      send: (c) => send(c, "POST", sup(c.own, "/check"), { pattern_id: "exec_eval", agent_id: c.target.agentId, file_path: "iso-sentinel/app.py" }),
      verify: async (c, r) => {
        if (r.status !== 200) return
        if (c.own === c.target) expect(r.body).toMatchObject({ is_suppressed: true, suppression: { id: c.target.sentinel } })
        else expect(r.body).toEqual({ is_suppressed: false, suppression: null })
      } },
    { endpoint: "GET /v1/orgs/{T}/suppressions/export", expect: [OK,  OK,      OK,        NOT_FOUND, NOT_FOUND, NOT_FOUND, AUTH],
      send: (c) => send(c, "GET", sup(c.target, "/export?include_revoked=true&include_expired=true"), undefined, { accept: "text/csv" }),
      verify: async (c, r) => {
        if (r.status !== 200) return
        const [header, ...records] = parseCsv(r.text)
        expect(header?.[0]).toBe("id")
        const ids = records.map((rec) => rec[0]!)
        expect(ids).toContain(c.target.sentinel)
        for (const id of ids) expect(c.target.ids.has(id), `${id} exported from ${c.target.name}`).toBe(true)
      } },
    { endpoint: "GET /v1/orgs/{own}/suppressions/export?agent_id={agent of T}",
      expect:                                               [OK,      OK,      OK,        OK,        OK,        OK,        AUTH],
      send: (c) => send(c, "GET", sup(c.own, `/export?agent_id=${c.target.agentId}&include_revoked=true`), undefined, { accept: "text/csv" }),
      verify: async (c, r) => {
        if (r.status !== 200) return
        const records = parseCsv(r.text).slice(1)
        if (c.own === c.target) expect(records.map((rec) => rec[0])).toContain(c.target.sentinel)
        else expect(records).toEqual([])
      } },
    { endpoint: "GET /v1/orgs/{T}/suppressions/stats", expect: [OK,   OK,      OK,        NOT_FOUND, NOT_FOUND, NOT_FOUND, AUTH],
      send: (c) => send(c, "GET", sup(c.target, "/stats")),
      verify: async (c, r) => {
        if (r.status !== 200) return
        const listed = (await ok(as(c.target.owner, "GET", sup(c.target, "?limit=1")))) as { total: number }
        expect((r.body as { total_active: number }).total_active).toBe(listed.total)
      } }
  ]

  const relationOf = (caller: Caller, target: Org): Relation =>
    caller.org === undefined || caller.role === undefined
      ? "unauth"
      : caller.org === target
      ? caller.role
      : (`x-${caller.role}` as Relation)

  /** Identifiers of `org` in an answer that the request did not carry itself. */
  const leaked = (org: Org, cell: Cell, text: string): Array<string> =>
    [...org.ids].filter((id) => text.includes(id) && !cell.sent.includes(id))

  it("enforces the matrix: every endpoint x every caller x both organisations", async () => {
    const failures: Array<string> = []
    const matrix = rows()
    counts.rows = matrix.length
    const targetless = matrix.filter((r) => r.targetless).length
    for (const row of matrix) {
      for (const target of row.targetless ? [undefined] : [A, B]) {
        for (const caller of callers) {
          const t = target ?? caller.org ?? A
          const relation = relationOf(caller, t)
          const expected = row.expect[RELATIONS.indexOf(relation)]
          if (expected === null || expected === undefined) throw new Error(`${row.endpoint}: no expectation for ${relation}`)
          const cell: Cell = { caller, target: t, other: otherOf(t), own: caller.org ?? t, relation, sent: "", extra: {} }
          const where = `${row.endpoint} | T=${t.name} | ${caller.label} (${relation})`
          counts.cells++
          try {
            const response = await row.send(cell)
            const [status, code] = expected
            expect(response.status, `${where}: ${response.text.slice(0, 300)}`).toBe(status)
            if (code !== undefined) {
              expect(response.body, where).toEqual({ code, error: expect.any(String) })
              if (status === 401) expect(response.headers.get("www-authenticate"), where).toMatch(/^Bearer/)
            }
            if (status >= 400) counts.refused++
            else counts.accepted++
            // nothing of another organisation in any answer; callers without a key see nothing of either
            const strangers = relation === "unauth" ? [A, B] : [otherOf(caller.org!)]
            for (const org of strangers) expect(leaked(org, cell, response.text), `${where}: identifiers of ${org.name}`).toEqual([])
            if (row.verify !== undefined) await row.verify(cell, response)
          } catch (error) {
            const message = error instanceof Error ? error.message.split("\n")[0]! : String(error)
            failures.push(message.startsWith(where) ? message : `${where}: ${message}`)
          }
        }
      }
    }
    console.log(
      `isolation on ${backend}: ${counts.rows} endpoint rows (${targetless} without an organisation, once per caller; ` +
        `${counts.rows - targetless} against each of the 2 organisations) x ${callers.length} callers = ${counts.cells} cells ` +
        `(${counts.accepted} accepted, ${counts.refused} refused as specified), ${counts.requests} requests in all; failures: ${failures.length}`
    )
    expect(failures).toEqual([])
  }, 900_000)

  it("keeps display names inside their organisation", async () => {
    type KeyList = { keys: Array<{ user: { email: string; name: string | null } }> }
    /** the names the organisation's key list shows for a person (one per key; the matrix added keys) */
    const namesIn = async (org: Org, email: string) => [
      ...new Set(((await ok(as(org.owner, "GET", `/v1/orgs/${org.id}/keys`))) as KeyList).keys.filter((k) => k.user.email === email).map((k) => k.user.name))
    ]
    // set up in beforeAll: A named the shared user first, then B gave its own name
    expect(await namesIn(A, "dual@iso.example")).toEqual([DUAL_NAME.A])
    expect(await namesIn(B, "dual@iso.example")).toEqual([DUAL_NAME.B])

    // a name given in A is not visible in B, where the same person was issued a key without one,
    // and B naming the person later neither shows in A nor overwrites A's name
    const email = `${fresh("named")}@iso.example`
    const keyA = await issue(A, email, "admin", "Named by A")
    const keyB = await issue(B, email, "admin")
    expect(keyB.user_id).toBe(keyA.user_id)
    expect(await namesIn(B, email)).toEqual([null])
    await issue(B, email, "member", "Named by B")
    expect(await namesIn(A, email)).toEqual(["Named by A"])
    // the name belongs to the person within the organisation, so both of B's keys show it now
    expect(await namesIn(B, email)).toEqual(["Named by B"])

    // suppressions show the creator and revoker under the name of the suppression's organisation
    const supA = await suppress(A, keyA.key)
    const supB = await suppress(B, keyB.key)
    const shown = async (org: Org, id: string) =>
      (await ok(as(org.owner, "GET", sup(org, `/${id}`)))) as { created_by: { name: string | null } }
    expect((await shown(A, supA)).created_by.name).toBe("Named by A")
    expect((await shown(B, supB)).created_by.name).toBe("Named by B")
    await ok(as(keyB.key, "DELETE", sup(B, `/${supB}`)))
    const revoked = (await ok(as(B.owner, "GET", sup(B, `/${supB}`)))) as { revoked_by: { name: string | null } }
    expect(revoked.revoked_by.name).toBe("Named by B")
    const keysB = JSON.stringify(await ok(as(B.owner, "GET", `/v1/orgs/${B.id}/keys?include_revoked=true`)))
    const suppressionsB = JSON.stringify(await ok(as(B.owner, "GET", sup(B, "?include_revoked=true"))))
    for (const text of [keysB, suppressionsB]) {
      expect(text).not.toContain("Named by A")
      expect(text).not.toContain(DUAL_NAME.A)
    }
  }, 240_000)

  it("keeps agents, diff baselines and the effect of suppressions inside their organisation", async () => {
    const before = counts.requests
    type Scan = Awaited<ReturnType<typeof scan>>
    const diff = async (key: string, id: string) =>
      ((await ok(as(key, "GET", `/v1/scans/${id}/diff`))) as {
        diff: { base_scan_id: string | null; new_findings: Array<{ pattern_id: string; file: string }>; unchanged_findings: Array<{ pattern_id: string; file: string }> }
      }).diff
    const evalIn = (findings: ReadonlyArray<{ pattern_id: string; file: string }>): number =>
      findings.filter((f) => f.pattern_id === "exec_eval" && f.file === "iso-shared/agent.py").length

    // the same agent name in both organisations: two agents, and neither is the other's baseline
    const a1: Scan = await scan(A.owner, "iso-shared")
    const b1: Scan = await scan(B.owner, "iso-shared")
    expect(b1.agent_id).not.toBe(a1.agent_id)
    expect((await diff(B.owner, b1.scan_id)).base_scan_id).toBeNull()
    const a2: Scan = await scan(A.owner, "iso-shared")
    expect((await diff(A.owner, a2.scan_id)).base_scan_id).toBe(a1.scan_id)
    const evals = evalIn(a1.findings)
    expect(evals).toBeGreaterThan(0)

    // a suppression in A hides A's findings only: B's scans, diffs, checks and statistics are untouched
    const statsB = await ok(as(B.owner, "GET", sup(B, "/stats")))
    const scope = { pattern_id: "exec_eval", file_path: "iso-shared/agent.py" }
    const id = await suppress(A, A.owner, { ...scope, reason: "accepted_risk" })
    const a3: Scan = await scan(A.owner, "iso-shared")
    const b2: Scan = await scan(B.owner, "iso-shared")
    expect(evalIn(a3.findings)).toBe(0)
    expect(evalIn(b2.findings)).toBe(evals)
    const dB = await diff(B.owner, b2.scan_id)
    expect(dB.base_scan_id).toBe(b1.scan_id)
    expect(evalIn(dB.unchanged_findings)).toBe(evals)
    const dA = await diff(A.owner, a3.scan_id)
    expect(evalIn([...dA.new_findings, ...dA.unchanged_findings])).toBe(0)
    expect(await ok(as(B.owner, "POST", sup(B, "/check"), scope))).toEqual({ is_suppressed: false, suppression: null })
    expect(await ok(as(A.owner, "POST", sup(A, "/check"), scope))).toMatchObject({ is_suppressed: true, suppression: { id } })
    expect(await ok(as(B.owner, "GET", sup(B, "/stats")))).toEqual(statsB)

    // revoked in A: A's findings return, B never changed
    await ok(as(A.owner, "DELETE", sup(A, `/${id}`)))
    const a4: Scan = await scan(A.owner, "iso-shared")
    expect(evalIn(a4.findings)).toBe(evals)
    console.log(`isolation on ${backend}: cross-organisation effects checked with ${counts.requests - before} requests`)
  }, 600_000)
})
