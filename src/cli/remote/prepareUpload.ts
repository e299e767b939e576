import type { Catalogue } from "../../catalogue/Catalogue.js"
import type { Finding } from "../../domain/Finding.js"
import type { FileEntry, FileOutcome } from "../../domain/Scan.js"
import { buildFindings, classify, type FileKind, maskAll, normalisePath, type SecretHit, type SecretScanner } from "../../engine/service.js"
import { type KnownSecret, knownSecrets, type LineEdit, redact, secretSpans } from "./redact.js"

/**
 * What a remote scan uploads and what it keeps: the analysable files with their secrets redacted,
 * the credential findings built here from the original text (same fields, hashes and masking as
 * the server's, since it is the same code and rule), and the files that stay on this machine.
 */
export interface PreparedUpload {
  readonly uploads: ReadonlyArray<FileEntry>
  /** per uploaded path: where markers replaced text, to map the server's columns back */
  readonly edits: ReadonlyMap<string, ReadonlyArray<LineEdit>>
  readonly credentialFindings: ReadonlyArray<Finding>
  /** files not uploaded: fixture paths and unsupported content (the server would skip them too), failed secret detection */
  readonly notUploaded: ReadonlyArray<FileOutcome>
  readonly secretsRedacted: number
}

const containsAny = (text: string, known: ReadonlyArray<KnownSecret>): boolean => known.some((k) => text.includes(k.secret))

export const prepareUpload = (catalogue: Catalogue, files: ReadonlyArray<FileEntry>, scanSecrets: SecretScanner): PreparedUpload => {
  const notUploaded: Array<FileOutcome> = []
  const candidates: Array<{ path: string; content: string; kind: FileKind; hits: ReadonlyArray<SecretHit> }> = []
  for (const file of files) {
    const path = normalisePath(file.path)
    const c = classify(path, file.content)
    if (c.action === "skip") {
      notUploaded.push({ path, status: "skipped", kind: c.kind, reason: c.reason })
      continue
    }
    const scan = scanSecrets(path, file.content, c.kind)
    if (!scan.complete) {
      notUploaded.push({ path, status: "skipped", kind: c.kind, reason: `not uploaded: ${scan.reason}, so its secrets could not be redacted` })
      continue
    }
    candidates.push({ path, content: file.content, kind: c.kind, hits: scan.hits })
  }
  const known = knownSecrets(candidates.flatMap((c) => c.hits))
  const uploads: Array<FileEntry> = []
  const edits = new Map<string, ReadonlyArray<LineEdit>>()
  const credentialFindings: Array<Finding> = []
  let secretsRedacted = 0
  for (const { path, content, kind, hits } of candidates) {
    const spans = secretSpans(content, hits, known)
    const redacted = redact(content, spans, { yaml: kind === "yaml" })
    // belt and braces: a known secret still present means a spelling was missed; keep the file home
    if (containsAny(redacted.content, known)) {
      notUploaded.push({ path, status: "skipped", kind, reason: "not uploaded: a secret could not be redacted" })
      continue
    }
    uploads.push({ path, content: redacted.content })
    if (redacted.edits.length > 0) edits.set(path, redacted.edits)
    secretsRedacted += redacted.edits.length
    if (hits.length > 0) {
      // the engine masks the matched value; a snippet may also show the rest of what was redacted
      // (the other lines of a PEM block), which must not reach a report or a SARIF upload either
      const mask = (text: string) => maskAll(text, redacted.pieces)
      for (const f of buildFindings(catalogue, path, content, hits.map((h) => h.match))) {
        credentialFindings.push({ ...f, message: mask(f.message), code_snippet: mask(f.code_snippet) })
      }
    }
  }
  return { uploads, edits, credentialFindings, notUploaded, secretsRedacted }
}
