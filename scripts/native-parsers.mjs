// postinstall: makes sure the native tree-sitter binding loads, building it from source only when the
// prebuilt binary it ships cannot load here.
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
import { existsSync, readFileSync } from "node:fs"
import { createRequire } from "node:module"
import { dirname, join } from "node:path"
import { fileURLToPath } from "node:url"

const root = join(dirname(fileURLToPath(import.meta.url)), "..")
const require = createRequire(join(root, "package.json"))

/** Loads tree-sitter with a grammar and parses a line, in a fresh process (a failed dlopen is cached). */
const probe = () =>
  spawnSync(
    process.execPath,
    ["-e", "const P = require('tree-sitter'); const p = new P(); p.setLanguage(require('tree-sitter-python')); p.parse('x = 1')"],
    { cwd: root, encoding: "utf8" }
  )

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

const first = probe()
if (first.status === 0) process.exit(0)

const reason = (first.stderr.split("\n").find((line) => /Error|error:/.test(line)) ?? "").trim()
console.error(`native-parsers: the prebuilt tree-sitter binding does not load here (${reason || "unknown reason"}); building it from source`)

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
  `native-parsers: node-gyp rebuild in node_modules/tree-sitter, headers from ${
    prefix ?? (explicit ? `${explicit} (npm_config_nodedir)` : "node-gyp's download (no matching headers next to this Node)")
  }`
)
try {
  execFileSync(process.execPath, args, { cwd: dirname(require.resolve("tree-sitter/package.json")), stdio: "inherit" })
} catch {
  console.error(
    "native-parsers: building tree-sitter failed. It needs python3, make and a C++ compiler, and the Node headers:\n" +
      "  install your distribution's Node headers (Debian: libnode-dev) or set npm_config_nodedir=<prefix with include/node>."
  )
  process.exit(1)
}
const second = probe()
if (second.status !== 0) {
  console.error(`native-parsers: tree-sitter was built but still does not load:\n${second.stderr}`)
  process.exit(1)
}
console.error("native-parsers: tree-sitter built from source and loads")
