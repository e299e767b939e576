import { StdioClientTransport as Stdio } from "@modelcontextprotocol/sdk/client/stdio.js"
import os from "node:os"

// ruleid: excessive_permissions
export const home = new Stdio({ command: "npx", args: ["-y", "@modelcontextprotocol/server-filesystem", os.homedir()] })
// ok: excessive_permissions
export const project = new Stdio({ command: "npx", args: ["-y", "@modelcontextprotocol/server-filesystem", "./docs"] })
// ruleid: excessive_permissions
export const shell = new Stdio({ command: "npx", args: ["-y", "@wonderwhy-er/desktop-commander"] })
