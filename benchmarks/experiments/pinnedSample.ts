import { readFileSync } from "node:fs"
import { dirname, join } from "node:path"
import { fileURLToPath } from "node:url"
import { Either } from "effect"
import type { Analyser, FileTask } from "../../src/engine/Analyser.js"
import { makeAnalyser } from "../../src/engine/createAnalyser.js"
import { loadCatalogueSync } from "../../src/engine/index.js"
import { discoverCorpora, readManifest, resolveCorpus } from "../corpora.js"

/** The code corpora the experiments run in process. */
export type CodeCorpus = "typescript" | "javascript" | "python" | "go"

const here = dirname(fileURLToPath(import.meta.url))
/** the checkout (experiments run from dist/benchmarks/experiments) */
export const REPO_ROOT = join(here, "..", "..", "..")

/**
 * The bench's pinned sample of a code corpus as analyser tasks, its size, and an analyser with the
 * whole catalogue: what the in-process experiments measure.
 */
export const pinnedSample = (corpus: CodeCorpus): { readonly tasks: ReadonlyArray<FileTask>; readonly bytes: number; readonly scan: Analyser } => {
  const { sources } = discoverCorpora(REPO_ROOT)
  const source = sources.find((s) => s.name === corpus)
  if (source === undefined) throw new Error(`no ${corpus} corpus on this machine`)
  const pinned = readManifest(join(REPO_ROOT, "benchmarks", "manifest.json"))?.corpora[corpus]
  const { selected } = resolveCorpus(source, pinned, pinned?.capBytes ?? 1_500_000, false)
  const tasks: Array<FileTask> = selected.files.map((f) => ({ path: f.path, content: readFileSync(f.absolute, "utf8"), kind: corpus }))
  const loaded = loadCatalogueSync({})
  if (Either.isLeft(loaded)) throw new Error(loaded.left.message)
  return { tasks, bytes: tasks.reduce((s, t) => s + Buffer.byteLength(t.content), 0), scan: makeAnalyser(loaded.right) }
}
