// Tools built per tenant by a factory: the filter holds the factory's parameter, not a value the
// model writes.
import { tool } from "ai"
import { z } from "zod"
import { store } from "./store"

export function toolsFor(tenantId: string) {
  return {
    search: tool({
      description: "Search the tenant's documents",
      parameters: z.object({ q: z.string() }),
      // ok: cross_tenant_leakage
      execute: async ({ q }) => store.similaritySearch(q, 4, { tenantId })
    })
  }
}
