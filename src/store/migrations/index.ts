import * as Migrator from "@effect/sql/Migrator"
import createTenancy from "./0001_create_tenancy.js"
import createScans from "./0002_create_scans.js"
import createRateLimits from "./0003_create_rate_limits.js"
import createSuppressions from "./0005_create_suppressions.js"
import findingsJsonPath from "./0006_findings_json_path.js"
import memberNames from "./0007_member_names.js"
import createScanSessions from "./0008_create_scan_sessions.js"

/**
 * Bundled as a record (not a glob) so the same list runs from src/ under vitest and from dist/.
 * 0004 stays unused: the Migrator runs only ids above the latest applied one, so a database already at
 * 0005 would skip it. New migrations take the next number up.
 */
export const migrations = Migrator.fromRecord({
  "0001_create_tenancy": createTenancy,
  "0002_create_scans": createScans,
  "0003_create_rate_limits": createRateLimits,
  "0005_create_suppressions": createSuppressions,
  "0006_findings_json_path": findingsJsonPath,
  "0007_member_names": memberNames,
  "0008_create_scan_sessions": createScanSessions
})
