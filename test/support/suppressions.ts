import { expect } from "vitest"
import { type JsonResponse, request, type RunningServer } from "./server.js"

/** Helpers shared by the suppression API suites. */

export interface Finding {
  readonly id: string
  readonly pattern_id: string
  readonly severity: "CRITICAL" | "HIGH" | "MEDIUM" | "LOW"
  readonly confidence: number
  readonly risk_tier: "vulnerability" | "risk_pattern" | "hardening"
  readonly file: string
  readonly line: number
  readonly finding_hash: string
}

export interface ScanBody {
  readonly scan_id: string
  readonly agent_id: string
  readonly risk_score: number
  readonly summary: { total: number; critical: number; high: number; medium: number; low: number }
  readonly findings: ReadonlyArray<Finding>
  readonly quick_wins?: ReadonlyArray<{ pattern_id: string }>
}

export interface SuppressionBody {
  readonly id: string
  readonly pattern_id: string
  readonly agent_id: string | null
  readonly file_path: string | null
  readonly line_number: number | null
  readonly finding_hash: string | null
  readonly reason: string
  readonly state: string
  readonly is_active: boolean
  readonly [key: string]: unknown
}

/** Five findings of three rules (two files) in one agent: a hard-coded key, three evals, an SQL injection. */
export const AGENT_FILES = [
  {
    path: "agent.py",
    content: [
      "import sqlite3",
      "",
      "API_KEY = \"sk-proj-abcdefghijklmnopqrstuvwxyz0123456789ABCD\"",
      "",
      "def run(answer):",
      "    return eval(input())",
      "",
      "def q(user):",
      "    conn = sqlite3.connect('x')",
      "    return conn.execute(\"SELECT * FROM t WHERE name = '\" + user + \"'\")",
      "",
      "def again():",
      "    return eval(input())",
      ""
    ].join("\n")
  },
  { path: "tools.js", content: "function handler(req) {\n  return eval(req.body.code)\n}\n" }
]

export const scanAgent = async (server: Pick<RunningServer, "baseUrl">, key: string, agent: string): Promise<ScanBody> => {
  const response = await request(server, "POST", "/v1/scan", {
    key,
    body: { agent_name: agent, files: AGENT_FILES.map((f) => ({ path: `${agent}/${f.path}`, content: f.content })) }
  })
  expect(response.status, response.text).toBe(200)
  return response.body as ScanBody
}

export interface CreatedKey {
  readonly id: string
  readonly key: string
  readonly org_id: string
  readonly user_id: string
}

export const createKey = async (
  server: Pick<RunningServer, "baseUrl">,
  caller: string,
  org: string,
  body: { email: string; role: string; name?: string }
): Promise<CreatedKey> => {
  const response = await request(server, "POST", `/v1/orgs/${org}/keys`, { key: caller, body })
  expect(response.status, response.text).toBe(201)
  return response.body as CreatedKey
}

/** A fresh organisation owned by the caller's user; returns its id and an owner key. */
export const createOrg = async (
  server: Pick<RunningServer, "baseUrl">,
  caller: string,
  slug: string
): Promise<{ id: string; key: string }> => {
  const response = await request(server, "POST", "/v1/orgs", { key: caller, body: { slug } })
  expect(response.status, response.text).toBe(201)
  const body = response.body as { organisation: { id: string }; owner_key: { key: string } }
  return { id: body.organisation.id, key: body.owner_key.key }
}

export const suppressionsApi = (server: Pick<RunningServer, "baseUrl">, org: string) => {
  const base = `/v1/orgs/${org}/suppressions`
  return {
    base,
    create: (key: string, body: unknown): Promise<JsonResponse> => request(server, "POST", base, { key, body }),
    list: (key: string, query = ""): Promise<JsonResponse> => request(server, "GET", `${base}${query}`, { key }),
    get: (key: string, id: string): Promise<JsonResponse> => request(server, "GET", `${base}/${id}`, { key }),
    revoke: (key: string, id: string): Promise<JsonResponse> => request(server, "DELETE", `${base}/${id}`, { key }),
    check: (key: string, body: unknown): Promise<JsonResponse> => request(server, "POST", `${base}/check`, { key, body }),
    bulk: (key: string, body: unknown): Promise<JsonResponse> => request(server, "POST", `${base}/bulk`, { key, body }),
    exportCsv: (key: string, query = ""): Promise<JsonResponse> =>
      request(server, "GET", `${base}/export${query}`, { key, headers: { accept: "text/csv" } }),
    stats: (key: string): Promise<JsonResponse> => request(server, "GET", `${base}/stats`, { key })
  }
}

/** Creates and expects 201. */
export const created = async (response: Promise<JsonResponse>): Promise<SuppressionBody> => {
  const r = await response
  expect(r.status, r.text).toBe(201)
  return r.body as SuppressionBody
}

export const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms))
