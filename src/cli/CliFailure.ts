import { Data } from "effect"

/** A command failed for a reason the user can act on: printed as `vigil: <message>`, exit code 1. */
export class CliFailure extends Data.TaggedError("CliFailure")<{ readonly message: string }> {}
