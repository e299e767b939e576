/**
 * When to try a request again. 429 (rate limited) and 503 (worker restarting, not ready) are
 * temporary by definition; the server says how long to wait in Retry-After, and that is honoured.
 * Without it the wait doubles from one second, with jitter so a fleet of CI jobs does not retry in
 * lock step. Network failures get the same backoff, fewer times.
 */

export const RETRYABLE_STATUS: ReadonlySet<number> = new Set([429, 503])

/** Longest wait a Retry-After may ask for before the CLI gives up instead of hanging a CI job. */
export const MAX_RETRY_AFTER_MS = 300_000

const BASE_DELAY_MS = 1_000
const MAX_BACKOFF_MS = 30_000

/** Retry-After is either delta-seconds or an HTTP date (RFC 9110 §10.2.3); undefined when absent or unreadable. */
export const parseRetryAfter = (value: string | null, now: number = Date.now()): number | undefined => {
  if (value === null) return undefined
  const text = value.trim()
  if (/^\d+$/.test(text)) return Number(text) * 1000
  const at = Date.parse(text)
  return Number.isNaN(at) ? undefined : Math.max(0, at - now)
}

/** Exponential backoff for attempt 1, 2, 3, … (the first retry waits about a second). */
export const backoffMs = (attempt: number, random: () => number = Math.random): number => {
  const plain = Math.min(MAX_BACKOFF_MS, BASE_DELAY_MS * 2 ** Math.max(0, attempt - 1))
  return Math.round(plain * (0.8 + 0.4 * random()))
}

/** How long to wait before retry number `attempt`: the server's Retry-After, else backoff. */
export const retryDelayMs = (retryAfter: string | null, attempt: number): number =>
  parseRetryAfter(retryAfter) ?? backoffMs(attempt)
