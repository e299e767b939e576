// Middleware for every path of the app, before the routes and on a mounted router: every route is covered.
import express from "express"
import { agent } from "./agent"

const app = express()
const api = express.Router()

const checkCaller = (req: express.Request, res: express.Response, next: express.NextFunction) => {
  if (req.get("x-api-key") !== process.env.API_KEY) return res.sendStatus(403)
  next()
}

app.all("*", checkCaller)

api.post("/run", async (req, res) => {
  // ok: missing_authorization
  res.json(await agent.invoke({ input: req.body.input }))
})

app.post("/run", async (req, res) => {
  // ok: missing_authorization
  res.json(await agent.invoke({ input: req.body.input }))
})

app.use("/api", api)
