import { availableParallelism } from "node:os"

/**
 * Every environment variable the service reads, with its default and meaning. `vigil serve --help`
 * prints this table and AppConfig parses exactly these names, so the documentation cannot drift
 * from the behaviour.
 */
export interface SettingDoc {
  readonly name: string
  readonly defaultText: string
  readonly description: string
}

/** MB in the limits means 1,000,000 bytes, so "a 101 MB body" is over a 100 MB limit however it is counted. */
export const BYTES_PER_MB = 1_000_000

export const DEFAULT_SCAN_BUDGET_SECONDS = 60

export const defaultWorkers = (): number => Math.max(1, availableParallelism())

export const SETTINGS: ReadonlyArray<SettingDoc> = [
  { name: "PORT", defaultText: "8080", description: "TCP port to listen on (0 picks a free port and logs it)" },
  { name: "HOST", defaultText: "127.0.0.1", description: "interface to bind; 0.0.0.0 to accept remote clients" },
  {
    name: "DATABASE_URL",
    defaultText: "unset",
    description: "postgres:// URL of a PostgreSQL server; unset uses the embedded database in VIGIL_DATA_DIR"
  },
  {
    name: "VIGIL_DATA_DIR",
    defaultText: "./.vigil",
    description: "directory of the embedded database (locked against a second process)"
  },
  {
    name: "VIGIL_WORKERS",
    defaultText: "number of cores",
    description: "analysis worker processes; 0 analyses inside the server process"
  },
  {
    name: "VIGIL_SCAN_BUDGET",
    defaultText: String(DEFAULT_SCAN_BUDGET_SECONDS),
    description: "seconds one scan may take; files left when it runs out make the result partial"
  },
  {
    name: "VIGIL_MAX_QUEUE",
    defaultText: "1024",
    description: "batches of files (up to 32 each) allowed to wait for a worker before new scans get 503 worker_unavailable"
  },
  { name: "VIGIL_MAX_BODY_MB", defaultText: "100", description: "largest request body in MB (1 MB = 1,000,000 bytes); over it: 413" },
  { name: "VIGIL_MAX_FILE_MB", defaultText: "5", description: "largest file content in MB; over it: 400" },
  { name: "VIGIL_MAX_FILES", defaultText: "10000", description: "most files in one scan request; over it: 400" },
  {
    name: "VIGIL_RATE_LIMIT",
    defaultText: "60",
    description: "scans per minute per API key, counted in the database (shared by replicas); 0 disables. " +
      "An upload session counts one scan when opened and one more per started VIGIL_MAX_BODY_MB it receives beyond the first"
  },
  {
    name: "VIGIL_SESSION_TTL",
    defaultText: "3600",
    description: "seconds an upload session stays open after it was opened or last received a chunk"
  },
  {
    name: "VIGIL_MAX_SESSION_MB",
    defaultText: "1000",
    description: "most MB of chunks one upload session may receive; over it: 413"
  },
  {
    name: "LOG_LEVEL",
    defaultText: "info",
    description: "all, trace, debug, info, warning, error, fatal or none"
  }
]

export const settingsHelp = (): string => {
  const width = Math.max(...SETTINGS.map((s) => s.name.length))
  return SETTINGS.map((s) => `  ${s.name.padEnd(width)}  ${s.description} (default: ${s.defaultText})`).join("\n")
}
