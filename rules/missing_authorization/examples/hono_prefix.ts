// Hono: middleware under a path prefix covers the routes under it, not the others.
import { Hono } from "hono"
import { bearerAuth } from "hono/bearer-auth"
import { agent } from "./agent"

const app = new Hono()
app.use("/api/*", bearerAuth({ token: process.env.TOKEN! }))

app.post("/api/run", async (c) => {
  // ok: missing_authorization
  return c.json(await agent.invoke({ input: (await c.req.json()).input }))
})

app.post("/demo/run", async (c) => {
  // ruleid: missing_authorization[unauthenticated_agent_endpoint]
  return c.json(await agent.invoke({ input: (await c.req.json()).input }))
})
