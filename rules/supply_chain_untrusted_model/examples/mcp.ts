import { MCPServerStdio } from "@openai/agents"
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js"

export const fs = new MCPServerStdio({
  name: "Filesystem",
  // ruleid: supply_chain_untrusted_model
  fullCommand: "npx -y @modelcontextprotocol/server-filesystem ./sample_files",
})

export const pinnedFs = new MCPServerStdio({
  name: "Filesystem",
  // ok: supply_chain_untrusted_model
  fullCommand: "npx -y @modelcontextprotocol/server-filesystem@2025.8.21 ./sample_files",
})

// ruleid: supply_chain_untrusted_model
export const memory = new StdioClientTransport({ command: "npx", args: ["-y", "@modelcontextprotocol/server-memory"] })

// ok: supply_chain_untrusted_model
export const pinnedMemory = new StdioClientTransport({ command: "npx", args: ["-y", "@modelcontextprotocol/server-memory@2025.8.4"] })
