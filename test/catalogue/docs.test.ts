import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { Either } from "effect"
import { afterAll, describe, expect, it } from "vitest"
import YAML from "yaml"
import { formatProblem } from "../../src/catalogue/CatalogueLoadError.js"
import { defaultComplianceDir, defaultModelsDir, defaultRulesDir, packageRoot } from "../../src/catalogue/paths.js"
import { loadCatalogueSync } from "../../src/engine/index.js"

/**
 * Docs that are tests (as Biome does with its rule docs): every ```yaml block of docs/rule-format.md
 * is loaded exactly as a rule in rules/ is, schema, cross-references and matcher compile included.
 * A block is either a whole rule, a list of matchers, which replace the whole rule's matchers, or
 * part of a rule (a mapping without `id`: a `ladder` and the `matchers` that use it), whose keys
 * replace the whole rule's.
 */
interface Block {
  readonly line: number
  readonly text: string
}

const yamlBlocks = (markdown: string): Array<Block> => {
  const out: Array<Block> = []
  const lines = markdown.split("\n")
  for (let i = 0; i < lines.length; i++) {
    if (lines[i]!.trim() !== "```yaml") continue
    const start = i + 1
    let end = start
    while (end < lines.length && lines[end]!.trim() !== "```") end++
    out.push({ line: start + 1, text: lines.slice(start, end).join("\n") })
    i = end
  }
  return out
}

const doc = readFileSync(join(packageRoot(), "docs", "rule-format.md"), "utf8")
const blocks = yamlBlocks(doc)
const parsed = blocks.map((b) => ({ ...b, value: YAML.parse(b.text) as unknown }))
const isMapping = (v: unknown): v is Record<string, unknown> => typeof v === "object" && v !== null && !Array.isArray(v)
const wholeRules = parsed.filter((b) => isMapping(b.value) && Object.hasOwn(b.value, "id"))
const partRules = parsed.filter((b) => isMapping(b.value) && !Object.hasOwn(b.value, "id"))
const matcherLists = parsed.filter((b) => Array.isArray(b.value))

const dir = mkdtempSync(join(tmpdir(), "vigil-docs-"))
afterAll(() => rmSync(dir, { recursive: true, force: true }))
// the models beside the rules folders, for the named sink kinds and lists the examples use
cpSync(defaultModelsDir(defaultRulesDir()), join(dir, "models"), { recursive: true })

/** Loads one rule file from a fresh rules directory; the problems, with lines shifted into the doc. */
const load = (ruleText: string, docLine: number | undefined): Array<string> => {
  const rules = mkdtempSync(join(dir, "rules-"))
  const id = (YAML.parse(ruleText) as { id: string }).id
  mkdirSync(join(rules, id))
  writeFileSync(join(rules, id, "rule.yaml"), ruleText)
  const loaded = loadCatalogueSync({ rulesDir: rules, complianceDir: defaultComplianceDir() })
  if (Either.isRight(loaded)) return []
  return loaded.left.problems.map((p) =>
    docLine !== undefined && p.line !== undefined ? `docs/rule-format.md:${docLine + p.line - 1} ${p.path}: ${p.message}` : formatProblem(p)
  )
}

describe("docs/rule-format.md", () => {
  it("has YAML examples, each a whole rule or a list of matchers", () => {
    expect(wholeRules.length).toBe(1)
    expect(matcherLists.length).toBeGreaterThanOrEqual(5)
    expect(partRules.length).toBeGreaterThanOrEqual(1)
    expect(wholeRules.length + partRules.length + matcherLists.length).toBe(blocks.length)
  })

  it(`its whole rule (line ${wholeRules[0]?.line}) loads as a rule`, () => {
    expect(load(wholeRules[0]!.text, wholeRules[0]!.line)).toEqual([])
  })

  describe.each(matcherLists.map((b) => [b.line, b] as const))("the matchers at line %i", (_line, block) => {
    it("load as the whole rule's matchers", () => {
      const rule = { ...(wholeRules[0]!.value as Record<string, unknown>), matchers: block.value }
      expect(load(YAML.stringify(rule), undefined).map((p) => `docs/rule-format.md:${block.line} ${p}`)).toEqual([])
    })
  })

  describe.each(partRules.map((b) => [b.line, b] as const))("the part of a rule at line %i", (_line, block) => {
    it("loads in place of the whole rule's keys", () => {
      const rule = { ...(wholeRules[0]!.value as Record<string, unknown>), ...(block.value as Record<string, unknown>) }
      expect(load(YAML.stringify(rule), undefined).map((p) => `docs/rule-format.md:${block.line} ${p}`)).toEqual([])
    })
  })

  it("a block that drifts from the format fails", () => {
    const { text, line } = wholeRules[0]!
    const severityLine = line + text.split("\n").findIndex((l) => l.startsWith("severity:"))
    expect(load(text.replace("severity: CRITICAL", "severity: SEVERE"), line)[0]).toMatch(new RegExp(`^docs/rule-format\\.md:${severityLine} \\$\\.severity: `))
    expect(load(text.replace("kind: ts-ast", "kind: ts-ast\n    nodes: [CallExpression]"), line).join("\n")).toMatch(/\$\.matchers\[0\]\.nodes/)
    expect(load(text.replace("not_literal: arg0", "not_literal: arg0\n      - matches: { capture: nope, regex: x }"), line).join("\n")).toMatch(/\$\.matchers\[0\]\.where\[1\]/)
  })
})
