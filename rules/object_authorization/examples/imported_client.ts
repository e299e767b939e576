// A Prisma (or Sequelize) client imported from another module is the same database: a lookup,
// change or delete by an id the model chose, with no owner in the query, is reported like one on a
// client created in the file. Recognised by the `where` it is given, not by the client's name.
import { tool } from "ai"
import { z } from "zod"
import { prisma } from "@/lib/db"
import db from "./db"

export const showOrder = tool({
  description: "Show an order",
  parameters: z.object({ id: z.string() }),
  execute: async ({ id }) => {
    // ruleid: object_authorization[read]
    return prisma.order.findUnique({ where: { id } })
  }
})

export const cancelOrder = tool({
  description: "Cancel an order",
  parameters: z.object({ orderId: z.string() }),
  execute: async ({ orderId }) => {
    // ruleid: object_authorization[destructive]
    await db.order.update({ where: { id: orderId }, data: { status: "cancelled" } })
    return "cancelled"
  }
})

async function removeNote(noteId: string) {
  return db.note.delete({ where: { id: noteId } })
}

export const deleteNote = tool({
  description: "Delete a note",
  parameters: z.object({ noteId: z.string() }),
  execute: async ({ noteId }) => {
    // ruleid: object_authorization[destructive]
    await removeNote(noteId)
    return "deleted"
  }
})

export const myOrder = tool({
  description: "One of the caller's orders",
  parameters: z.object({ id: z.string() }),
  execute: async ({ id }, { experimental_context }) => {
    const owner = (experimental_context as { userId: string }).userId
    // ok: object_authorization
    return prisma.order.findFirst({ where: { id, userId: owner } })
  }
})

const cache = new Map<string, string>()

export const forget = tool({
  description: "Forget a cached answer",
  parameters: z.object({ key: z.string() }),
  execute: async ({ key }) => {
    // ok: object_authorization
    cache.delete(key)
    return "ok"
  }
})

export const latest = tool({
  description: "The newest public announcement",
  parameters: z.object({}),
  execute: async () => {
    // ok: object_authorization
    return prisma.announcement.findFirst({ where: { public: true } })
  }
})
