import { tool } from "ai"
import { tool as agentTool } from "@openai/agents"
import { execFile, exec } from "node:child_process"
import * as fs from "node:fs/promises"
import { rmSync } from "fs"
import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js"
import Stripe from "stripe"
import { z } from "zod"

const stripe = new Stripe(process.env.STRIPE_KEY ?? "")
const WORKSPACE = "/srv/workspace"

export const cleanup = tool({
  description: "Remove a directory from the workspace",
  inputSchema: z.object({ path: z.string() }),
  execute: async ({ path }) => {
    // ruleid: missing_human_oversight
    await fs.rm(`${WORKSPACE}/${path}`, { recursive: true })
    return "removed"
  },
})

export const refundCharge = agentTool({
  name: "refund_charge",
  description: "Refund a charge",
  parameters: z.object({ chargeId: z.string(), cents: z.number() }),
  execute: async (input) => {
    // ruleid: missing_human_oversight
    const refund = await stripe.refunds.create({ charge: input.chargeId, amount: input.cents })
    return refund.status
  },
})

function runShell(command: string): Promise<string> {
  return new Promise((resolve) => exec(command, (_e, out) => resolve(out)))
}

export const terminal = tool({
  description: "Run a command for the user",
  inputSchema: z.object({ command: z.string() }),
  // ruleid: missing_human_oversight
  execute: async ({ command }) => runShell(command),
})

const server = new McpServer({ name: "files", version: "1.0.0" })
server.tool("remove_file", "Remove a file", { file: z.string() }, async ({ file }) => {
  // ruleid: missing_human_oversight
  rmSync(`${WORKSPACE}/${file}`)
  return { content: [{ type: "text", text: "ok" }] }
})

export const approvedRefund = tool({
  description: "Refund a charge after a person approves it",
  inputSchema: z.object({ chargeId: z.string() }),
  needsApproval: true,
  execute: async ({ chargeId }) => {
    // ok: missing_human_oversight
    return (await stripe.refunds.create({ charge: chargeId })).status
  },
})

export const bigRefund = tool({
  description: "Refund a charge; large ones need approval",
  inputSchema: z.object({ chargeId: z.string(), cents: z.number() }),
  needsApproval: async ({ cents }) => cents > 10_000,
  execute: async ({ chargeId, cents }) => {
    // ok: missing_human_oversight
    return (await stripe.refunds.create({ charge: chargeId, amount: cents })).status
  },
})

export const sendMessage = tool({
  description: "Draft a message to a channel",
  inputSchema: z.object({ channel: z.string(), text: z.string() }),
  // ok: missing_human_oversight
  execute: async ({ channel, text }) => `Draft for ${channel}: ${text}`,
})

export const gitStatus = tool({
  description: "Show the repository status",
  inputSchema: z.object({}),
  execute: async () =>
    new Promise<string>((resolve) =>
      // ok: missing_human_oversight
      execFile("git", ["status", "--short"], (_e, out) => resolve(out)),
    ),
})

const RESOURCES = ["deployment", "statefulset"]

export const restart = tool({
  description: "Restart a workload",
  inputSchema: z.object({ resource: z.string(), namespace: z.string() }),
  execute: async ({ resource, namespace }) => {
    if (!RESOURCES.includes(resource)) throw new Error("resource not allowed")
    if (!/^[a-z0-9-]{1,63}$/.test(namespace)) throw new Error("bad namespace")
    return new Promise<string>((resolve) =>
      // ok: missing_human_oversight
      execFile("kubectl", ["rollout", "restart", resource, "-n", namespace], (_e, out) => resolve(out)),
    )
  },
})

export const kill = tool({
  description: "Kill a process by id",
  inputSchema: z.object({ pid: z.string() }),
  execute: async ({ pid }) =>
    new Promise<string>((resolve) =>
      // ruleid: missing_human_oversight
      execFile("kill", ["-9", pid], (_e, out) => resolve(out)),
    ),
})

// Effects recognised by what the call is given, on clients imported from other modules
import { Resend } from "resend"
import { prisma as orm } from "./lib/orm"
import { pool as pg } from "./lib/pg"

const mailer = new Resend(process.env.RESEND_API_KEY)
const answerCache = new Map<string, string>()

export const removeWorkspace = tool({
  description: "Remove a workspace",
  inputSchema: z.object({ workspaceId: z.string() }),
  execute: async ({ workspaceId }) => {
    // ruleid: missing_human_oversight
    await orm.workspace.delete({ where: { id: workspaceId } })
    return "removed"
  },
})

export const forgetKey = tool({
  description: "Forget a cached answer",
  inputSchema: z.object({ key: z.string() }),
  execute: async ({ key }) => {
    // ok: missing_human_oversight
    answerCache.delete(key)
    return "forgotten"
  },
})

export const dropNotes = tool({
  description: "Drop the notes of a notebook",
  inputSchema: z.object({ notebook: z.string() }),
  execute: async ({ notebook }) => {
    // ruleid: missing_human_oversight
    await pg.query("DELETE FROM notes WHERE notebook_id = $1", [notebook])
    return "dropped"
  },
})

export const countNotes = tool({
  description: "Count the notes of a notebook",
  inputSchema: z.object({ notebook: z.string() }),
  execute: async ({ notebook }) => {
    // ok: missing_human_oversight
    const r = await pg.query("SELECT count(*) FROM notes WHERE notebook_id = $1", [notebook])
    return String(r.rows[0].count)
  },
})

export const mailCustomer = tool({
  description: "E-mail a customer",
  inputSchema: z.object({ to: z.string(), subject: z.string(), text: z.string() }),
  execute: async (input) => {
    // ruleid: missing_human_oversight
    const r = await mailer.emails.send({ from: "support@example.com", to: input.to, subject: input.subject, text: input.text })
    return r.data?.id ?? "queued"
  },
})

export const mailCustomerApproved = tool({
  description: "E-mail a customer",
  inputSchema: z.object({ to: z.string(), text: z.string() }),
  needsApproval: true,
  execute: async ({ to, text }) => {
    // ok: missing_human_oversight
    await mailer.emails.send({ from: "support@example.com", to, subject: "Re: your ticket", text })
    return "sent"
  },
})
