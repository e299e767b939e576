// A same-file middleware that compares the bearer token, registered for the whole app.
import express, { type NextFunction, type Request, type Response } from "express"
import { run } from "@openai/agents"
import { supportAgent } from "./agents"

const app = express()
app.use(express.json())

function bearerGate(req: Request, res: Response, next: NextFunction) {
  const header = req.headers.authorization ?? ""
  if (header !== `Bearer ${process.env.SERVICE_TOKEN}`) return res.status(401).end()
  next()
}
app.use(bearerGate)

app.post("/support", async (req, res) => {
  // ok: missing_authorization
  const result = await run(supportAgent, req.body.message)
  res.json({ answer: result.finalOutput })
})
