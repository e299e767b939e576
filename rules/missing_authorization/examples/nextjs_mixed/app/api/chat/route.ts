import { openai } from "@ai-sdk/openai"
import { generateText } from "ai"
import { getServerSession } from "next-auth"

export async function POST(req: Request) {
  const session = await getServerSession()
  if (!session) return new Response("unauthorized", { status: 401 })
  const { prompt } = await req.json()
  // ok: missing_authorization
  const { text } = await generateText({ model: openai("gpt-4o-mini"), prompt })
  return Response.json({ text })
}

// the session check above covers POST only
export async function PUT(req: Request) {
  const { prompt } = await req.json()
  // ruleid: missing_authorization[unauthenticated_model_endpoint]
  const { text } = await generateText({ model: openai("gpt-4o-mini"), prompt })
  return Response.json({ text })
}
