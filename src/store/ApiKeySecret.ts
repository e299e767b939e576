import { createHash, randomBytes, timingSafeEqual } from "node:crypto"

/** API keys: `vgl_` + 32 random bytes in base64url. Only the SHA-256 of a key is ever stored. */

export const KEY_PREFIX = "vgl_"
const KEY_SHAPE = /^vgl_[A-Za-z0-9_-]{43}$/

export const generateApiKey = (): string => KEY_PREFIX + randomBytes(32).toString("base64url")

export const isWellFormedApiKey = (candidate: string): boolean => KEY_SHAPE.test(candidate)

export const hashApiKey = (key: string): string => createHash("sha256").update(key, "utf8").digest("hex")

/** Enough of the key to recognise it in a list, far too little to guess the rest. */
export const displayPrefix = (key: string): string => key.slice(0, KEY_PREFIX.length + 6)

/** Constant-time comparison of two hex digests of equal length. */
export const digestsEqual = (a: string, b: string): boolean => {
  const left = Buffer.from(a, "hex")
  const right = Buffer.from(b, "hex")
  return left.length === right.length && left.length > 0 && timingSafeEqual(left, right)
}
