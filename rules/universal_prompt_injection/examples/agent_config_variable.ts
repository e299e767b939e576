// An agent's configuration object held in a variable is read like the inline object.
import { Agent, run } from "@openai/agents"
import express from "express"

const app = express()
app.use(express.json())

app.post("/helpdesk", async (req, res) => {
  const settings = { name: "helpdesk", instructions: `Answer tickets. Company notes: ${req.body.notes}` }
  // ruleid: universal_prompt_injection
  const agent = new Agent(settings)
  const result = await run(agent, req.body.ticket)
  res.json({ reply: result.finalOutput })
})

app.post("/helpdesk-fixed", async (req, res) => {
  const settings = { name: "helpdesk", instructions: "Answer support tickets politely and briefly." }
  // ok: universal_prompt_injection
  const agent = new Agent(settings)
  const result = await run(agent, req.body.ticket)
  res.json({ reply: result.finalOutput })
})
