import AjvDraft04 from "ajv-draft-04"
import addFormatsModule from "ajv-formats"
import fc from "fast-check"
import { createHash } from "node:crypto"
import * as fs from "node:fs"
import * as path from "node:path"
import { describe, expect, it } from "vitest"
import { Either } from "effect"
import type { LoadedRule } from "../src/catalogue/Catalogue.js"
import { cvss31BaseScore } from "../src/catalogue/cvss.js"
import type { Finding } from "../src/domain/Finding.js"
import { compileCatalogue } from "../src/engine/compileCatalogue.js"
import { analyseFile } from "../src/engine/createAnalyser.js"
import { buildFindings, loadCatalogueSync } from "../src/engine/index.js"
import { Deadline } from "../src/languages/Source.js"
import {
  cweTag,
  logicalLocationOf,
  owaspTag,
  primaryLocationLineHash,
  relativeUri,
  renderSarif,
  truncate,
  type SarifLog,
  type SarifReportingDescriptor
} from "../src/report/Sarif.js"

// Both packages are CommonJS with `exports.default` set to the export itself.
const Ajv = AjvDraft04.default
const addFormats = addFormatsModule.default

// the official OASIS schema, committed next to the tests so validation never depends on the machine
const SCHEMA_PATH = new URL("./support/sarif-schema-2.1.0.json", import.meta.url)

const validateAgainstSchema = (() => {
  const ajv = new Ajv({ allErrors: true, strict: false })
  addFormats(ajv)
  return ajv.compile(JSON.parse(fs.readFileSync(SCHEMA_PATH, "utf8")) as object)
})()

const expectSchemaValid = (log: SarifLog): void => {
  const valid = validateAgainstSchema(JSON.parse(JSON.stringify(log)))
  expect(validateAgainstSchema.errors ?? [], JSON.stringify(validateAgainstSchema.errors, null, 2)).toEqual([])
  expect(valid).toBe(true)
}

// --- fixtures

const makeRule = (overrides: Partial<LoadedRule> & Pick<LoadedRule, "id" | "cvss">): LoadedRule => ({
  title: "A rule title",
  description: "A description of what the rule finds and why it matters.",
  severity: "HIGH",
  confidence: 0.8,
  risk_tier: "vulnerability",
  category: "injection",
  cwe: ["CWE-89"],
  owasp: "A03:2021",
  compliance: {},
  remediation: { hint: "Fix it.", steps: ["Do one thing.", "Do another."] },
  quick_win: "Fix it now",
  matchers: [{ kind: "regex", target: "any", patterns: [{ name: "x", regex: "x" }] }],
  cvssScore: cvss31BaseScore(overrides.cvss),
  dir: `rules/${overrides.id}`,
  version: `sha256:${overrides.id}`,
  ...overrides
})

const sqlInjection = makeRule({
  id: "sql_injection",
  aliases: ["universal_sql_injection"],
  title: "SQL injection",
  description: "SQL text built from untrusted input by concatenation or interpolation.",
  severity: "CRITICAL",
  confidence: 0.9,
  cwe: ["CWE-89"],
  owasp: "A03:2021",
  cvss: "CVSS:3.1/AV:N/AC:L/PR:N/UI:N/S:U/C:H/I:H/A:N",
  compliance: { owasp_llm: ["LLM05"], eu_ai_act: ["Art. 15"], nist_ai_rmf: ["MEASURE 2.7"], iso_42001: ["A.6.2.4"] },
  remediation: { hint: "Use bound parameters.", steps: ["Replace string building with placeholders.", "Pass values as parameters."] },
  references: ["https://cwe.mitre.org/data/definitions/89.html"]
})

const missingRateLimits = makeRule({
  id: "universal_missing_rate_limits",
  aliases: ["missing_rate_limits"],
  title: "Missing rate limits",
  // longer than GitHub's 1024-character limit, with an astral character at the cut
  description: `${"Agent endpoints without a rate limit. ".repeat(26)}${"y".repeat(34)}${"\u{1F600}".repeat(5)}`,
  severity: "MEDIUM",
  confidence: 0.6,
  risk_tier: "hardening",
  category: "resource_exhaustion",
  // more CWEs than fit in GitHub's tag budget
  cwe: ["CWE-770", "CWE-400", "CWE-799", "CWE-307", "CWE-20", "CWE-74", "CWE-77", "CWE-78", "CWE-79", "CWE-88", "CWE-94"],
  owasp: "LLM10",
  cvss: "CVSS:3.1/AV:N/AC:L/PR:N/UI:N/S:U/C:N/I:N/A:L"
})

const unusedRule = makeRule({ id: "exec_eval", cvss: "CVSS:3.1/AV:N/AC:L/PR:N/UI:N/S:U/C:H/I:H/A:H" })

const makeFinding = (overrides: Partial<Finding> & Pick<Finding, "id" | "pattern_id" | "finding_hash">): Finding => ({
  pattern: "SQL injection",
  severity: "CRITICAL",
  confidence: 0.9,
  file: "src/db.py",
  line: 10,
  column: 5,
  message: "Query text is built from request input.",
  code_snippet: 'cursor.execute(f"SELECT * FROM t WHERE id = {user_id}")',
  cwe: "CWE-89",
  cvss: 9.1,
  owasp_category: "A03:2021",
  category: "injection",
  risk_tier: "vulnerability",
  finding_type: "vulnerability",
  remediation_hint: "Use bound parameters.",
  remediation_steps: ["Replace string building with placeholders."],
  compliance_mapping: { cwe_ids: ["CWE-89"] },
  ...overrides
})

const hash = (n: number): string => `sha256:${createHash("sha256").update(String(n)).digest("hex")}`

const findings: ReadonlyArray<Finding> = [
  makeFinding({ id: "f1", pattern_id: "sql_injection", finding_hash: hash(1), file: "./src/db.py" }),
  makeFinding({
    id: "f2",
    pattern_id: "missing_rate_limits", // an alias: the result must carry the canonical id
    finding_hash: hash(2),
    pattern: "Missing rate limits",
    severity: "MEDIUM",
    confidence: 0.6,
    file: "/app/server.ts",
    line: 3,
    column: 0,
    message: "No rate limit on the agent endpoint.",
    code_snippet: "",
    category: "resource_exhaustion",
    risk_tier: "hardening"
  }),
  makeFinding({ id: "f3", pattern_id: "sql_injection", finding_hash: hash(3), file: "lib\\my dir\\q#1.py", line: 0 }),
  makeFinding({
    id: "f4",
    pattern_id: "rule_not_in_catalogue",
    finding_hash: "not-a-hex-hash",
    pattern: "Something else",
    severity: "LOW",
    confidence: 0.4,
    cwe: "CWE-532, CWE-312",
    cvss: 0,
    owasp_category: "A09:2021",
    category: "data_exposure",
    risk_tier: "risk_pattern"
  })
]

const rules = [unusedRule, missingRateLimits, sqlInjection]

const render = (fs: ReadonlyArray<Finding> = findings): SarifLog =>
  renderSarif({ findings: fs, rules, toolVersion: "0.1.0", automationId: "my-agent" })

const run = (log: SarifLog) => log.runs[0]
const ruleById = (log: SarifLog, id: string): SarifReportingDescriptor => {
  const rule = run(log).tool.driver.rules.find((r) => r.id === id)
  if (rule === undefined) throw new Error(`rule ${id} not in log`)
  return rule
}

// --- tests

describe("renderSarif: SARIF 2.1.0 schema", () => {
  it("produces a log valid against the OASIS schema", () => {
    expectSchemaValid(render())
  })

  it("produces a valid log with zero results for no findings", () => {
    const log = render([])
    expectSchemaValid(log)
    expect(run(log).results).toEqual([])
    expect(run(log).tool.driver.rules).toEqual([])
  })

  it("stays valid for arbitrary paths, messages and snippets", () => {
    fc.assert(
      fc.property(
        fc.string({ unit: "binary" }),
        fc.string({ unit: "binary" }),
        fc.string({ unit: "binary" }),
        fc.integer({ min: -5, max: 10_000 }),
        fc.integer({ min: -5, max: 500 }),
        (file, message, snippet, line, column) => {
          const finding = makeFinding({ id: "p", pattern_id: "sql_injection", finding_hash: hash(9), file, message, code_snippet: snippet, line, column })
          expectSchemaValid(render([finding]))
        }
      ),
      { numRuns: 200 }
    )
  })
})

describe("renderSarif: log and run", () => {
  const log = render()

  it("declares the schema, version and a single Vigil run", () => {
    expect(log.$schema).toBe("https://json.schemastore.org/sarif-2.1.0.json")
    expect(log.version).toBe("2.1.0")
    expect(log.runs).toHaveLength(1)
    expect(run(log).tool.driver.name).toBe("Vigil")
    expect(run(log).tool.driver.semanticVersion).toBe("0.1.0")
    expect(run(log).tool.driver.informationUri).toMatch(/^https:\/\//)
    expect(run(log).columnKind).toBe("utf16CodeUnits")
  })

  it("sets automationDetails only when an automation id is given", () => {
    expect(run(log).automationDetails).toEqual({ id: "vigil/my-agent/" })
    const without = renderSarif({ findings, rules, toolVersion: "0.1.0" })
    expect(run(without).automationDetails).toBeUndefined()
  })

  it("lists only the rules that fired, under their canonical ids", () => {
    expect(run(log).tool.driver.rules.map((r) => r.id)).toEqual([
      "rule_not_in_catalogue",
      "sql_injection",
      "universal_missing_rate_limits"
    ])
  })

  it("points every result at its rule", () => {
    const driverRules = run(log).tool.driver.rules
    for (const result of run(log).results) expect(driverRules[result.ruleIndex]?.id).toBe(result.ruleId)
    expect(run(log).results.map((r) => r.ruleId)).toEqual([
      "sql_injection",
      "universal_missing_rate_limits",
      "sql_injection",
      "rule_not_in_catalogue"
    ])
  })

  it("does not depend on the order of the rules list", () => {
    const reordered = renderSarif({ findings, rules: [...rules].reverse(), toolVersion: "0.1.0", automationId: "my-agent" })
    expect(reordered).toEqual(log)
  })
})

describe("renderSarif: rules in GitHub's profile", () => {
  const log = render()

  it("fills name, descriptions, help and level", () => {
    const sql = ruleById(log, "sql_injection")
    expect(sql.name).toBe("SQLInjection")
    expect(sql.shortDescription.text).toBe("SQL injection")
    expect(sql.fullDescription.text).toBe(sqlInjection.description)
    expect(sql.defaultConfiguration.level).toBe("error")
    expect(sql.helpUri).toBe("https://cwe.mitre.org/data/definitions/89.html")
    expect(ruleById(log, "universal_missing_rate_limits").defaultConfiguration.level).toBe("warning")
    expect(ruleById(log, "rule_not_in_catalogue").defaultConfiguration.level).toBe("note")
  })

  it("writes help text and markdown with the hint, numbered steps and references", () => {
    const help = ruleById(log, "sql_injection").help
    expect(help.text).toContain("Use bound parameters.")
    expect(help.text).toContain("1. Replace string building with placeholders.")
    expect(help.text).toContain("2. Pass values as parameters.")
    expect(help.text).toContain("CWE-89")
    expect(help.text).toContain("OWASP A03:2021")
    expect(help.text).toContain("LLM05:2025")
    expect(help.markdown).toContain("[CWE-89](https://cwe.mitre.org/data/definitions/89.html)")
    expect(help.markdown).toContain("1. Replace string building with placeholders.")
    for (const rule of run(log).tool.driver.rules) expect(rule.help.text.trim().length).toBeGreaterThan(0)
  })

  it("keeps descriptions within 1024 characters without splitting a surrogate pair", () => {
    for (const rule of run(log).tool.driver.rules) {
      expect(rule.shortDescription.text.length).toBeLessThanOrEqual(1024)
      expect(rule.fullDescription.text.length).toBeLessThanOrEqual(1024)
      expect(rule.name.length).toBeLessThanOrEqual(255)
    }
    const long = ruleById(log, "universal_missing_rate_limits").fullDescription.text
    expect(long.endsWith("…")).toBe(true)
    expect(long).not.toMatch(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])/)
  })

  it("writes security-severity as a one-decimal string in (0, 10] from the CVSS score", () => {
    expect(ruleById(log, "sql_injection").properties["security-severity"]).toBe("9.1")
    expect(ruleById(log, "universal_missing_rate_limits").properties["security-severity"]).toBe("5.3")
    // no usable CVSS score: falls back to the severity's score instead of "0.0"
    expect(ruleById(log, "rule_not_in_catalogue").properties["security-severity"]).toBe("3.0")
    for (const rule of run(log).tool.driver.rules) {
      const value = rule.properties["security-severity"]
      expect(typeof value).toBe("string")
      expect(value).toMatch(/^\d{1,2}\.\d$/)
      expect(Number(value)).toBeGreaterThan(0)
      expect(Number(value)).toBeLessThanOrEqual(10)
    }
  })

  it("tags with security, zero-padded CWE tags, the OWASP id and the category, at most 10", () => {
    expect(ruleById(log, "sql_injection").properties.tags).toEqual(["security", "external/cwe/cwe-089", "A03:2021", "injection"])
    const capped = ruleById(log, "universal_missing_rate_limits").properties.tags
    expect(capped).toHaveLength(10)
    expect(capped).toContain("external/cwe/cwe-770")
    expect(capped).toContain("LLM10:2025")
    expect(capped).toContain("resource_exhaustion")
    expect(ruleById(log, "rule_not_in_catalogue").properties.tags).toEqual([
      "security",
      "external/cwe/cwe-532",
      "external/cwe/cwe-312",
      "A09:2021",
      "data_exposure"
    ])
    for (const rule of run(log).tool.driver.rules) {
      expect(rule.properties.tags.length).toBeLessThanOrEqual(10)
      expect(new Set(rule.properties.tags).size).toBe(rule.properties.tags.length)
    }
  })

  it("maps confidence to precision", () => {
    expect(ruleById(log, "sql_injection").properties.precision).toBe("very-high")
    expect(ruleById(log, "universal_missing_rate_limits").properties.precision).toBe("medium")
    expect(ruleById(log, "rule_not_in_catalogue").properties.precision).toBe("low")
    const high = renderSarif({
      findings: [makeFinding({ id: "x", pattern_id: "r", finding_hash: hash(4), confidence: 0.75 })],
      rules: [],
      toolVersion: "0.1.0"
    })
    expect(run(high).tool.driver.rules[0]?.properties.precision).toBe("high")
  })
})

describe("renderSarif: results in GitHub's profile", () => {
  const log = render()
  const results = run(log).results

  it("carries level, message, snippet and properties from the finding", () => {
    const first = results[0]
    expect(first?.level).toBe("error")
    expect(first?.message.text).toBe("Query text is built from request input.")
    expect(first?.locations[0]?.physicalLocation.region.snippet?.text).toContain("cursor.execute")
    expect(first?.properties).toEqual({ confidence: 0.9, risk_tier: "vulnerability", category: "injection", finding_id: "f1" })
    expect(results[1]?.level).toBe("warning")
    expect(results[1]?.locations[0]?.physicalLocation.region.snippet).toBeUndefined()
    expect(results[3]?.level).toBe("note")
  })

  it("uses repository-relative URIs under %SRCROOT%", () => {
    const uris = results.map((r) => r.locations[0]?.physicalLocation.artifactLocation.uri)
    expect(uris).toEqual(["src/db.py", "app/server.ts", "lib/my%20dir/q%231.py", "src/db.py"])
    for (const result of results) {
      expect(result.locations).toHaveLength(1)
      const location = result.locations[0]?.physicalLocation.artifactLocation
      expect(location?.uriBaseId).toBe("%SRCROOT%")
      expect(location?.uri).not.toMatch(/^(\/|\.\/|[A-Za-z][A-Za-z0-9+.-]*:)/)
    }
  })

  it("keeps startLine and startColumn at 1 or more", () => {
    for (const result of results) {
      const region = result.locations[0]?.physicalLocation.region
      expect(region?.startLine).toBeGreaterThanOrEqual(1)
      expect(region?.startColumn).toBeGreaterThanOrEqual(1)
    }
    expect(results[0]?.locations[0]?.physicalLocation.region).toMatchObject({ startLine: 10, startColumn: 5 })
  })

  it("fingerprints with the finding hash, never the line number", () => {
    for (const [i, result] of results.entries()) {
      expect(result.partialFingerprints["vigilFindingHash/v1"]).toBe(findings[i]?.finding_hash)
      expect(result.partialFingerprints["primaryLocationLineHash"]).toMatch(/^[0-9a-f]{16}:1$/)
    }
    const moved = render(findings.map((f) => ({ ...f, line: f.line + 40, column: f.column + 3 })))
    expect(run(moved).results.map((r) => r.partialFingerprints)).toEqual(results.map((r) => r.partialFingerprints))
    const lineHashes = results.map((r) => r.partialFingerprints["primaryLocationLineHash"])
    expect(new Set(lineHashes).size).toBe(lineHashes.length)
  })
})

describe("renderSarif: JSON paths as logical locations (as Spectral reports them)", () => {
  it("points a finding in a JSON or YAML file at its JSON path, valid against the schema", () => {
    const located = [
      makeFinding({ id: "j1", pattern_id: "sql_injection", finding_hash: hash(21), file: "mcp.json", json_path: "$.mcpServers.shell.command" }),
      makeFinding({ id: "j2", pattern_id: "sql_injection", finding_hash: hash(22), file: "mcp.json", json_path: "$.mcpServers[\"my server\"].args[1]" }),
      makeFinding({ id: "j3", pattern_id: "sql_injection", finding_hash: hash(23), file: "flow.yaml", json_path: "$.servers[\"a.b\"]" }),
      makeFinding({ id: "j4", pattern_id: "sql_injection", finding_hash: hash(24), file: "src/db.py" })
    ]
    const log = render(located)
    expectSchemaValid(log)
    expect(run(log).results.map((r) => r.locations[0]?.logicalLocations)).toEqual([
      [{ fullyQualifiedName: "$.mcpServers.shell.command", name: "command", kind: "property" }],
      [{ fullyQualifiedName: "$.mcpServers[\"my server\"].args[1]", kind: "value" }],
      [{ fullyQualifiedName: "$.servers[\"a.b\"]", name: "a.b", kind: "property" }],
      undefined
    ])
  })

  it("names the last member of any path, and the root as the object", () => {
    expect(logicalLocationOf("$")).toEqual({ fullyQualifiedName: "$", kind: "object" })
    expect(logicalLocationOf("$.nodes[0].data.inputs.openAIApiKey")).toMatchObject({ name: "openAIApiKey", kind: "property" })
    expect(logicalLocationOf("$[\"a\\\"]b\"]")).toMatchObject({ name: "a\"]b", kind: "property" })
    expect(logicalLocationOf("$.args[12]")).toEqual({ fullyQualifiedName: "$.args[12]", kind: "value" })
  })

  it("stays valid for arbitrary JSON paths", () => {
    fc.assert(
      fc.property(fc.string({ unit: "binary" }), (jsonPath) => {
        expectSchemaValid(render([makeFinding({ id: "p", pattern_id: "sql_injection", finding_hash: hash(9), json_path: jsonPath })]))
      }),
      { numRuns: 200 }
    )
  })

  it("carries the path the engine found in an MCP configuration into the log", () => {
    const loaded = loadCatalogueSync()
    if (Either.isLeft(loaded)) throw new Error(loaded.left.message)
    const catalogue = loaded.right
    const content = JSON.stringify({ mcpServers: { "host shell": { command: "npx", args: ["-y", "@wonderwhy-er/desktop-commander@0.2.3"] } } }, null, 2)
    const analysed = analyseFile(compileCatalogue(catalogue), { path: ".cursor/mcp.json", content, kind: "json" }, Deadline.in(20_000))
    const found = buildFindings(catalogue, ".cursor/mcp.json", content, analysed.matches).filter((f) => f.pattern_id === "mcp_config_risk")
    expect(found.map((f) => f.json_path)).toEqual(["$.mcpServers[\"host shell\"].args[1]"])
    const log = renderSarif({ findings: found, rules: catalogue.rules, toolVersion: "0.1.0" })
    expectSchemaValid(log)
    expect(run(log).results[0]?.locations[0]?.logicalLocations).toEqual([
      { fullyQualifiedName: "$.mcpServers[\"host shell\"].args[1]", kind: "value" }
    ])
  })
})

describe("SARIF helpers", () => {
  it("zero-pads CWE tags to three digits", () => {
    expect(cweTag("CWE-78")).toBe("external/cwe/cwe-078")
    expect(cweTag("CWE-1427")).toBe("external/cwe/cwe-1427")
    expect(cweTag("CWE-22")).toBe("external/cwe/cwe-022")
    expect(cweTag("not a cwe")).toBeUndefined()
  })

  it("reads bare LLM ids as the 2025 list", () => {
    expect(owaspTag("LLM07")).toBe("LLM07:2025")
    expect(owaspTag("LLM07:2025")).toBe("LLM07:2025")
    expect(owaspTag("A03:2021")).toBe("A03:2021")
  })

  it("strips leading ./, / and drive letters and never leaves the root", () => {
    expect(relativeUri("./a/b.py")).toBe("a/b.py")
    expect(relativeUri("//a//b.py")).toBe("a/b.py")
    expect(relativeUri("C:\\repo\\b.py")).toBe("repo/b.py")
    expect(relativeUri("../../etc/passwd")).toBe("etc/passwd")
    expect(relativeUri("a/../../b.py")).toBe("b.py")
    expect(relativeUri("bad\uD800name.py")).toBe("bad%EF%BF%BDname.py")
  })

  it("never produces an absolute URI", () => {
    fc.assert(
      fc.property(fc.string({ unit: "binary" }), (file) => {
        const uri = relativeUri(file)
        expect(uri.startsWith("/")).toBe(false)
        expect(uri.split("/")).not.toContain("..")
        expect(uri).not.toMatch(/^[A-Za-z][A-Za-z0-9+.-]*:/)
      })
    )
  })

  it("derives primaryLocationLineHash from the finding hash only", () => {
    expect(primaryLocationLineHash(hash(1))).toMatch(/^[0-9a-f]{16}:1$/)
    expect(primaryLocationLineHash("x")).toBe(primaryLocationLineHash("x"))
    expect(primaryLocationLineHash("x")).not.toBe(primaryLocationLineHash("y"))
  })

  it("truncates to the limit with an ellipsis", () => {
    expect(truncate("short", 10)).toBe("short")
    const cut = truncate("a".repeat(2000), 1024)
    expect(cut).toHaveLength(1024)
    expect(cut.endsWith("…")).toBe(true)
  })
})
