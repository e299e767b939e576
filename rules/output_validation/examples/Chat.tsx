"use client"
import { useChat } from "@ai-sdk/react"
import DOMPurify from "dompurify"

export function Chat() {
  const { messages } = useChat()
  return (
    <div>
      {messages.map((m) => (
        <div key={m.id}>
          {m.parts.map((part, i) =>
            part.type === "text" ? (
              // ruleid: output_validation
              <div key={i} dangerouslySetInnerHTML={{ __html: part.text }} />
            ) : null,
          )}
        </div>
      ))}
      {messages.map((m) => (
        // ok: output_validation
        <div key={m.id} dangerouslySetInnerHTML={{ __html: DOMPurify.sanitize(m.id) }} />
      ))}
      {messages.map((m) => (
        // ok: output_validation
        <p key={m.id}>{m.id}</p>
      ))}
    </div>
  )
}
