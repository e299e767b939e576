import * as SqlClient from "@effect/sql/SqlClient"
import { Effect } from "effect"

/**
 * Agents, scans and findings. Scans are numbered per agent so "the previous scan of this agent" (the
 * diff's default base) is one index lookup; findings are one row each, keyed by scan and position and
 * indexed by finding_hash, the identity shared by diffs, suppressions and SARIF fingerprints.
 */
export default Effect.gen(function*() {
  const sql = yield* SqlClient.SqlClient
  yield* sql`
    CREATE TABLE agents (
      id uuid PRIMARY KEY,
      org_id uuid NOT NULL REFERENCES organisations (id),
      name text NOT NULL,
      scan_count integer NOT NULL DEFAULT 0,
      created_at timestamptz NOT NULL DEFAULT now(),
      last_scan_at timestamptz,
      UNIQUE (org_id, name)
    )`
  yield* sql`
    CREATE TABLE scans (
      id uuid PRIMARY KEY,
      org_id uuid NOT NULL REFERENCES organisations (id),
      agent_id uuid NOT NULL REFERENCES agents (id),
      scan_number integer NOT NULL,
      api_key_id uuid REFERENCES api_keys (id),
      user_id uuid REFERENCES users (id),
      policy text NOT NULL,
      output text NOT NULL,
      risk_score integer NOT NULL,
      total_count integer NOT NULL,
      critical_count integer NOT NULL,
      high_count integer NOT NULL,
      medium_count integer NOT NULL,
      low_count integer NOT NULL,
      files_scanned integer NOT NULL,
      files_skipped integer NOT NULL,
      partial boolean NOT NULL,
      warning text,
      duration_ms integer NOT NULL,
      started_at timestamptz NOT NULL,
      created_at timestamptz NOT NULL DEFAULT now(),
      UNIQUE (agent_id, scan_number)
    )`
  yield* sql`CREATE INDEX scans_by_org ON scans (org_id, created_at)`
  yield* sql`
    CREATE TABLE findings (
      scan_id uuid NOT NULL REFERENCES scans (id) ON DELETE CASCADE,
      position integer NOT NULL,
      finding_id text NOT NULL,
      finding_hash text NOT NULL,
      pattern_id text NOT NULL,
      pattern text NOT NULL,
      severity text NOT NULL,
      confidence double precision NOT NULL,
      file_path text NOT NULL,
      line_number integer NOT NULL,
      column_number integer NOT NULL,
      message text NOT NULL,
      code_snippet text NOT NULL,
      cwe text NOT NULL,
      cvss double precision NOT NULL,
      owasp_category text NOT NULL,
      category text NOT NULL,
      risk_tier text NOT NULL,
      finding_type text NOT NULL,
      remediation_hint text NOT NULL,
      remediation_steps jsonb NOT NULL,
      compliance_mapping jsonb NOT NULL,
      rule_version text,
      PRIMARY KEY (scan_id, position)
    )`
  yield* sql`CREATE INDEX findings_by_hash ON findings (finding_hash)`
})
