import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js"

// ruleid: supply_chain_untrusted_model[image]
export const github = new StdioClientTransport({ command: "docker", args: ["run", "-i", "--rm", "-e", "GITHUB_PERSONAL_ACCESS_TOKEN", "ghcr.io/github/github-mcp-server"] })

// ok: supply_chain_untrusted_model
export const pinned = new StdioClientTransport({ command: "docker", args: ["run", "-i", "--rm", "ghcr.io/github/github-mcp-server:v0.9.0@sha256:3e23e8160039594a33894f6564e1b1348bbd7a0088d42c4acb73eeaed59c009d"] })

const memoryArgs = ["run", "-i", "-v", "claude-memory:/app/dist", "--rm", "mcp/memory:0.6.2"]
// ruleid: supply_chain_untrusted_model[image_tag]
export const memory = new StdioClientTransport({ args: memoryArgs, command: "docker" })

// ok: supply_chain_untrusted_model
export const attach = new StdioClientTransport({ command: "docker", args: ["exec", "-i", "notes-mcp", "node", "dist/index.js"] })

import { MultiServerMCPClient } from "@langchain/mcp-adapters"

// ruleid: supply_chain_untrusted_model[image]
export const client = new MultiServerMCPClient({
  mcpServers: {
    filesystem: {
      transport: "stdio",
      command: "docker",
      args: ["run", "-i", "--rm", "-v", "mcp-filesystem-data:/projects", "mcp/filesystem", "/projects"],
    },
    pinned: {
      transport: "stdio",
      command: "docker",
      args: ["run", "-i", "--rm", "mcp/filesystem@sha256:ca978112ca1bbdcafac231b39a23dc4da786eff8147c4e72b9807785afee48bb", "/projects"],
    },
  },
  useStandardContentBlocks: true,
})
