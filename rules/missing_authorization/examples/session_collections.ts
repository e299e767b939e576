// MCP tools that forget a session or a subscriber: removing an entry from one of the process's own
// Map / Set objects deletes no stored record, so there is nothing to authorize per record.
import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js"
import { UnsubscribeRequestSchema } from "@modelcontextprotocol/sdk/types.js"
import { PrismaClient } from "@prisma/client"
import { z } from "zod"

const server = new McpServer({ name: "sessions", version: "1.0.0" })
const prisma = new PrismaClient()
const loggingSessions = new Set<string>()
const watchersByUri = new Map<string, Set<string>>()
const lastSeen: Map<string, number> = new Map()

server.tool("stop_logging", { sessionId: z.string() }, async ({ sessionId }) => {
  // ok: missing_authorization
  loggingSessions.delete(sessionId)
  return { content: [{ type: "text", text: `stopped ${sessionId}` }] }
})

server.registerTool("unwatch", { inputSchema: { uri: z.string(), session: z.string() } }, async (args) => {
  const watchers = watchersByUri.get(args.uri) as Set<string>
  // ok: missing_authorization
  watchers.delete(args.session)
  return { content: [{ type: "text", text: "unwatched" }] }
})

server.registerTool("forget", { inputSchema: { key: z.string() } }, async ({ key }) => {
  const alias = lastSeen
  // ok: missing_authorization
  alias.delete(`seen:${key}`)
  return { content: [{ type: "text", text: "forgotten" }] }
})

server.server.setRequestHandler(UnsubscribeRequestSchema, async (request) => {
  // ok: missing_authorization
  watchersByUri.delete(request.params.uri)
  return {}
})

server.registerTool("delete_note", { inputSchema: { noteId: z.string() } }, async ({ noteId }) => {
  loggingSessions.delete(noteId)
  // ruleid: missing_authorization
  await prisma.note.delete({ where: { id: noteId } })
  return { content: [{ type: "text", text: "deleted" }] }
})

class NoteStore {
  private readonly cache = new Map<string, string>()
  async remove(id: string) {
    this.cache.delete(id)
    await prisma.note.deleteMany({ where: { id } })
  }
}
const notes = new NoteStore()

server.tool("purge_note", { noteId: z.string() }, async ({ noteId }) => {
  // ruleid: missing_authorization
  await notes.remove(noteId)
  return { content: [{ type: "text", text: "purged" }] }
})
