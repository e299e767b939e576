import { ValidationError } from "@effect/cli"
import { Cause, Exit, Option } from "effect"

/**
 * Exit codes of `vigil`: 0 success; 1 a finding at or above `--fail-on` (set by the command through
 * process.exitCode) or another failure; 2 a usage error (the CLI library's validation errors, our
 * UsageError) or a connection/server error (RemoteError) or a scan that could not run (ScanError),
 * so CI can tell "found something" from "could not scan".
 */
const EXIT_TWO = new Set(["UsageError", "RemoteError", "ScanError"])

export const exitCodeOf = (exit: Exit.Exit<unknown, unknown>): number => {
  if (Exit.isSuccess(exit) || Cause.isInterruptedOnly(exit.cause)) return 0
  const failure = Cause.failureOption(exit.cause)
  if (Option.isNone(failure)) return 1
  const error = failure.value
  if (ValidationError.isValidationError(error)) return 2
  const tag = typeof error === "object" && error !== null && "_tag" in error ? (error as { _tag: unknown })._tag : undefined
  return typeof tag === "string" && EXIT_TWO.has(tag) ? 2 : 1
}

/** For NodeRuntime.runMain: the process exits with the code of the failure. */
export const teardown = (exit: Exit.Exit<unknown, unknown>, onExit: (code: number) => void): void => onExit(exitCodeOf(exit))
