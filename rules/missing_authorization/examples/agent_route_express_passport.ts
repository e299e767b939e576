// Passport JWT authentication on the route.
import express from "express"
import passport from "passport"
import { generateText } from "ai"
import { openai } from "@ai-sdk/openai"

const app = express()
app.use(express.json())

app.post("/complete", passport.authenticate("jwt", { session: false }), async (req, res) => {
  // ok: missing_authorization
  const { text } = await generateText({ model: openai("gpt-4o-mini"), prompt: req.body.prompt })
  res.json({ text })
})
