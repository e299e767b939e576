// A Hono route running a LangGraph agent, and one behind hono's bearerAuth in another app.
import { Hono } from "hono"
import { graph } from "./graph"

const app = new Hono()

app.post("/agent", async (c) => {
  const body = await c.req.json()
  // ruleid: missing_authorization[unauthenticated_agent_endpoint]
  const state = await graph.invoke({ messages: [{ role: "user", content: body.message }] })
  return c.json({ reply: state.messages.at(-1)?.content })
})

export default app
