import { readFileSync } from "node:fs"
import { join } from "node:path"
import { Either } from "effect"
import { describe, expect, it } from "vitest"
import { chunkFiles, ENVELOPE_BYTES, entryBytes } from "../../src/cli/remote/chunk.js"
import { prepareUpload } from "../../src/cli/remote/prepareUpload.js"
import { markerFor, originalColumn, redact, secretSpans } from "../../src/cli/remote/redact.js"
import { backoffMs, parseRetryAfter } from "../../src/cli/remote/retryPolicy.js"
import { readContents, walk } from "../../src/cli/walk.js"
import { loadCatalogueSync, makeSecretScanner, type RawMatch } from "../../src/engine/index.js"
import { allSecrets, SECRETS, secretRepository } from "./support/fixtures.js"

/** Redaction, column mapping, chunking and retry timing, in process; the process-level tests are in remote.test.ts. */

const hit = (content: string, secret: string, type: string) => {
  const start = content.indexOf(secret)
  const match: RawMatch = { ruleId: "hardcoded_credentials", matcherIndex: 0, start, end: start + secret.length, text: secret, secret }
  return { match, type }
}

const lines = (text: string) => text.split("\n").length

describe("redaction", () => {
  it("replaces the secret by a marker on the same line and maps columns back", () => {
    const secret = "sk-proj-AAAABBBBCCCCDDDD1111"
    const content = `x = 1\nKEY = "${secret}"; y = eval(z); other = "${secret}"\nlast\n`
    const { content: out, edits } = redact(content, secretSpans(content, [hit(content, secret, "openai_api_key")]), { yaml: false })
    const marker = markerFor("openai_api_key")
    expect(out).toBe(`x = 1\nKEY = "${marker}"; y = eval(z); other = "${marker}"\nlast\n`)
    expect(lines(out)).toBe(lines(content))
    // eval is at the same place in the original text whatever the marker's length
    const evalInRedacted = out.split("\n")[1]!.indexOf("eval") + 1
    const evalInOriginal = content.split("\n")[1]!.indexOf("eval") + 1
    expect(originalColumn(edits, 2, evalInRedacted)).toBe(evalInOriginal)
    // before the first marker nothing moves; inside a marker is the secret's first column
    expect(originalColumn(edits, 2, 3)).toBe(3)
    expect(originalColumn(edits, 2, 10)).toBe(8)
    expect(originalColumn(edits, 1, 4)).toBe(4)
    // after the second marker both shifts apply
    const lastQuote = out.split("\n")[1]!.length
    expect(originalColumn(edits, 2, lastQuote)).toBe(content.split("\n")[1]!.length)
  })

  it("redacts a whole PEM block line by line, keeping the lines and CRLF endings", () => {
    const body = ["MIIEpAIBAAKCAQEA3Tz2mr7SZiAMfQyuvBjM2NvTnJ7sKx9gHf4LpWq8Ye6Rc1Vd", "Qk5Ua8Zb3Xn7Ym2Ws9Et4Ir6Oo1Pp0Aq3Sd5Ff7Gg9Hh2Jj4Kk6Ll8Zz1Xx3Cc5Vv"]
    const content = ["KEY = '''-----BEGIN RSA PRIVATE KEY-----", ...body, "-----END RSA PRIVATE KEY-----'''", ""].join("\r\n")
    const { content: out } = redact(content, secretSpans(content, [hit(content, body[0]!, "private_key")]), { yaml: false })
    for (const line of body) expect(out).not.toContain(line)
    expect(out.split("\r\n")).toEqual(["KEY = '''-----BEGIN RSA PRIVATE KEY-----", "[REDACTED-private_key]", "[REDACTED-private_key]", "-----END RSA PRIVATE KEY-----'''", ""])
  })

  it("quotes a marker that starts a YAML plain scalar, so the value stays a string", () => {
    const secret = "AKIAJ7Q2W8E4R6T1Y3U5"
    const content = `svc:\n  key: ${secret}\n  header: Bearer ${secret}\n`
    const { content: out } = redact(content, secretSpans(content, [hit(content, secret, "aws_access_key_id")]), { yaml: true })
    expect(out).toBe(`svc:\n  key: "[REDACTED-aws_access_key_id]"\n  header: Bearer [REDACTED-aws_access_key_id]\n`)
  })

  it("hides a secret found in one file wherever the repository repeats it, JSON-escaped spellings included", () => {
    const secret = "Zq8Lm3Nv7Bx2/Kc9Df4Gh6Jt1Wp5Rs0Yu"
    const content = `{"a": "${secret.replace("/", "\\/")}", "b": "${secret}"}`
    const spans = secretSpans(content, [], [{ secret, type: "secret_assignment" }])
    const { content: out } = redact(content, spans, { yaml: false })
    expect(out).toBe(`{"a": "[REDACTED-secret_assignment]", "b": "[REDACTED-secret_assignment]"}`)
  })

  it("prepares an upload with no secret left, credential findings at the original lines, fixtures kept home", () => {
    const loaded = loadCatalogueSync()
    if (Either.isLeft(loaded)) throw new Error(loaded.left.message)
    const catalogue = loaded.right
    const root = secretRepository()
    const prepared = prepareUpload(catalogue, readContents(walk(root, { maxFileBytes: 5_000_000 }).files), makeSecretScanner(catalogue))
    const sent = JSON.stringify(prepared.uploads)
    for (const secret of allSecrets()) expect(sent).not.toContain(secret)
    for (const upload of prepared.uploads) {
      expect(lines(upload.content), upload.path).toBe(lines(readFileSync(join(root, upload.path), "utf8")))
    }
    expect(prepared.uploads.map((u) => u.path).sort()).toEqual(["agent/client.ts", "agent/config.py", "agent/keys.py", "agent/settings.yaml", "agent/workflow.json"])
    expect(prepared.notUploaded.map((o) => o.path)).toEqual(["tests/test_keys.py"])
    const at = prepared.credentialFindings.map((f) => `${f.file}:${f.line}`).sort()
    expect(at).toEqual(["agent/config.py:3", "agent/config.py:4", "agent/keys.py:3", "agent/settings.yaml:3", "agent/settings.yaml:4", "agent/workflow.json:20"])
    for (const f of prepared.credentialFindings) {
      expect(f.finding_hash).toMatch(/^sha256:[0-9a-f]{64}$/)
      for (const secret of allSecrets()) expect(JSON.stringify(f)).not.toContain(secret)
    }
    // the copy in client.ts is not a finding there, but it is not uploaded either
    expect(prepared.uploads.find((u) => u.path === "agent/client.ts")!.content).toContain("[REDACTED-secret_assignment]")
    expect(sent).not.toContain(SECRETS.generic)
  }, 60_000)
})

describe("chunking and retry timing", () => {
  it("packs files greedily under the body and file limits, setting aside what no request can carry", () => {
    const files = Array.from({ length: 7 }, (_, i) => ({ path: `f${i}.py`, content: "x".repeat(100) }))
    const size = entryBytes(files[0]!)
    const byCount = chunkFiles(files, { maxBodyBytes: 1_000_000, maxFiles: 3 })
    expect(byCount.chunks.map((c) => c.length)).toEqual([3, 3, 1])
    const bySize = chunkFiles(files, { maxBodyBytes: ENVELOPE_BYTES + 2 * size, maxFiles: 100 })
    expect(bySize.chunks.map((c) => c.length)).toEqual([2, 2, 2, 1])
    const huge = chunkFiles([{ path: "big.py", content: "x".repeat(5000) }, ...files.slice(0, 1)], { maxBodyBytes: ENVELOPE_BYTES + 2 * size, maxFiles: 100 })
    expect(huge.oversized.map((f) => f.path)).toEqual(["big.py"])
    expect(huge.chunks.flat().map((f) => f.path)).toEqual(["f0.py"])
  })

  it("reads Retry-After as seconds or an HTTP date, and backs off exponentially without it", () => {
    expect(parseRetryAfter("3")).toBe(3000)
    const now = Date.parse("2026-01-01T00:00:00Z")
    expect(parseRetryAfter("Thu, 01 Jan 2026 00:00:05 GMT", now)).toBe(5000)
    expect(parseRetryAfter("soon")).toBeUndefined()
    expect(parseRetryAfter(null)).toBeUndefined()
    expect([1, 2, 3, 10].map((n) => backoffMs(n, () => 0.5))).toEqual([1000, 2000, 4000, 30000])
  })
})
