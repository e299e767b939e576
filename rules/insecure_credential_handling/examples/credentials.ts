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
