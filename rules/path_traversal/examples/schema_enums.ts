// A tool whose input schema limits a field to fixed values (z.enum, z.literal) gets only those
// values: the SDK validates the arguments before the handler runs. A free string is still a path
// the model chooses.
import { tool } from "ai";
import { z } from "zod";
import { readFile } from "node:fs/promises";
import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";

const REPORTS = ["weekly.md", "monthly.md"] as const;
const server = new McpServer({ name: "reports", version: "1.0.0" });

export const readReport = tool({
  description: "Read a report",
  inputSchema: z.object({ report: z.enum(REPORTS).describe("which report") }),
  execute: async ({ report }) => {
    // ok: path_traversal
    return readFile(`/srv/reports/${report}`, "utf8");
  },
});

export const readAnyReport = tool({
  description: "Read a report",
  inputSchema: z.object({ report: z.string() }),
  execute: async ({ report }) => {
    // ruleid: path_traversal
    return readFile(`/srv/reports/${report}`, "utf8");
  },
});

server.registerTool(
  "changelog",
  { description: "Read a changelog", inputSchema: { channel: z.enum(["stable", "beta"]), name: z.string() } },
  async (args) => {
    // ok: path_traversal
    const text = await readFile(`/srv/changelogs/${args.channel}.md`, "utf8");
    // ruleid: path_traversal
    const extra = await readFile(`/srv/changelogs/${args.name}`, "utf8");
    return { content: [{ type: "text", text: text + extra }] };
  }
);

server.tool("license", { kind: z.literal("MIT").optional() }, async ({ kind }) => {
  // ok: path_traversal
  const text = await readFile(`/srv/licenses/${kind}.txt`, "utf8");
  return { content: [{ type: "text", text }] };
});
