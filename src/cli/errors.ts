import { Data } from "effect"

/**
 * Failures that end a command with exit code 2 (see exitCode.ts): the command could not do its job,
 * as opposed to exit code 1 (`--fail-on`: it did, and found something). CI tells them apart.
 */

/** The command line or the environment is wrong: a bad flag value, a missing VIGIL_API_KEY. */
export class UsageError extends Data.TaggedError("UsageError")<{ readonly message: string }> {}

/** The server could not be reached, refused the request, or answered something unusable. */
export class RemoteError extends Data.TaggedError("RemoteError")<{
  readonly message: string
  /** HTTP status, when the server answered */
  readonly status?: number
  /** the `code` of a `{code, error}` body */
  readonly code?: string
}> {}

/** The scan itself could not run (the rule catalogue does not load, the output file cannot be written). */
export class ScanError extends Data.TaggedError("ScanError")<{ readonly message: string }> {}
