import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { z } from "zod";
import { Pool } from "pg";

const pg = new Pool();
const server = new McpServer({ name: "crm", version: "1.0.0" });

server.tool("archive_deal", { dealId: z.string() }, async ({ dealId }) => {
  // ruleid: object_authorization
  await pg.query("UPDATE deals SET archived = true WHERE id = $1", [dealId]);
  return { content: [{ type: "text", text: "archived" }] };
});

server.tool("archive_my_deal", { dealId: z.string() }, async ({ dealId }, extra) => {
  const owner = extra.authInfo?.clientId;
  // ok: object_authorization
  await pg.query("UPDATE deals SET archived = true WHERE id = $1 AND owner = $2", [dealId, owner]);
  return { content: [{ type: "text", text: "archived" }] };
});

server.tool("find_deal", { name: z.string() }, async ({ name }) => {
  // ok: object_authorization
  const { rows } = await pg.query("SELECT id FROM deals WHERE name = $1", [name]);
  return { content: [{ type: "text", text: JSON.stringify(rows) }] };
});

server.tool("ticket", "Read a support ticket", { ticketId: z.string() }, async ({ ticketId }) => {
  // ruleid: object_authorization[read]
  const { rows } = await pg.query("SELECT id, customer_id, subject, body FROM tickets WHERE id = $1", [ticketId]);
  return { content: [{ type: "text", text: JSON.stringify(rows[0] ?? null) }] }
})

server.tool("my_ticket", "Read one of your support tickets", { ticketId: z.string() }, async ({ ticketId }, extra) => {
  // ok: object_authorization
  const { rows } = await pg.query("SELECT id, customer_id, subject, body FROM tickets WHERE id = $1 AND customer_id = $2", [ticketId, extra.authInfo?.clientId])
  return { content: [{ type: "text", text: JSON.stringify(rows[0] ?? null) }] }
})
