/** `sk-proj-abc…` -> `sk-p****`: enough to recognise which key, never enough to use it. */
export const maskSecret = (secret: string): string => {
  const keep = Math.min(4, Math.floor(secret.length / 4))
  return `${secret.slice(0, keep)}****`
}

/**
 * Replaces every occurrence of each secret in a text by its mask. A secret spanning lines (a PEM
 * key) is also masked line by line, because snippets and messages show it a line at a time.
 */
export const maskAll = (text: string, secrets: ReadonlyArray<string>): string => {
  const pieces = secrets.flatMap((s) => (s.includes("\n") ? [s, ...s.split(/\r?\n/).map((l) => l.trim()).filter((l) => l.length >= 8)] : [s]))
  let out = text
  // longest first, so a whole secret is masked before any of its lines
  for (const s of [...new Set(pieces)].sort((a, b) => b.length - a.length)) if (s.length > 0) out = out.split(s).join(maskSecret(s))
  return out
}
