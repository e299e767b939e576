// A delete scoped by the user a per-user tool factory was built for; one by the model's id alone is
// still reported.
import { tool } from "ai"
import { z } from "zod"
import db from "./db"

export function toolsFor(userId: string) {
  return {
    deleteNote: tool({
      description: "Delete one of the user's notes",
      parameters: z.object({ noteId: z.string() }),
      // ok: missing_authorization
      execute: async ({ noteId }) => db.note.deleteMany({ where: { id: noteId, userId } })
    }),
    deleteAny: tool({
      description: "Delete a note",
      parameters: z.object({ noteId: z.string() }),
      // ruleid: missing_authorization
      execute: async ({ noteId }) => db.note.delete({ where: { id: noteId } })
    })
  }
}
