import { tool } from "ai"
import { PrismaClient } from "@prisma/client"
import { z } from "zod"

const prisma = new PrismaClient()

export const deleteProject = tool({
  description: "Delete a project; a person approves every call",
  inputSchema: z.object({ projectId: z.string() }),
  needsApproval: true,
  execute: async ({ projectId }) => {
    // ok: missing_authorization
    await prisma.project.delete({ where: { id: projectId } })
    return "deleted"
  },
})
