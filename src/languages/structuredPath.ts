import type { StructuredPath } from "./structuredTypes.js"

/**
 * A document path as a normalised JSONPath, the form Spectral reports: `$.servers.shell.args[0]`,
 * `$["odd key"]`. Numeric segments (array indices, as JSONPath pointers give them) use brackets.
 */
export const formatJsonPath = (path: StructuredPath): string =>
  `$${path.map((s) => (typeof s === "number" || /^\d+$/.test(s) ? `[${s}]` : /^[A-Za-z_$][\w$-]*$/.test(s) ? `.${s}` : `[${JSON.stringify(s)}]`)).join("")}`
