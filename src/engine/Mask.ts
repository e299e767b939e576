/** `sk-proj-abc…` -> `sk-p****`: enough to recognise which key, never enough to use it. */
export const maskSecret = (secret: string): string => {
  const keep = Math.min(4, Math.floor(secret.length / 4))
  return `${secret.slice(0, keep)}****`
}

/** Replaces every occurrence of each secret in a text by its mask. */
export const maskAll = (text: string, secrets: ReadonlyArray<string>): string => {
  let out = text
  for (const s of secrets) if (s.length > 0) out = out.split(s).join(maskSecret(s))
  return out
}
