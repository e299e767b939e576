// An Express API that runs a LangChain agent and a plain completion for anyone who posts.
import express from "express"
import OpenAI from "openai"
import { agentExecutor } from "./agent"

const app = express()
app.use(express.json())
const openai = new OpenAI()

app.get("/health", (_req, res) => {
  res.json({ ok: true })
})

app.post("/agent", async (req, res) => {
  // ruleid: missing_authorization[unauthenticated_agent_endpoint]
  const result = await agentExecutor.invoke({ input: req.body.question })
  res.json({ answer: result.output })
})

app.post("/chat", async (req, res) => {
  // ruleid: missing_authorization[unauthenticated_model_endpoint]
  const completion = await openai.chat.completions.create({ model: "gpt-4o-mini", messages: [{ role: "user", content: req.body.message }] })
  res.json({ reply: completion.choices[0]?.message.content })
})

app.listen(3000)
