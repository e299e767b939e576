import { Effect, Either, ParseResult, Schema } from "effect"
import { RemoteError } from "../errors.js"

/** An answer body checked against the API's own schema, or a RemoteError naming the first problem. */
export const decodeAnswer = <A, I>(schema: Schema.Schema<A, I>, body: unknown, what: string): Effect.Effect<A, RemoteError> =>
  Either.match(Schema.decodeUnknownEither(schema)(body), {
    onLeft: (error) => {
      const problem = ParseResult.ArrayFormatter.formatErrorSync(error)[0]
      const where = problem === undefined || problem.path.length === 0 ? "" : `${problem.path.join(".")}: `
      return Effect.fail(
        new RemoteError({ message: `${what}: the server's answer is not what this CLI expects (${where}${problem?.message ?? "invalid"}); are the CLI and server versions compatible?` })
      )
    },
    onRight: Effect.succeed
  })
