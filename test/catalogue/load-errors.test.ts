import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs"
import { tmpdir } from "node:os"
import { dirname, join } from "node:path"
import { fileURLToPath } from "node:url"
import { Either } from "effect"
import { describe, expect, it } from "vitest"
import { formatProblem } from "../../src/catalogue/CatalogueLoadError.js"
import { defaultComplianceDir } from "../../src/catalogue/paths.js"
import { loadCatalogueSync } from "../../src/engine/index.js"

const baseRule = readFileSync(join(dirname(fileURLToPath(import.meta.url)), "fixtures", "syntactic-rule.yaml"), "utf8")

/** A catalogue of the given rule files (folder name -> rule.yaml text) next to the real compliance/. */
const loadRules = (rules: Record<string, string>) => {
  const dir = mkdtempSync(join(tmpdir(), "vigil-rules-"))
  for (const [folder, text] of Object.entries(rules)) {
    mkdirSync(join(dir, folder))
    writeFileSync(join(dir, folder, "rule.yaml"), text)
  }
  return loadCatalogueSync({ rulesDir: dir, complianceDir: defaultComplianceDir() })
}

const problemsOf = (rules: Record<string, string>): Array<string> => {
  const result = loadRules(rules)
  if (Either.isRight(result)) return []
  return result.left.problems.map(formatProblem)
}

const lineOf = (text: string, needle: string): number => text.split("\n").findIndex((l) => l.includes(needle)) + 1

describe("loading a catalogue with a bad rule", () => {
  it("accepts the unmodified rule", () => {
    expect(problemsOf({ exec_eval: baseRule })).toEqual([])
  })

  it("names the file, path and line of an unknown key", () => {
    const text = baseRule.replace("severity: CRITICAL", "severity: CRITICAL\nseverty: HIGH")
    const problems = problemsOf({ exec_eval: text })
    expect(problems).toHaveLength(1)
    expect(problems[0]).toContain("exec_eval/rule.yaml")
    expect(problems[0]).toContain(`:${lineOf(text, "severty")} $.severty`)
  })

  it("reports a wrong type with its path", () => {
    const problems = problemsOf({ exec_eval: baseRule.replace(/confidence: 0\.\d+/, "confidence: high") })
    expect(problems.join("\n")).toMatch(/\$\.confidence/)
  })

  it("reports an unknown key inside a matcher with the matcher's index", () => {
    const text = baseRule.replace("    kind: ts-ast\n    node: [CallExpression]\n    callee: [eval,", "    kind: ts-ast\n    nodes: [X]\n    node: [CallExpression]\n    callee: [eval,")
    expect(problemsOf({ exec_eval: text }).join("\n")).toMatch(/\$\.matchers\[1\]\.nodes/)
  })

  it("reports unknown CWE, OWASP and compliance ids", () => {
    const text = baseRule
      .replace("cwe: [CWE-95, CWE-94]", "cwe: [CWE-95, CWE-99999]")
      .replace("owasp: A03:2021", "owasp: A99:2021")
      .replace("nist_ai_rmf: [MEASURE 2.7]", "nist_ai_rmf: [PROTECT 1.1]")
    const problems = problemsOf({ exec_eval: text }).join("\n")
    expect(problems).toMatch(/\$\.cwe\[1\]: unknown CWE id "CWE-99999"/)
    expect(problems).toMatch(/\$\.owasp: unknown OWASP id "A99:2021"/)
    expect(problems).toMatch(/\$\.compliance\.nist_ai_rmf\[0\]: unknown nist_ai_rmf id "PROTECT 1.1"/)
  })

  it("reports duplicate ids and aliases across rules", () => {
    const other = baseRule.replace("id: exec_eval", "id: other_rule").replace("aliases: [universal_exec_eval, tainted_eval]", "aliases: [tainted_eval]")
    const problems = problemsOf({ exec_eval: baseRule, other_rule: other }).join("\n")
    expect(problems).toMatch(/other_rule\/rule\.yaml:\d+ \$\.aliases\[0\]: duplicate id or alias "tainted_eval"/)
  })

  it("reports a tree-sitter query that does not compile against the grammar", () => {
    const text = baseRule.replace("((call\n", "((no_such_node\n")
    const problems = problemsOf({ exec_eval: text }).join("\n")
    expect(problems).toMatch(/\$\.matchers\[0\]\.query: query does not compile against the python grammar/)
  })

  it("reports an unknown capture in a where condition and a bad regex", () => {
    const text = baseRule.replace("      - not_literal: code\n      - not_matches", "      - not_literal: cod\n      - not_matches")
    expect(problemsOf({ exec_eval: text }).join("\n")).toMatch(/\$\.matchers\[0\]\.where\[0\]: unknown capture "cod"/)
    const badRegex = baseRule.replace('regex: "^(?!builtins$)"', 'regex: "(unclosed"')
    expect(problemsOf({ exec_eval: badRegex }).join("\n")).toMatch(/\$\.matchers\[0\]\.where\[1\]: invalid regex/)
  })

  it("reports an unknown matcher kind and a folder/id mismatch", () => {
    const text = baseRule.replace("    kind: ts-ast\n    node: [CallExpression]\n    callee: [eval,", "    kind: semgrep\n    node: [CallExpression]\n    callee: [eval,")
    const problems = problemsOf({ wrong_folder: text }).join("\n")
    expect(problems).toMatch(/\$\.matchers\[1\]\.kind: unknown matcher kind "semgrep"/)
    expect(problems).toMatch(/\$\.id: id "exec_eval" must equal its folder name "wrong_folder"/)
  })

  it("reports YAML syntax errors with a line", () => {
    expect(problemsOf({ exec_eval: baseRule.replace("title: Dynamic code evaluation", "title: [unclosed") }).join("\n")).toMatch(/rule\.yaml:\d+ \$:/)
  })

  describe("references to the models' named sinks and lists, and sibling matcher files", () => {
    const models = "language: python\nuntrusted: []\nsinks:\n  log:\n    - callee: [print]\nlists:\n  loggers: [print, \"logging.*\"]\n"
    /** A catalogue with one rule folder (file name -> text) and a models/python.yaml beside rules/. */
    const loadResult = (files: Record<string, string>) => {
      const root = mkdtempSync(join(tmpdir(), "vigil-kinds-"))
      mkdirSync(join(root, "models"))
      writeFileSync(join(root, "models", "python.yaml"), models)
      mkdirSync(join(root, "rules", "exec_eval"), { recursive: true })
      for (const [name, text] of Object.entries(files)) writeFileSync(join(root, "rules", "exec_eval", name), text)
      return loadCatalogueSync({ rulesDir: join(root, "rules"), complianceDir: defaultComplianceDir() })
    }
    const load = (files: Record<string, string>): Array<string> => {
      const result = loadResult(files)
      return Either.isRight(result) ? [] : result.left.problems.map(formatProblem)
    }
    const flow = (sinks: string) => `  - target: [python]\n    kind: flow\n    sinks: ${sinks}\n    message: A secret is logged.\n`
    const withMatcher = (matcher: string) => baseRule.replace("matchers:\n", `matchers:\n${matcher}`)

    it("expands a known sink kind and named list", () => {
      expect(load({ "rule.yaml": withMatcher(flow("[{ kind: log, label: logs it }, { callee: [<loggers>] }]")) })).toEqual([])
    })

    it("names the file, path and line of an unknown sink kind", () => {
      const text = withMatcher(flow("[{ kind: log }, { kind: loggging, label: logs it }]"))
      const problems = load({ "rule.yaml": text })
      expect(problems).toHaveLength(1)
      expect(problems[0]).toContain(`exec_eval/rule.yaml:${lineOf(text, "loggging")} $.matchers[0].sinks[1].kind: unknown sink kind "loggging" for python (known: log;`)
    })

    it("names the path of an unknown named list and of a bad key beside a sink kind", () => {
      const text = withMatcher(flow("[{ kind: log, chek: host }, { callee: [print, <nope>] }]"))
      const problems = load({ "rule.yaml": text }).join("\n")
      expect(problems).toMatch(/\$\.matchers\[0\]\.sinks\[1\]\.callee\[1\]: unknown list "<nope>" for python \(known: loggers;/)
      expect(problems).toMatch(/\$\.matchers\[0\]\.sinks\[0\]\.chek: /)
    })

    it("reads a setting given by keyword or by position, and names the line of a named `arg` beside `keyword`", () => {
      const call = (arg: string) => `  - target: python\n    kind: call\n    callee: [<loggers>]\n    where: [{ keyword: config, arg: ${arg}, field: limit, at_least: 1000 }]\n    message: A huge limit.\n`
      expect(load({ "rule.yaml": withMatcher(call("1")) })).toEqual([])
      const absent = "  - target: python\n    kind: call\n    callee: [<loggers>]\n    where: [{ keyword: [config, limits], arg: 1, absent: true }]\n    message: No limit.\n"
      expect(load({ "rule.yaml": withMatcher(absent) })).toEqual([])
      const text = withMatcher(call("settings"))
      const problems = load({ "rule.yaml": text })
      expect(problems).toHaveLength(1)
      expect(problems[0]).toContain(`exec_eval/rule.yaml:${lineOf(text, "arg: settings")} $.matchers[0].where[0].arg: with \`keyword\`, \`arg\` is the position`)
    })

    describe("a rule's ladder and a call matcher's caps", () => {
      const ladder = [
        "ladder:",
        "  removed: { equals: null, variant: no_cap, severity: CRITICAL }",
        "  huge: { at_least: 1000, severity: HIGH, confidence: 0.75 }",
        "  high: { at_least: 16, below: 1000, variant: high_cap, severity: MEDIUM, risk_tier: hardening }",
        ""
      ].join("\n")
      const withCaps = (entries: string, rungs = ladder) =>
        withMatcher(`  - target: python\n    kind: call\n    confidence: 0.5\n    where: [{ keyword: timeout, absent: true }]\n    caps:\n${entries}`).replace("matchers:\n", `${rungs}matchers:\n`)
      const entries = [
        "      - at: { callee: [<loggers>], keyword: [max_steps, max_turns] }",
        "        huge: The step limit is no limit at all.",
        "        high: The step limit is above 15.",
        "      - at: { target: [python, go], callee: [\"*\"], keyword: config, arg: 1, field: limit }",
        "        removed: The limit is removed.",
        ""
      ].join("\n")

      it("stands for one call matcher per entry and rung, in the order written", () => {
        const result = loadResult({ "rule.yaml": withCaps(entries) })
        if (Either.isLeft(result)) throw new Error(result.left.message)
        const rule = result.right.rules.find((r) => r.id === "exec_eval")!
        expect(rule).not.toHaveProperty("ladder")
        const fields = ["target", "callee", "variant", "severity", "confidence", "risk_tier", "where", "message"] as const
        const shown = rule.matchers.slice(0, 4).map((m) => Object.fromEntries(fields.flatMap((f) => (f in m ? [[f, (m as Record<string, unknown>)[f]]] : []))))
        const timeout = { keyword: "timeout", absent: true }
        expect(shown).toEqual([
          { target: "python", callee: ["print", "logging.*"], variant: "huge", severity: "HIGH", confidence: 0.75, where: [{ keyword: ["max_steps", "max_turns"], at_least: 1000 }, timeout], message: "The step limit is no limit at all." },
          { target: "python", callee: ["print", "logging.*"], variant: "high_cap", severity: "MEDIUM", confidence: 0.5, risk_tier: "hardening", where: [{ keyword: ["max_steps", "max_turns"], at_least: 16, below: 1000 }, timeout], message: "The step limit is above 15." },
          { target: "python", callee: ["*"], variant: "no_cap", severity: "CRITICAL", confidence: 0.5, where: [{ keyword: "config", arg: 1, field: "limit", equals: null }, timeout], message: "The limit is removed." },
          { target: "go", callee: ["*"], variant: "no_cap", severity: "CRITICAL", confidence: 0.5, where: [{ keyword: "config", arg: 1, field: "limit", equals: null }, timeout], message: "The limit is removed." }
        ])
      })

      it("names the path and line of an unknown rung, a bad `at`, a bad rung and caps without a ladder", () => {
        const text = withCaps(entries.replace("        high:", "        hihg:").replace("field: limit }", "feild: limit }"))
        const problems = load({ "rule.yaml": text })
        expect(problems).toHaveLength(2)
        expect(problems[0]).toContain(`exec_eval/rule.yaml:${lineOf(text, "hihg:")} $.matchers[0].caps[0].hihg: unknown rung "hihg" (the ladder's: removed, huge, high)`)
        expect(problems[1]).toContain(`exec_eval/rule.yaml:${lineOf(text, "feild")} $.matchers[0].caps[1].at.feild: is unexpected`)
        const badRung = withCaps(entries, ladder.replace("at_least: 1000,", "at_least: lots,"))
        expect(load({ "rule.yaml": badRung }).join("\n")).toContain(`exec_eval/rule.yaml:${lineOf(badRung, "lots")} $.ladder.huge.at_least: Expected number, actual "lots"`)
        const noLadder = withCaps(entries, "")
        // located at the list the key holds, which starts on the line after `caps:`
        const capsLine = noLadder.split("\n").findIndex((l) => l.trim() === "caps:") + 2
        const missing = load({ "rule.yaml": noLadder })
        expect(missing).toHaveLength(1)
        expect(missing[0]).toContain(`exec_eval/rule.yaml:${capsLine} $.matchers[0].caps: \`caps\` names rungs of the rule's \`ladder\`, and the rule has none`)
      })
    })

    it("loads builders.yaml and config.yaml, and names them in their problems", () => {
      const builders = "- target: n8n\n  kind: graph\n  check: node\n  node_types: [n8n-nodes-base.code]\n  code_matches: eval\n"
      expect(load({ "rule.yaml": baseRule, "builders.yaml": builders, "config.yaml": "- target: yaml\n  kind: jsonpath\n  given: [\"$.x\"]\n  then: [{ function: truthy }]\n" })).toEqual([])
      const problems = load({ "rule.yaml": baseRule, "builders.yaml": builders + "- target: python\n  kind: flow\n  sinks: [{ kind: nope }]\n", "config.yml": "[]" }).join("\n")
      expect(problems).toMatch(/exec_eval\/builders\.yaml:8 \$\[1\]\.sinks\[0\]\.kind: unknown sink kind "nope"/)
      expect(problems).toMatch(/exec_eval\/config\.yml \$: unknown file in a rule folder/)
      const wrongFamily = load({ "rule.yaml": baseRule, "builders.yaml": "- target: yaml\n  kind: jsonpath\n  given: [\"$.x\"]\n  then: [{ function: truthy }]\n" }).join("\n")
      expect(wrongFamily).toMatch(/exec_eval\/builders\.yaml:1 \$\[0\]\.target: target "yaml" does not belong in this file/)
    })

    describe("language files (python.yaml, javascript.yaml, go.yaml continue rule.yaml's matchers)", () => {
      // a matcher every code language can take, with an anchor the language files use
      const anchored = baseRule.replace("matchers:\n", "matchers:\n  - &py_timer\n    target: python\n    kind: call\n    callee: [setTimeout]\n    message: A timer is given a string.\n")
      const goFile = "# Go matchers\n- <<: *py_timer\n  target: go\n  message: A Go timer is given a string.\n"
      const jsFile = "- <<: *py_timer\n  target: javascript\n  message: A JavaScript timer is given a string.\n"

      it("loads them after rule.yaml's matchers, in the order python, javascript, go, with rule.yaml's anchors", () => {
        const result = loadResult({ "rule.yaml": anchored, "go.yaml": goFile, "javascript.yaml": jsFile })
        if (Either.isLeft(result)) throw new Error(result.left.message)
        const rule = result.right.rules.find((r) => r.id === "exec_eval")!
        const own = rule.matchers.length - 2
        expect(rule.matchers.slice(own).map((m) => [m.target, m.message])).toEqual([
          ["javascript", "A JavaScript timer is given a string."],
          ["go", "A Go timer is given a string."]
        ])
        // the Go matcher is the Python one with its target and message overridden
        expect({ ...rule.matchers[own + 1], target: "python", message: "" }).toEqual({ ...rule.matchers[0], message: "" })
      })

      it("hold every code matcher of a rule whose rule.yaml has none", () => {
        const header = anchored.slice(0, anchored.indexOf("matchers:"))
        const matchers = anchored.slice(anchored.indexOf("matchers:\n") + "matchers:\n".length).split("\n").map((l) => l.slice(2)).join("\n")
        const byTarget = (t: string) => matchers.split(/\n(?=- )/).filter((m) => new RegExp(`^- (?:&\\w+\\n  )?target: ${t}\\n`).test(m)).join("\n") + "\n"
        expect(load({ "rule.yaml": header, "python.yaml": byTarget("python"), "javascript.yaml": byTarget("javascript"), "go.yaml": byTarget("go") })).toEqual([])
      })

      it("name the language file, its line and the matcher's index in it in their problems", () => {
        const bad = "- <<: *py_timer\n  target: go\n  message: fine\n- <<: *py_timer\n  target: go\n  mesage: typo\n"
        const problems = load({ "rule.yaml": anchored, "javascript.yaml": jsFile, "go.yaml": bad })
        expect(problems).toHaveLength(1)
        expect(problems[0]).toMatch(/exec_eval\/go\.yaml:6 \$\[1\]\.mesage: is unexpected/)
        const wrongTarget = load({ "rule.yaml": anchored, "python.yaml": "- <<: *py_timer\n  target: go\n" }).join("\n")
        expect(wrongTarget).toMatch(/exec_eval\/python\.yaml:2 \$\[0\]\.target: target "go" does not belong in this file \(expected one of python\)/)
        const syntax = load({ "rule.yaml": anchored, "go.yaml": "- target: go\n  kind: [\n" }).join("\n")
        expect(syntax).toMatch(/exec_eval\/go\.yaml:\d+ \$: /)
        const unknownAnchor = load({ "rule.yaml": anchored, "go.yaml": "- <<: *nowhere\n  target: go\n" }).join("\n")
        expect(unknownAnchor).toMatch(/exec_eval\/go\.yaml:1 \$: Unresolved alias/)
      })

      it("need rule.yaml's matchers as its last key, indented", () => {
        const notLast = anchored.replace("matchers:\n", "matchers:\n  - target: any\n    kind: regex\n    patterns: [{ name: x, regex: x }]\n    message: x\nreferences: [https://example.com]\nmore:\n").split("more:\n")[0]!
        expect(load({ "rule.yaml": notLast, "go.yaml": goFile }).join("\n")).toMatch(/exec_eval\/rule\.yaml:\d+ \$\.matchers: python\.yaml, javascript\.yaml and go\.yaml continue rule\.yaml's matcher list: `matchers:` must be rule\.yaml's last key/)
        const flush = anchored.replace("matchers:\n  - &py_timer\n", "matchers:\n- &py_timer\n")
        expect(load({ "rule.yaml": flush, "go.yaml": goFile }).join("\n")).toMatch(/indent its items by two spaces/)
      })
    })

    it("reports an alias whose anchor is in another file, at the alias", () => {
      const problems = load({ "rule.yaml": baseRule, "builders.yaml": "- target: n8n\n  kind: graph\n  check: node\n  code_matches: *elsewhere\n" }).join("\n")
      expect(problems).toMatch(/exec_eval\/builders\.yaml:4 \$: Unresolved alias/)
    })
  })
})
