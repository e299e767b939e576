// sanitize / escapeHtml helpers written in this file are judged by their bodies: trimming is no
// escaping, replacing the HTML metacharacters with entities is. A sanitizer imported from another
// module is trusted by its name.
import OpenAI from "openai"
import * as purify from "./purify"

const client = new OpenAI()
const ENTITIES: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" }

// the DOM escapes text set as textContent when it is read back as HTML
function escapeHtml(text: string): string {
  const div = document.createElement("div")
  div.textContent = text
  return div.innerHTML
}

class AnswerView {
  constructor(private readonly el: HTMLElement) {}

  sanitize(html: string): string {
    return html.trim()
  }

  escapeHtml(text: string): string {
    return text.replace(/[&<>"']/g, (c) => ENTITIES[c] ?? c)
  }

  async show(question: string): Promise<void> {
    const completion = await client.chat.completions.create({ model: "gpt-4o", messages: [{ role: "user", content: question }] })
    const answer = completion.choices[0].message.content ?? ""
    // ruleid: output_validation
    this.el.innerHTML = this.sanitize(answer)
    const card = `<div class="answer">${this.sanitize(answer)}</div>`
    // ruleid: output_validation
    this.el.insertAdjacentHTML("beforeend", card)
    // ok: output_validation
    this.el.innerHTML = `<p>${this.escapeHtml(answer)}</p>`
    // ok: output_validation
    this.el.innerHTML = purify.sanitize(answer)
    // ok: output_validation
    this.el.insertAdjacentHTML("beforeend", `<small>${escapeHtml(answer)}</small>`)
  }
}

export const mount = (el: HTMLElement) => new AnswerView(el)
