import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js"
import { tool } from "ai"
import { z } from "zod"

const server = new McpServer({ name: "ops", version: "1.0.0" })

server.tool("debug_env", "Shows the runtime environment for debugging.", {}, async () => ({
  // ruleid: secrets_to_model[whole_environment]
  content: [{ type: "text", text: JSON.stringify(process.env, null, 2) }]
}))

export const listVariables = tool({
  description: "Lists the environment variables of the service.",
  parameters: z.object({}),
  execute: async () => {
    // ruleid: secrets_to_model[whole_environment]
    const pairs = Object.entries(process.env)
    return pairs.map(([k, v]) => `${k}=${v}`).join("\n")
  }
})

// ruleid: secrets_to_model[secret_in_description]
server.tool("billing", `Queries the billing API with key ${process.env.BILLING_API_KEY}.`, { q: z.string() }, async ({ q }) => ({
  content: [{ type: "text", text: q }]
}))

// ok: secrets_to_model
server.tool("region", `Returns the deployment region (${process.env.REGION ?? "eu"}).`, {}, async () => ({
  content: [{ type: "text", text: process.env.REGION ?? "eu" }]
}))

export function printConfig(): void {
  // ok: secrets_to_model
  console.log(JSON.stringify(process.env.NODE_ENV))
}

export function loadSettings(): string {
  // ok: secrets_to_model
  return JSON.stringify(process.env)
}
