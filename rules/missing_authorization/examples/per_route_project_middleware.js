// A middleware from the project's own modules in front of one route: what it checks is in another
// file, its place in the registration says it guards that route.
const express = require("express")
const { ensureSignedIn } = require("./middleware/session")
const { agent } = require("./agent")

const app = express()

app.post("/run", ensureSignedIn, async (req, res) => {
  // ok: missing_authorization
  res.json(await agent.invoke({ input: req.body.input }))
})

app.post("/public/run", async (req, res) => {
  // ruleid: missing_authorization[unauthenticated_agent_endpoint]
  res.json(await agent.invoke({ input: req.body.input }))
})

app.listen(3000)
