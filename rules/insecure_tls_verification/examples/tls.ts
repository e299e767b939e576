import https from "node:https"

// ruleid: insecure_tls_verification
export const agent = new https.Agent({ keepAlive: true, rejectUnauthorized: false })

export function disableEverywhere() {
  // ruleid: insecure_tls_verification
  process.env.NODE_TLS_REJECT_UNAUTHORIZED = "0"
}

// ok: insecure_tls_verification
export const strictAgent = new https.Agent({ keepAlive: true, rejectUnauthorized: true })

export function configure(ca: string) {
  // ok: insecure_tls_verification
  process.env.NODE_EXTRA_CA_CERTS = ca
  // ok: insecure_tls_verification
  return new https.Agent({ ca })
}

import axios from "axios"
import { Pool } from "pg"
import * as tls from "node:tls"

const insecureOptions = { rejectUnauthorized: false, keepAlive: true }
// ruleid: insecure_tls_verification
export const toolAgent = new https.Agent(insecureOptions)

export const api = axios.create({
  baseURL: "https://tools.internal",
  // ruleid: insecure_tls_verification
  httpsAgent: new https.Agent({ rejectUnauthorized: false }),
})

// ruleid: insecure_tls_verification
export const pool = new Pool({ connectionString: process.env.DATABASE_URL, ssl: { rejectUnauthorized: false } })

export function connectMcp(host: string) {
  // ruleid: insecure_tls_verification
  return tls.connect({ host, port: 8443, rejectUnauthorized: false })
}

export function legacy() {
  // ruleid: insecure_tls_verification
  process.env["NODE_TLS_REJECT_UNAUTHORIZED"] = "0"
}

// ok: insecure_tls_verification
export const strictPool = new Pool({ connectionString: process.env.DATABASE_URL, ssl: { rejectUnauthorized: true, ca: process.env.PG_CA } })

export function restore() {
  // ok: insecure_tls_verification
  process.env.NODE_TLS_REJECT_UNAUTHORIZED = "1"
}
