import { Effect, Either, ParseResult, Schema } from "effect"
import { InvalidRequest } from "../domain/Errors.js"

/**
 * Schema decoding with a short message: the first problem as `field: what is wrong`, instead of the
 * tree dump of the default formatter (which prints the whole schema).
 */
export const describeParseError = (error: ParseResult.ParseError): string => {
  // one issue per field: an optional field also reports "Expected undefined", which says nothing
  const byField = new Map<string, string>()
  for (const issue of ParseResult.ArrayFormatter.formatErrorSync(error)) {
    const where = issue.path.length > 0 ? issue.path.map(String).join(".") : "body"
    if (!byField.has(where) || byField.get(where)!.startsWith("Expected undefined")) byField.set(where, issue.message)
  }
  const [first] = byField
  if (first === undefined) return "The request is invalid."
  const others = byField.size - 1
  return `${first[0]}: ${first[1]}${others > 0 ? ` (and ${others} more field${others > 1 ? "s" : ""} with problems)` : ""}`
}

export const decodeBody = <A, I>(schema: Schema.Schema<A, I>, body: unknown): Effect.Effect<A, InvalidRequest> =>
  Either.match(Schema.decodeUnknownEither(schema, { errors: "all", onExcessProperty: "ignore" })(body), {
    onLeft: (error) => Effect.fail(new InvalidRequest({ error: describeParseError(error) })),
    onRight: Effect.succeed
  })
