import OpenAI from "openai"
import DOMPurify from "dompurify"

const client = new OpenAI({ dangerouslyAllowBrowser: false })

export async function showAnswer(question: string, el: HTMLElement) {
  const completion = await client.chat.completions.create({
    model: "gpt-4o",
    messages: [{ role: "user", content: question }],
  })
  const answer = completion.choices[0].message.content ?? ""
  // ruleid: output_validation
  el.innerHTML = answer
  // ok: output_validation
  el.textContent = answer
}

export async function showSanitised(question: string, el: HTMLElement) {
  const completion = await client.chat.completions.create({
    model: "gpt-4o",
    messages: [{ role: "user", content: question }],
  })
  // ok: output_validation
  el.innerHTML = DOMPurify.sanitize(completion.choices[0].message.content ?? "")
}

export function renderMessage(el: HTMLElement, message: { content: string }) {
  // ruleid: output_validation
  el.innerHTML = message.content
}

export function clear(el: HTMLElement) {
  // ok: output_validation
  el.innerHTML = ""
}
