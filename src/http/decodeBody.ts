import { Effect, Either, ParseResult, Schema } from "effect"
import { InvalidRequest } from "../domain/Errors.js"

/**
 * Schema decoding with a short message: the first problem as `field: what is wrong`, instead of the
 * tree dump of the default formatter (which prints the whole schema).
 */
export const describeParseError = (error: ParseResult.ParseError): string => {
  const issues = ParseResult.ArrayFormatter.formatErrorSync(error)
  const first = issues[0]
  if (first === undefined) return "The request is invalid."
  const where = first.path.length > 0 ? first.path.map(String).join(".") : "body"
  const more = issues.length > 1 ? ` (and ${issues.length - 1} more problem${issues.length > 2 ? "s" : ""})` : ""
  return `${where}: ${first.message}${more}`
}

export const decodeBody = <A, I>(schema: Schema.Schema<A, I>, body: unknown): Effect.Effect<A, InvalidRequest> =>
  Either.match(Schema.decodeUnknownEither(schema, { errors: "all", onExcessProperty: "ignore" })(body), {
    onLeft: (error) => Effect.fail(new InvalidRequest({ error: describeParseError(error) })),
    onRight: Effect.succeed
  })
