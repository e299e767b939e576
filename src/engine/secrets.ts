import type { FileKind } from "./Analyser.js"
import type { RawMatch } from "./matchers/RawMatch.js"

/**
 * The vocabulary of local secret detection, apart from the scanner itself (secretScanner.ts), which
 * compiles matchers: code that only names the rule or passes hits around does not load parsers.
 */

export const CREDENTIAL_RULE = "hardcoded_credentials"

/** A credential match and the kind named in its `[REDACTED-<type>]` marker. */
export interface SecretHit {
  readonly match: RawMatch
  readonly type: string
}

export type SecretScan =
  | { readonly complete: true; readonly hits: ReadonlyArray<SecretHit> }
  /** the file could not be searched to the end: it must not be uploaded */
  | { readonly complete: false; readonly reason: string }

export type SecretScanner = (path: string, content: string, kind: FileKind) => SecretScan
