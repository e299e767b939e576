import express from "express"
import { agent } from "./agent"

const app = express()
app.use(express.json())

// the file's own middleware, recognised by what it does (it checks the request's credential)
function sessionGate(req: express.Request, res: express.Response, next: express.NextFunction) {
  if (req.headers.authorization !== `Bearer ${process.env.SERVICE_TOKEN}`) return res.status(401).end()
  next()
}

app.post("/agent", sessionGate, async (req, res) => {
  // ok: missing_authorization
  const out = await agent.invoke({ input: req.body.input })
  res.json(out)
})

app.post("/public-agent", async (req, res) => {
  // ruleid: missing_authorization[unauthenticated_agent_endpoint]
  const out = await agent.invoke({ input: req.body.input })
  res.json(out)
})
