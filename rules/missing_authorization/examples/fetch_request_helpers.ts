// The Fetch API's Request is what client code builds and forwards too: a helper taking one calls
// the model for whoever called the helper, and is no endpoint of its own. A Worker's
// default-exported `fetch` is one: the platform calls it with every incoming request.
import { generateText } from "ai"
import { openai } from "@ai-sdk/openai"

export async function summarise(req: Request) {
  const { text } = (await req.json()) as { text: string }
  // ok: missing_authorization
  const { text: summary } = await generateText({ model: openai("gpt-4o-mini"), prompt: `Summarise:\n${text}`, maxOutputTokens: 300 })
  return summary
}

export default {
  async fetch(request: Request): Promise<Response> {
    const { question } = (await request.json()) as { question: string }
    // ruleid: missing_authorization[unauthenticated_model_endpoint]
    const { text } = await generateText({ model: openai("gpt-4o-mini"), prompt: question, maxOutputTokens: 300 })
    return new Response(text)
  },
}
