/**
 * The annotation grammar of rule examples. A comment (`#` or `//`) alone on its line names what the
 * next line that is not itself an annotation must produce:
 *
 *   ruleid: <id>            exactly one finding of the rule starts on that line (two annotations: two)
 *   ruleid: <id>@<col>      ... and it starts at this 1-based column
 *   ruleid: <id>[<variant>] ... and it comes from a matcher with this message variant
 *   ok: <id>                no finding of the rule on that line
 *   todoruleid: <id>        a known gap: the rule should report the line but does not yet
 *   todook: <id>            a known false positive: the rule reports the line but should not
 *
 * Several ids may share one annotation, separated by commas: `ruleid: a, b[v]@5`.
 */

export type AnnotationKind = "ruleid" | "ok" | "todoruleid" | "todook"

export interface Expectation {
  readonly id: string
  readonly variant?: string
  readonly column?: number
}

export interface Annotation {
  readonly kind: AnnotationKind
  readonly expectations: ReadonlyArray<Expectation>
  /** 1-based line of the comment itself */
  readonly line: number
  /** 1-based line the annotation speaks about: the next line that is not itself an annotation */
  readonly target: number
}

const ITEM = String.raw`[a-z0-9_]+(?:\[[a-z0-9_]+\])?(?:@[0-9]+)?`
const ANNOTATION = new RegExp(String.raw`(?:#|\/\/)[ \t]*(ruleid|ok|todoruleid|todook):[ \t]*(${ITEM}(?:[ \t]*,[ \t]*${ITEM})*)[ \t]*$`)
const PARTS = /^([a-z0-9_]+)(?:\[([a-z0-9_]+)\])?(?:@([0-9]+))?$/

const expectationOf = (item: string): Expectation => {
  const [, id, variant, column] = PARTS.exec(item)!
  return { id: id!, ...(variant !== undefined ? { variant } : {}), ...(column !== undefined ? { column: Number(column) } : {}) }
}

export const parseAnnotations = (lines: ReadonlyArray<string>): Array<Annotation> => {
  const out: Array<Annotation> = []
  lines.forEach((text, i) => {
    const m = ANNOTATION.exec(text)
    if (m === null) return
    let target = i + 1
    while (target < lines.length && ANNOTATION.test(lines[target]!)) target++
    const expectations = m[2]!.split(",").map((s) => s.trim()).filter(Boolean).map(expectationOf)
    out.push({ kind: m[1] as AnnotationKind, expectations, line: i + 1, target: target + 1 })
  })
  return out
}

/** `id`, `id[variant]`, `id@col` as written in an annotation. */
export const showExpectation = (e: Expectation): string =>
  `${e.id}${e.variant !== undefined ? `[${e.variant}]` : ""}${e.column !== undefined ? `@${e.column}` : ""}`

/**
 * The example as the engine should see it: each annotation's text blanked (same length, so lines
 * and columns stay), so a rule id in a comment (`code_execution` holds `exec`) cannot make the code
 * around it look relevant to a prefilter.
 */
export const withoutAnnotations = (text: string): string =>
  text
    .split("\n")
    .map((line) => {
      const m = ANNOTATION.exec(line)
      return m === null ? line : line.slice(0, m.index + 2) + " ".repeat(line.length - m.index - 2)
    })
    .join("\n")
