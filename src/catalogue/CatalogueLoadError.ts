import { Data } from "effect"

/** One thing wrong with the catalogue, located like a linter would: file, key path, line. */
export interface CatalogueProblem {
  readonly file: string
  /** JSON-path-like location of the bad key, e.g. `$.matchers[0].where[1].not_literal` */
  readonly path: string
  readonly line?: number
  readonly message: string
}

export const formatProblem = (p: CatalogueProblem): string =>
  `${p.file}${p.line !== undefined ? `:${p.line}` : ""} ${p.path}: ${p.message}`

export class CatalogueLoadError extends Data.TaggedError("CatalogueLoadError")<{
  readonly problems: ReadonlyArray<CatalogueProblem>
}> {
  override get message(): string {
    return `the rule catalogue is invalid (${this.problems.length} problem${this.problems.length === 1 ? "" : "s"}):\n` +
      this.problems.map((p) => `  - ${formatProblem(p)}`).join("\n")
  }
}
