import fc from "fast-check"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import type { Finding } from "../../src/domain/Finding.js"
import { SEVERITIES, type Severity } from "../../src/domain/Vocabulary.js"
import { computeDiff, type DiffSide, diffStatus, matchByHash, tallyBySeverity } from "../../src/engine/Diff.js"
import { riskScore } from "../../src/engine/RiskScore.js"
import { makeEngine } from "./scanner.js"

/**
 * The diff engine: multiset matching by finding_hash on arbitrary findings, then through the real
 * engine on random edits of realistic vulnerable code.
 */

const hashes = (fs: ReadonlyArray<{ readonly finding_hash: string }>): Array<string> => fs.map((f) => f.finding_hash).sort()

const finding = (hash: string, severity: Severity, n: number): Finding => ({
  id: `f_${n}`,
  pattern_id: "exec_eval",
  pattern: "Dynamic code evaluation",
  severity,
  confidence: 0.9,
  file: "bot/app.py",
  line: n + 1,
  column: 5,
  message: "m",
  code_snippet: "eval(x)",
  cwe: "CWE-95",
  cvss: 9.8,
  owasp_category: "LLM05",
  category: "code_execution",
  risk_tier: "vulnerability",
  finding_type: "vulnerability",
  remediation_hint: "h",
  remediation_steps: ["s"],
  compliance_mapping: {},
  finding_hash: hash
})

/** A small pool of hashes, so duplicates (the multiset case) are common. */
const arbFindings = fc
  .array(fc.tuple(fc.integer({ min: 0, max: 5 }), fc.constantFrom(...SEVERITIES)), { maxLength: 25 })
  .map((items) => items.map(([h, severity], n) => finding(`sha256:${String(h).repeat(64)}`, severity, n)))

const side = (findings: ReadonlyArray<Finding>, scanId = "head"): DiffSide => ({
  scanId,
  scanTime: "2026-01-01T00:00:00.000Z",
  agentId: "agent",
  agentName: "bot",
  riskScore: riskScore(findings),
  findings
})

/** SPEC's status table, written independently of the implementation. */
const specStatus = (d: ReturnType<typeof computeDiff>): string => {
  const { fixed_by_severity: fixed, new_by_severity: added, total_fixed, total_new } = d.summary
  if (added.CRITICAL > 0 || added.HIGH > 0) return "REGRESSION"
  if (fixed.CRITICAL > 0 || fixed.HIGH > 0) return "IMPROVED"
  if (total_new === 0 && total_fixed === 0) return "UNCHANGED"
  return "CHANGED"
}

describe("Diff (pure): multiset matching by finding_hash", () => {
  it("new + unchanged = head and fixed + unchanged = base, as multisets", () => {
    fc.assert(
      fc.property(arbFindings, arbFindings, (base, head) => {
        const d = computeDiff({ base: side(base, "base"), head: side(head) })
        expect(hashes([...d.new_findings, ...d.unchanged_findings])).toEqual(hashes(head))
        expect(hashes([...d.fixed_findings, ...d.unchanged_findings])).toEqual(hashes(base))
        // the arrays carry the sides' own objects: new and unchanged from the head, fixed from the base
        for (const f of [...d.new_findings, ...d.unchanged_findings]) expect(head).toContain(f)
        for (const f of d.fixed_findings) expect(base).toContain(f)
        // unchanged = Σ min(count in base, count in head)
        const count = (fs: ReadonlyArray<Finding>, h: string) => fs.filter((f) => f.finding_hash === h).length
        const distinct = new Set(hashes([...base, ...head]))
        let min = 0
        for (const h of distinct) min += Math.min(count(base, h), count(head, h))
        expect(d.summary.total_unchanged).toBe(min)
        expect(d.summary.total_new).toBe(d.new_findings.length)
        expect(d.summary.total_fixed).toBe(d.fixed_findings.length)
        expect(d.summary.new_by_severity).toEqual(tallyBySeverity(d.new_findings))
        expect(Object.keys(d.summary.fixed_by_severity).sort()).toEqual([...SEVERITIES].sort())
        expect(d.summary.risk_delta).toBe(d.summary.head_risk_score - d.summary.base_risk_score)
        expect(d.status).toBe(specStatus(d))
      }),
      { numRuns: 500 }
    )
  })

  it("matches duplicates as multisets: two in the base and three in the head are two unchanged and one new", () => {
    const h = `sha256:${"a".repeat(64)}`
    const base = [finding(h, "HIGH", 0), finding(h, "HIGH", 1)]
    const head = [finding(h, "HIGH", 0), finding(h, "HIGH", 1), finding(h, "HIGH", 2)]
    const m = matchByHash(base, head)
    expect(m.unchanged).toEqual(head.slice(0, 2))
    expect(m.added).toEqual([head[2]])
    expect(m.fixed).toEqual([])
    expect(matchByHash(head, base).fixed).toEqual([head[2]])
  })

  it("applies the first-scan rule without a base", () => {
    fc.assert(
      fc.property(arbFindings, (head) => {
        const d = computeDiff({ base: null, head: side(head) })
        expect(d.base_scan_id).toBeNull()
        expect(d.base_scan_time).toBeNull()
        expect(d.new_findings).toEqual(head)
        expect(d.summary.total_new).toBe(head.length)
        expect(d.summary.total_unchanged).toBe(0)
        expect(d.summary.total_fixed).toBe(0)
        expect(d.summary.base_risk_score).toBe(0)
        expect(d.summary.risk_delta).toBe(riskScore(head))
      })
    )
  })

  it("finds everything unchanged in a scan compared with itself", () => {
    fc.assert(
      fc.property(arbFindings, (findings) => {
        const d = computeDiff({ base: side(findings, "same"), head: side(findings, "same") })
        expect(d.unchanged_findings).toEqual(findings)
        expect(d.summary.total_new + d.summary.total_fixed + d.summary.risk_delta).toBe(0)
        expect(d.status).toBe("UNCHANGED")
      })
    )
  })

  it("follows SPEC's status table, and calls MEDIUM/LOW-only fixes CHANGED", () => {
    const t = (c: number, h: number, m: number, l: number) => ({ CRITICAL: c, HIGH: h, MEDIUM: m, LOW: l })
    const none = t(0, 0, 0, 0)
    expect(diffStatus(t(1, 0, 0, 0), t(0, 5, 0, 0), 1, 5)).toBe("REGRESSION")
    expect(diffStatus(t(0, 1, 0, 0), none, 1, 0)).toBe("REGRESSION")
    expect(diffStatus(none, t(0, 1, 0, 0), 0, 1)).toBe("IMPROVED")
    expect(diffStatus(t(0, 0, 2, 0), t(1, 0, 0, 0), 2, 1)).toBe("IMPROVED")
    expect(diffStatus(t(0, 0, 1, 1), none, 2, 0)).toBe("CHANGED")
    expect(diffStatus(none, t(0, 0, 0, 1), 0, 1)).toBe("CHANGED")
    expect(diffStatus(none, none, 0, 0)).toBe("UNCHANGED")
  })

  it("hides suppressed findings on both sides and rescores what is left", () => {
    fc.assert(
      fc.property(arbFindings, arbFindings, fc.subarray([0, 1, 2, 3, 4, 5]), (base, head, hidden) => {
        const hiddenHashes = new Set(hidden.map((h) => `sha256:${String(h).repeat(64)}`))
        const agents: Array<string> = []
        const isSuppressed = (f: Finding, agentId: string) => {
          agents.push(agentId)
          return hiddenHashes.has(f.finding_hash)
        }
        const d = computeDiff({ base: { ...side(base, "base"), agentId: "other" }, head: side(head), isSuppressed })
        const visibleHead = head.filter((f) => !hiddenHashes.has(f.finding_hash))
        const visibleBase = base.filter((f) => !hiddenHashes.has(f.finding_hash))
        expect(hashes([...d.new_findings, ...d.unchanged_findings])).toEqual(hashes(visibleHead))
        expect(hashes([...d.fixed_findings, ...d.unchanged_findings])).toEqual(hashes(visibleBase))
        expect(d.summary.head_risk_score).toBe(riskScore(visibleHead))
        expect(d.summary.base_risk_score).toBe(riskScore(visibleBase))
        // each side is asked about with its own agent (an explicit base may be another agent's)
        expect(new Set(agents)).toEqual(new Set([...(head.length > 0 ? ["agent"] : []), ...(base.length > 0 ? ["other"] : [])]))
      })
    )
  })
})

/*
 * Through the real engine. Blocks of realistic vulnerable Python (each flagged by a shipped rule,
 * each with its own identifiers so their matched texts differ) and harmless ones are assembled into
 * one file; a random edit removes, adds and reorders blocks, reformats whitespace and inserts lines.
 */

const HEADER = "import random\nimport string\n\nALPHABET = string.ascii_letters + string.digits\n"

interface Block {
  readonly id: string
  readonly rule: string | null
  readonly render: (spaced: boolean) => string
}

const sp = (spaced: boolean, s: string) => (spaced ? ` ${s} ` : s)

const BLOCKS: ReadonlyArray<Block> = [0, 1, 2, 3].flatMap((k): Array<Block> => [
  {
    id: `eval_${k}`,
    rule: "exec_eval",
    render: (s) => `def handle_${k}(payload_${k}):\n    return eval(${sp(s, `payload_${k}`)})\n`
  },
  {
    id: `sql_${k}`,
    rule: "sql_injection",
    render: (s) =>
      `def lookup_${k}(cursor, name_${k}):\n    cursor.execute(${sp(s, `f"SELECT * FROM t${k} WHERE name = '{name_${k}}'"`)})\n    return cursor.fetchall()\n`
  },
  {
    id: `random_${k}`,
    rule: "insecure_random_generation",
    render: (s) => `def make_key_${k}(user_${k}):\n    api_key = "sk-" + "".join(random.choices(${sp(s, `ALPHABET, k=${20 + k}`)}))\n    return api_key\n`
  },
  { id: `plain_${k}`, rule: null, render: (s) => `def add_${k}(a, b):\n    return ${s ? "a  +  b" : "a + b"}\n` }
])

interface Placed {
  readonly block: Block
  readonly spaced: boolean
  readonly padding: number
}

/** The file text and the line range of every block in it (1-based, inclusive). */
const assemble = (placed: ReadonlyArray<Placed>) => {
  let content = HEADER
  const ranges = new Map<string, readonly [number, number]>()
  for (const p of placed) {
    content += "\n" + "# note\n\n".repeat(p.padding) + "\n"
    const start = content.split("\n").length
    const text = p.block.render(p.spaced)
    content += text
    ranges.set(p.block.id, [start, start + text.split("\n").length - 2])
  }
  return { content, ranges }
}

const arbVersion = fc.shuffledSubarray([...BLOCKS], { minLength: 1 }).chain((blocks) =>
  fc.tuple(
    fc.array(fc.boolean(), { minLength: blocks.length, maxLength: blocks.length }),
    fc.array(fc.integer({ min: 0, max: 3 }), { minLength: blocks.length, maxLength: blocks.length })
  ).map(([spaced, padding]) => blocks.map((block, i): Placed => ({ block, spaced: spaced[i]!, padding: padding[i]! })))
)

const PATH = "bot/app.py"

describe("Diff through the real engine", () => {
  const engine = makeEngine(60_000)
  afterAll(() => engine.dispose())
  const scan = async (content: string): Promise<DiffSide> => {
    const r = await engine.scan([{ path: PATH, content }], "balanced")
    return { ...side(r.findings), riskScore: r.risk_score }
  }
  const blockOf = (ranges: Map<string, readonly [number, number]>, line: number): string | undefined => {
    for (const [id, [from, to]] of ranges) if (line >= from && line <= to) return id
    return undefined
  }

  beforeAll(async () => {
    // every vulnerable block is flagged by its rule on its own, in both formattings; harmless ones are not
    for (const block of BLOCKS) {
      for (const spaced of [false, true]) {
        const side = await scan(assemble([{ block, spaced, padding: 0 }]).content)
        expect(side.findings.map((f) => f.pattern_id), `${block.id} spaced=${spaced}`).toEqual(block.rule === null ? [] : [block.rule])
      }
    }
  })

  it("for random edits: new + unchanged = head, fixed + unchanged = base, and each finding is attributed to the right block", async () => {
    await fc.assert(
      fc.asyncProperty(arbVersion, arbVersion, async (baseBlocks, headBlocks) => {
        const baseFile = assemble(baseBlocks)
        const headFile = assemble(headBlocks)
        const base = await scan(baseFile.content)
        const head = await scan(headFile.content)
        const d = computeDiff({ base: { ...base, scanId: "base" }, head })
        expect(hashes([...d.new_findings, ...d.unchanged_findings])).toEqual(hashes(head.findings))
        expect(hashes([...d.fixed_findings, ...d.unchanged_findings])).toEqual(hashes(base.findings))
        const inBase = new Set(baseBlocks.map((p) => p.block.id))
        const inHead = new Set(headBlocks.map((p) => p.block.id))
        // line shifts, reformatting and moves keep a finding unchanged; only real additions and removals count
        for (const f of d.unchanged_findings) expect(inBase.has(blockOf(headFile.ranges, f.line) ?? "")).toBe(true)
        for (const f of d.new_findings) expect(inBase.has(blockOf(headFile.ranges, f.line) ?? "?"), `new ${f.pattern_id} at ${f.line}`).toBe(false)
        for (const f of d.fixed_findings) expect(inHead.has(blockOf(baseFile.ranges, f.line) ?? "?"), `fixed ${f.pattern_id} at ${f.line}`).toBe(false)
        const flagged = (ids: Iterable<string>) => [...ids].filter((id) => BLOCKS.find((b) => b.id === id)?.rule !== null).length
        expect(d.summary.total_unchanged).toBe(flagged([...inHead].filter((id) => inBase.has(id))))
        expect(d.summary.total_new).toBe(flagged([...inHead].filter((id) => !inBase.has(id))))
        expect(d.summary.total_fixed).toBe(flagged([...inBase].filter((id) => !inHead.has(id))))
      }),
      { numRuns: 80 }
    )
  })

  it("keeps the hash under inserted lines, whitespace reformatting and a moved function", async () => {
    const [evalBlock, sqlBlock, , plain] = BLOCKS as [Block, Block, Block, Block]
    const base = await scan(assemble([
      { block: evalBlock, spaced: false, padding: 0 },
      { block: plain, spaced: false, padding: 0 },
      { block: sqlBlock, spaced: false, padding: 0 }
    ]).content)
    const head = await scan(assemble([
      { block: sqlBlock, spaced: true, padding: 3 },
      { block: plain, spaced: true, padding: 1 },
      { block: evalBlock, spaced: true, padding: 2 }
    ]).content)
    expect(base.findings).toHaveLength(2)
    expect(head.findings.map((f) => f.line)).not.toEqual(base.findings.map((f) => f.line))
    const d = computeDiff({ base: { ...base, scanId: "base" }, head })
    expect(d.summary).toMatchObject({ total_new: 0, total_fixed: 0, total_unchanged: 2, risk_delta: 0 })
    expect(d.status).toBe("UNCHANGED")
  })

  it("changes the hash when the flagged code itself changes", async () => {
    const before = "def handle(payload):\n    return eval(payload)\n"
    const after = "def handle(payload):\n    return eval(payload.strip())\n"
    const d = computeDiff({ base: { ...(await scan(HEADER + before)), scanId: "base" }, head: await scan(HEADER + after) })
    expect(d.new_findings.map((f) => f.pattern_id)).toEqual(["exec_eval"])
    expect(d.fixed_findings.map((f) => f.pattern_id)).toEqual(["exec_eval"])
    expect(d.summary.total_unchanged).toBe(0)
    expect(d.new_findings[0]!.finding_hash).not.toBe(d.fixed_findings[0]!.finding_hash)
    expect(d.status).toBe("REGRESSION")
  })
})
