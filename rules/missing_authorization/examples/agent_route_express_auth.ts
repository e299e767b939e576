// The same API with an imported auth middleware passed before the handler.
import express from "express"
import { agentExecutor } from "./agent"
import { requireAuth } from "./middleware/auth"

const app = express()
app.use(express.json())

app.post("/agent", requireAuth, async (req, res) => {
  // ok: missing_authorization
  const result = await agentExecutor.invoke({ input: req.body.question })
  res.json({ answer: result.output })
})

app.listen(3000)
