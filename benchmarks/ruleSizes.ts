import { readdirSync, readFileSync } from "node:fs"
import { join } from "node:path"
import { defaultRulesDir } from "../src/catalogue/paths.js"
import type { Target } from "./types.js"

/**
 * Issue 14's measure of whether rules read as short declarations: the lines of each rules/<id>/rule.yaml
 * (the sibling builders.yaml / config.yaml files are not counted, as the issue counted rule.yaml).
 */
export const RULE_MEDIAN_TARGET = 80
export const RULE_MAX_TARGET = 200

export interface RuleSizes {
  readonly rules: number
  readonly median: number
  readonly largest: ReadonlyArray<{ readonly id: string; readonly lines: number }>
}

export const measureRuleSizes = (rulesDir = defaultRulesDir()): RuleSizes => {
  const sizes = readdirSync(rulesDir, { withFileTypes: true })
    .filter((d) => d.isDirectory())
    .flatMap((d) => {
      try {
        const text = readFileSync(join(rulesDir, d.name, "rule.yaml"), "utf8")
        return [{ id: d.name, lines: text.split("\n").length - (text.endsWith("\n") ? 1 : 0) }]
      } catch {
        return []
      }
    })
    .sort((a, b) => b.lines - a.lines)
  const ascending = sizes.map((s) => s.lines).reverse()
  // the median of an even count is the mean of the middle two
  const mid = ascending.length >> 1
  const median = ascending.length === 0 ? 0 : ascending.length % 2 === 1 ? ascending[mid]! : (ascending[mid - 1]! + ascending[mid]!) / 2
  return { rules: sizes.length, median, largest: sizes.slice(0, 5) }
}

export const ruleSizeTargets = (sizes: RuleSizes): Array<Target> => {
  const over = sizes.largest.filter((s) => s.lines > RULE_MAX_TARGET)
  return [
    {
      id: "rule-median-lines",
      description: `rules read as short declarations: median lines of a rule.yaml (${sizes.rules} rules)`,
      target: `≤ ${RULE_MEDIAN_TARGET}`,
      value: `${sizes.median}`,
      met: sizes.median <= RULE_MEDIAN_TARGET
    },
    {
      id: "rule-max-lines",
      description: "rules read as short declarations: longest rule.yaml",
      target: `≤ ${RULE_MAX_TARGET}`,
      value: `${sizes.largest[0]?.lines ?? 0} (${sizes.largest[0]?.id ?? "none"}${over.length > 1 ? `; ${over.length} over ${RULE_MAX_TARGET}: ${over.map((s) => `${s.id} ${s.lines}`).join(", ")}` : ""})`,
      met: (sizes.largest[0]?.lines ?? 0) <= RULE_MAX_TARGET
    }
  ]
}
