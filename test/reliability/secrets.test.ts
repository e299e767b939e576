import { createRequire } from "node:module"
import { PGlite } from "@electric-sql/pglite"
import { afterAll, describe, expect, it } from "vitest"
import { BACKENDS, createTestDatabase, type TestDatabase } from "../support/databases.js"
import { request, startServer, waitReady } from "../support/server.js"

// random-looking values in real key formats (not real keys)
const OPENAI = "sk-proj-" + "Tq8Zr3Lw6Yp1Xm4Vn7Bc2Hd5Jf9Gk0Sa".repeat(2)
const AWS = "AKIA" + "Q3W8E5R2T7Y4U9I6"
const code = `from openai import OpenAI\nclient = OpenAI(api_key="${OPENAI}")\nAWS_KEY = "${AWS}"\n`

/** Every text value of every table, for searching what was stored. */
const dumpEmbedded = async (dataDir: string): Promise<string> => {
  const pg = await PGlite.create({ dataDir })
  const tables = await pg.query<{ table_name: string }>("select table_name from information_schema.tables where table_schema = 'public'")
  let out = ""
  for (const { table_name } of tables.rows) {
    const rows = await pg.query(`select * from "${table_name}"`)
    out += JSON.stringify(rows.rows)
  }
  await pg.close()
  return out
}

const dumpPostgres = async (url: string): Promise<string> => {
  const { Client } = createRequire(import.meta.url)("pg") as { Client: new (o: { connectionString: string }) => { connect(): Promise<void>; query(q: string): Promise<{ rows: Array<Record<string, unknown>> }>; end(): Promise<void> } }
  const client = new Client({ connectionString: url })
  await client.connect()
  const tables = await client.query("select table_name from information_schema.tables where table_schema = 'public'")
  let out = ""
  for (const row of tables.rows) out += JSON.stringify((await client.query(`select * from "${String(row["table_name"])}"`)).rows)
  await client.end()
  return out
}

const dbs: Array<TestDatabase> = []
afterAll(async () => {
  for (const d of dbs) await d.dispose()
})

describe.each(BACKENDS)("secrets on %s", (backend) => {
  it("no credential value from a scanned file is stored, logged or returned; API keys are never logged", async () => {
    const db = await createTestDatabase(backend)
    dbs.push(db)
    const server = await startServer({ ...db.env, LOG_LEVEL: "debug" })
    await waitReady(server)
    const key = server.bootstrapKey!
    const scan = await request(server, "POST", "/v1/scan", { key, body: { files: [{ path: "agent/app.py", content: code }], output: "sarif" } })
    expect(scan.status).toBe(200)
    const findings = (scan.body as { findings: Array<{ pattern_id: string }> }).findings
    expect(findings.filter((f) => f.pattern_id === "hardcoded_credentials").length).toBe(2)
    await request(server, "POST", "/v1/scan", { key: key.slice(0, -2) + "xx", body: { files: [] } })
    await server.stop()
    const logs = server.output()
    // the bootstrap key is printed once, by design, in its banner; nowhere else
    const logsWithoutBanner = logs.replace(key, "")
    for (const [where, text] of [["response", scan.text], ["logs", logsWithoutBanner], ["database", db.dataDir !== undefined ? await dumpEmbedded(db.dataDir) : await dumpPostgres(db.url!)]] as const) {
      expect(text, where).not.toContain(OPENAI)
      expect(text, where).not.toContain(OPENAI.slice(8, 30))
      expect(text, where).not.toContain(AWS)
      expect(text, where).not.toContain(key.slice(4, 30))
    }
  }, 180_000)
})
