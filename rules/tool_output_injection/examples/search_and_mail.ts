import { tool } from "ai"
import { z } from "zod"
import { tavily } from "@tavily/core"
import { google } from "googleapis"

const tvly = tavily({ apiKey: process.env.TAVILY_API_KEY })
const gmail = google.gmail("v1")

export const readEmail = tool({
  description: "Read the body of an email in the user's inbox",
  parameters: z.object({ messageId: z.string() }),
  execute: async ({ messageId }) => {
    const message = await gmail.users.messages.get({ userId: "me", id: messageId })
    const body = message.data.snippet
    // ruleid: tool_output_injection
    return body
  }
})

export const webSearch = tool({
  description: "Search the web",
  parameters: z.object({ query: z.string() }),
  execute: async ({ query }) => {
    const res = await tvly.search(query, { maxResults: 5 })
    // ruleid: tool_output_injection
    return res.results.map((r) => `${r.title}: ${r.content}`).join("\n")
  }
})

export const readEmailFenced = tool({
  description: "Read the body of an email, fenced as untrusted data",
  parameters: z.object({ messageId: z.string() }),
  execute: async ({ messageId }) => {
    const message = await gmail.users.messages.get({ userId: "me", id: messageId })
    // ok: tool_output_injection
    return `<untrusted_email>\n${message.data.snippet ?? ""}\n</untrusted_email>`
  }
})

export const countResults = tool({
  description: "Count search results",
  parameters: z.object({ query: z.string() }),
  execute: async ({ query }) => {
    const res = await tvly.search(query)
    // ok: tool_output_injection
    return res.results.length
  }
})
