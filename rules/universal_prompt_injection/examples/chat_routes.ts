import Anthropic from "@anthropic-ai/sdk"
import { openai } from "@ai-sdk/openai"
import { Agent } from "@openai/agents"
import { SystemMessage, HumanMessage } from "@langchain/core/messages"
import { ChatPromptTemplate } from "@langchain/core/prompts"
import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js"
import { generateText, streamText, tool } from "ai"
import express from "express"
import { readFileSync } from "fs"
import OpenAI from "openai"
import { z } from "zod"
import { loadPersona } from "./personas"

const app = express()
const client = new OpenAI()
const claude = new Anthropic()
const server = new McpServer({ name: "assistant", version: "1.0.0" })
const TONES = ["formal", "casual"]
const RULES = "You are ACME's support assistant. Answer only about ACME products."

app.post("/chat", async (req, res) => {
  const { persona, message } = req.body
  const systemText = `${RULES} Speak like ${persona}.`
  const history = [
    { role: "system", content: systemText },
    { role: "user", content: message },
  ]
  // ruleid: universal_prompt_injection
  const completion = await client.chat.completions.create({ model: "gpt-4o", messages: history })
  res.json(completion.choices[0].message)
})

app.get("/ask", async (req, res) => {
  const tone = String(req.query.tone)
  // ruleid: universal_prompt_injection
  const reply = await claude.messages.create({ model: "claude-sonnet-4-5", max_tokens: 512, system: "Write in a " + tone + " tone.", messages: [] })
  res.json(reply)
})

function rulesFor(name: string) {
  return `You are ${name}. Stay in character.`
}

app.get("/persona", async (req, res) => {
  const instructions = rulesFor(req.query.name as string)
  // ruleid: universal_prompt_injection
  const result = await generateText({ model: openai("gpt-4o"), system: instructions, prompt: "Introduce yourself" })
  res.send(result.text)
})

server.tool("make_agent", { goal: z.string() }, async ({ goal }) => {
  // ruleid: universal_prompt_injection
  const agent = new Agent({ name: "researcher", instructions: `Your goal: ${goal}` })
  return { content: [{ type: "text", text: agent.name }] }
})

export const summarise = tool({
  description: "Summarise documents for the user",
  parameters: z.object({ notes: z.string() }),
  execute: async ({ notes }) => {
    // ruleid: universal_prompt_injection
    const messages = [new SystemMessage(`Follow these notes: ${notes}`), new HumanMessage("Summarise")]
    return messages.length
  },
})

export async function answerFromDocs(store: { similaritySearch(q: string, k: number): Promise<Array<{ pageContent: string }>> }, question: string) {
  const docs = await store.similaritySearch(question, 4)
  const context = docs.map((d) => d.pageContent).join("\n")
  // ruleid: universal_prompt_injection
  return ChatPromptTemplate.fromMessages([["system", `Answer only from:\n${context}`], ["human", "{question}"]])
}

export async function rulesFromFile(path: string) {
  const rules = readFileSync(path, "utf8")
  // ruleid: universal_prompt_injection
  return streamText({ model: openai("gpt-4o"), messages: [{ role: "system", content: rules }, { role: "user", content: "go" }] })
}

// --- safe look-alikes ----------------------------------------------------------------------------

// the application's own lookup, in another module, by the request's id: what it returns is stored,
// of unknown origin to this file (the rule reports untrusted text only)
app.post("/persona/:id", async (req, res) => {
  const persona = await loadPersona(req.params.id)
  // ok: universal_prompt_injection
  const reply = await client.chat.completions.create({ model: "gpt-4o", messages: [{ role: "system", content: `You are ${persona.name}. ${persona.rules}` }, { role: "user", content: String(req.body.message) }] })
  res.json({ reply: reply.choices[0]?.message.content })
})

// prompt files shipped beside the module, or in the folder the configuration names
const conciergeRules = readFileSync(new URL("./prompts/concierge.md", import.meta.url), "utf8")
const tenantRules = readFileSync(`${process.env.PROMPT_DIR ?? "/etc/agent"}/tenant.md`, "utf8")

export async function concierge(question: string) {
  // ok: universal_prompt_injection
  return streamText({ model: openai("gpt-4o"), messages: [{ role: "system", content: conciergeRules + "\n" + tenantRules }, { role: "user", content: question }] })
}

app.post("/support", async (req, res) => {
  // ok: universal_prompt_injection
  const completion = await client.chat.completions.create({
    model: "gpt-4o",
    messages: [
      { role: "system", content: RULES },
      { role: "user", content: req.body.message },
    ],
  })
  res.json(completion)
})

app.get("/styled", async (req, res) => {
  const tone = String(req.query.tone)
  if (!TONES.includes(tone)) {
    res.status(400).end()
    return
  }
  // ok: universal_prompt_injection
  const result = await generateText({ model: openai("gpt-4o"), system: `Write in a ${tone} tone.`, prompt: String(req.query.q) })
  res.send(result.text)
})

app.get("/limit", async (req, res) => {
  const words = Number(req.query.words)
  // ok: universal_prompt_injection
  const result = await generateText({ model: openai("gpt-4o"), system: `Answer in at most ${words} words.`, prompt: String(req.query.q) })
  res.send(result.text)
})

export async function libraryHelper(systemPrompt: string, text: string) {
  // ok: universal_prompt_injection
  return client.chat.completions.create({ model: "gpt-4o", messages: [{ role: "system", content: systemPrompt }, { role: "user", content: text }] })
}
