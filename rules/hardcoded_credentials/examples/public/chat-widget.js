// A chat widget shipped as-is to the browser.
// ruleid: hardcoded_credentials[served]
const OPENAI_API_KEY = "sk-proj-bO5FeYx9pM5gNfdKwkEJ3PEVVIPcP4Y7p4tD14z4gzM_jppZxO4z7KdcwjOoGUI0"

// ok: hardcoded_credentials
const STRIPE_PUBLISHABLE = "pk_live_iQmA5eJyQ90igFSNWEnz91eO9joovm4gfnvE0rGR"

// ok: hardcoded_credentials
const SITE_URL = "https://chat.acme.dev"

async function ask(question) {
  const res = await fetch("https://api.openai.com/v1/chat/completions", {
    method: "POST",
    headers: { Authorization: `Bearer ${OPENAI_API_KEY}`, "Content-Type": "application/json" },
    body: JSON.stringify({ model: "gpt-4o-mini", messages: [{ role: "user", content: question }] })
  })
  return (await res.json()).choices[0].message.content
}

window.widget = {
  ask,
  // ruleid: hardcoded_credentials[served]
  anthropic: { apiKey: "sk-ant-api03-1iEFT059hgovC9JPna2EFygOgeda9-neeMyJTVQmey7WuAP1X18_16OapVpdSgY4v1uXHSwFr-GOhZF_4WO4APcP7c" },
  stripe: STRIPE_PUBLISHABLE
}
