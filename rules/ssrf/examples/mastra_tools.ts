import { createTool } from "@mastra/core/tools"
import { z } from "zod"

const REGIONS = { eu: "https://eu.api.example.com", us: "https://us.api.example.com" } as const

export const statusTool = createTool({
  id: "service-status",
  description: "Fetch the status page of one of our regions, or of a partner's service",
  inputSchema: z.object({
    region: z.enum(["eu", "us"]),
    tenant: z.string().regex(/^[a-z0-9-]{1,32}$/),
    partnerUrl: z.string().url()
  }),
  execute: async ({ context }) => {
    // ok: ssrf
    const own = await fetch(`https://${context.region}.api.example.com/status`)
    // ok: ssrf
    const tenant = await fetch(`https://${context.tenant}.tenants.example.com/status`)
    // ruleid: ssrf
    const partner = await fetch(context.partnerUrl)
    return { own: await own.json(), tenant: await tenant.json(), partner: await partner.text(), base: REGIONS[context.region] }
  }
})
