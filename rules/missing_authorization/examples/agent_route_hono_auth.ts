import { Hono } from "hono"
import { bearerAuth } from "hono/bearer-auth"
import { graph } from "./graph"

const app = new Hono()
app.use("/agent/*", bearerAuth({ token: process.env.API_TOKEN! }))

app.post("/agent/run", async (c) => {
  const body = await c.req.json()
  // ok: missing_authorization
  const state = await graph.invoke({ messages: [{ role: "user", content: body.message }] })
  return c.json({ reply: state.messages.at(-1)?.content })
})

export default app
