import { execFile, spawn } from "node:child_process"

const apiKey = process.env.MAPS_API_KEY

export async function geocode(address: string) {
  // ruleid: insecure_credential_handling[url]
  const res = await fetch(`https://maps.example.com/geocode?address=${encodeURIComponent(address)}&key=${apiKey}`)
  return res.json()
}

export async function geocodeHeader(address: string) {
  // ok: insecure_credential_handling
  const res = await fetch(`https://maps.example.com/geocode?address=${encodeURIComponent(address)}`, { headers: { "x-api-key": apiKey ?? "" } })
  return res.json()
}

export function publish(dir: string) {
  // ruleid: insecure_credential_handling[argv]
  spawn("npm", ["publish", dir, `--//registry.npmjs.org/:_authToken=${process.env.NPM_TOKEN}`])
}

export function publishEnv(dir: string) {
  // ok: insecure_credential_handling
  execFile("npm", ["publish", dir], { env: { ...process.env, NODE_AUTH_TOKEN: process.env.NPM_TOKEN } })
}

import { tool as aiTool } from "ai"
import { z as zod } from "zod"

export const runNode = aiTool({
  description: "Run a JavaScript snippet the model wrote",
  parameters: zod.object({ code: zod.string() }),
  execute: async ({ code }) => {
    // ruleid: insecure_credential_handling[env_inherited]
    const child = spawn("node", ["-e", code], { env: process.env })
    return String(child.pid)
  }
})

export const runNodeMinimal = aiTool({
  description: "Run a snippet with a minimal environment",
  parameters: zod.object({ code: zod.string() }),
  execute: async ({ code }) => {
    // ok: insecure_credential_handling
    const child = spawn("node", ["-e", code], { env: { PATH: "/usr/bin" } })
    return String(child.pid)
  }
})
