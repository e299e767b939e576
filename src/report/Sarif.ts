import { createHash } from "node:crypto"
import * as posixPath from "node:path/posix"
import type { LoadedRule } from "../catalogue/Catalogue.js"
import type { LocatedFinding, Finding } from "../domain/Finding.js"
import type { Category, Severity } from "../domain/Vocabulary.js"

/**
 * SARIF 2.1.0 output, shaped for GitHub code scanning (standards.md §10): one run, only the rules
 * that fired, CWE tags in GitHub's form, `security-severity` from the rule's CVSS score, and
 * fingerprints derived from the line-independent finding hash so alerts survive unrelated edits.
 */

// --- the subset of the SARIF object model Vigil writes

export type SarifLevel = "none" | "note" | "warning" | "error"

export interface SarifMessage {
  readonly text: string
}

export interface SarifMultiformatMessage {
  readonly text: string
  readonly markdown?: string
}

export interface SarifRuleProperties {
  readonly tags: ReadonlyArray<string>
  readonly precision: "very-high" | "high" | "medium" | "low"
  readonly "security-severity": string
  readonly [key: string]: unknown
}

export interface SarifReportingDescriptor {
  readonly id: string
  readonly name: string
  readonly shortDescription: SarifMultiformatMessage
  readonly fullDescription: SarifMultiformatMessage
  readonly help: SarifMultiformatMessage
  readonly helpUri?: string
  readonly defaultConfiguration: { readonly level: SarifLevel }
  readonly properties: SarifRuleProperties
}

export interface SarifRegion {
  readonly startLine: number
  readonly startColumn: number
  readonly snippet?: SarifMessage
}

export interface SarifPhysicalLocation {
  readonly artifactLocation: { readonly uri: string; readonly uriBaseId: string }
  readonly region: SarifRegion
}

/** Where in a structured document (JSON, YAML) a result is: its JSON path, as Spectral reports it. */
export interface SarifLogicalLocation {
  readonly fullyQualifiedName: string
  readonly name?: string
  readonly kind: "object" | "property" | "value"
}

export interface SarifLocation {
  readonly physicalLocation: SarifPhysicalLocation
  readonly logicalLocations?: ReadonlyArray<SarifLogicalLocation>
}

/** A related location: another place of the same finding (each node of a cycle), with its own message. */
export interface SarifRelatedLocation {
  readonly id: number
  readonly physicalLocation: SarifPhysicalLocation
  readonly message: SarifMessage
}

export interface SarifResult {
  readonly ruleId: string
  readonly ruleIndex: number
  readonly level: SarifLevel
  readonly message: SarifMessage
  readonly locations: ReadonlyArray<SarifLocation>
  readonly relatedLocations?: ReadonlyArray<SarifRelatedLocation>
  readonly partialFingerprints: Readonly<Record<string, string>>
  readonly properties: {
    readonly confidence: number
    readonly risk_tier: string
    readonly category: string
    readonly finding_id: string
  }
}

export interface SarifToolComponent {
  readonly name: string
  readonly semanticVersion: string
  readonly informationUri: string
  readonly rules: ReadonlyArray<SarifReportingDescriptor>
}

export interface SarifRun {
  readonly tool: { readonly driver: SarifToolComponent }
  readonly automationDetails?: { readonly id: string }
  readonly columnKind: "utf16CodeUnits"
  readonly results: ReadonlyArray<SarifResult>
}

export interface SarifLog {
  readonly $schema: string
  readonly version: "2.1.0"
  readonly runs: readonly [SarifRun]
}

export interface RenderSarifInput {
  readonly findings: ReadonlyArray<Finding>
  readonly rules: ReadonlyArray<LoadedRule>
  readonly toolVersion: string
  /** stable per agent/config; GitHub groups alerts by the text before the last "/" */
  readonly automationId?: string
}

export const SARIF_SCHEMA_URI = "https://json.schemastore.org/sarif-2.1.0.json"
export const VIGIL_INFORMATION_URI = "https://github.com/vigil-security/vigil"
export const SRCROOT = "%SRCROOT%"
export const FINGERPRINT_KEY = "vigilFindingHash/v1"

// GitHub rejects or truncates beyond these (standards.md §10.2–10.3)
const MAX_DESCRIPTION = 1024
const MAX_NAME = 255
const MAX_TAGS = 10

// --- field helpers

export const levelOf = (severity: Severity): SarifLevel => {
  switch (severity) {
    case "CRITICAL":
    case "HIGH":
      return "error"
    case "MEDIUM":
      return "warning"
    case "LOW":
      return "note"
  }
}

export const precisionOf = (confidence: number): SarifRuleProperties["precision"] =>
  confidence >= 0.9 ? "very-high" : confidence >= 0.75 ? "high" : confidence >= 0.5 ? "medium" : "low"

/** Cuts at a UTF-16 length without splitting a surrogate pair, marking the cut with an ellipsis. */
export const truncate = (text: string, max: number): string => {
  if (text.length <= max) return text
  let cut = max - 1
  const last = text.charCodeAt(cut - 1)
  if (last >= 0xd800 && last <= 0xdbff) cut -= 1
  return `${text.slice(0, cut).trimEnd()}…`
}

export const pascalCase = (text: string): string =>
  text
    .split(/[^A-Za-z0-9]+/)
    .filter((word) => word.length > 0)
    .map((word) => word.charAt(0).toUpperCase() + word.slice(1))
    .join("")

/** GitHub reads CWE from tags of the form external/cwe/cwe-078 (zero-padded to three digits). */
export const cweTag = (cwe: string): string | undefined => {
  const digits = /^CWE-(\d+)$/i.exec(cwe.trim())?.[1]
  return digits === undefined ? undefined : `external/cwe/cwe-${digits.padStart(3, "0")}`
}

/** Bare LLMnn ids mean the 2025 list; write the suffix wherever one is allowed so 2023 readers are not misled. */
export const owaspTag = (owasp: string): string => {
  const trimmed = owasp.trim()
  return /^LLM\d{2}$/.test(trimmed) ? `${trimmed}:2025` : trimmed
}

/** Score per severity (the reference CLI's table), used when a rule has no usable CVSS score. */
const SEVERITY_SCORE: Readonly<Record<Severity, number>> = { CRITICAL: 9.0, HIGH: 7.0, MEDIUM: 5.0, LOW: 3.0 }

/**
 * `security-severity` must be a string in (0, 10]; a zero or missing CVSS score would turn the alert
 * into a non-security one, so such rules fall back to their severity's score.
 */
export const securitySeverity = (cvssScore: number, severity: Severity): string => {
  const score = Number.isFinite(cvssScore) && cvssScore > 0 && cvssScore <= 10 ? cvssScore : SEVERITY_SCORE[severity]
  return score.toFixed(1)
}

/**
 * A repository-relative URI: GitHub rebases nothing for us, and an absolute or temp-dir path would
 * open new alerts on every upload. Segments are percent-encoded so names with spaces or `#` stay
 * valid URI references.
 */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g

export const relativeUri = (file: string): string => {
  const normalised = posixPath.normalize(file.replace(/\\/g, "/").replace(/^[A-Za-z]:(?=\/)/, ""))
  const segments = normalised.split("/").filter((segment) => segment !== "" && segment !== "." && segment !== "..")
  // encodeURIComponent throws on a lone surrogate; a mangled name is better than no report
  return segments.map((segment) => encodeURIComponent(segment.replace(LONE_SURROGATE, "\uFFFD"))).join("/")
}

/**
 * GitHub only reads `primaryLocationLineHash`. Deriving it from the finding hash (which has no line
 * number in it) keeps dismissed alerts dismissed when code above them moves. Hashing again instead of
 * slicing makes no assumption about the finding hash's format. The `:1` suffix mirrors codeql-action's
 * `<hash>:<occurrence>` form; the occurrence is already inside the finding hash.
 */
export const primaryLocationLineHash = (findingHash: string): string =>
  `${createHash("sha256").update(findingHash).digest("hex").slice(0, 16)}:1`

// --- rule descriptors

/** What a descriptor needs; built from a loaded rule, or from the finding when its rule is unknown. */
interface RuleFacts {
  readonly id: string
  readonly title: string
  readonly description: string
  readonly severity: Severity
  readonly confidence: number
  readonly category: Category
  readonly cwe: ReadonlyArray<string>
  readonly owasp: string
  readonly cvssScore: number
  readonly hint: string
  readonly steps: ReadonlyArray<string>
  readonly references: ReadonlyArray<string>
  readonly compliance: ReadonlyArray<readonly [label: string, ids: ReadonlyArray<string>]>
  readonly version?: string
}

const factsFromRule = (rule: LoadedRule): RuleFacts => ({
  id: rule.id,
  title: rule.title,
  description: rule.description,
  severity: rule.severity,
  confidence: rule.confidence,
  category: rule.category,
  cwe: rule.cwe,
  owasp: rule.owasp,
  cvssScore: rule.cvssScore,
  hint: rule.remediation.hint,
  steps: rule.remediation.steps,
  references: rule.references ?? [],
  compliance: [
    ["OWASP LLM Top 10", (rule.compliance.owasp_llm ?? []).map(owaspTag)],
    ["OWASP Agentic", rule.compliance.owasp_agentic ?? []],
    ["EU AI Act", rule.compliance.eu_ai_act ?? []],
    ["NIST AI RMF", rule.compliance.nist_ai_rmf ?? []],
    ["ISO/IEC 42001", rule.compliance.iso_42001 ?? []]
  ],
  version: rule.version
})

// Findings normally come from loaded rules; this keeps the log valid if one arrives without its rule.
const factsFromFinding = (finding: Finding): RuleFacts => ({
  id: finding.pattern_id,
  title: finding.pattern || finding.pattern_id,
  description: finding.pattern || finding.pattern_id,
  severity: finding.severity,
  confidence: finding.confidence,
  category: finding.category,
  cwe: finding.cwe.split(",").map((c) => c.trim()).filter((c) => c.length > 0),
  owasp: finding.owasp_category,
  cvssScore: finding.cvss,
  hint: finding.remediation_hint,
  steps: finding.remediation_steps,
  references: [],
  compliance: [
    ["OWASP LLM Top 10", (finding.compliance_mapping.owasp_items ?? []).map(owaspTag)],
    ["EU AI Act", finding.compliance_mapping.eu_ai_act_articles ?? []],
    ["NIST AI RMF", finding.compliance_mapping.nist_categories ?? []],
    ["ISO/IEC 42001", finding.compliance_mapping.iso_42001_clauses ?? []]
  ]
})

const cweNumber = (cwe: string): string | undefined => /^CWE-(\d+)$/i.exec(cwe.trim())?.[1]

const helpText = (facts: RuleFacts): string => {
  const steps = facts.steps.map((step, i) => `${i + 1}. ${step}`)
  const refs = [
    ...facts.cwe,
    ...(facts.owasp.trim() === "" ? [] : [`OWASP ${owaspTag(facts.owasp)}`]),
    ...facts.compliance.flatMap(([label, ids]) => (ids.length === 0 ? [] : [`${label}: ${ids.join(", ")}`]))
  ]
  return [
    facts.hint,
    ...(steps.length > 0 ? ["", "Steps:", ...steps] : []),
    ...(refs.length > 0 ? ["", `References: ${refs.join("; ")}`] : []),
    ...facts.references.map((r) => `See also: ${r}`)
  ].join("\n")
}

const helpMarkdown = (facts: RuleFacts): string => {
  const steps = facts.steps.map((step, i) => `${i + 1}. ${step}`)
  const cweLinks = facts.cwe.map((cwe) => {
    const n = cweNumber(cwe)
    return n === undefined ? `- ${cwe}` : `- [${cwe}](https://cwe.mitre.org/data/definitions/${n}.html)`
  })
  const refs = [
    ...cweLinks,
    ...(facts.owasp.trim() === "" ? [] : [`- OWASP ${owaspTag(facts.owasp)}`]),
    ...facts.compliance.flatMap(([label, ids]) => (ids.length === 0 ? [] : [`- ${label}: ${ids.join(", ")}`])),
    ...facts.references.map((r) => (/^https?:\/\//.test(r) ? `- <${r}>` : `- ${r}`))
  ]
  return [
    facts.hint,
    ...(steps.length > 0 ? ["", "**Steps**", "", ...steps] : []),
    ...(refs.length > 0 ? ["", "**References**", "", ...refs] : [])
  ].join("\n")
}

const tagsOf = (facts: RuleFacts): ReadonlyArray<string> => {
  const trailing = [...(facts.owasp.trim() === "" ? [] : [owaspTag(facts.owasp)]), facts.category]
  const cwes = facts.cwe.map(cweTag).filter((tag): tag is string => tag !== undefined)
  // CWE tags give way first when the cap is hit; the primary CWE is listed first and survives
  const room = Math.max(0, MAX_TAGS - 1 - trailing.length)
  return [...new Set(["security", ...cwes.slice(0, room), ...trailing])]
}

const descriptorOf = (facts: RuleFacts): SarifReportingDescriptor => {
  const helpUri = facts.references.find((r) => /^https?:\/\//.test(r))
  return {
    id: facts.id,
    name: truncate(pascalCase(facts.title) || pascalCase(facts.id) || facts.id, MAX_NAME),
    shortDescription: { text: truncate(facts.title, MAX_DESCRIPTION) },
    fullDescription: { text: truncate(facts.description, MAX_DESCRIPTION) },
    help: { text: helpText(facts), markdown: helpMarkdown(facts) },
    ...(helpUri === undefined ? {} : { helpUri }),
    defaultConfiguration: { level: levelOf(facts.severity) },
    properties: {
      tags: tagsOf(facts),
      precision: precisionOf(facts.confidence),
      "security-severity": securitySeverity(facts.cvssScore, facts.severity),
      ...(facts.version === undefined ? {} : { "vigil-rule-version": facts.version })
    }
  }
}

// --- results

/**
 * The JSON path of a finding in a JSON or YAML file as a SARIF logical location: an object member
 * is a `property` named by its key, an array item a `value`, the document root the `object`.
 */
export const logicalLocationOf = (jsonPath: string): SarifLogicalLocation => {
  const last = lastSegment(jsonPath)
  if (last === undefined) return { fullyQualifiedName: jsonPath, kind: jsonPath === "$" ? "object" : "value" }
  return typeof last === "string" ? { fullyQualifiedName: jsonPath, name: last, kind: "property" } : { fullyQualifiedName: jsonPath, kind: "value" }
}

/** The last segment of a normalised JSONPath (`.name`, `["key"]` or `[3]`), read left to right. */
function lastSegment(path: string): string | number | undefined {
  let last: string | number | undefined
  let i = path.startsWith("$") ? 1 : 0
  while (i < path.length) {
    if (path[i] === ".") {
      let j = i + 1
      while (j < path.length && path[j] !== "." && path[j] !== "[") j++
      last = path.slice(i + 1, j)
      i = j
    } else if (path[i] === "[" && path[i + 1] === "\"") {
      let j = i + 2
      while (j < path.length && path[j] !== "\"") j += path[j] === "\\" ? 2 : 1
      try {
        last = JSON.parse(path.slice(i + 1, j + 1)) as string
      } catch {
        return undefined
      }
      i = j + 2
    } else if (path[i] === "[") {
      const j = path.indexOf("]", i)
      if (j === -1) return undefined
      last = Number(path.slice(i + 1, j))
      i = j + 1
    } else return undefined
  }
  return last
}

const resultOf = (finding: LocatedFinding, ruleId: string, ruleIndex: number, title: string): SarifResult => {
  const snippet = finding.code_snippet
  const artifactLocation = { uri: relativeUri(finding.file), uriBaseId: SRCROOT }
  const related = (finding.related_locations ?? []).map((r, i): SarifRelatedLocation => ({
    id: i + 1,
    physicalLocation: { artifactLocation, region: { startLine: Math.max(1, Math.trunc(r.line)), startColumn: Math.max(1, Math.trunc(r.column)) } },
    message: { text: r.message }
  }))
  return {
    ruleId,
    ruleIndex,
    level: levelOf(finding.severity),
    message: { text: finding.message.trim() === "" ? title : finding.message },
    locations: [
      {
        physicalLocation: {
          artifactLocation: { uri: relativeUri(finding.file), uriBaseId: SRCROOT },
          region: {
            startLine: Math.max(1, Math.trunc(finding.line)),
            startColumn: Math.max(1, Math.trunc(finding.column)),
            ...(snippet === "" ? {} : { snippet: { text: snippet } })
          }
        },
        ...(finding.json_path === undefined ? {} : { logicalLocations: [logicalLocationOf(finding.json_path)] })
      }
    ],
    ...(related.length > 0 ? { relatedLocations: related } : {}),
    partialFingerprints: {
      [FINGERPRINT_KEY]: finding.finding_hash,
      primaryLocationLineHash: primaryLocationLineHash(finding.finding_hash)
    },
    properties: {
      confidence: finding.confidence,
      risk_tier: finding.risk_tier,
      category: finding.category,
      finding_id: finding.id
    }
  }
}

export const renderSarif = (input: RenderSarifInput): SarifLog => {
  const byIdOrAlias = new Map<string, LoadedRule>()
  for (const rule of input.rules) {
    for (const alias of rule.aliases ?? []) if (!byIdOrAlias.has(alias)) byIdOrAlias.set(alias, rule)
  }
  // canonical ids win over aliases
  for (const rule of input.rules) byIdOrAlias.set(rule.id, rule)

  const factsById = new Map<string, RuleFacts>()
  const ruleIdOfFinding = input.findings.map((finding) => {
    const rule = byIdOrAlias.get(finding.pattern_id)
    const facts = rule === undefined ? factsFromFinding(finding) : factsFromRule(rule)
    if (!factsById.has(facts.id)) factsById.set(facts.id, facts)
    return facts.id
  })

  // sorted so the same findings give the same log whatever order the engine produced them in
  const ruleIds = [...factsById.keys()].sort()
  const indexOf = new Map(ruleIds.map((id, i) => [id, i] as const))
  const descriptors = ruleIds.flatMap((id) => {
    const facts = factsById.get(id)
    return facts === undefined ? [] : [descriptorOf(facts)]
  })

  const results = input.findings.map((finding, i) => {
    const ruleId = ruleIdOfFinding[i] ?? finding.pattern_id
    return resultOf(finding, ruleId, indexOf.get(ruleId) ?? 0, factsById.get(ruleId)?.title ?? ruleId)
  })

  const automationId = input.automationId === undefined ? undefined : trimSlashes(input.automationId)
  return {
    $schema: SARIF_SCHEMA_URI,
    version: "2.1.0",
    runs: [
      {
        tool: {
          driver: {
            name: "Vigil",
            semanticVersion: input.toolVersion,
            informationUri: VIGIL_INFORMATION_URI,
            rules: descriptors
          }
        },
        ...(automationId === undefined || automationId === "" ? {} : { automationDetails: { id: `vigil/${automationId}/` } }),
        columnKind: "utf16CodeUnits",
        results
      }
    ]
  }
}

/** Leading and trailing slashes removed without `/\/+$/`, which is quadratic on long slash runs. */
function trimSlashes(s: string): string {
  let start = 0
  let end = s.length
  while (start < end && s[start] === "/") start++
  while (end > start && s[end - 1] === "/") end--
  return s.slice(start, end)
}
