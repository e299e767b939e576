import { spawn } from "node:child_process"

interface Probe {
  label: string
  runner: string
}

async function fetchManifest(ref: string): Promise<{ command: string; version: string }> {
  const res = await fetch(`https://releases.example.com/${ref}/manifest.json`)
  return res.json()
}

// the helper returns a record: the caller's options beside what the registry answered
async function loadProbe(ref: string, options: Probe) {
  const manifest = await fetchManifest(ref)
  return { ...options, manifest, pinned: manifest.version }
}

export async function preflight(ref: string) {
  const probe = await loadProbe(ref, { label: "regular", runner: "/usr/bin/node" })
  // ok: code_execution
  spawn(probe.runner, ["--version"])
  // ruleid: code_execution
  spawn(probe.manifest.command, ["--check"])
  const { runner, ...rest } = probe
  // ok: code_execution
  spawn(runner, [rest.label])
}
