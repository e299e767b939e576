import { afterAll, describe, expect, it } from "vitest"
import { makeEngine } from "./scanner.js"

const engine = makeEngine(20_000)
afterAll(() => engine.dispose())

const outcomeOf = (result: Awaited<ReturnType<typeof engine.scan>>, path: string) => result.file_outcomes.find((o) => o.path === path)

describe("bad input gives a clear per-file outcome, never a crashed scan", () => {
  it("skips binary content with a reason", async () => {
    const r = await engine.scan([{ path: "agent.py", content: "\u0000\u0001\u0002ELF eval(x)" }, { path: "ok.py", content: "x = 1\n" }])
    expect(outcomeOf(r, "agent.py")).toMatchObject({ status: "skipped", reason: "binary content" })
    expect(r.files_scanned).toBe(1)
    expect(r.files_skipped).toBe(1)
  })

  it("survives invalid UTF-8 (replacement characters, lone surrogates)", async () => {
    const r = await engine.scan([{ path: "a.py", content: "x = '\uFFFD\uD800'\neval(user_input)\n" }, { path: "b.ts", content: "const s = '\uDC00';\neval(input)\n" }])
    expect(r.findings.filter((f) => f.pattern_id === "exec_eval").map((f) => `${f.file}:${f.line}`)).toEqual(["a.py:2", "b.ts:2"])
  })

  it("still finds a flaw after 100,000 leading newlines (no prefix scanning)", async () => {
    const r = await engine.scan([{ path: "padded.py", content: "\n".repeat(100_000) + "eval(request_body)\n" }])
    expect(r.findings.map((f) => [f.pattern_id, f.line])).toEqual([["exec_eval", 100_001]])
  })

  // no wall-clock assertion (timings belong to the benchmark harness): a scan that ignored its
  // per-file time limit would hang past the test's own timeout instead
  it("handles a 5 MB single line: analysed, or partial at the time limit", { timeout: 60_000 }, async () => {
    const line = "x = [" + "1, ".repeat(1_700_000) + "eval(payload)]"
    const r = await engine.scan([{ path: "huge.py", content: line }])
    // either analysed (and the flaw found) or honestly marked partial with the reason
    const outcome = outcomeOf(r, "huge.py")
    if (outcome === undefined) expect(r.findings.some((f) => f.pattern_id === "exec_eval" && f.line === 1)).toBe(true)
    else expect(outcome).toMatchObject({ status: "partial", reason: expect.stringMatching(/time limit/) })
    expect(r.findings.every((f) => f.code_snippet.length < 1000)).toBe(true)
  })

  it("reports a syntax error as a partial file with its location", async () => {
    const r = await engine.scan([{ path: "broken.py", content: "def f(:\n    eval(x)\n" }])
    expect(outcomeOf(r, "broken.py")).toMatchObject({ status: "partial" })
    expect(outcomeOf(r, "broken.py")?.reason).toMatch(/syntax error at line 1/)
  })

  it("handles deeply nested code without crashing the scan", async () => {
    const deep = "x = " + "[".repeat(10_000) + "]".repeat(10_000) + "\n"
    const deepTs = "const x = " + "[".repeat(10_000) + "]".repeat(10_000) + ";\n"
    const r = await engine.scan([{ path: "deep.py", content: deep }, { path: "deep.ts", content: deepTs }, { path: "fine.py", content: "eval(a)\n" }])
    expect(r.findings.map((f) => f.file)).toEqual(["fine.py"])
    for (const p of ["deep.py", "deep.ts"]) {
      const o = outcomeOf(r, p)
      if (o !== undefined) expect(o.reason).toBeTruthy()
    }
  })

  it("handles JSON nested 10,000 deep and a YAML alias bomb", async () => {
    const json = "[".repeat(10_000) + "]".repeat(10_000)
    const bomb = ["a: &a [x, x, x, x, x, x, x, x, x]", ...Array.from({ length: 9 }, (_, i) => `${String.fromCharCode(98 + i)}: &${String.fromCharCode(98 + i)} [*${String.fromCharCode(97 + i)}, *${String.fromCharCode(97 + i)}, *${String.fromCharCode(97 + i)}, *${String.fromCharCode(97 + i)}, *${String.fromCharCode(97 + i)}, *${String.fromCharCode(97 + i)}, *${String.fromCharCode(97 + i)}, *${String.fromCharCode(97 + i)}, *${String.fromCharCode(97 + i)}]`)].join("\n")
    const r = await engine.scan([{ path: "deep.json", content: json }, { path: "bomb.yaml", content: bomb }])
    expect(r.files_scanned + (r.files_skipped ?? 0)).toBe(2)
  })

  it("skips unsupported types and fixture paths and counts them", async () => {
    const r = await engine.scan([
      { path: "README.md", content: "eval(x)" },
      { path: "tests/test_agent.py", content: "eval(x)" },
      { path: "src/examples/demo.py", content: "eval(x)" },
      { path: "integration_tests/test_run.py", content: "eval(x)" },
      { path: "web/e2e/chat.spec.ts", content: "eval(x)" },
      { path: "libs/graph/bench/fanout.py", content: "eval(x)" },
      { path: "src/agent.py", content: "eval(x)" }
    ])
    expect(r.files_skipped).toBe(6)
    expect(r.files_scanned).toBe(1)
    expect(r.findings.map((f) => f.file)).toEqual(["src/agent.py"])
  })

  it("makes the result partial, with a warning, when the budget runs out", async () => {
    const files = Array.from({ length: 400 }, (_, i) => ({ path: `f${i}.py`, content: "def f(x):\n    return eval(x)\n".repeat(400) }))
    const r = await engine.scan(files, "comprehensive", { budgetMs: 50 })
    expect(r.partial_results).toBe(true)
    expect(r.warning).toMatch(/of 400 files were not analysed/)
    expect(r.file_outcomes.some((o) => o.status === "not_analysed")).toBe(true)
  })
})
