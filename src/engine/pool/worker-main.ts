import type { AnalyserOptions } from "../createAnalyser.js"
import { createAnalyser } from "../createAnalyser.js"
import { serveWorker } from "./serveWorker.js"

/** Child entry forked by the worker pool (compiled to dist/src/engine/pool/worker-main.js). */

const analyserOptions = (init: unknown): AnalyserOptions => {
  if (typeof init === "object" && init !== null) {
    const { rulesDir, complianceDir } = init as { readonly rulesDir?: unknown; readonly complianceDir?: unknown }
    if (typeof rulesDir === "string" && typeof complianceDir === "string") return { rulesDir, complianceDir }
  }
  throw new Error("init must be { rulesDir: string, complianceDir: string }")
}

serveWorker((init) => createAnalyser(analyserOptions(init)))
