import { tool } from "ai"
import axios from "axios"
import { z } from "zod"

const billing = axios.create({ baseURL: process.env.BILLING_URL, headers: { Authorization: `Bearer ${process.env.BILLING_TOKEN}` } })

export const refundTool = tool({
  description: "Refund part of a customer's order",
  inputSchema: z.object({ orderId: z.string(), cents: z.number() }),
  execute: async ({ orderId, cents }) => {
    // ruleid: missing_human_oversight
    const { data } = await billing.post(`/orders/${orderId}/refunds`, { amount: cents })
    return data.status
  }
})

export const quoteTool = tool({
  description: "Price a refund without issuing it",
  inputSchema: z.object({ orderId: z.string() }),
  execute: async ({ orderId }) => {
    // ok: missing_human_oversight
    const { data } = await billing.post(`/orders/${orderId}/refund-quotes`, {})
    return data.total
  }
})

export const approvedRefund = tool({
  description: "Refund an order after a person confirms",
  inputSchema: z.object({ orderId: z.string(), cents: z.number() }),
  needsApproval: true,
  execute: async ({ orderId, cents }) => {
    // ok: missing_human_oversight
    const { data } = await billing.post(`/orders/${orderId}/refunds`, { amount: cents })
    return data.status
  }
})
