import { serveWorker } from "../src/engine/pool/serveWorker.js"
import { parseOnlyAnalyser } from "./parseOnly.js"

/**
 * Pool child for the parse-only baseline: the engine's own worker protocol, batching and memory
 * hygiene (gc every 50 files / 4 MB), with an analyser that only parses. Compiled to
 * dist/benchmarks/parseOnlyWorker.js.
 */
serveWorker(() => Promise.resolve(parseOnlyAnalyser))
