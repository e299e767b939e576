import { Options } from "@effect/cli"
import { Option } from "effect"
import { SEVERITIES, type Severity, severityRank } from "../domain/Vocabulary.js"

/** `--fail-on <severity>`: exit code 1 when a finding at or above it is reported, for CI gates. */
export const failOnOption = Options.choice("fail-on", ["critical", "high", "medium", "low"] as const).pipe(
  Options.optional,
  Options.withDescription("exit 1 when a finding at or above this severity is reported (for CI); 0 otherwise, 2 when the scan could not run")
)

export const reachesThreshold = (findings: ReadonlyArray<{ readonly severity: string }>, threshold: Option.Option<string>): boolean =>
  Option.match(threshold, {
    onNone: () => false,
    onSome: (t) => {
      const floor = severityRank(t.toUpperCase() as Severity)
      return findings.some((f) => {
        const s = SEVERITIES.find((known) => known === f.severity.toUpperCase())
        return s !== undefined && severityRank(s) >= floor
      })
    }
  })
