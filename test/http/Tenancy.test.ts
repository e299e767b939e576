import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { BACKENDS, createTestDatabase, type TestDatabase } from "../support/databases.js"
import { expectError, UUID } from "../support/shapes.js"
import { request, runCli, type RunningServer, startServer } from "../support/server.js"

interface CreatedKey {
  readonly id: string
  readonly key: string
  readonly org_id: string
  readonly user_id: string
  readonly role: string
  readonly email: string
}

const SCAN = { files: [{ path: "a.py", content: "x = 1\n" }] }

describe.each(BACKENDS)("organisations and keys over HTTP on %s", (backend) => {
  let db: TestDatabase
  let server: RunningServer
  let owner: string

  beforeAll(async () => {
    db = await createTestDatabase(backend)
    server = await startServer({ ...db.env, VIGIL_RATE_LIMIT: "0" })
    owner = server.bootstrapKey!
  }, 240_000)
  afterAll(async () => {
    await server?.stop()
    await db?.dispose()
  }, 240_000)

  const createKey = async (caller: string, org: string, body: unknown) =>
    request(server, "POST", `/v1/orgs/${org}/keys`, { key: caller, body })

  it("lets an owner create keys of any role; the key is shown once and works", async () => {
    const response = await createKey(owner, "default", { email: "Admin@Example.com", name: "Ada", role: "admin" })
    expect(response.status, response.text).toBe(201)
    const created = response.body as CreatedKey
    expect(created).toMatchObject({ role: "admin", email: "admin@example.com" })
    expect(created.id).toMatch(UUID)
    expect(created.key).toMatch(/^vgl_[A-Za-z0-9_-]{43}$/)
    expect((await request(server, "POST", "/v1/scan", { key: created.key, body: SCAN })).status).toBe(200)

    const list = await request(server, "GET", "/v1/orgs/default/keys", { key: owner })
    expect(list.status).toBe(200)
    const keys = (list.body as { keys: Array<Record<string, unknown>>; total: number }).keys
    const listed = keys.find((k) => k["id"] === created.id)!
    expect(listed).toMatchObject({ role: "admin", user: { email: "admin@example.com", name: "Ada" }, revoked_at: null })
    expect(list.text).not.toContain(created.key)
    expect(list.text).not.toMatch(/vgl_[A-Za-z0-9_-]{43}/)
  })

  it("accepts the organisation id as well as its slug", async () => {
    const created = (await createKey(owner, "default", { email: "m1@example.com", role: "member" })).body as CreatedKey
    const byId = await request(server, "GET", `/v1/orgs/${created.org_id}/keys`, { key: owner })
    expect(byId.status).toBe(200)
  })

  it("enforces roles: members cannot create keys, admins cannot create owners", async () => {
    const admin = (await createKey(owner, "default", { email: "a2@example.com", role: "admin" })).body as CreatedKey
    const member = (await createKey(owner, "default", { email: "m2@example.com", role: "member" })).body as CreatedKey
    expectError(await createKey(member.key, "default", { email: "x@example.com", role: "member" }), 403, "insufficient_role")
    expectError(await createKey(admin.key, "default", { email: "x@example.com", role: "owner" }), 403, "insufficient_role")
    expect((await createKey(admin.key, "default", { email: "x@example.com", role: "admin" })).status).toBe(201)
  })

  it("validates key requests and ids", async () => {
    expectError(await createKey(owner, "default", { email: "not-an-email", role: "member" }), 400, "invalid_request")
    expectError(await createKey(owner, "default", { email: "a@example.com", role: "root" }), 400, "invalid_request")
    expectError(await request(server, "POST", "/v1/orgs/default/keys", { key: owner, rawBody: "{" }), 400, "invalid_request")
    expectError(await request(server, "GET", "/v1/orgs/Not_A_Slug!/keys", { key: owner }), 400, "invalid_request")
    expectError(await request(server, "GET", "/v1/orgs/default/keys?include_revoked=maybe", { key: owner }), 400, "invalid_request")
    expectError(await request(server, "DELETE", "/v1/orgs/default/keys/123", { key: owner }), 400, "invalid_request")
    expectError(await request(server, "DELETE", "/v1/orgs/default/keys/00000000-0000-4000-8000-000000000000", { key: owner }), 404, "not_found")
  })

  it("revokes a key: it is 401 afterwards and a second revoke is 409", async () => {
    const created = (await createKey(owner, "default", { email: "gone@example.com", role: "member" })).body as CreatedKey
    const revoked = await request(server, "DELETE", `/v1/orgs/default/keys/${created.id}`, { key: owner })
    expect(revoked.status, revoked.text).toBe(200)
    expect(revoked.body).toMatchObject({ id: created.id, revoked_by: { email: "owner@localhost" } })
    expect(Number.isNaN(Date.parse((revoked.body as { revoked_at: string }).revoked_at))).toBe(false)
    expectError(await request(server, "POST", "/v1/scan", { key: created.key, body: SCAN }), 401, "auth_required")
    expectError(await request(server, "DELETE", `/v1/orgs/default/keys/${created.id}`, { key: owner }), 409, "already_revoked")

    const withRevoked = await request(server, "GET", "/v1/orgs/default/keys?include_revoked=true", { key: owner })
    const all = (withRevoked.body as { keys: Array<{ id: string; revoked_at: string | null }> }).keys
    expect(all.find((k) => k.id === created.id)?.revoked_at).not.toBeNull()
    const active = (await request(server, "GET", "/v1/orgs/default/keys", { key: owner })).body as { keys: Array<{ id: string }> }
    expect(active.keys.some((k) => k.id === created.id)).toBe(false)
  })

  it("lets members revoke only their own keys and see only their own keys", async () => {
    const member = (await createKey(owner, "default", { email: "self@example.com", role: "member" })).body as CreatedKey
    const spare = (await createKey(owner, "default", { email: "self@example.com", role: "member" })).body as CreatedKey
    const other = (await createKey(owner, "default", { email: "peer@example.com", role: "member" })).body as CreatedKey
    const seen = (await request(server, "GET", "/v1/orgs/default/keys", { key: member.key })).body as { keys: Array<{ user: { email: string } }> }
    expect(seen.keys.length).toBeGreaterThanOrEqual(2)
    expect(seen.keys.every((k) => k.user.email === "self@example.com")).toBe(true)
    expectError(await request(server, "DELETE", `/v1/orgs/default/keys/${other.id}`, { key: member.key }), 403, "forbidden")
    expect((await request(server, "DELETE", `/v1/orgs/default/keys/${spare.id}`, { key: member.key })).status).toBe(200)
  })

  it("creates organisations owned by the caller; other organisations stay invisible", async () => {
    const created = await request(server, "POST", "/v1/orgs", { key: owner, body: { slug: "acme", name: "Acme Corp" } })
    expect(created.status, created.text).toBe(201)
    const { organisation, owner_key } = created.body as { organisation: { id: string; slug: string; name: string }; owner_key: CreatedKey }
    expect(organisation).toMatchObject({ slug: "acme", name: "Acme Corp" })
    expect(owner_key).toMatchObject({ role: "owner", email: "owner@localhost", org_id: organisation.id })
    expectError(await request(server, "POST", "/v1/orgs", { key: owner, body: { slug: "acme" } }), 409, "already_exists")
    expectError(await request(server, "POST", "/v1/orgs", { key: owner, body: { slug: "Bad Slug" } }), 400, "invalid_request")

    // the default organisation's key cannot see acme, and the reverse
    expectError(await request(server, "GET", "/v1/orgs/acme/keys", { key: owner }), 404, "not_found")
    expectError(await request(server, "GET", "/v1/orgs/default/keys", { key: owner_key.key }), 404, "not_found")
    expect((await request(server, "GET", "/v1/orgs/acme/keys", { key: owner_key.key })).status).toBe(200)
    const acmeScan = await request(server, "POST", "/v1/scan", { key: owner_key.key, body: SCAN })
    expect(acmeScan.status).toBe(200)
  })

  it("requires a key on every organisation endpoint", async () => {
    expectError(await request(server, "POST", "/v1/orgs", { body: { slug: "x" } }), 401, "auth_required")
    expectError(await request(server, "GET", "/v1/orgs/default/keys"), 401, "auth_required")
    expectError(await request(server, "DELETE", `/v1/orgs/default/keys/00000000-0000-4000-8000-000000000000`), 401, "auth_required")
  })
})

describe("vigil keys on the embedded database", () => {
  let db: TestDatabase

  beforeAll(async () => {
    db = await createTestDatabase("embedded")
  }, 240_000)
  afterAll(async () => {
    await db?.dispose()
  }, 240_000)

  it("creates, lists and revokes keys directly, and points at HTTP while a server holds the database", async () => {
    const created = await runCli(["keys", "create", "--org", "acme", "--email", "ops@example.com", "--role", "admin", "--json"], db.env)
    expect(created.code, created.stderr).toBe(0)
    const json = JSON.parse(created.stdout) as { key: string; key_id: string; org_id: string; user_id: string; role: string }
    expect(json).toMatchObject({ role: "admin", org_id: expect.stringMatching(UUID), user_id: expect.stringMatching(UUID) })
    expect(json.key).toMatch(/^vgl_[A-Za-z0-9_-]{43}$/)

    const text = await runCli(["keys", "create", "--org", "acme", "--email", "dev@example.com", "--role", "member"], db.env)
    expect(text.code, text.stderr).toBe(0)
    expect(text.stdout).toMatch(/vgl_[A-Za-z0-9_-]{43}/)
    expect(text.stdout).toContain("shown only this once")

    const bad = await runCli(["keys", "create", "--org", "Acme Inc", "--email", "x@example.com", "--role", "member"], db.env)
    expect(bad.code).not.toBe(0)

    const list = await runCli(["keys", "list", "--json"], db.env)
    expect(list.code, list.stderr).toBe(0)
    const keys = JSON.parse(list.stdout) as Array<{ id: string; role: string; org_slug: string }>
    expect(keys).toHaveLength(2)
    expect(list.stdout).not.toContain(json.key)

    // the database is not empty: no bootstrap key; the CLI-made key works over HTTP
    const server = await startServer(db.env)
    try {
      expect(server.bootstrapKey).toBeUndefined()
      expect((await request(server, "POST", "/v1/scan", { key: json.key, body: SCAN })).status).toBe(200)
      const locked = await runCli(["keys", "list"], db.env)
      expect(locked.code).toBe(1)
      expect(locked.stderr).toContain("in use by another Vigil process")
      expect(locked.stderr).toContain("POST   /v1/orgs/{org_id}/keys")
    } finally {
      await server.stop()
    }

    const revoked = await runCli(["keys", "revoke", json.key_id], db.env)
    expect(revoked.code, revoked.stderr).toBe(0)
    const again = await runCli(["keys", "revoke", json.key_id], db.env)
    expect(again.code).toBe(1)
    expect(again.stderr).toContain("already revoked")
    const missing = await runCli(["keys", "revoke", "not-a-uuid"], db.env)
    expect(missing.code).toBe(1)
  }, 300_000)
})
