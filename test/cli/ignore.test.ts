import { execFileSync } from "node:child_process"
import { join } from "node:path"
import { describe, expect, it } from "vitest"
import { walk } from "../../src/cli/walk.js"
import { runCli } from "../support/server.js"
import { writeTree } from "./support/fixtures.js"

/**
 * Which files `vigil scan` reads: .gitignore semantics at every level (checked against git itself
 * when git is installed), .vigilignore, the built-in skips, binaries, size and type.
 */

const scanned = (root: string, maxFileBytes = 5_000_000): Array<string> => walk(root, { maxFileBytes }).files.map((f) => f.path).sort()

const gitAvailable = (() => {
  try {
    execFileSync("git", ["--version"], { stdio: "ignore" })
    return true
  } catch {
    return false
  }
})()

/** What git considers not ignored (untracked files of a fresh repository), supported types only. */
const gitVisible = (root: string): Array<string> => {
  execFileSync("git", ["init", "-q"], { cwd: root })
  const out = execFileSync("git", ["ls-files", "--others", "--exclude-standard"], { cwd: root, encoding: "utf8" })
  return out.split("\n").filter((p) => /\.(py|ts|js|json|yaml)$/.test(p)).sort()
}

const GITIGNORE_TREE = {
  ".gitignore": [
    "# comments and blank lines are not patterns",
    "",
    "*.log.py",
    "/root_only.py",
    "cache/",
    "!cache/keep.py",
    "**/generated/**",
    "secret*.py",
    "!secret_ok.py",
    "out/",
    "a/**/z.py"
  ].join("\n"),
  "app.py": "x = 1\n",
  "x.log.py": "x = 1\n",
  "root_only.py": "x = 1\n",
  "sub/root_only.py": "x = 1\n",
  "cache/a.py": "x = 1\n",
  "cache/keep.py": "x = 1\n",
  "sub/cache/b.py": "x = 1\n",
  "cache.py": "x = 1\n",
  "src/generated/c.py": "x = 1\n",
  "src/deep/generated/x/d.py": "x = 1\n",
  "secret_key.py": "x = 1\n",
  "secret_ok.py": "x = 1\n",
  "a/z.py": "x = 1\n",
  "a/b/c/z.py": "x = 1\n",
  "a/b/y.py": "x = 1\n",
  "sub/.gitignore": "!x.log.py\n*.ts\n!keep.ts\n",
  "sub/x.log.py": "x = 1\n",
  "sub/a.ts": "export {}\n",
  "sub/keep.ts": "export {}\n",
  "sub/inner/.gitignore": "!*.ts\n",
  "sub/inner/b.ts": "export {}\n",
  "lib/.gitignore": "/only_here.py\nnested/\n",
  "lib/only_here.py": "x = 1\n",
  "lib/deeper/only_here.py": "x = 1\n",
  "lib/nested/e.py": "x = 1\n",
  "pkg/.gitignore": "!out/\n",
  "pkg/out/f.py": "x = 1\n",
  "out/g.py": "x = 1\n"
}

const EXPECTED_VISIBLE = [
  "a/b/y.py",
  "app.py",
  "cache.py",
  "lib/deeper/only_here.py",
  "pkg/out/f.py",
  "secret_ok.py",
  "sub/inner/b.ts",
  "sub/keep.ts",
  "sub/root_only.py",
  "sub/x.log.py"
]

describe("ignore files", () => {
  it("follows .gitignore semantics at every level: nesting, negation, directory-only, anchors, **", () => {
    const root = writeTree("gitignore", GITIGNORE_TREE)
    expect(scanned(root)).toEqual(EXPECTED_VISIBLE)
  })

  it.skipIf(!gitAvailable)("agrees with git on the same tree", () => {
    const root = writeTree("gitignore-oracle", GITIGNORE_TREE)
    const ours = scanned(root)
    expect(ours).toEqual(gitVisible(root))
  })

  it("applies the .gitignore files above the scanned directory inside a git work tree", () => {
    const root = writeTree("gitignore-parent", {
      ".git/HEAD": "ref: refs/heads/main\n",
      ".gitignore": "*.gen.py\n",
      "svc/app.py": "x = 1\n",
      "svc/model.gen.py": "x = 1\n"
    })
    expect(scanned(join(root, "svc"))).toEqual(["app.py"])
  })

  it("reads .vigilignore after .gitignore, skips binaries, large files, .git and node_modules", () => {
    const root = writeTree("vigilignore", {
      ".gitignore": "*.secret.py\n",
      ".vigilignore": "generated_*.py\n!build/\n!*.secret.py\n",
      "app.py": "x = 1\n",
      "generated_x.py": "x = 1\n",
      "sub/.vigilignore": "!generated_keep.py\n",
      "sub/generated_keep.py": "x = 1\n",
      "kept.secret.py": "x = 1\n",
      "build/out.py": "x = 1\n",
      "dist/out.js": "x = 1\n",
      "node_modules/pkg/index.js": "x = 1\n",
      ".git/hooks/hook.py": "x = 1\n",
      "big.py": "#" + "x".repeat(3000) + "\n",
      "blob.py": Buffer.from([0x78, 0x00, 0x01, 0x02]),
      "README.md": "# not a supported type\n"
    })
    const result = walk(root, { maxFileBytes: 1000 })
    expect(result.files.map((f) => f.path).sort()).toEqual(["app.py", "build/out.py", "kept.secret.py", "sub/generated_keep.py"])
    expect(result.skipped).toEqual(
      expect.arrayContaining([
        { path: "big.py", reason: expect.stringContaining("per-file limit") },
        { path: "blob.py", reason: "binary content" }
      ])
    )
    expect(result.ignored.map((i) => i.path)).toEqual(expect.arrayContaining(["dist/", "node_modules/", ".git/", "generated_x.py"]))
  })

  it("is what `vigil scan --dry-run` reports, as a process", async () => {
    const root = writeTree("dry-run", {
      ".gitignore": "ignored/\n",
      ".vigilignore": "*.local.py\n",
      "agent/app.py": "eval(input())\n",
      "agent/dev.local.py": "x = 1\n",
      "ignored/x.py": "x = 1\n",
      "node_modules/m/index.js": "x = 1\n",
      "agent/blob.py": Buffer.from([0, 1, 2])
    })
    const r = await runCli(["scan", root, "--dry-run", "--format", "json"], {})
    expect(r.code, r.stderr).toBe(0)
    const report = JSON.parse(r.stdout) as { files: Array<string>; skipped: Array<{ path: string }>; ignored: Array<{ path: string; because: string }> }
    expect(report.files).toEqual(["agent/app.py"])
    expect(report.skipped.map((s) => s.path)).toEqual(["agent/blob.py"])
    expect(report.ignored).toEqual(
      expect.arrayContaining([
        { path: "ignored/", because: ".gitignore: ignored/" },
        { path: "agent/dev.local.py", because: ".vigilignore: *.local.py" },
        { path: "node_modules/", because: "always skipped" }
      ])
    )
  }, 180_000)
})
