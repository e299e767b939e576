import { spawn } from "node:child_process"
import { fileURLToPath } from "node:url"

/**
 * How this machine scales two processes of a given kind of work, apart from Vigil's pool: the same
 * fixed job alone, then two copies at once. `alu` is a loop on a few registers (cache-resident);
 * `alloc` builds and walks short-lived objects, as the semantic model and data flow do. Where `alloc`
 * slows down with a second copy and `alu` does not, the loss is in the memory system (shared caches,
 * bandwidth), not in the pool: two analysis workers cannot reach 2x on allocation-heavy work.
 *
 *   node dist/benchmarks/experiments/contention.js [alu|alloc] [rounds]
 */

const kind = (process.argv[2] ?? "alloc") as "alu" | "alloc"
const rounds = Number(process.argv[3] ?? "3")

/** The job itself, run in a child: prints its wall and CPU milliseconds. */
const job = (): void => {
  const t0 = performance.now()
  const c0 = process.cpuUsage()
  let x = 0
  for (let pass = 0; pass < 10; pass++) {
    if (kind === "alu") for (let i = 0; i < 30_000_000; i++) x = (x * 31 + i) | 0
    else {
      const list: Array<{ i: number; s: string }> = []
      for (let i = 0; i < 300_000; i++) list.push({ i, s: `x${i}` })
      for (const o of list) x += o.s.length
    }
  }
  const c = process.cpuUsage(c0)
  process.stdout.write(JSON.stringify({ wallMs: performance.now() - t0, cpuMs: (c.user + c.system) / 1000, x }))
}

const runChild = (): Promise<{ wallMs: number; cpuMs: number }> =>
  new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [fileURLToPath(import.meta.url), kind, "child"], { stdio: ["ignore", "pipe", "inherit"] })
    let out = ""
    child.stdout.on("data", (d: Buffer) => (out += d.toString()))
    child.on("error", reject)
    child.on("close", () => resolve(JSON.parse(out) as { wallMs: number; cpuMs: number }))
  })

if (process.argv[3] === "child") job()
else {
  const median = (xs: ReadonlyArray<number>): number => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!
  const alone: Array<number> = []
  const together: Array<number> = []
  for (let r = 0; r < rounds; r++) {
    alone.push((await runChild()).wallMs)
    const both = await Promise.all([runChild(), runChild()])
    together.push(Math.max(both[0].wallMs, both[1].wallMs))
  }
  const a = median(alone)
  const t = median(together)
  console.log(`${kind}: one copy ${a.toFixed(0)} ms, two copies at once ${t.toFixed(0)} ms: 2 processes give ${((2 * a) / t).toFixed(2)}x the throughput of 1`)
}
