import { Either, ParseResult, Schema, SchemaAST } from "effect"
import { type FileEntry, ScanRequest } from "../domain/Scan.js"
import { DEFAULT_POLICY, type OutputFormat, type Policy } from "../domain/Vocabulary.js"
import { describeLimit } from "./RequestBody.js"

/**
 * The POST /v1/scan body, decoded with the schema the API declares (domain/Scan.ts), then checked
 * against the configured limits. A problem becomes one short sentence naming the field
 * (`files[2].path must not be empty.`), built here from the decoder's first issue: its path, what
 * the schema expected, the value received and, for a failed filter, the filter's own message.
 */

export interface ScanLimits {
  readonly maxFiles: number
  readonly maxFileBytes: number
}

export interface ValidScanRequest {
  readonly files: ReadonlyArray<FileEntry>
  readonly policy: Policy
  readonly output: OutputFormat
  readonly agentName: string | undefined
}

const typeName = (u: unknown): string => (u === null ? "null" : Array.isArray(u) ? "an array" : `a ${typeof u}`)
const isRecord = (u: unknown): u is Record<string, unknown> => typeof u === "object" && u !== null && !Array.isArray(u)
const quoted = (s: string, max: number): string => JSON.stringify(s.slice(0, max))

/** `files[2].path`; the whole body when the path is empty. */
const pathText = (path: ReadonlyArray<PropertyKey>): string =>
  path.length === 0
    ? "The request body"
    : path.map((key, i) => (typeof key === "number" ? `[${key}]` : i === 0 ? String(key) : `.${String(key)}`)).join("")

/** null and undefined: the branches `optionalWith({ nullable: true })` adds to a field's union. */
const isAbsentBranch = (issue: ParseResult.ParseIssue): boolean =>
  issue._tag === "Type" && (issue.ast._tag === "UndefinedKeyword" || (SchemaAST.isLiteral(issue.ast) && issue.ast.literal === null))

/** The literals a union of literal mismatches allowed (`policy: "strict"`), or undefined. */
const literalsOf = (issues: ReadonlyArray<ParseResult.ParseIssue>): Array<string> | undefined => {
  const out: Array<string> = []
  for (const issue of issues) {
    if (issue._tag === "Type" && SchemaAST.isLiteral(issue.ast)) out.push(String(issue.ast.literal))
    else if (issue._tag === "Composite") {
      const inner = literalsOf(Array.isArray(issue.issues) ? issue.issues : [issue.issues as ParseResult.ParseIssue])
      if (inner === undefined) return undefined
      out.push(...inner)
    } else return undefined
  }
  return out
}

/** A union's members other than null and undefined (what `optionalWith({ nullable: true })` adds). */
const presentMembers = (ast: SchemaAST.Union): Array<SchemaAST.AST> =>
  ast.types.filter((member) => member._tag !== "UndefinedKeyword" && !(SchemaAST.isLiteral(member) && member.literal === null))

/** What a schema expects, in words: its description, else its kind (a transformation by what it reads). */
const expected = (ast: SchemaAST.AST, atRoot: boolean): string => {
  if (SchemaAST.isTransformation(ast)) return expected(ast.from, atRoot)
  if (SchemaAST.isUnion(ast)) {
    const present = presentMembers(ast)
    return present.length === 1 ? expected(present[0]!, atRoot) : "something else"
  }
  // keywords by their kind: Effect describes some of them in its own words ("a string that will be trimmed")
  if (SchemaAST.isStringKeyword(ast)) return "a string"
  if (SchemaAST.isNumberKeyword(ast)) return "a number"
  const description = SchemaAST.getDescriptionAnnotation(ast)
  if (description._tag === "Some") return description.value
  if (SchemaAST.isRefinement(ast)) return expected(ast.from, atRoot)
  if (SchemaAST.isTypeLiteral(ast)) return atRoot ? "a JSON object" : "an object"
  if (SchemaAST.isTupleType(ast)) return "an array"
  return "something else"
}

/** The schema of a member of a struct or an array, to say what was expected of it. */
const memberSchema = (container: SchemaAST.AST | undefined, key: PropertyKey): SchemaAST.AST | undefined => {
  if (container === undefined) return undefined
  // the encoded side of a struct's transformation still holds each field's whole schema
  if (SchemaAST.isTransformation(container)) return memberSchema(container.from, key)
  if (SchemaAST.isRefinement(container)) return memberSchema(container.from, key)
  if (SchemaAST.isTypeLiteral(container)) return container.propertySignatures.find((ps) => ps.name === key)?.type
  if (SchemaAST.isTupleType(container) && typeof key === "number") return container.rest[0]?.type
  return undefined
}

interface Where {
  readonly path: ReadonlyArray<PropertyKey>
  /** the object or array that holds the value at `path` */
  readonly holder: unknown
  /** the schema declared for the value at `path` */
  readonly schema: SchemaAST.AST | undefined
}

/**
 * The sentence for the first issue, walking down to it and keeping the path, the object that holds
 * the field (to name the file of a bad entry) and the schema declared for it.
 */
const describe = (issue: ParseResult.ParseIssue, where: Where): string => {
  const { path, holder, schema } = where
  const at = pathText(path)
  // the file an entry's problem is about, when the entry has a usable path
  const file = path.length === 3 && path[0] === "files" && path[2] !== "path" && isRecord(holder) && typeof holder["path"] === "string"
    ? ` (${quoted(holder["path"], 200)})`
    : ""
  switch (issue._tag) {
    case "Pointer": {
      const keys = Array.isArray(issue.path) ? issue.path : [issue.path as PropertyKey]
      let member = schema
      for (const key of keys) member = memberSchema(member, key)
      return describe(issue.issue, { path: [...path, ...keys], holder: issue.actual, schema: member })
    }
    case "Transformation":
      return describe(issue.issue, where)
    case "Refinement":
      if (issue.kind === "From") return describe(issue.issue, where)
      return issue.issue._tag === "Type" && issue.issue.message !== undefined ? `${at} ${issue.issue.message}` : `${at} is invalid.`
    case "Composite": {
      const issues = Array.isArray(issue.issues) ? issue.issues : [issue.issues as ParseResult.ParseIssue]
      const relevant = issues.filter((i) => !isAbsentBranch(i))
      const literals = literalsOf(relevant)
      if (literals !== undefined && literals.length > 0) {
        const shown = typeof issue.actual === "string" ? quoted(issue.actual, 60) : typeName(issue.actual)
        return `Unknown ${at} ${shown}; use one of: ${literals.join(", ")}.`
      }
      const first = relevant[0] ?? issues[0]
      return first === undefined ? `${at} is invalid.` : describe(first, where)
    }
    case "Missing": {
      // a field described in the schema (`files`) says what to send
      const description = schema === undefined || SchemaAST.isStringKeyword(schema) ? undefined : SchemaAST.getDescriptionAnnotation(schema)
      return `${at} is required${description?._tag === "Some" ? `: ${description.value}` : file}.`
    }
    case "Type":
      return `${at} must be ${expected(schema ?? issue.ast, path.length === 0)}, not ${typeName(issue.actual)}${file}.`
    case "Unexpected":
    case "Forbidden":
      return `${at} is invalid${file}.`
  }
}

const decode = Schema.decodeUnknownEither(ScanRequest, { errors: "first", onExcessProperty: "ignore" })

/** The problem with a body, in one sentence (exported for the upload sessions' chunks and tests). */
export const describeScanRequestError = (error: ParseResult.ParseError): string =>
  describe(error.issue, { path: [], holder: undefined, schema: ScanRequest.ast })

const withinLimits = (files: ReadonlyArray<FileEntry>, limits: ScanLimits): string | undefined => {
  if (files.length > limits.maxFiles) return `files has ${files.length} entries; at most ${limits.maxFiles} are allowed per request.`
  for (let i = 0; i < files.length; i++) {
    const { path, content } = files[i]!
    // String length bounds the UTF-8 size from below (x1) and above (x3): measure only when it matters.
    if (content.length * 3 > limits.maxFileBytes) {
      const bytes = Buffer.byteLength(content, "utf8")
      if (bytes > limits.maxFileBytes) {
        return `files[${i}] (${quoted(path, 200)}) is ${describeLimit(bytes)}; the per-file limit is ${describeLimit(limits.maxFileBytes)}.`
      }
    }
  }
  return undefined
}

export const validateScanRequest = (body: unknown, limits: ScanLimits): Either.Either<ValidScanRequest, string> =>
  Either.match(decode(body), {
    onLeft: (error) => Either.left(describeScanRequestError(error)),
    onRight: (request) => {
      const problem = withinLimits(request.files, limits)
      return problem !== undefined
        ? Either.left(problem)
        : Either.right({ files: request.files, policy: request.policy ?? DEFAULT_POLICY, output: request.output ?? "summary", agentName: request.agent_name })
    }
  })

/** The agent a scan belongs to: the rule lives with the scan use case. */
export { agentNameFor } from "../usecases/agentName.js"
