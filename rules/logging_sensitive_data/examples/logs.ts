import OpenAI from "openai"

const apiKey = process.env.OPENAI_API_KEY ?? ""
const client = new OpenAI({ apiKey })

// ruleid: logging_sensitive_data
console.log("OpenAI key:", apiKey)
// ok: logging_sensitive_data
console.log("OpenAI key set:", apiKey.length > 0)

export function login(user: string, password: string, session: { accessToken: string }) {
  // ruleid: logging_sensitive_data
  console.debug(`login ${user} password=${password}`)
  // ruleid: logging_sensitive_data
  console.info("session", session.accessToken)
  // ok: logging_sensitive_data
  console.info("login ok for", user)
  return client
}

// the credentials come from the environment at start-up
login("agent", process.env.AGENT_PASSWORD ?? "", { accessToken: process.env.SESSION_TOKEN ?? "" })
