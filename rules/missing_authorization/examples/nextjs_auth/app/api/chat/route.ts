// The same route behind the session: Auth.js `auth()`.
import { openai } from "@ai-sdk/openai"
import { streamText } from "ai"
import { auth } from "@/auth"

export async function POST(req: Request) {
  const session = await auth()
  if (!session?.user) return new Response("Unauthorized", { status: 401 })
  const { messages } = await req.json()
  // ok: missing_authorization
  const result = streamText({ model: openai("gpt-4o"), messages })
  return result.toDataStreamResponse()
}
