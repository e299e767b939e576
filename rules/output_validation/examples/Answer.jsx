import { marked } from "marked"
import sanitizeHtml from "sanitize-html"

export function Answer({ reply }) {
  const html = marked.parse(reply.content)
  // ruleid: output_validation
  const raw = <div className="answer" dangerouslySetInnerHTML={{ __html: html }} />
  // ok: output_validation
  const clean = <div className="answer" dangerouslySetInnerHTML={{ __html: sanitizeHtml(html) }} />
  // ok: output_validation
  const legal = <div className="legal" dangerouslySetInnerHTML={{ __html: "<small>AI-generated</small>" }} />
  return (
    <section>
      {reply.trusted ? clean : raw}
      {legal}
    </section>
  )
}
