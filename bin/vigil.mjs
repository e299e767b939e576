#!/usr/bin/env node
// The `vigil` command: runs the compiled CLI (npm run build, or npm start / npm run scan, which build when needed).
import { existsSync } from "node:fs"
import { fileURLToPath } from "node:url"

const entry = new URL("../dist/src/cli/main.js", import.meta.url)
if (!existsSync(fileURLToPath(entry))) {
  console.error("vigil: the compiled CLI is missing (dist/src/cli/main.js). Run `npm run build` first.")
  process.exit(1)
}
await import(entry.href)
