import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { Either } from "effect"
import { afterAll, describe, expect, it } from "vitest"
import { defaultComplianceDir, packageRoot } from "../../src/catalogue/paths.js"
import { loadCatalogueSync, runHarness } from "../../src/engine/index.js"

/**
 * The example harness is as exact as ESLint's RuleTester. Each case adds one example file to a copy of
 * the exec_eval rule (whose matchers declare message variants) and runs the harness through the
 * engine's front door; the shipped examples of the copy pass, so every failure belongs to the case.
 */
const dir = mkdtempSync(join(tmpdir(), "vigil-harness-"))
afterAll(() => rmSync(dir, { recursive: true, force: true }))
cpSync(join(packageRoot(), "rules", "exec_eval"), join(dir, "exec_eval"), { recursive: true })

let cases = 0
/** The harness's complaints about one example file, as `line: message`. */
const problemsWith = (name: string, text: string): Array<string> => {
  const file = `zz_case_${++cases}_${name}`
  const path = join(dir, "exec_eval", "examples", file)
  writeFileSync(path, text)
  try {
    const loaded = loadCatalogueSync({ rulesDir: dir, complianceDir: defaultComplianceDir() })
    if (Either.isLeft(loaded)) throw new Error(loaded.left.message)
    const report = runHarness(loaded.right)
    const others = report.failures.filter((f) => !f.file.endsWith(file))
    expect(others).toEqual([])
    return report.failures.map((f) => `${f.line}: ${f.message}`)
  } finally {
    rmSync(path)
  }
}

describe("the example harness", () => {
  it("passes the copy as it is, with variants declared", () => {
    expect(problemsWith("plain.py", "# ok: exec_eval\nprint(1)\n")).toEqual([])
  })

  it("counts findings: one ruleid is one finding, two annotations are two", () => {
    expect(problemsWith("two.py", "# ruleid: exec_eval\n# ruleid: exec_eval\neval(a); eval(b)\n")).toEqual([])
    expect(problemsWith("list.py", "# ruleid: exec_eval, exec_eval\neval(a); eval(b)\n")).toEqual([])
    expect(problemsWith("fewer.py", "# ruleid: exec_eval\n# ruleid: exec_eval\neval(a)\n")).toEqual([
      "3: expected exec_eval, exec_eval on line 3, got exec_eval[eval]@1"
    ])
    expect(problemsWith("more.py", "# ruleid: exec_eval\neval(a); eval(b)\n")).toEqual([
      "2: line 2 has 2 exec_eval findings (exec_eval[eval]@1, exec_eval[eval]@10) but 1 annotated: write one ruleid: per finding, or fix the rule"
    ])
  })

  it("pins the start column", () => {
    expect(problemsWith("col.py", "# ruleid: exec_eval@5\nx = eval(code)\n")).toEqual([])
    expect(problemsWith("badcol.py", "# ruleid: exec_eval@1\nx = eval(code)\n")).toEqual([
      "2: expected exec_eval@1 on line 2, got exec_eval[eval]@5"
    ])
    // the matching is order-free: each pin takes the finding it fits
    expect(problemsWith("cols.py", "# ruleid: exec_eval\n# ruleid: exec_eval@1\neval(a); eval(b)\n")).toEqual([])
  })

  it("pins the message variant, and only variants the rule declares", () => {
    expect(problemsWith("timer.js", "// ruleid: exec_eval[timer]\nsetTimeout(\"run(\" + job + \")\", 10)\n")).toEqual([])
    expect(problemsWith("plaineval.js", "// ruleid: exec_eval[timer]\neval(job)\n")).toEqual([
      "2: expected exec_eval[timer] on line 2, got exec_eval[eval]@1"
    ])
    expect(problemsWith("unknown.js", "// ruleid: exec_eval[nope]\neval(job)\n")).toEqual([
      "1: annotation pins variant \"nope\" but exec_eval has only eval, approved, browser, timer, interpreter",
      "2: expected exec_eval[nope] on line 2, got exec_eval[eval]@1"
    ])
    expect(problemsWith("both.js", "// ruleid: exec_eval[timer]@1\nsetTimeout(\"run(\" + job + \")\", 10)\n")).toEqual([])
  })

  it("forbids findings on ok lines and unannotated findings anywhere", () => {
    expect(problemsWith("ok.py", "# ok: exec_eval\neval(a)\n")).toEqual(["2: line 2 is annotated ok: exec_eval but was reported (exec_eval[eval]@1)"])
    expect(problemsWith("bare.py", "print(1)\neval(a)\n")).toEqual([
      "2: unexpected exec_eval finding on line 2 (exec_eval[eval]@1): annotate it with ruleid: or fix the rule"
    ])
    expect(problemsWith("conflict.py", "# ok: exec_eval\n# ruleid: exec_eval\neval(a)\n")).toEqual([
      "3: line 3 is annotated both ok: exec_eval and as reported: keep one"
    ])
  })

  it("runs todoruleid as an expected failure and says when the gap is fixed", () => {
    expect(problemsWith("gap.py", "# todoruleid: exec_eval\nprint(a)\n")).toEqual([])
    expect(problemsWith("fixed.py", "# todoruleid: exec_eval\neval(a)\n")).toEqual([
      "2: todoruleid: exec_eval on line 2 is now reported (exec_eval[eval]@1): the gap is fixed, make the annotation ruleid: exec_eval"
    ])
  })

  it("runs todook as a known false positive and says when it is fixed", () => {
    expect(problemsWith("fp.py", "# todook: exec_eval\neval(a)\n")).toEqual([])
    expect(problemsWith("fpfixed.py", "# todook: exec_eval\nprint(a)\n")).toEqual([
      "2: line 2 is annotated todook: exec_eval (a known false positive) but is no longer reported: the false positive is fixed, make it ok: exec_eval"
    ])
  })
})
