import express from "express"
import { ChatPromptTemplate } from "@langchain/core/prompts"
import { ChatOpenAI } from "@langchain/openai"

const app = express()
app.use(express.json())
const model = new ChatOpenAI({ model: "gpt-4o-mini" })

const personaPrompt = ChatPromptTemplate.fromMessages([
  ["system", "You are a {persona}. Keep answers short."],
  ["human", "{question}"]
])
const personaChain = personaPrompt.pipe(model)

const qaPrompt = ChatPromptTemplate.fromMessages([
  ["system", "You answer questions about Acme routers."],
  ["human", "{question}"]
])
const qaChain = qaPrompt.pipe(model)

app.post("/persona", async (req, res) => {
  // ruleid: universal_prompt_injection
  const out = await personaChain.invoke({ persona: req.body.persona, question: req.body.question })
  res.json({ text: out.content })
})

app.post("/qa", async (req, res) => {
  // ok: universal_prompt_injection
  const out = await qaChain.invoke({ question: req.body.question })
  res.json({ text: out.content })
})
