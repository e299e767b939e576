import { generateText } from "ai"
import { openai } from "@ai-sdk/openai"
import DOMPurify from "dompurify"

function bubble(text: string): string {
  return `<div class="bubble">${text}</div>`
}

export async function ask(question: string, log: HTMLElement) {
  const { text } = await generateText({ model: openai("gpt-4o"), prompt: question })
  const view = { html: bubble(text), at: new Date().toISOString() }
  // ruleid: output_validation
  log.insertAdjacentHTML("beforeend", view.html)
  // ok: output_validation
  log.insertAdjacentHTML("beforeend", DOMPurify.sanitize(view.html))
  // ok: output_validation
  log.insertAdjacentHTML("beforeend", "<hr>")
  // ok: output_validation
  log.append(text)
}

export async function printable(question: string) {
  const result = await generateText({ model: openai("gpt-4o"), prompt: question })
  // ruleid: output_validation
  document.write(`<article>${result.text}</article>`)
}
