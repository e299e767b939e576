// postinstall: makes sure the native parsers load.
// - tree-sitter's binding: built from source only when the prebuilt binary it ships cannot load here.
// - Vigil's tree exporter (native/tree-export: parse + the whole tree as one flat array, see
//   src/languages/flatTree.ts): built from source every time it does not load (it ships no binary).
//
// Why not tree-sitter's own install script (denied in package.json "allowScripts"): it runs node-gyp
// with whatever header location the user's npm configuration gives, and otherwise downloads the Node
// headers from nodejs.org. tree-sitter 0.25's linux-x64 prebuild needs GLIBCXX_3.4.31 (GCC 13's
// libstdc++), so on Debian 12 and similar it must be compiled, and on a network that reaches only the
// npm registry that download fails. Pinning `nodedir` in the project .npmrc tied the project to one
// machine's layout (and newer npm warns about the unknown key on every command). Here the headers are
// found next to the running Node when they are there and match its version — true for a distribution
// package (/usr/bin/node with /usr/include/node) and for an official tarball (bin/node with
// include/node) — and node-gyp's own download is the fallback elsewhere.
import { execFileSync, spawnSync } from "node:child_process"
import { existsSync, readFileSync, statSync } from "node:fs"
import { createRequire } from "node:module"
import { dirname, join } from "node:path"
import { fileURLToPath } from "node:url"

const root = join(dirname(fileURLToPath(import.meta.url)), "..")
const require = createRequire(join(root, "package.json"))

/** Runs a snippet in a fresh process (a failed dlopen is cached in-process). */
const probe = (code) => spawnSync(process.execPath, ["-e", code], { cwd: root, encoding: "utf8" })
const TREE_SITTER = "const P = require('tree-sitter'); const p = new P(); p.setLanguage(require('tree-sitter-python')); p.parse('x = 1')"
const EXPORTER =
  "const e = require('./native/tree-export/build/Release/tree_export.node'); const r = e.parse(require('tree-sitter-python').language, 'x = 1', Date.now() + 5000); if (!(r.nodes.length > 0)) process.exit(1)"

/** `<prefix>` whose include/node headers belong to this very Node, or undefined. */
const matchingHeaders = () => {
  const prefix = dirname(dirname(process.execPath))
  const header = join(prefix, "include", "node", "node_version.h")
  if (!existsSync(header)) return undefined
  const text = readFileSync(header, "utf8")
  const part = (name) => new RegExp(`#define\\s+NODE_${name}_VERSION\\s+(\\d+)`).exec(text)?.[1]
  const version = `v${part("MAJOR")}.${part("MINOR")}.${part("PATCH")}`
  return version === process.version ? prefix : undefined
}

/** npm's own node-gyp: npm names it to lifecycle scripts; else the copy bundled next to npm-cli.js. */
const nodeGyp = () => {
  const named = process.env["npm_config_node_gyp"]
  if (named !== undefined && named !== "" && existsSync(named)) return named
  const npmCli = process.env["npm_execpath"]
  if (npmCli !== undefined) {
    const bundled = join(dirname(npmCli), "..", "node_modules", "node-gyp", "bin", "node-gyp.js")
    if (existsSync(bundled)) return bundled
  }
  try {
    return require.resolve("node-gyp/bin/node-gyp.js")
  } catch {
    return undefined
  }
}

const firstLine = (result) => (result.stderr.split("\n").find((line) => /Error|error:/.test(line)) ?? "").trim()

/** node-gyp rebuild in `dir`; exits the install with advice when it fails. */
const build = (what, dir) => {
  const gyp = nodeGyp()
  if (gyp === undefined) {
    console.error("native-parsers: node-gyp was not found (it comes with npm); run this through `npm install`")
    process.exit(1)
  }
  const args = [gyp, "rebuild", "--loglevel=warn"]
  // a nodedir the user configured (npm_config_nodedir) is read by node-gyp itself and wins
  const explicit = process.env["npm_config_nodedir"]
  const prefix = explicit === undefined || explicit === "" ? matchingHeaders() : undefined
  if (prefix !== undefined) args.push(`--nodedir=${prefix}`)
  console.error(
    `native-parsers: building ${what}: node-gyp rebuild in ${dir}, headers from ${
      prefix ?? (explicit ? `${explicit} (npm_config_nodedir)` : "node-gyp's download (no matching headers next to this Node)")
    }`
  )
  try {
    execFileSync(process.execPath, args, { cwd: dir, stdio: "inherit" })
  } catch {
    console.error(
      `native-parsers: building ${what} failed. It needs python3, make and a C/C++ compiler, and the Node headers:\n` +
        "  install your distribution's Node headers (Debian: libnode-dev) or set npm_config_nodedir=<prefix with include/node>."
    )
    process.exit(1)
  }
}

/**
 * Builds `what` unless `code` already runs and, for a binary of ours, it is newer than its sources
 * (a changed tree_export.c is rebuilt by `npm install`); then `code` must run.
 */
const ensure = (what, code, dir, own = undefined) => {
  const first = probe(code)
  const stale = first.status === 0 && own !== undefined && own.sources.some((s) => statSync(join(dir, s)).mtimeMs > statSync(join(dir, own.binary)).mtimeMs)
  if (first.status === 0 && !stale) return
  console.error(`native-parsers: ${what} ${stale ? "is older than its sources" : `does not load here (${firstLine(first) || "not built yet"})`}; building it from source`)
  build(what, dir)
  const second = probe(code)
  if (second.status !== 0) {
    console.error(`native-parsers: ${what} was built but still does not load:\n${second.stderr}`)
    process.exit(1)
  }
  console.error(`native-parsers: ${what} built from source and loads`)
}

ensure("the tree-sitter binding", TREE_SITTER, dirname(require.resolve("tree-sitter/package.json")))
// the exporter compiles tree-sitter's runtime from the tree-sitter package's sources, so it comes second
ensure("Vigil's tree exporter", EXPORTER, join(root, "native", "tree-export"), { binary: "build/Release/tree_export.node", sources: ["tree_export.c", "binding.gyp"] })
