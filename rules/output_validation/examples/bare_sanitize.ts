// A bare `sanitize(html)` call: one imported from a package or another module is trusted by its name
// (isomorphic-dompurify and dompurify export `sanitize`); one this file declares is judged by its body,
// so a wrapper of DOMPurify or an entity escape keeps the name while a trim does not.
import DOMPurify from "dompurify"
import { sanitize } from "isomorphic-dompurify"
import OpenAI from "openai"

const client = new OpenAI()

async function answerOf(question: string): Promise<string> {
  const completion = await client.chat.completions.create({ model: "gpt-4o", messages: [{ role: "user", content: question }] })
  return completion.choices[0].message.content ?? ""
}

export async function showImported(el: HTMLElement, question: string): Promise<void> {
  const answer = await answerOf(question)
  // ok: output_validation
  el.innerHTML = sanitize(answer)
}

export const widget = {
  async render(el: HTMLElement, question: string): Promise<void> {
    const answer = await answerOf(question)
    // ok: output_validation
    el.innerHTML = DOMPurify.sanitize(answer)
  },
}
