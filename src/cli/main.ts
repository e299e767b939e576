import { Command, ValidationError } from "@effect/cli"
import * as NodeContext from "@effect/platform-node/NodeContext"
import * as NodeRuntime from "@effect/platform-node/NodeRuntime"
import { Cause, Console, Effect, Option } from "effect"
import { VIGIL_VERSION } from "../version.js"
import { withColourOnlyOnTerminals } from "./colour.js"
import { diffCommand } from "./DiffCommand.js"
import { teardown } from "./exitCode.js"
import { keysCommand } from "./KeysCommand.js"
import { commandLogging } from "./logging.js"
import { rulesCommand } from "./RulesCommand.js"
import { scanCommand } from "./ScanCommand.js"
import { serveCommand } from "./ServeCommand.js"
import { suppressCommand } from "./SuppressCommand.js"

const vigil = Command.make("vigil").pipe(
  Command.withDescription("Security scanner for AI agents: scan code and agent-builder exports, or run the HTTP service"),
  Command.withSubcommands([serveCommand, scanCommand, diffCommand, suppressCommand, keysCommand, rulesCommand])
)

const cli = Command.run(vigil, { name: "vigil", version: VIGIL_VERSION })

/** Expected failures print one line naming the problem; the CLI library prints its own usage errors. */
const describeFailure = (cause: Cause.Cause<unknown>): string | undefined => {
  if (Cause.isInterruptedOnly(cause)) return undefined
  const failure = Cause.failureOption(cause)
  if (Option.isSome(failure)) {
    const error = failure.value
    if (ValidationError.isValidationError(error)) return undefined
    const inner = (error as { cause?: unknown }).cause
    if (error instanceof Error && error.message !== "" && error.message !== "An error has occurred") {
      return `vigil: ${error.message}${inner instanceof Error ? ` (${inner.message})` : ""}`
    }
    if (inner instanceof Error) return `vigil: ${inner.message}`
  }
  return `vigil: unexpected error\n${Cause.pretty(cause)}`
}

cli(process.argv).pipe(
  Effect.tapErrorCause((cause) => {
    const message = describeFailure(cause)
    return message === undefined ? Effect.void : Console.error(message)
  }),
  withColourOnlyOnTerminals,
  Effect.provide(commandLogging),
  Effect.provide(NodeContext.layer),
  NodeRuntime.runMain({ disableErrorReporting: true, disablePrettyLogger: true, teardown })
)
