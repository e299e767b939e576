import { randomBytes, randomUUID } from "node:crypto"

export function createInvite(email: string) {
  // ruleid: insecure_random_generation
  const inviteToken = Math.random().toString(36).slice(2)
  // ok: insecure_random_generation
  const requestId = randomUUID()
  return { email, inviteToken, requestId }
}

export function generateOtp(): string {
  // ruleid: insecure_random_generation
  return String(Math.floor(100000 + Math.random() * 900000))
}

export function session() {
  return {
    // ok: insecure_random_generation
    sessionId: randomBytes(32).toString("hex"),
    // ok: insecure_random_generation
    jitterMs: Math.floor(Math.random() * 250),
  }
}

export function resetLink() {
  // ruleid: insecure_random_generation
  const token = Math.random().toString(36).slice(2, 12)
  return `https://app.example.com/reset?t=${token}`
}

const randomString = (length: number) =>
  Array.from({ length }, () => "abcdefghijklmnopqrstuvwxyz"[Math.floor(Math.random() * 26)]).join("")

export function createUser(name: string) {
  const initial = randomString(12)
  return { name, password: initial }
}

export function issueKeys() {
  // ruleid: insecure_random_generation
  const apiKey = `sk_${Math.random().toString(36).slice(2)}`
  return { apiKey }
}

export function shuffle<T>(items: T[]): T[] {
  // ok: insecure_random_generation
  return [...items].sort(() => Math.random() - 0.5)
}
