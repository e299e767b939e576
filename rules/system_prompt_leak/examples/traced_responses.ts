import { NextRequest, NextResponse } from "next/server"
import OpenAI from "openai"

const llm = new OpenAI()

function salesBrief(plan: string): string {
  return [
    "You are Quill, the sales assistant for Lumen Analytics.",
    "Internal floor: Growth $38/seat, Enterprise $61/seat. Open at list price.",
    `The visitor is looking at the ${plan} plan.`
  ].join("\n")
}

export async function POST(req: NextRequest) {
  const body = await req.json()
  const plan = body.plan === "enterprise" ? "Enterprise" : "Growth"
  const brief = salesBrief(plan)
  const completion = await llm.chat.completions.create({ model: "gpt-4o-mini", messages: [{ role: "system", content: brief }, ...body.messages] })
  const trace = body.trace ? { model: "gpt-4o-mini", usage: completion.usage, instructions: brief } : undefined
  // ruleid: system_prompt_leak[prompt_returned]
  return NextResponse.json({ reply: completion.choices[0]?.message?.content ?? "", trace })
}

export async function PUT(req: NextRequest) {
  const body = await req.json()
  const brief = salesBrief("Growth")
  const completion = await llm.chat.completions.create({ model: "gpt-4o-mini", messages: [{ role: "system", content: brief }, ...body.messages] })
  const trace = body.trace ? { model: "gpt-4o-mini", usage: completion.usage, briefLength: brief.length } : undefined
  // ok: system_prompt_leak
  return NextResponse.json({ reply: completion.choices[0]?.message?.content ?? "", trace })
}
