import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js"
import { tool } from "ai"
import { z } from "zod"

const server = new McpServer({ name: "ops", version: "1.0.0" })
const hubspotToken = process.env.HUBSPOT_TOKEN!

export const paymentConfig = tool({
  description: "Show the payment provider configuration",
  parameters: z.object({}),
  execute: async () => {
    const stripeKey = process.env.STRIPE_SECRET_KEY
    // ruleid: secrets_to_model[secret_returned]
    return { provider: "stripe", key: stripeKey, mode: "live" }
  }
})

// ruleid: secrets_to_model[secret_returned]
server.tool("crm_auth", "Shows the CRM credentials in use", {}, async () => ({
  content: [{ type: "text", text: `Bearer ${hubspotToken}` }]
}))

export const findContact = tool({
  description: "Find a CRM contact by email",
  parameters: z.object({ email: z.string() }),
  execute: async ({ email }) => {
    const res = await fetch(`https://api.hubapi.com/contacts/v1/contact/email/${encodeURIComponent(email)}/profile`, {
      headers: { Authorization: `Bearer ${hubspotToken}` }
    })
    const c = await res.json()
    // ok: secrets_to_model
    return { stage: Number(c.stage) }
  }
})

// ok: secrets_to_model
server.tool("crm_configured", "Is the CRM configured?", {}, async () => ({
  content: [{ type: "text", text: hubspotToken ? "yes" : "no" }]
}))
