import { MCPServerStdio } from "@openai/agents"
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js"

// ruleid: supply_chain_untrusted_model
export const fs = new MCPServerStdio({
  name: "Filesystem",
  fullCommand: "npx -y @modelcontextprotocol/server-filesystem ./sample_files",
})

// ok: supply_chain_untrusted_model
export const pinnedFs = new MCPServerStdio({
  name: "Filesystem",
  fullCommand: "npx -y @modelcontextprotocol/server-filesystem@2025.8.21 ./sample_files",
})

// ruleid: supply_chain_untrusted_model
export const memory = new StdioClientTransport({ command: "npx", args: ["-y", "@modelcontextprotocol/server-memory"] })

// ok: supply_chain_untrusted_model
export const pinnedMemory = new StdioClientTransport({ command: "npx", args: ["-y", "@modelcontextprotocol/server-memory@2025.8.4"] })

import { Experimental_StdioMCPTransport as StdioMCPTransport } from "ai/mcp-stdio"

const serverArgs = ["-y", "@modelcontextprotocol/server-github"]
// ruleid: supply_chain_untrusted_model
export const github = new StdioMCPTransport({ command: "bunx", args: ["@modelcontextprotocol/server-github"] })

// ruleid: supply_chain_untrusted_model
const PLAYWRIGHT = "npx @playwright/mcp"

export function browser() {
  // ok: supply_chain_untrusted_model
  return new StdioClientTransport({ command: "node", args: ["./servers/playwright.js"], env: { CMD: PLAYWRIGHT } })
}

export function describe() {
  // ok: supply_chain_untrusted_model
  return { help: "Run npx -y with a pinned version", serverArgs }
}
