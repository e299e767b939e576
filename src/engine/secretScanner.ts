import type { Catalogue } from "../catalogue/Catalogue.js"
import { Deadline, DeadlineExceeded } from "../languages/Source.js"
import { type CompiledCatalogue, compileCatalogue } from "./compileCatalogue.js"
import { analyseFile, DEFAULT_PER_FILE_MS } from "./createAnalyser.js"
import type { RawMatch } from "./matchers/RawMatch.js"
import { CREDENTIAL_RULE, type SecretHit, type SecretScanner } from "./secrets.js"

/**
 * Local secret detection for remote scans: the credentials rule of the catalogue, and only it, run
 * in this process with the engine's own matchers, so what is redacted before upload is exactly what
 * the server would report as a credential (provider key formats, JWTs, URL passwords, credential
 * assignments, and literal secrets in builder exports).
 */

const hasCodeMatchers = (compiled: CompiledCatalogue): boolean =>
  compiled.entries("tree-sitter").length + compiled.entries("ts-ast").length + compiled.entries("flow").length + compiled.entries("call").length > 0

export const makeSecretScanner = (catalogue: Catalogue, perFileMs = DEFAULT_PER_FILE_MS): SecretScanner => {
  const rule = catalogue.resolve(CREDENTIAL_RULE)
  if (rule === undefined) throw new Error(`the catalogue has no ${CREDENTIAL_RULE} rule: secrets cannot be redacted before upload`)
  const compiled = compileCatalogue({ ...catalogue, rules: [rule] })
  // code files need a parse only if the rule ever gains syntactic matchers; today it is text rules
  const parseCode = hasCodeMatchers(compiled)
  // regex patterns name the key format (openai_api_key, aws_access_key_id, …); builder matchers the builder
  const typeOf = (m: RawMatch): string => {
    const matcher = rule.matchers[m.matcherIndex]
    const raw = matcher?.kind === "regex" ? m.detail ?? "credential" : matcher !== undefined ? `${matcher.target}_credential` : "credential"
    const clean = raw.toLowerCase().replace(/[^a-z0-9_]+/g, "_")
    return clean === "" ? "credential" : clean
  }
  const hitsOf = (matches: ReadonlyArray<RawMatch>): Array<SecretHit> =>
    matches.flatMap((match) => (match.secret !== undefined && match.secret !== "" ? [{ match, type: typeOf(match) }] : []))
  return (path, content, kind) => {
    const deadline = Deadline.in(perFileMs)
    if (kind === "json" || kind === "yaml" || parseCode) {
      const analysed = analyseFile(compiled, { path, content, kind }, deadline)
      if (analysed.status === "failed") return { complete: false, reason: analysed.reason ?? "secret detection failed" }
      // a syntax error leaves the text rules complete (they read the raw text); a timeout does not
      if (analysed.status === "partial" && (analysed.reason ?? "").startsWith("time limit")) {
        return { complete: false, reason: "secret detection ran out of time" }
      }
      return { complete: true, hits: hitsOf(analysed.matches) }
    }
    try {
      return { complete: true, hits: hitsOf(compiled.regexFor(kind).run(content, deadline, path)) }
    } catch (error) {
      if (error instanceof DeadlineExceeded) return { complete: false, reason: "secret detection ran out of time" }
      return { complete: false, reason: `secret detection failed: ${error instanceof Error ? error.message : String(error)}` }
    }
  }
}
