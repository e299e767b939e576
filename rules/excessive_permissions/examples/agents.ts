import { Agent, codeInterpreterTool, MCPServerStdio, tool } from "@openai/agents"
import { z } from "zod"

const fetchUrl = tool({
  name: "fetch_url",
  description: "Fetch a URL",
  parameters: z.object({ url: z.string() }),
  execute: async ({ url }) => (await fetch(url)).text(),
})

// ruleid: excessive_permissions
export const analyst = new Agent({
  name: "Analyst",
  tools: [codeInterpreterTool(), fetchUrl],
})

export const calculator = new Agent({
  name: "Calculator",
  // ok: excessive_permissions
  tools: [codeInterpreterTool()],
})

// ruleid: excessive_permissions
export const disk = new MCPServerStdio({ name: "fs", fullCommand: "npx -y @modelcontextprotocol/server-filesystem /" })
// ok: excessive_permissions
export const project = new MCPServerStdio({ name: "fs", fullCommand: "npx -y @modelcontextprotocol/server-filesystem ./sample_files" })
// ruleid: excessive_permissions
export const shell = new MCPServerStdio({ name: "shell", fullCommand: "npx -y mcp-shell" })
