import express from "express"
import serveStatic from "serve-static"
import path from "node:path"

const app = express()

// ruleid: insecure_credential_handling[served_root]
app.use(express.static(__dirname))

// ruleid: insecure_credential_handling[served_root]
app.use("/files", serveStatic("."))

// ruleid: insecure_credential_handling[served_root]
app.use(express.static(process.cwd(), { dotfiles: "allow" }))

// ok: insecure_credential_handling
app.use(express.static("public"))

// ok: insecure_credential_handling
app.use("/assets", express.static(path.join(__dirname, "dist", "assets")))

export async function chat(prompt: string) {
  const res = await fetch("https://api.openai.com/v1/chat/completions", {
    method: "POST",
    // ruleid: insecure_credential_handling[client_bundle]
    headers: { Authorization: `Bearer ${process.env.NEXT_PUBLIC_OPENAI_API_KEY}` },
    body: JSON.stringify({ model: "gpt-4o-mini", messages: [{ role: "user", content: prompt }] })
  })
  return res.json()
}

const settings = {
  // ruleid: insecure_credential_handling[client_bundle]
  anthropicKey: import.meta.env.VITE_ANTHROPIC_API_KEY,
  // ruleid: insecure_credential_handling[client_bundle]
  supabaseAdmin: process.env["NEXT_PUBLIC_SUPABASE_SERVICE_ROLE_KEY"],
  // ok: insecure_credential_handling
  supabaseAnon: process.env.NEXT_PUBLIC_SUPABASE_ANON_KEY,
  // ok: insecure_credential_handling
  site: process.env.NEXT_PUBLIC_SITE_URL,
  // ok: insecure_credential_handling
  stripe: process.env.NEXT_PUBLIC_STRIPE_PUBLISHABLE_KEY,
  // ok: insecure_credential_handling
  firebase: process.env.NEXT_PUBLIC_FIREBASE_API_KEY,
  // ok: insecure_credential_handling
  openai: process.env.OPENAI_API_KEY
}

export default settings
