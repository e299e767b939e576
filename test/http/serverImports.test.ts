import { execFileSync } from "node:child_process"
import { existsSync } from "node:fs"
import { join } from "node:path"
import { describe, expect, it } from "vitest"
import { packageRoot } from "../../src/catalogue/paths.js"
import { staticImportsOf } from "../support/staticImports.js"

/**
 * `vigil serve` analyses in worker processes and reads the catalogue from the build-time snapshot,
 * so the server process loads no parser: tree-sitter and TypeScript's compiler cost it about 55 MB
 * of RSS, and the index modules of @effect/platform and @effect/platform-node (HTTP clients, workers,
 * cluster sockets, msgpack) another 45 MB it never uses. Entries: the CLI (every command is loaded
 * to parse the arguments) and what `serve` imports when it runs.
 */
const SERVE_ENTRIES = ["src/cli/main.ts", "src/cli/ServeCommand.ts", "src/engine/service.ts", "src/http/Server.ts"]
const PARSERS = /^(?:tree-sitter(?:-[a-z]+)?|ts-morph|typescript)$/
const INDEX_MODULES = new Set(["@effect/platform", "@effect/platform-node"])

describe("the server process", () => {
  it("imports no parser and no @effect/platform index module", () => {
    const { packages, files } = staticImportsOf(packageRoot(), SERVE_ENTRIES)
    const heavy = [...packages.entries()].filter(([name]) => PARSERS.test(name) || INDEX_MODULES.has(name))
    expect(heavy.map(([name, from]) => `${name} <- ${from.join(", ")}`)).toEqual([])
    // the lazy compiler proxy is safe only while no module reads it at import time: keep it out
    expect([...files].filter((file) => file === "src/languages/typescript.ts" || file === "src/engine/checkMatcher.ts")).toEqual([])
  })

  const dist = (path: string) => join(packageRoot(), "dist", path)
  const compiled = ["src/engine/service.js", "src/http/Server.js", "src/cli/ServeCommand.js"].map(dist)

  it.skipIf(!compiled.every((path) => existsSync(path)))("loads no parser when its compiled modules are imported", () => {
    const script = `const { createRequire } = require("node:module")
Promise.all(${JSON.stringify(compiled)}.map((path) => import(path))).then(() => {
  const cache = Object.keys(createRequire(${JSON.stringify(compiled[0])}).cache)
  process.stdout.write(JSON.stringify(cache.filter((k) => /[\\\\/](ts-morph|typescript|tree-sitter[a-z-]*)[\\\\/]/.test(k))))
})`
    const loaded = JSON.parse(execFileSync(process.execPath, ["-e", script], { encoding: "utf8" })) as Array<string>
    expect(loaded).toEqual([])
  })
})
