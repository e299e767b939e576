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
