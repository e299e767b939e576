// Tools built per user by a factory: the query is scoped by the factory's parameter, a value the
// application passes when it builds the tools and the model cannot change. A tool of the same
// factory that never uses it is still reported.
import { tool } from "ai"
import { z } from "zod"
import db from "./db"

export function toolsFor(userId: string) {
  return {
    getOrder: tool({
      description: "One of the user's orders",
      parameters: z.object({ orderId: z.string() }),
      // ok: object_authorization
      execute: async ({ orderId }) => db.order.findFirst({ where: { id: orderId, userId } })
    }),
    cancelOrder: tool({
      description: "Cancel one of the user's orders",
      parameters: z.object({ orderId: z.string() }),
      execute: async ({ orderId }) => {
        // ok: object_authorization
        await db.order.updateMany({ where: { id: orderId, userId: userId }, data: { status: "cancelled" } })
        return "cancelled"
      }
    }),
    cancelAny: tool({
      description: "Cancel an order",
      parameters: z.object({ orderId: z.string() }),
      execute: async ({ orderId }) => {
        // ruleid: object_authorization[destructive]
        await db.order.delete({ where: { id: orderId } })
        return "cancelled"
      }
    })
  }
}

export const makeNoteTools = (session: { user: { id: string } }) => {
  const owner = session.user.id
  return [
    tool({
      description: "Delete one of the user's notes",
      parameters: z.object({ noteId: z.string() }),
      execute: async ({ noteId }) => {
        const note = await db.note.findUnique({ where: { id: noteId } })
        if (note?.ownerId !== owner) throw new Error("not yours")
        // ok: object_authorization
        await db.note.delete({ where: { id: noteId } })
        return "deleted"
      }
    })
  ]
}

export function adminTools(client: typeof db) {
  return {
    showOrder: tool({
      description: "Show an order",
      parameters: z.object({ orderId: z.string() }),
      // the factory is given the client, not a user: nothing scopes the lookup
      // ruleid: object_authorization[read]
      execute: async ({ orderId }) => client.order.findUnique({ where: { id: orderId } })
    })
  }
}
