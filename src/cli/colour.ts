import { Console, Effect } from "effect"

/** Colour only for a person at a terminal, and never when NO_COLOR is set (no-color.org). */
export const colourWanted = (stream: NodeJS.WriteStream): boolean =>
  stream.isTTY === true && (process.env["NO_COLOR"] ?? "") === ""

/** ANSI SGR sequences (colours, bold), the only escapes the CLI library's help renderer writes. */
const SGR = /\u001b\[[0-9;]*m/g

const plainArgs = (stream: NodeJS.WriteStream, args: ReadonlyArray<unknown>): ReadonlyArray<unknown> =>
  colourWanted(stream) ? args : args.map((arg) => (typeof arg === "string" ? arg.replace(SGR, "") : arg))

/**
 * Runs the CLI with a console that drops colour escapes from what it writes to a stream that is not a
 * terminal (or when NO_COLOR is set). @effect/cli renders help, usage errors and `--version` with ANSI
 * styles unconditionally; piped into a file or `less` those were escape-code noise.
 */
export const withColourOnlyOnTerminals = <A, E, R>(effect: Effect.Effect<A, E, R>): Effect.Effect<A, E, R> =>
  Console.consoleWith((console) => {
    const toStdout = (...args: ReadonlyArray<unknown>) => plainArgs(process.stdout, args)
    const toStderr = (...args: ReadonlyArray<unknown>) => plainArgs(process.stderr, args)
    const plain: Console.Console = {
      ...console,
      log: (...args) => console.log(...toStdout(...args)),
      info: (...args) => console.info(...toStdout(...args)),
      error: (...args) => console.error(...toStderr(...args)),
      warn: (...args) => console.warn(...toStderr(...args)),
      unsafe: {
        ...console.unsafe,
        log: (...args) => console.unsafe.log(...toStdout(...args)),
        info: (...args) => console.unsafe.info(...toStdout(...args)),
        error: (...args) => console.unsafe.error(...toStderr(...args)),
        warn: (...args) => console.unsafe.warn(...toStderr(...args))
      }
    }
    return Effect.withConsole(effect, plain)
  })
