import { existsSync } from "node:fs"
import { dirname, join } from "node:path"
import { fileURLToPath } from "node:url"

/**
 * The child must run compiled JS: a forked Node process cannot load our `.ts` sources without a
 * loader (stack-notes §2.4), and dragging tsx into every child would cost seconds per start.
 * Compiled (dist/src/engine/pool/WorkerPool.js) the entry sits next to this module. Under vitest this
 * module is the `.ts` source, so we point at the build output instead (`npm test` builds dist first).
 */
export const defaultWorkerEntry = (): string => {
  const here = dirname(fileURLToPath(import.meta.url))
  const besideMe = join(here, "worker-main.js")
  if (existsSync(besideMe)) return besideMe
  const repoRoot = join(here, "..", "..", "..")
  return join(repoRoot, "dist", "src", "engine", "pool", "worker-main.js")
}
