import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js"
import { PrismaClient } from "@prisma/client"
import { tool } from "ai"
import { z } from "zod"
import { Order } from "./models/order"

const prisma = new PrismaClient()
const server = new McpServer({ name: "shop", version: "1.0.0" })

server.tool("delete_document", "Delete a document", { docId: z.string() }, async ({ docId }) => {
  // ruleid: object_authorization[destructive]
  await prisma.document.delete({ where: { id: docId } })
  return { content: [{ type: "text", text: "deleted" }] }
})

export const cancelOrder = tool({
  description: "Cancel an order of the current user",
  parameters: z.object({ orderId: z.string() }),
  execute: async ({ orderId }) => {
    // ruleid: object_authorization[destructive]
    await Order.findByIdAndDelete(orderId)
    return "cancelled"
  }
})

async function loadProfile(userId: string) {
  return prisma.user.findUnique({ where: { id: userId } })
}

export const showProfile = tool({
  description: "Show a user's profile",
  parameters: z.object({ userId: z.string() }),
  execute: async ({ userId }) => {
    // ruleid: object_authorization[read]
    const profile = await loadProfile(userId)
    return { name: profile?.name, email: profile?.email, phone: profile?.phone }
  }
})

server.tool("delete_my_document", "Delete one of your documents", { docId: z.string() }, async ({ docId }, extra) => {
  const owner = extra.authInfo?.clientId
  // ok: object_authorization
  await prisma.document.deleteMany({ where: { id: docId, ownerId: owner } })
  return { content: [{ type: "text", text: "deleted" }] }
})

server.tool("cancel_my_order", "Cancel one of your orders", { orderId: z.string() }, async ({ orderId }, extra) => {
  const order = await Order.findById(orderId)
  if (order?.customerId !== extra.authInfo?.clientId) {
    return { content: [{ type: "text", text: "not your order" }], isError: true }
  }
  // ok: object_authorization
  await Order.findByIdAndDelete(orderId)
  return { content: [{ type: "text", text: "cancelled" }] }
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

// OpenAI Agents SDK (JS): the run context is what the application passed to run(); a query scoped by it
// is the caller's, one without it is the model's choice
import { tool as agentsTool, type RunContext } from "@openai/agents"

interface ClinicSession { clinicianId: string }

export const readChart = agentsTool({
  name: "read_chart",
  description: "Read a chart the clinician cares for",
  parameters: z.object({ chartId: z.string() }),
  execute: async ({ chartId }, runContext?: RunContext<ClinicSession>) => {
    // ok: object_authorization
    const chart = await prisma.chart.findFirst({ where: { id: chartId, careTeam: { some: { clinicianId: runContext!.context.clinicianId } } } })
    return chart ? JSON.stringify(chart) : "not found"
  },
})

export const readAnyChart = agentsTool({
  name: "read_any_chart",
  description: "Read a chart",
  parameters: z.object({ chartId: z.string() }),
  execute: async ({ chartId }, _runContext?: RunContext<ClinicSession>) => {
    // ruleid: object_authorization[read]
    const chart = await prisma.chart.findUnique({ where: { id: chartId } })
    return JSON.stringify(chart)
  },
})

// a check that someone is signed in (`signedIn(runContext);`, its result dropped) is not a check that
// the object is theirs; the caller's id in the query is
import { type RunContext, tool as agentTool } from "@openai/agents"

interface Session {
  customerId: string
}

function signedIn(runContext?: RunContext<Session>): Session {
  if (!runContext?.context?.customerId) throw new Error("sign in first")
  return runContext.context
}

export const getInvoice = agentTool({
  name: "get_invoice",
  description: "Fetch one invoice by number",
  parameters: z.object({ invoiceNumber: z.string() }),
  execute: async ({ invoiceNumber }, runContext?: RunContext<Session>) => {
    signedIn(runContext)
    // ruleid: object_authorization[read]
    return prisma.invoice.findUnique({ where: { number: invoiceNumber } })
  },
})

export const getMyInvoice = agentTool({
  name: "get_my_invoice",
  description: "Fetch one of your invoices by number",
  parameters: z.object({ invoiceNumber: z.string() }),
  execute: async ({ invoiceNumber }, runContext?: RunContext<Session>) => {
    const { customerId } = signedIn(runContext)
    // ok: object_authorization
    return prisma.invoice.findFirst({ where: { number: invoiceNumber, customerId } })
  },
})
