import { tool } from "@openai/agents"
import { tool as aiTool } from "ai"
import { PrismaClient } from "@prisma/client"
import { z } from "zod"

declare const db: { deleteUser(id: string): Promise<void>; user(id: string): Promise<{ name: string }> }
const prisma = new PrismaClient()

export const deleteUser = tool({
  name: "delete_user",
  description: "Delete a user account",
  parameters: z.object({ userId: z.string() }),
  execute: async ({ userId }) => {
    // ruleid: missing_authorization
    await prisma.user.delete({ where: { id: userId } })
    return "deleted"
  },
})

async function dropProject(id: string) {
  await prisma.project.deleteMany({ where: { id } })
}

export const removeProject = aiTool({
  description: "Remove a project",
  inputSchema: z.object({ projectId: z.string() }),
  execute: async (input) => {
    // ruleid: missing_authorization
    await dropProject(input.projectId)
    return "removed"
  },
})

export const removeOwnProject = tool({
  name: "remove_own_project",
  description: "Remove one of the caller's projects",
  parameters: z.object({ projectId: z.string() }),
  execute: async ({ projectId }, runContext) => {
    const owned: string[] = (runContext?.context as { projectIds: string[] }).projectIds
    if (!owned.includes(projectId)) return "not yours"
    // ok: missing_authorization
    await prisma.project.delete({ where: { id: projectId } })
    return "removed"
  },
})

export const lookupUser = tool({
  name: "lookup_user",
  description: "Read a public profile",
  parameters: z.object({ userId: z.string() }),
  // ok: missing_authorization
  execute: async ({ userId }) => (await db.user(userId)).name,
})
