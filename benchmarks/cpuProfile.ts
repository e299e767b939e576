import { readFileSync } from "node:fs"
import { relative } from "node:path"

/**
 * Summarises a V8 `.cpuprofile` (written by `node --cpu-prof`): self time per function and inclusive
 * time per function, so RESULTS.md can say where a scan spends its time without a profiler UI.
 */

interface ProfileNode {
  readonly id: number
  readonly callFrame: { readonly functionName: string; readonly url: string; readonly lineNumber: number }
  readonly hitCount?: number
  readonly children?: ReadonlyArray<number>
}

interface CpuProfile {
  readonly nodes: ReadonlyArray<ProfileNode>
  readonly startTime: number
  readonly endTime: number
  readonly samples: ReadonlyArray<number>
  readonly timeDeltas: ReadonlyArray<number>
}

export interface ProfileLine {
  readonly name: string
  readonly ms: number
  readonly share: number
}

export interface ProfileSummary {
  readonly totalMs: number
  readonly self: ReadonlyArray<ProfileLine>
  readonly inclusive: ReadonlyArray<ProfileLine>
}

const frameName = (node: ProfileNode, root: string): string => {
  const { functionName, url, lineNumber } = node.callFrame
  const fn = functionName === "" ? "(anonymous)" : functionName
  if (url === "") return fn
  const absolute = url.startsWith("file://") ? url.slice("file://".length) : url
  const inModules = absolute.lastIndexOf("/node_modules/")
  // dependencies by package path (node_modules may be a symlink out of the checkout)
  const path = inModules !== -1 ? absolute.slice(inModules + 1) : url.startsWith("file://") ? relative(root, absolute) : url
  return `${fn} ${path}:${lineNumber + 1}`
}

export const summariseProfile = (file: string, root: string, top = 15): ProfileSummary => {
  const profile = JSON.parse(readFileSync(file, "utf8")) as CpuProfile
  const byId = new Map<number, ProfileNode>()
  const parent = new Map<number, number>()
  for (const n of profile.nodes) {
    byId.set(n.id, n)
    for (const c of n.children ?? []) parent.set(c, n.id)
  }
  // time per sample: the delta to the next sample (the last one gets the mean)
  const selfMs = new Map<number, number>()
  const deltas = profile.timeDeltas
  for (let i = 0; i < profile.samples.length; i++) {
    const next = deltas[i + 1]
    const ms = (next ?? (profile.endTime - profile.startTime) / Math.max(1, profile.samples.length)) / 1000
    const id = profile.samples[i]!
    selfMs.set(id, (selfMs.get(id) ?? 0) + ms)
  }
  const totalMs = [...selfMs.values()].reduce((a, b) => a + b, 0)
  const selfByName = new Map<string, number>()
  const inclusiveByName = new Map<string, number>()
  // native code shows up under the binding's class name ("TreeCursor"): name its JS caller too
  const selfName = (id: number): string => {
    const node = byId.get(id)!
    const name = frameName(node, root)
    if (node.callFrame.url !== "" || name.startsWith("(")) return name
    const caller = parent.get(id)
    return caller === undefined ? `${name} (native)` : `${name} (native, called from ${frameName(byId.get(caller)!, root)})`
  }
  for (const [id, ms] of selfMs) {
    const node = byId.get(id)!
    const name = selfName(id)
    selfByName.set(name, (selfByName.get(name) ?? 0) + ms)
    // inclusive: every distinct function on the stack gets the sample once (recursion counted once)
    const seen = new Set<string>()
    let at: number | undefined = id
    while (at !== undefined) {
      const n = byId.get(at)!
      const fname = frameName(n, root)
      if (!seen.has(fname)) {
        seen.add(fname)
        inclusiveByName.set(fname, (inclusiveByName.get(fname) ?? 0) + ms)
      }
      at = parent.get(at)
    }
  }
  const lines = (m: Map<string, number>, filter: (name: string) => boolean): Array<ProfileLine> =>
    [...m.entries()]
      .filter(([name]) => filter(name))
      .sort((a, b) => b[1] - a[1])
      .slice(0, top)
      .map(([name, ms]) => ({ name, ms: Math.round(ms), share: totalMs > 0 ? ms / totalMs : 0 }))
  return {
    totalMs: Math.round(totalMs),
    self: lines(selfByName, () => true),
    // inclusive view restricted to the project's own code: which engine step holds the time
    inclusive: lines(inclusiveByName, (name) => / (dist\/)?src\//.test(name))
  }
}
