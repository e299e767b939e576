import { Schema } from "effect"
import * as fs from "node:fs"
import * as path from "node:path"
import { describe, expect, it } from "vitest"
import YAML from "yaml"
import { ComplianceCatalogue, type ComplianceFramework } from "../src/domain/Compliance.js"

const COMPLIANCE_DIR = path.resolve(process.cwd(), "compliance")
const STANDARDS_MD = path.resolve(process.cwd(), "../shared/reference/standards.md")

const FRAMEWORKS: ReadonlyArray<ComplianceFramework> = [
  "owasp_llm",
  "owasp_agentic",
  "owasp_web",
  "cwe",
  "eu_ai_act",
  "nist_ai_rmf",
  "iso_42001"
]

const decode = Schema.decodeUnknownSync(ComplianceCatalogue, { onExcessProperty: "error" })

const readCatalogue = (framework: ComplianceFramework): ComplianceCatalogue =>
  decode(YAML.parse(fs.readFileSync(path.join(COMPLIANCE_DIR, `${framework}.yaml`), "utf8")))

const catalogues = new Map(FRAMEWORKS.map((f) => [f, readCatalogue(f)] as const))
const catalogue = (framework: ComplianceFramework): ComplianceCatalogue => {
  const found = catalogues.get(framework)
  if (found === undefined) throw new Error(`no catalogue ${framework}`)
  return found
}
const ids = (framework: ComplianceFramework): ReadonlyArray<string> => catalogue(framework).entries.map((e) => e.id)
const titleOf = (framework: ComplianceFramework, id: string): string | undefined =>
  catalogue(framework).entries.find((e) => e.id === id)?.title
/** canonical ids and aliases, as the catalogue loader resolves them */
const resolvable = (framework: ComplianceFramework): ReadonlySet<string> =>
  new Set(catalogue(framework).entries.flatMap((e) => [e.id, ...(e.aliases ?? [])]))

describe("compliance catalogue files", () => {
  it("holds exactly one file per framework", () => {
    const files = fs.readdirSync(COMPLIANCE_DIR).filter((f) => f.endsWith(".yaml")).sort()
    expect(files).toEqual(FRAMEWORKS.map((f) => `${f}.yaml`).sort())
  })

  describe.each(FRAMEWORKS)("%s.yaml", (framework) => {
    const cat = catalogue(framework)

    it("names its own framework", () => {
      expect(cat.framework).toBe(framework)
      expect(cat.source).toMatch(/^https:\/\//)
    })

    it("has unique ids, and aliases that collide with no id or other alias", () => {
      const seen = new Map<string, string>()
      for (const entry of cat.entries) {
        for (const key of [entry.id, ...(entry.aliases ?? [])]) {
          expect(seen.get(key), `${key} is used by ${seen.get(key)} and ${entry.id}`).toBeUndefined()
          seen.set(key, entry.id)
        }
      }
    })

    it("has trimmed, non-empty ids and titles", () => {
      for (const entry of cat.entries) {
        expect(entry.id).toBe(entry.id.trim())
        expect(entry.id.length).toBeGreaterThan(0)
        expect(entry.title).toBe(entry.title.trim())
        expect(entry.title.length).toBeGreaterThan(1)
      }
    })
  })

  it("rejects unknown keys, so a typo in a catalogue cannot pass silently", () => {
    const base = { framework: "cwe", name: "x", version: "1", source: "https://x" }
    expect(() => decode({ ...base, entries: [{ id: "CWE-1", title: "t", alias: ["y"] }] })).toThrow()
    expect(() => decode({ ...base, entries: [{ id: "CWE-1", title: "t" }], url: "y" })).toThrow()
    expect(() => decode({ ...base, entries: [] })).toThrow()
  })
})

describe("owasp_llm", () => {
  it("lists LLM01:2025 … LLM10:2025 with the bare 2025 ids as aliases", () => {
    const numbers = Array.from({ length: 10 }, (_, i) => String(i + 1).padStart(2, "0"))
    expect(ids("owasp_llm")).toEqual(numbers.map((n) => `LLM${n}:2025`))
    for (const entry of catalogue("owasp_llm").entries) {
      expect(entry.aliases).toEqual([entry.id.replace(":2025", "")])
    }
  })

  it("uses the 2025 meanings of the renumbered ids", () => {
    expect(titleOf("owasp_llm", "LLM07:2025")).toBe("System Prompt Leakage")
    expect(titleOf("owasp_llm", "LLM10:2025")).toBe("Unbounded Consumption")
    expect(titleOf("owasp_llm", "LLM05:2025")).toBe("Improper Output Handling")
  })
})

describe("owasp_agentic", () => {
  it("lists ASI01 … ASI10 with the :2026 form as alias, and threats T1 … T17", () => {
    const asi = Array.from({ length: 10 }, (_, i) => `ASI${String(i + 1).padStart(2, "0")}`)
    const threats = Array.from({ length: 17 }, (_, i) => `T${i + 1}`)
    expect(ids("owasp_agentic")).toEqual([...asi, ...threats])
    for (const entry of catalogue("owasp_agentic").entries.filter((e) => e.id.startsWith("ASI"))) {
      expect(entry.aliases).toEqual([`${entry.id}:2026`])
    }
  })

  it("uses the final 2026 names, not the drafts'", () => {
    expect(titleOf("owasp_agentic", "ASI01")).toBe("Agent Goal Hijack")
  })
})

describe("owasp_web", () => {
  it("lists both the 2021 and the 2025 editions", () => {
    const numbers = Array.from({ length: 10 }, (_, i) => String(i + 1).padStart(2, "0"))
    expect(ids("owasp_web")).toEqual([...numbers.map((n) => `A${n}:2021`), ...numbers.map((n) => `A${n}:2025`)])
    expect(titleOf("owasp_web", "A03:2021")).toBe("Injection")
    expect(titleOf("owasp_web", "A05:2025")).toBe("Injection")
    expect(titleOf("owasp_web", "A10:2021")).toBe("Server-Side Request Forgery (SSRF)")
  })
})

// standards.md §5
const REFERENCE_CWES = [
  20, 22, 23, 73, 74, 77, 78, 79, 88, 89, 94, 95, 116, 117, 200, 209, 250, 259, 269, 306, 307, 312, 321, 359, 400,
  470, 494, 497, 502, 522, 532, 540, 601, 606, 639, 674, 770, 778, 798, 799, 829, 834, 835, 862, 863, 918, 1333,
  1336, 1426, 1427, 1434
]

describe("cwe", () => {
  it("lists every CWE of the reference table in CWE-NNN form", () => {
    const known = new Set(ids("cwe"))
    for (const n of REFERENCE_CWES) expect(known.has(`CWE-${n}`), `CWE-${n}`).toBe(true)
    for (const id of ids("cwe")) expect(id).toMatch(/^CWE-[1-9]\d*$/)
  })

  it("spells the AI-specific weaknesses exactly", () => {
    expect(titleOf("cwe", "CWE-1427")).toBe("Improper Neutralization of Input Used for LLM Prompting")
    expect(titleOf("cwe", "CWE-1426")).toBe("Improper Validation of Generative AI Output")
    expect(titleOf("cwe", "CWE-1434")).toBe("Insecure Setting of Generative AI/ML Model Inference Parameters")
  })

  it("leaves out CWE-730, which is a category and not a weakness", () => {
    expect(resolvable("cwe").has("CWE-730")).toBe(false)
  })

  // The shared reference lives outside the repository; on a machine without it this check cannot run.
  const standardsPresent = fs.existsSync(STANDARDS_MD)
  if (!standardsPresent) console.warn(`standards.md not found at ${STANDARDS_MD}: skipping the CWE name cross-check`)
  it.skipIf(!standardsPresent)("uses the names of standards.md §5 verbatim", () => {
    const text = fs.readFileSync(STANDARDS_MD, "utf8")
    const section = text.slice(text.indexOf("## 5. CWE"), text.indexOf("### 5.1"))
    const rows = [...section.matchAll(/^\| \**(\d+)\** \| \**(.+?)\** \|/gm)]
    expect(rows.length).toBe(REFERENCE_CWES.length)
    for (const [, number, name] of rows) expect(titleOf("cwe", `CWE-${number}`), `CWE-${number}`).toBe(name)
  })
})

describe("eu_ai_act", () => {
  const articles = [4, 5, 6, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 26, 27, 50, 53, 55, 72, 73, 99, 113]

  it("lists every article of the reference tables and the paragraphs rules cite", () => {
    const known = new Set(ids("eu_ai_act"))
    for (const n of articles) expect(known.has(`Art. ${n}`), `Art. ${n}`).toBe(true)
    for (const p of ["Art. 12(1)", "Art. 14(4)", "Art. 15(5)"]) expect(known.has(p), p).toBe(true)
    for (const id of ids("eu_ai_act")) expect(id).toMatch(/^Art\. \d+(\(\d+\))?$/)
  })

  it("places transparency at Art. 50, never at the proposal's Art. 52", () => {
    expect(titleOf("eu_ai_act", "Art. 50")).toMatch(/^Transparency obligations/)
    for (const key of resolvable("eu_ai_act")) expect(key).not.toMatch(/^Art(icle|\.) 52\b/)
  })

  it("uses the final titles of the core articles", () => {
    expect(titleOf("eu_ai_act", "Art. 12")).toBe("Record-keeping")
    expect(titleOf("eu_ai_act", "Art. 14")).toBe("Human oversight")
    expect(titleOf("eu_ai_act", "Art. 15")).toBe("Accuracy, robustness and cybersecurity")
  })
})

describe("nist_ai_rmf", () => {
  // NIST AI 100-1: subcategories per category (standards.md §7.1)
  const SUBCATEGORY_COUNTS: ReadonlyArray<readonly [string, number]> = [
    ["GOVERN 1", 7], ["GOVERN 2", 3], ["GOVERN 3", 2], ["GOVERN 4", 3], ["GOVERN 5", 2], ["GOVERN 6", 2],
    ["MAP 1", 6], ["MAP 2", 3], ["MAP 3", 5], ["MAP 4", 2], ["MAP 5", 2],
    ["MEASURE 1", 3], ["MEASURE 2", 13], ["MEASURE 3", 3], ["MEASURE 4", 3],
    ["MANAGE 1", 4], ["MANAGE 2", 4], ["MANAGE 3", 2], ["MANAGE 4", 3]
  ]
  const expectedIds = [
    "GOVERN", "MAP", "MEASURE", "MANAGE",
    ...SUBCATEGORY_COUNTS.flatMap(([category, count]) => [
      category,
      ...Array.from({ length: count }, (_, i) => `${category}.${i + 1}`)
    ])
  ]

  it("has 4 functions, 19 categories and 72 subcategories, nothing else", () => {
    const all = ids("nist_ai_rmf")
    expect(all.filter((id) => /^[A-Z]+$/.test(id))).toHaveLength(4)
    expect(all.filter((id) => /^[A-Z]+ \d+$/.test(id))).toHaveLength(19)
    expect(all.filter((id) => /^[A-Z]+ \d+\.\d+$/.test(id))).toHaveLength(72)
    expect([...all].sort()).toEqual([...expectedIds].sort())
  })

  it("does not borrow NIST CSF function names", () => {
    for (const key of resolvable("nist_ai_rmf")) expect(key).not.toMatch(/^(PROTECT|DETECT|IDENTIFY|RESPOND|RECOVER)\b/)
  })
})

describe("iso_42001", () => {
  const controls = () => ids("iso_42001").filter((id) => /^A\.\d+\.\d+(\.\d+)?$/.test(id))

  it("has the 38 Annex A controls in groups A.2 … A.10", () => {
    expect(controls()).toHaveLength(38)
    const groups = ids("iso_42001").filter((id) => /^A\.\d+$/.test(id))
    expect(groups).toEqual(["A.2", "A.3", "A.4", "A.5", "A.6", "A.7", "A.8", "A.9", "A.10"])
    for (const control of controls()) expect(control).not.toMatch(/^A\.\d+\.1$/)
  })

  it("has the clauses 4 … 10.2", () => {
    const known = new Set(ids("iso_42001"))
    for (const clause of ["4", "4.1", "4.4", "5.2", "6.1.2", "6.1.3", "6.1.4", "7.5", "8.2", "8.3", "8.4", "9.3", "10.1", "10.2"]) {
      expect(known.has(clause), clause).toBe(true)
    }
  })

  it("has no invented 'A.8 AI system security' and keeps 8.4 as the impact assessment", () => {
    expect(titleOf("iso_42001", "A.8")).toBe("Information for interested parties of AI systems")
    for (const entry of catalogue("iso_42001").entries) expect(entry.title).not.toMatch(/AI system security/i)
    expect(titleOf("iso_42001", "8.4")).toBe("AI system impact assessment")
  })
})

describe("ids the rule catalogue maps to (rule-catalogue.md §2.2)", () => {
  const REFERENCED: ReadonlyArray<readonly [ComplianceFramework, ReadonlyArray<string>]> = [
    ["owasp_llm", ["LLM01", "LLM02", "LLM03", "LLM04", "LLM05", "LLM06", "LLM07", "LLM08", "LLM09", "LLM10"]],
    ["owasp_agentic", ["ASI01", "ASI02", "ASI03", "ASI04", "ASI05", "ASI06", "ASI08", "ASI09", "T3", "T4", "T6", "T8", "T11", "T17"]],
    ["owasp_web", ["A01:2021", "A03:2021", "A04:2021", "A07:2021", "A08:2021", "A09:2021", "A10:2021"]],
    ["eu_ai_act", ["Art. 10", "Art. 12", "Art. 12(1)", "Art. 14", "Art. 14(1)", "Art. 14(4)", "Art. 15", "Art. 15(5)", "Art. 19"]],
    ["nist_ai_rmf", ["MEASURE 2.4", "MEASURE 2.6", "MEASURE 2.7", "MEASURE 2.10", "MANAGE 2.4", "MANAGE 4.1", "MAP 3.5", "MAP 4.1", "GOVERN 6.1"]],
    ["iso_42001", ["A.6.2.4", "A.6.2.6", "A.6.2.8", "A.7.5", "A.9.2", "A.10.3", "6.1.2", "6.1.3", "8.2", "8.3"]],
    ["cwe", ["CWE-89", "CWE-95", "CWE-94", "CWE-78", "CWE-250", "CWE-1427", "CWE-497", "CWE-798", "CWE-259", "CWE-321", "CWE-312", "CWE-835", "CWE-674", "CWE-770", "CWE-862", "CWE-778", "CWE-306", "CWE-639", "CWE-532", "CWE-359", "CWE-79", "CWE-116", "CWE-601", "CWE-502", "CWE-918", "CWE-22", "CWE-73", "CWE-1336", "CWE-829", "CWE-494"]]
  ]

  it.each(REFERENCED)("%s resolves every id", (framework, wanted) => {
    const known = resolvable(framework)
    expect(wanted.filter((id) => !known.has(id))).toEqual([])
  })
})
